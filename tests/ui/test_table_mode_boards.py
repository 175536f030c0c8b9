"""Table mode draws every game's board as large as fits (#14, ui/looks.py's board scale): the
Thurn and Taxis map's town names, Ab die Post!'s planes on the flight board and the Courier
Desk's commander and courier tables are drawn larger on the same window than outside table
mode, and the board keeps at least the room it had (the log is put away for it)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QGraphicsSimpleTextItem

import rules

SAMPLES = Path(rules.__file__).parent


def _open(window, qtbot, record: str):
    window.resize(1920, 1080)
    assert window.open_record(str(SAMPLES / record))
    result = window.telling.result
    if result.isVisible():
        qtbot.mouseClick(result.buttons["back"], Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    return window.screen_widget


def _both(window, measure):
    """What ``measure()`` reads outside table mode and in it (table mode left again after)."""
    before = measure()
    window.set_table_mode(True, full_screen=False)
    QApplication.processEvents()
    try:
        return before, measure()
    finally:
        window.set_table_mode(False, full_screen=False)
        QApplication.processEvents()


def test_table_mode_draws_the_thurn_and_taxis_town_names_larger(window, qtbot):
    screen = _open(window, qtbot, "thurn_and_taxis/samples/four_players_whole_game.json")
    view = screen.map

    def measure():
        # a name's height on screen: its type in the drawing times the drawing's zoom
        name = next(i for i in view.scene().items() if isinstance(i, QGraphicsSimpleTextItem)
                    and i.text() == "Augsburg")
        return (name.boundingRect().height() * view.transform().m22(), view.viewport().height())

    (name, room), (name_tm, room_tm) = _both(window, measure)
    assert name_tm >= 1.5 * name, (name, name_tm)
    assert room_tm >= room


def test_table_mode_draws_ab_die_post_planes_larger(window, qtbot):
    screen = _open(window, qtbot, "ab_die_post/samples/four_player_game.json")
    board = screen.flight_board

    def measure():
        disc = next(iter(board.plane_items.values()))
        return (board.mapFromScene(disc.sceneBoundingRect()).boundingRect().width(), board.viewport().height())

    (plane, room), (plane_tm, room_tm) = _both(window, measure)
    assert plane_tm >= 1.5 * plane, (plane, plane_tm)
    assert room_tm >= room


@pytest.mark.parametrize("view", ["commander_view", "courier_view"])
def test_table_mode_draws_the_courier_desk_tables_larger(window, qtbot, view):
    desk = _open(window, qtbot, "couriers/samples/several_turns.json")
    table = getattr(desk, view)

    def measure():
        return (table.font().pointSizeF(), table.rowHeight(0), table.viewport().height())

    (points, row, room), (points_tm, row_tm, room_tm) = _both(window, measure)
    assert points_tm >= 1.5 * points and row_tm > row, (points, points_tm, row, row_tm)
    assert room_tm >= room * 0.9  # the phase bar grows too: the tables keep most of their room
