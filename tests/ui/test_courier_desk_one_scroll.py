"""The Courier Desk scrolls in one place (#14): where its column scrolls, no table in it scrolls as
well, and the table the phase works with shows every row whole. Before, at 1280x720 in the
larger type the commanders' table and the couriers' each scrolled inside the column, which
scrolled too: three of six commanders and two of five couriers in sight in the wargame's turn.
Only a long evening's couriers, more than the room over the ride's controls holds, scroll in
their table in the courier step, so that Ride stays in sight."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect

import rules

from .cuts import open_cut

SAMPLE = Path(rules.__file__).parent / "couriers" / "samples" / "several_turns.json"
#: inputs kept: the courier step with a courier chosen (20), the wargame's turn (40)
MOMENTS = (20, 40)
LOOKS = [(size, text, table) for size in ((1280, 720), (1366, 768)) for text in ("normal", "large", "larger")
         for table in (False, True)]


def _ids(look) -> str:
    (w, h), text, table = look
    return f"{w}x{h}-{text}{'-table' if table else ''}"


def _scrolls(area) -> bool:
    return area.verticalScrollBar().maximum() > 0


def _whole_rows(view, window) -> int:
    """The rows of ``view`` whose whole height lies in what the window shows of it."""
    port = view.viewport()
    seen = port.visibleRegion().boundingRect()
    seen = QRect(port.mapTo(window, seen.topLeft()), seen.size()) & window.rect()
    rows = 0
    for row in range(view.model().rowCount()):
        top = port.mapTo(window, QPoint(0, view.rowViewportPosition(row)))
        rows += seen.contains(QRect(top.x(), top.y(), port.width(), view.rowHeight(row)))
    return rows


@pytest.mark.parametrize("look", LOOKS, ids=_ids)
@pytest.mark.parametrize("kept", MOMENTS)
def test_no_table_scrolls_inside_the_scrolling_desk(window, tmp_path, looks_back, look, kept):
    size, text, table = look
    desk = open_cut(window, tmp_path, SAMPLE, kept, size, text, table)
    tables = {"commanders": desk.commander_view, "couriers": desk.courier_view}
    if _scrolls(desk.room.column):
        nested = [name for name, view in tables.items() if view.isVisible() and _scrolls(view)]
        assert not nested, f"the {' and '.join(nested)} scroll inside the scrolling desk"
    first = desk.room.stacked_parts()[0] if desk.room.shape == "stacked" else None
    for name, view in tables.items():
        if first is not None and view.parent() is not first:
            continue  # stacked, the part the phase works with is the one held in sight
        rows = view.model().rowCount()
        assert _whole_rows(view, window) == rows, f"{_whole_rows(view, window)} of {rows} {name} in sight"


@pytest.mark.parametrize("look", [((1280, 720), "larger", False), ((1366, 768), "larger", False)], ids=_ids)
def test_a_long_evenings_couriers_leave_the_ride_in_sight(window, tmp_path, looks_back, look):
    """Turn 5's courier step, seven couriers on the roster and one on the road: the couriers'
    table keeps the ride's controls in sight under it, its finished couriers scrolling in it."""
    size, text, table = look
    desk = open_cut(window, tmp_path, SAMPLE, 60, size, text, table)
    port = desk.room.column.viewport()
    seen = QRect(port.mapTo(window, QPoint(0, 0)), port.size())
    out = [w.text() if hasattr(w, "text") else type(w).__name__ for w in desk.ride.controls()
           if w.isVisibleTo(desk) and not seen.contains(QRect(w.mapTo(window, QPoint(0, 0)), w.size()))]
    assert not out, f"under the desk's edge: {out}"
    riding = sum(not r.finished for r in desk.couriers.rows)
    assert riding and _whole_rows(desk.courier_view, window) >= riding
