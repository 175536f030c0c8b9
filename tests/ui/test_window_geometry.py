"""The window opens fitting the screen it is on (never taller than the screen's room, at most
1280x800) and opens again where and as large as it was left; the looks (a text size, table mode
on and off) leave its size and its docks' room as they were."""

from pathlib import Path

import pytest

import rules
from ui.main_window import MainWindow

SAMPLES = Path(rules.__file__).parent


def test_the_first_window_fits_its_screen(qtbot):
    win = MainWindow()
    qtbot.addWidget(win)
    room = win.screen().availableGeometry()
    assert win.width() == min(1280, room.width()) and win.height() == min(800, room.height())
    assert room.contains(win.frameGeometry().topLeft())


def test_the_window_opens_as_it_was_left(qtbot):
    win = MainWindow()
    qtbot.addWidget(win)
    win.show()
    win.resize(700, 520)
    win.move(40, 30)
    win.close()
    again = MainWindow()
    qtbot.addWidget(again)
    assert (again.width(), again.height()) == (700, 520)


RECORDS = ["postman/samples/flagged_and_overridden.json", "thurn_and_taxis/samples/four_players_whole_game.json",
           "ab_die_post/samples/four_player_game.json", "couriers/samples/several_turns.json"]


def _settle():
    from PySide6.QtWidgets import QApplication

    for _ in range(5):
        QApplication.processEvents()


def _docks(window) -> dict:
    return {d.objectName(): (d.isVisible(), d.width(), d.height()) for d in window._docks()}


@pytest.mark.parametrize("full_screen", [False, True], ids=["in its window", "full screen"])
@pytest.mark.parametrize("size", ["normal", "larger"])
@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r.split("/")[0])
def test_table_mode_on_and_off_leaves_the_window_and_its_docks_as_they_were(window, record, size, full_screen):
    """At 1280x720 (the offscreen screen is smaller: full screen there is 800x800, a window as
    large as its least size), table mode on and off again gives back the window's size and
    every dock's room; the window never grows while it is on."""
    window.set_text_size(size, remember=False)
    window.resize(1280, 720)
    assert window.open_record(str(SAMPLES / record))
    if window.telling.result.isVisible():
        window.telling.result.buttons["back"].click()
    _settle()
    before, docks = window.size().toTuple(), _docks(window)
    window.set_table_mode(True, full_screen=full_screen)
    _settle()
    if not full_screen:
        assert window.size().toTuple() == before
    window.set_table_mode(False, full_screen=full_screen)
    _settle()
    assert window.size().toTuple() == before and _docks(window) == docks
    window.set_text_size("normal", remember=False)
    _settle()
    assert window.size().toTuple() == before  # a smaller type never shrinks it either


@pytest.mark.parametrize("screen", [(1280, 720), (1366, 768)])
def test_a_larger_type_never_makes_the_window_grow(window, screen):
    """Every text size in turn, a game open: the window keeps the size it was given."""
    window.resize(*screen)
    assert window.open_record(str(SAMPLES / "thurn_and_taxis/samples/four_players_whole_game.json"))
    window.telling.result.buttons["back"].click()
    for size in ("large", "larger", "normal", "larger"):
        window.set_text_size(size, remember=False)
        _settle()
        assert window.size().toTuple() == screen, size
        window.set_table_mode(True, full_screen=False)
        _settle()
        assert window.size().toTuple() == screen, f"{size}, table mode"
        window.set_table_mode(False, full_screen=False)
        _settle()
        assert window.size().toTuple() == screen, f"{size}, after table mode"
    window.set_text_size("normal", remember=False)
