"""The Courier Desk fits a low window (#14): at 1280x720 and 1366x768, at the normal and the larger
text size, in table mode and out of it, at four moments of a game (its start, a courier chosen at
the courier step, a courier on its way in the wargame's turn, a location roll owed), the work of
the phase lies whole inside the window (not behind the fold of the desk's scroll): in the courier
step, or wherever the ride panel stands beside the tables, the couriers' table's whole rows and
every control of the ride panel; before the game and in the wargame's turn, where the desk is
one column, the commanders' rows and buttons (ui/couriers/room.py puts them first then). Choosing
another courier moves none of them. Before, at 1280x720 in the larger type the couriers' table
began 535 px down, below the fold, and in table mode the ride panel began at the window's bottom
edge; later the commanders' "Send courier..." lay at 787 px in the wargame's turn."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QApplication, QWidget

import rules
from ui.couriers.room import BESIDE, COMMANDERS_FIRST, GAP, STACKED, shape_for

RECORD = Path(rules.__file__).parent / "couriers" / "samples" / "several_turns.json"
#: each moment: how many of the sample's inputs it keeps
MOMENTS = {"start": 9, "courier chosen": 14, "location roll owed": 18, "on its way": 23}
#: whole rows of the couriers' table in sight at the least (all of them when it has fewer)
ROWS = 3
LOOKS = [(size, text, table) for size in ((1280, 720), (1366, 768)) for text in ("normal", "larger")
         for table in (False, True)]


def _ids(look) -> str:
    (w, h), text, table = look
    return f"{w}x{h}-{text}{'-table' if table else ''}"


def _cut(tmp_path, inputs: int) -> str:
    record = json.loads(RECORD.read_text(encoding="utf-8"))
    record["inputs"] = record["inputs"][:inputs]
    record["undone"] = []
    path = tmp_path / f"first_{inputs}.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return str(path)


def _settle():
    for _ in range(5):
        QApplication.processEvents()


def _on_window(w: QWidget, window) -> QRect:
    return QRect(w.mapTo(window, QPoint(0, 0)), w.size())


def _in_sight(w: QWidget, window) -> QRect:
    """The part of ``w`` a player sees: not hidden behind a scroll area's edge, inside the window."""
    seen = w.visibleRegion().boundingRect()
    if seen.isEmpty():
        return QRect()
    return QRect(w.mapTo(window, seen.topLeft()), seen.size()) & window.rect()


def _rows_in_sight(desk, window, view=None) -> int:
    view = view or desk.courier_view
    port = view.viewport()
    seen = _in_sight(port, window)
    whole = 0
    for row in range(view.model().rowCount()):
        top = port.mapTo(window, QPoint(0, view.rowViewportPosition(row)))
        if seen.contains(QRect(top.x(), top.y(), port.width(), view.rowHeight(row))):
            whole += 1
    return whole


def _controls(desk) -> list[QWidget]:
    return [w for w in desk.ride.controls() if w.isVisibleTo(desk)]


def _commanders_first(desk) -> bool:
    return desk.room.shape == STACKED and desk.room.order == COMMANDERS_FIRST


def _commander_buttons(desk) -> list[QWidget]:
    return [desk.add_commander_button, desk.send_button, desk.declare_button, desk.moved_button,
            desk.return_button, desk.establish_button, desk.end_button]


def _what_does_not_fit(desk, window) -> list[str]:
    """What of the phase's work lies out of sight: the commanders' rows and buttons where they
    come first, else the couriers' rows and the ride panel's controls."""
    out = []
    first = _commanders_first(desk)
    view, model, whose = ((desk.commander_view, desk.commanders, "commanders'") if first
                          else (desk.courier_view, desk.couriers, "couriers'"))
    rows, count = _rows_in_sight(desk, window, view), model.rowCount()
    if rows < min(ROWS, count):
        out.append(f"{rows} of the {whose} {count} rows in sight (the table at "
                   f"{_on_window(view, window).getRect()})")
    for w in _commander_buttons(desk) if first else _controls(desk):
        if _in_sight(w, window) != _on_window(w, window):
            out.append(f"{type(w).__name__} {getattr(w, 'text', lambda: '')()!r} at "
                       f"{_on_window(w, window).getRect()}, in sight {_in_sight(w, window).getRect()}")
    return out


@pytest.fixture(params=LOOKS, ids=_ids)
def look(request, window):
    size, text, table = request.param
    window.set_text_size(text, remember=False)
    window.resize(*size)
    yield request.param
    window.set_table_mode(False, full_screen=False)
    window.set_text_size("normal", remember=False)


def test_the_couriers_and_the_ride_panel_are_in_sight_and_hold_still(window, look, qtbot, tmp_path):
    size, _text, table = look
    for moment, inputs in MOMENTS.items():
        assert window.open_record(_cut(tmp_path, inputs))
        if table:
            window.set_table_mode(True, full_screen=False)
        _settle()
        desk = window.screen_widget
        assert window.size().toTuple() == size
        found = _what_does_not_fit(desk, window)
        assert not found, f"{moment}:\n" + "\n".join(found)
        riding = [r.id for r in desk.couriers.rows if not r.finished]
        if len(riding) >= 2:  # another courier chosen: nothing of the desk moves
            desk.select_courier(riding[0])
            _settle()
            where = {w: _on_window(w, window) for w in [desk.courier_view, *_controls(desk)]}
            shape = desk.room.shape
            desk.select_courier(riding[1])
            _settle()
            assert desk.selected_courier() == riding[1] and desk.room.shape == shape
            moved = [f"{type(w).__name__} {getattr(w, 'text', lambda: '')()!r}: {was.getRect()} -> "
                     f"{_on_window(w, window).getRect()}" for w, was in where.items() if _on_window(w, window) != was]
            assert not moved, f"{moment}: choosing {riding[1]} moved\n" + "\n".join(moved)
        if table:
            window.set_table_mode(False, full_screen=False)


def test_the_desk_turns_at_the_width_its_parts_need():
    # both sides of the threshold: the tables' and the tall ride panel's least widths side by side
    assert shape_for(700 + 400 + 16 + GAP, 700, 400, 16) == BESIDE
    assert shape_for(700 + 400 + 16 + GAP - 1, 700, 400, 16) == STACKED


@pytest.mark.parametrize(("size", "text", "shape"), [((1920, 1080), "normal", BESIDE), ((1920, 1080), "larger", BESIDE),
                                                      ((1280, 720), "normal", BESIDE), ((1280, 720), "larger", STACKED)])
def test_a_wide_window_puts_the_ride_panel_beside_the_tables(window, qtbot, tmp_path, size, text, shape):
    window.set_text_size(text, remember=False)
    window.resize(*size)
    assert window.open_record(_cut(tmp_path, MOMENTS["courier chosen"]))
    _settle()
    desk = window.screen_widget
    assert desk.room.shape == shape
    ride, couriers = _on_window(desk.ride, window), _on_window(desk.courier_view, window)
    if shape == BESIDE:  # side by side, its top level with the couriers' box
        assert ride.left() > couriers.right() and ride.top() < couriers.bottom()
    else:
        assert ride.top() > couriers.bottom() and ride.width() > couriers.width() * 0.9
    assert desk.ride.shape == ("tall" if shape == BESIDE else "wide")
    window.set_text_size("normal", remember=False)
