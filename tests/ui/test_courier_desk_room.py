"""The Courier Desk's commanders and couriers read cleanly in a low window (#14).

At 1280x720 in table mode's larger type the commanders' names wrapped ("Maj. Gen. / Hancock",
"Lt. Gen. / Longstreet") and "Turns in place" too ("5, may set up / HQ") beside a Headquarters
column with room to spare; their table scrolled inside the desk with its last row cut, and of the
couriers in flight only their table's heading showed. With three commanders at 1280x720 in the
larger type the couriers' line ("No couriers yet") lay under the fold, under four rows of
buttons; beside the ride panel at 1280x720 normal every name wrapped."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QFontMetrics

from ui.couriers.button_rows import FEWEST, GAP, MOST, columns_for
from ui.couriers.room import BESIDE, STACKED

from .test_courier_desk_fits import _cut, _in_sight, _on_window, _rows_in_sight, _settle

CUTS = Path("/work/cuts")
#: the sample's first inputs: three commanders added, the game not begun
THREE = 3


def _open(window, record: str, size=(1280, 720), text="larger", table=False, theme="light"):
    window.set_colours(theme, remember=False)
    window.set_text_size(text, remember=False)
    window.resize(*size)
    assert window.open_record(record)
    if table:
        window.set_table_mode(True, full_screen=False)
    _settle()
    return window.screen_widget


@pytest.fixture(autouse=True)
def _normal_again(window):
    yield
    window.set_table_mode(False, full_screen=False)
    window.set_text_size("normal", remember=False)
    window.set_colours("light", remember=False)


def _forty(tmp_path) -> str:
    """couriers-40 (the wargame's third turn, six commanders, five couriers), or, where the cuts
    are not at hand, the sample cut at its 40th input."""
    cut = CUTS / "couriers-40.json"
    return str(cut) if cut.exists() else _cut(tmp_path, 40)


def _wrapped(view, columns) -> list[str]:
    """The cells of ``columns`` whose words do not fit their column's width on one line."""
    model = view.model()
    fm = QFontMetrics(view.font())
    out = []
    for row in range(model.rowCount()):
        for col in columns:
            text = str(model.index(row, col, QModelIndex()).data(Qt.ItemDataRole.DisplayRole))
            if fm.horizontalAdvance(text) + 6 > view.columnWidth(col):  # the cell's margins
                out.append(f"{text!r} in {view.columnWidth(col)} px")
    return out


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_table_mode_shows_every_commander_on_one_line_and_the_couriers_in_flight(window, tmp_path, theme):
    desk = _open(window, _forty(tmp_path), table=True, theme=theme)
    assert desk.room.shape == STACKED
    view = desk.commander_view
    assert not _wrapped(view, (0, 4)), _wrapped(view, (0, 4))
    # the Headquarters column wraps first: it has the room
    assert view.columnWidth(3) < max(QFontMetrics(view.font()).horizontalAdvance(
        str(desk.commanders.index(r, 3).data())) for r in range(desk.commanders.rowCount()))
    count = desk.commanders.rowCount()
    assert count == 6
    assert _rows_in_sight(desk, window, view) == count, _on_window(view, window).getRect()
    assert not view.verticalScrollBar().isVisible()  # no scroller inside the desk's own
    riding = sum(1 for r in desk.couriers.rows if not r.finished)
    assert _rows_in_sight(desk, window) >= min(3, riding)


def test_a_long_turns_in_place_reads_whole(window, tmp_path):
    # the sample's end: two commanders past their four turns ("5, may set up HQ")
    desk = _open(window, _cut(tmp_path, 63), table=True)
    turns = [str(desk.commanders.index(r, 4).data()) for r in range(desk.commanders.rowCount())]
    assert any("may set up" in t for t in turns)
    assert not _wrapped(desk.commander_view, (0, 4))


def test_three_commanders_leave_the_couriers_line_in_sight(window, tmp_path):
    desk = _open(window, _cut(tmp_path, THREE))
    assert desk.commanders.rowCount() == THREE and desk.no_couriers.isVisible()
    line = desk.no_couriers
    assert _in_sight(line, window) == _on_window(line, window), _on_window(line, window).getRect()
    # the buttons as many a row as the width holds: two rows of seven, not four
    buttons = {_on_window(b, window).top() for b in (desk.add_commander_button, desk.end_button)}
    assert len(buttons) == 2


def test_beside_the_ride_panel_the_names_keep_one_line(window, tmp_path):
    desk = _open(window, _forty(tmp_path), text="normal")
    assert desk.room.shape == BESIDE
    assert not _wrapped(desk.commander_view, (0, 4)), _wrapped(desk.commander_view, (0, 4))


def test_a_name_longer_than_the_desk_wraps_rather_than_widen_it(window, tmp_path):
    record = json.loads(Path(_cut(tmp_path, THREE)).read_text(encoding="utf-8"))
    record["inputs"][0]["args"]["name"] = "Major General George Gordon Meade " * 4
    path = tmp_path / "long_name.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    desk = _open(window, str(path))
    assert desk.width() <= window.width()
    assert desk.commander_view.width() <= desk.room.column.viewport().width()


@pytest.mark.parametrize(("width", "columns"), [
    (MOST * 200 + (MOST - 1) * GAP, MOST), (MOST * 200 + (MOST - 1) * GAP - 1, MOST - 1),
    (3 * 200 + 2 * GAP - 1, FEWEST), (100, FEWEST)])
def test_the_buttons_go_as_many_a_row_as_fit(width, columns):
    assert columns_for(width, 200, 7) == columns


def test_fewer_buttons_than_a_row_holds():
    assert columns_for(2000, 200, 3) == 3
