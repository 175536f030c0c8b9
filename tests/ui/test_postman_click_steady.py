"""A Postman click redraws what it changed and moves nothing else (#12): within a phase the map
keeps its place and size (the battle panel's rows, the one-click step's words and the phase bar's
lines come and go without moving the splitter or the map, which would lay the map out and paint
it whole), and a unit that comes or goes is a row inserted or removed in the town's table, not a
reset that measures every row and column again (ui/postman/table.py _Tabs, _hold_action_width;
ui/postman/models.py CheckTable._follow)."""

from __future__ import annotations

import sys
from pathlib import Path

from ui.postman.models import CheckTable, Row

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))


def rows(*ids: str) -> list[Row]:
    return [Row(i, (i, "3", "6", "3", ""), "postmen", True) for i in ids]


def test_a_unit_that_comes_or_goes_is_a_row_not_a_reset(qtbot):
    model = CheckTable(("Unit", "Move", "Fight", "Sneak", "Now"))
    model.set_rows(rows("r1", "r2", "r3"), ["r1", "r3"])
    heard = []
    model.modelReset.connect(lambda: heard.append("reset"))
    model.rowsRemoved.connect(lambda _p, a, b: heard.append(("removed", a, b)))
    model.rowsInserted.connect(lambda _p, a, b: heard.append(("inserted", a, b)))
    model.set_rows(rows("r1", "r3", "r4"), ["r1", "r3", "r4"])  # r2 moved away, r4 arrived
    assert heard == [("inserted", 3, 3), ("removed", 1, 1)]  # (from the end: the earlier rows stay put)
    assert [r.id for r in model.rows] == ["r1", "r3", "r4"] and model.checked() == ["r1", "r3", "r4"]
    assert [model.data(model.index(i, 0)) for i in range(3)] == ["r1", "r3", "r4"]
    model.set_rows(rows("r9"), [])  # another town: every row differs
    assert [r.id for r in model.rows] == ["r9"] and model.checked() == []
    militia = [Row("militia", ("Militia \u00d71", "X", "6", "X", ""), "militia", False)] * 2
    model.set_rows(militia)  # ids that repeat: a reset
    assert "reset" in heard and model.rowCount() == 2


def test_within_a_phase_the_map_holds_its_place(window, qtbot, tmp_path):
    """A long game's turns on the 40-town map, the last inputs given again one by one: from one
    click to the next in the same phase the map's view neither moves nor changes size."""
    import playouts  # bench/playouts.py

    from companion.core import records

    session = playouts.postman(260, 5)
    rec = records.record_of(session, title="steady")
    path = tmp_path / "steady.json"
    path.write_text(rec.dumps(), encoding="utf-8")
    window.resize(1366, 768)
    assert window.open_record(str(path))
    qtbot.wait(20)
    table = window.table
    for _ in range(80):
        window.undo()
    qtbot.wait(10)
    again = [e.input for e in reversed(table.session._redo)]
    view = window.screen_widget.map
    moved, last = [], None
    for inp in again:
        assert table.submit(inp, bool(inp.override)).accepted
        qtbot.wait(1)
        pos = table.state.pos
        here = (pos.turn, pos.active, pos.phase)
        geometry = (view.mapTo(window, view.rect().topLeft()).toTuple(), view.size().toTuple())
        if last is not None and last[0] == here and last[1] != geometry:
            moved.append((inp.kind, here, last[1], geometry))
        last = (here, geometry)
    assert moved == []
