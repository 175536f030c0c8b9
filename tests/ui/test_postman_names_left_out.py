"""The Postman map says when a crowded view leaves town names out, and how many, beside its zoom
buttons (every name left out still shows in its town's tip); with every name drawn it says nothing.
On the bundled 40-town board at 1280x720 with the larger type the whole map has no room for all
forty names, so the count is what tells the table to zoom in (ui/postman/map_view.py)."""

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


@pytest.mark.parametrize(("size", "text"), [((1280, 720), "larger"), ((1920, 1080), "normal")])
def test_the_map_counts_the_names_it_leaves_out(window, qtbot, size, text):
    screen = start(window, qtbot, size, text)
    hidden = left_out(screen)
    note = screen.left_out
    if hidden:
        assert note.isVisible() and note.text() == f"{len(hidden)} names hidden"
        assert "zoom in" in note.toolTip().lower()
        for tid in hidden:  # and each one's name is in its town's tip
            assert screen.map.board.towns[tid].name in screen.map.town_items[tid].toolTip()
    else:
        assert not note.isVisible()
    if size == (1280, 720):
        assert hidden, "the whole 40-town map at the larger type was expected to leave names out"
        for _ in range(4):
            screen.zoom_in.click()
            qtbot.wait(10)
        assert note.text() == (f"{len(left_out(screen))} names hidden" if left_out(screen) else "")
    window.set_text_size("normal", remember=False)
