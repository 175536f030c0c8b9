"""Table mode gives the board the room (#14): while no roll is owed the dice dock is a slim line
("No roll owed", how to roll) and the board has the rest; a roll owed opens the whole tray. The
dock changes its width only when the owed roll comes or goes, so a click that leaves it as it was
leaves the board as it was. Outside table mode the tray is whole, roll owed or not."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ui.main_window import DICE_WIDTH
from ui.widgets.dice_tray import NO_ROLL

SAMPLES = Path(__file__).resolve().parents[2] / "rules" / "postman" / "samples"
#: the short game's first 16 inputs owe the type roll; the 17th makes it, and none is owed then
ROLL_OWED_AT = 16


def cut(tmp_path, n: int) -> str:
    record = json.loads((SAMPLES / "short_game.json").read_text())
    record["inputs"], record["undone"] = record["inputs"][:n], []
    path = tmp_path / f"short_{n}.json"
    path.write_text(json.dumps(record))
    return str(path)


def settle(qtbot, window) -> None:
    qtbot.wait(30)
    window.screen_widget.map.fit()
    qtbot.wait(10)


@pytest.fixture(params=["normal", "larger"])
def owed(request, window, qtbot, tmp_path):
    """The short game with the type roll owed, on a 1280x720 window in table mode."""
    window.set_text_size(request.param, remember=False)
    window.resize(1280, 720)
    assert window.open_record(cut(tmp_path, ROLL_OWED_AT))
    window.dice.animate = False
    window.set_table_mode(True, full_screen=False)
    settle(qtbot, window)
    assert window.table.session.pending_roll() is not None
    yield window
    window.set_table_mode(False, full_screen=False)
    window.set_text_size("normal", remember=False)


def whole(window) -> bool:
    return window.dice.roll_button.isVisible() and window.dice.typed.isVisible()


def test_a_roll_owed_opens_the_whole_tray_and_once_made_it_gives_way(owed, qtbot):
    window = owed
    assert whole(window)
    assert window.dice_dock.width() >= DICE_WIDTH - 10
    board = window.screen_widget.map.viewport().width()
    window.roll()  # R
    settle(qtbot, window)
    assert window.table.session.pending_roll() is None
    assert not whole(window)
    assert window.dice.title.text() == NO_ROLL and window.dice.slim_hint.isVisible()
    assert window.dice_dock.width() <= DICE_WIDTH * 0.6
    assert window.dice_dock.geometry().right() < window.width()  # all of it in the window
    assert window.screen_widget.map.viewport().width() >= board + DICE_WIDTH // 3  # the board took the room
    # the line is whole in its own type: never cut
    assert window.dice.title.width() >= window.dice.slim_width() - 30
    window.table.undo()  # the roll owed again: the whole tray, as wide as before
    settle(qtbot, window)
    assert whole(window)
    assert window.dice_dock.width() >= DICE_WIDTH - 10


def open_after_the_roll(window, qtbot, tmp_path, *, table_mode):
    """The game just after its owed roll was made, at 1280x720: no roll owed."""
    window.resize(1280, 720)
    assert window.open_record(cut(tmp_path, ROLL_OWED_AT + 1))
    if table_mode:
        window.set_table_mode(True, full_screen=False)
    settle(qtbot, window)


def test_a_click_that_owes_no_roll_leaves_the_dock_and_the_board_as_they_were(window, qtbot, tmp_path):
    open_after_the_roll(window, qtbot, tmp_path, table_mode=True)
    screen = window.screen_widget
    dock, zoom = window.dice_dock.width(), screen.map.zoom_level()
    for town in ("side", "mid1", "post"):  # towns selected: no roll owed before or after
        screen.select(town)
        qtbot.wait(20)
        assert window.dice_dock.width() == dock
        assert screen.map.zoom_level() == pytest.approx(zoom, rel=0.01)  # the towns stay under the pointer
    window.set_table_mode(False, full_screen=False)


def test_outside_table_mode_the_tray_is_whole_with_no_roll_owed(window, qtbot, tmp_path):
    open_after_the_roll(window, qtbot, tmp_path, table_mode=False)
    assert window.table.session.pending_roll() is None
    assert whole(window) and not window.dice.slim_hint.isVisible()
    assert window.dice_dock.width() >= DICE_WIDTH - 10
    window.set_table_mode(True, full_screen=False)  # in table mode it gives way, and back again after
    settle(qtbot, window)
    assert not whole(window)
    window.set_table_mode(False, full_screen=False)
    settle(qtbot, window)
    assert whole(window)
    assert window.dice_dock.width() >= DICE_WIDTH - 10


def test_the_rules_brought_back_in_table_mode_keep_the_tray_whole(window, qtbot, tmp_path):
    """The Rules share the tray's dock area: a slim dock would squeeze them."""
    open_after_the_roll(window, qtbot, tmp_path, table_mode=True)
    assert not whole(window)
    window.rules_dock.show()
    qtbot.wait(20)
    assert window.dice.slim is False
    window.rules_dock.hide()
    qtbot.wait(20)
    assert window.dice.is_slim()
    window.set_table_mode(False, full_screen=False)


@pytest.mark.parametrize("text", ["normal", "larger"])
def test_in_table_mode_the_postman_map_takes_the_room_the_side_can_spare(window, qtbot, text):
    """The 40-town map at 1280x720 with no roll owed: the town, battle and cards tabs keep the least
    width their tables need and the map has well over half the window (596 px of 1280 before)."""
    window.set_text_size(text, remember=False)
    window.resize(1280, 720)
    window.ask_setup = lambda parent, game, pack: {"map": "default"}
    assert window.new_game("postman", seed=7)
    screen = window.screen_widget
    screen.cards.draw.all_button.click()  # the opening hands: no roll owed
    settle(qtbot, window)
    outside = screen.split.sizes()
    window.set_table_mode(True, full_screen=False)
    settle(qtbot, window)
    assert window.table.session.pending_roll() is None
    # the side is held as wide as a battle's card buttons from the start (so the map never
    # narrows at a click owing no roll, #14): well over half the window at the normal size, the
    # rest of the room at every size
    if text == "normal":
        assert screen.map.viewport().width() >= 0.55 * window.width()
    handle = screen.split.handleWidth()
    assert screen.map.parentWidget().width() == screen.split.width() - screen.tabs.width() - handle
    assert screen.tabs.width() == screen.tabs.minimumSizeHint().width()
    for tab in range(screen.tabs.count()):  # each tab's contents fit the narrower side
        assert screen.tabs.widget(tab).minimumSizeHint().width() <= screen.tabs.width()
    window.set_table_mode(False, full_screen=False)
    settle(qtbot, window)
    assert screen.split.sizes() == outside  # the split as it was
    window.set_text_size("normal", remember=False)
