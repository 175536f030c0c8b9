"""In table mode the Courier Desk's controls grow with its tables (#14): at 1920x1080 in the normal
type the tables were drawn at table mode's board size while Ride, the ride's settings and the
commanders' buttons kept the body's 9 points, too small to read from across the table. Each
control's words still fit it, and outside table mode they are the body's again."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QAbstractButton

import rules

from .cuts import open_cut

SAMPLE = Path(rules.__file__).parent / "couriers" / "samples" / "several_turns.json"


def _controls(desk):
    return [*desk.ride.controls(), *desk.room.commander_buttons.buttons]


def _type_height(w) -> int:
    return QFontMetrics(w.font()).height()


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1920x1080", "1280x720"])
def test_in_table_mode_the_controls_are_read_in_the_tables_type(window, tmp_path, looks_back, size):
    desk = open_cut(window, tmp_path, SAMPLE, 20, size, "normal", table=True)
    table = _type_height(desk.courier_view)
    body = QFontMetrics(window.font()).height()
    assert table > body * 1.4  # (the board's size in table mode)
    small = [f"{getattr(w, 'text', type(w).__name__)()!r}: {_type_height(w)} px" for w in _controls(desk)
             if _type_height(w) < table]
    assert not small, f"the tables' type is {table} px high; " + ", ".join(small)
    cut = [w.text() for w in _controls(desk) if isinstance(w, QAbstractButton) and w.isVisible()
           and QFontMetrics(w.font()).horizontalAdvance(w.text()) > w.width()]
    assert not cut, f"words wider than their button: {cut}"


def test_outside_table_mode_the_controls_keep_the_body_type(window, tmp_path, looks_back):
    desk = open_cut(window, tmp_path, SAMPLE, 20, (1920, 1080), "normal", table=False)
    body = QFontMetrics(window.font()).height()
    assert {_type_height(w) for w in _controls(desk)} == {body}
