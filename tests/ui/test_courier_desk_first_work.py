"""The Courier Desk shows first what the phase asks for (#14). At 1280x720 in the larger type (the
desk in one column) a new game's "Add commander..." and the commanders' table lay under the fold,
under an empty couriers' table and a ride panel with no courier; now before the game and in the
wargame's turn the commanders come first, an empty couriers' table is one line, and in the courier
step the couriers and the ride panel come first again. Nothing a player clicks moves at that
click: a commander added, the first courier sent. Beside the ride panel (1280x720 normal) the
commanders' table shows all six commanders of the sample, where it showed three."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect

from ui.couriers.room import BESIDE, COMMANDERS_FIRST, COURIERS_FIRST, STACKED

from .test_courier_desk_fits import _cut, _in_sight, _on_window, _rows_in_sight, _settle


def _open(window, tmp_path, inputs: int, size=(1280, 720), text="larger"):
    window.set_text_size(text, remember=False)
    window.resize(*size)
    assert window.open_record(_cut(tmp_path, inputs))
    _settle()
    return window.screen_widget


def _whole_in_sight(w, window) -> bool:
    return _in_sight(w, window) == _on_window(w, window)


@pytest.fixture(autouse=True)
def _normal_again(window):
    yield
    window.set_text_size("normal", remember=False)


def test_a_new_game_shows_the_commanders_first(window, tmp_path):
    desk = _open(window, tmp_path, 0)
    assert desk.room.shape == STACKED and desk.room.order == COMMANDERS_FIRST
    for w in (desk.add_commander_button, desk.commander_view):
        assert _whole_in_sight(w, window), f"{w} at {_on_window(w, window).getRect()}"
    # the empty couriers' table is its one line, in sight under the commanders; no ride panel
    assert desk.no_couriers.isVisible() and _whole_in_sight(desk.no_couriers, window)
    assert not desk.courier_view.isVisible() and not desk.ride.isVisible()


def test_a_commander_added_leaves_add_commander_where_it_was(window, tmp_path):
    for size, text, shape in (((1280, 720), "larger", STACKED), ((1280, 720), "normal", BESIDE)):
        desk = _open(window, tmp_path, 0, size, text)
        assert desk.room.shape == shape
        for n, name in enumerate(("Maj. Gen. Meade", "Maj. Gen. Hancock", "Brig. Gen. Gibbon", "Gen. Lee")):
            was = _on_window(desk.add_commander_button, window)
            desk.submit("add_commander", name=name, side="Union", rank="corps")
            _settle()
            assert desk.commanders.rowCount() == n + 1
            assert _on_window(desk.add_commander_button, window) == was, f"{shape}: moved at {name}"


def test_the_first_courier_sent_opens_under_the_commanders(window, tmp_path):
    desk = _open(window, tmp_path, 9)  # the wargame's first turn, no courier yet
    assert desk.room.order == COMMANDERS_FIRST and desk.no_couriers.isVisible()
    buttons = [desk.add_commander_button, desk.send_button, desk.moved_button, desk.end_button]
    was = {b: _on_window(b, window) for b in buttons}
    assert all(_whole_in_sight(b, window) for b in buttons)
    desk.submit("send_courier", sender="gibbon", recipient="meade", message="Enemy forming")
    _settle()
    assert desk.courier_view.isVisible() and not desk.no_couriers.isVisible() and desk.ride.isVisible()
    moved = [f"{b.text()} {was[b].getRect()} -> {_on_window(b, window).getRect()}" for b in buttons if _on_window(b, window) != was[b]]
    assert not moved, f"sending the first courier moved {moved}"
    assert _on_window(desk.courier_view, window).top() > was[desk.end_button].bottom()


def test_the_courier_step_shows_the_couriers_first_and_its_end_the_commanders(window, tmp_path):
    desk = _open(window, tmp_path, 13)  # three couriers sent, the courier step not begun
    assert desk.room.order == COMMANDERS_FIRST
    bar = desk.phase.button
    at = _on_window(bar, window)
    desk.submit("begin_courier_step")
    _settle()
    assert desk.room.order == COURIERS_FIRST and _on_window(bar, window) == at  # the click's button stays
    assert _rows_in_sight(desk, window) == 3 and _whole_in_sight(desk.ride_button, window)
    assert desk.room.column.verticalScrollBar().value() == 0
    window.table.undo()
    _settle()
    assert desk.room.order == COMMANDERS_FIRST and _whole_in_sight(desk.send_button, window)


def test_beside_the_ride_panel_every_commander_is_in_sight(window, tmp_path):
    desk = _open(window, tmp_path, 23, (1280, 720), "normal")
    assert desk.room.shape == BESIDE
    assert _rows_in_sight(desk, window, desk.commander_view) == 6
    # and the couriers' table over them keeps its whole rows
    assert _rows_in_sight(desk, window) == desk.couriers.rowCount() == 3


def test_the_commanders_box_stands_on_the_column_beside_and_under_its_buttons_stacked(window, tmp_path):
    desk = _open(window, tmp_path, 23, (1280, 720), "normal")
    table, add = _on_window(desk.commander_view, window), _on_window(desk.add_commander_button, window)
    assert add.top() > table.bottom()  # beside: the buttons under the table, on the column's foot
    desk = _open(window, tmp_path, 23, (1280, 720), "larger")
    table, add = _on_window(desk.commander_view, window), _on_window(desk.add_commander_button, window)
    assert add.bottom() < table.top()  # stacked: over it
    assert QRect(QPoint(0, 0), window.size()).contains(add)
