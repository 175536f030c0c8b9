"""The Postman map says when a crowded view leaves town names out, and how many, beside its zoom
buttons (every name left out still shows in its town's tip); with every name drawn it says nothing.
The whole map names its towns at the largest type that fits (tests/ui/test_postman_map_table_mode.py);
zoomed out past it, the names keep their least size and the bundled 40-town board has no room for
all forty of them, so the count is what tells the table to zoom in (ui/postman/map_view.py)."""

from __future__ import annotations

import pytest


def start(window, qtbot, size, text):
    window.set_text_size(text, remember=False)
    window.resize(*size)
    window.ask_setup = lambda parent, game, pack: {"map": "default"}
    assert window.new_game("postman", seed=7)
    qtbot.wait(20)
    screen = window.screen_widget
    screen.map.fit()
    qtbot.wait(20)
    return screen


def left_out(screen) -> list[str]:
    view = screen.map
    port = view.viewport().rect()
    return [tid for tid, item in view.town_items.items()
            if not item.name_shown and port.contains(view.mapFromScene(item.pos()))]


def says(hidden: int) -> str:
    return "" if not hidden else "1 name hidden" if hidden == 1 else f"{hidden} names hidden"


@pytest.mark.parametrize(("size", "text"), [((1280, 720), "larger"), ((1280, 720), "normal")])
def test_the_map_counts_the_names_it_leaves_out(window, qtbot, size, text):
    screen = start(window, qtbot, size, text)
    note = screen.left_out
    assert note.text() == says(len(left_out(screen))) and note.isVisible() == bool(left_out(screen))
    for _ in range(3):  # zoomed out past the whole map: the names keep their least size
        screen.zoom_out.click()
        qtbot.wait(10)
    hidden = left_out(screen)
    assert len(hidden) > 1, "the 40-town map zoomed out was expected to leave names out"
    assert note.isVisible() and note.text() == says(len(hidden))
    assert "zoom in" in note.toolTip().lower()
    for tid in hidden:  # and each one's name is in its town's tip
        assert screen.map.board.towns[tid].name in screen.map.town_items[tid].toolTip()
    screen.zoom_in.click()
    qtbot.wait(10)
    assert note.text() == says(len(left_out(screen))) and len(left_out(screen)) < len(hidden)
    screen.fit_button.click()  # the whole map again
    qtbot.wait(10)
    assert note.text() == says(len(left_out(screen))) and len(left_out(screen)) < len(hidden)
    window.set_text_size("normal", remember=False)
