"""The Postman's unit tables answer the view from what they kept for each row (#12), and never
with a stale answer: a row changed, a row ticked, rows that came or went and a change of
colours each give the view the new words, tick and colour (ui/postman/models.py CheckTable);
and a table's upright scroll bar, once come, stays while the same town is shown
(ui/postman/kept_bar.py), the town panel's column's bar too."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableView

from ui import palette
from ui.postman.kept_bar import KeptBar
from ui.postman.models import CheckTable, Row

DISPLAY, CHECK, FORE = Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.CheckStateRole, Qt.ItemDataRole.ForegroundRole


def rows(*cells: tuple[str, str]) -> list[Row]:
    return [Row(i, (i, "3", "6", "3", now), "postmen", True) for i, now in cells]


def shown(model: CheckTable, col: int = 4) -> list:
    return [model.data(model.index(r, col), DISPLAY) for r in range(model.rowCount())]


def test_every_answer_follows_the_rows_their_ticks_and_the_colours(qtbot):
    model = CheckTable(("Unit", "Move", "Fight", "Sneak", "Now"))
    model.set_rows(rows(("r1", ""), ("r2", "")), ["r1"])
    assert shown(model) == ["", ""] and shown(model, 0) == ["r1", "r2"]  # asked once: kept
    assert model.data(model.index(0, 0), CHECK) == Qt.CheckState.Checked
    model.set_rows(rows(("r1", "moved"), ("r2", "")), ["r2"])  # an end of phase: the words change
    assert shown(model) == ["moved", ""]
    assert [model.data(model.index(r, 0), CHECK) for r in range(2)] == [Qt.CheckState.Unchecked, Qt.CheckState.Checked]
    model.set_checked(["r1"])
    assert model.data(model.index(0, 0), CHECK) == Qt.CheckState.Checked
    model.setData(model.index(0, 0), Qt.CheckState.Unchecked, CHECK)
    assert model.data(model.index(0, 0), CHECK) == Qt.CheckState.Unchecked
    model.set_rows(rows(("r0", "new"), ("r2", ""), ("r3", "new")), [])  # came and went
    assert shown(model, 0) == ["r0", "r2", "r3"] and shown(model) == ["new", "", "new"]
    before = model.data(model.index(0, 0), FORE).color().name()
    was = palette.scheme()
    try:
        palette.set_scheme("dark" if was == "light" else "light")
        after = model.data(model.index(0, 0), FORE).color().name()
        assert after == palette.colour("side.postmen").name() != before
    finally:
        palette.set_scheme(was)
    assert model.data(model.index(0, 0), FORE).color().name() == before


def test_an_upright_bar_once_come_stays_until_released(qtbot):
    model = CheckTable(("Unit", "Move", "Fight", "Sneak", "Now"))
    view = QTableView()
    view.setModel(model)
    qtbot.addWidget(view)
    kept = KeptBar(view)
    view.resize(300, 160)
    view.show()
    model.set_rows(rows(*((f"r{i}", "") for i in range(3))))
    qtbot.wait(10)
    assert not view.verticalScrollBar().isVisible()  # three rows fit: no bar
    model.set_rows(rows(*((f"r{i}", "") for i in range(30))))
    qtbot.wait(10)
    assert kept.kept and view.verticalScrollBar().isVisible()
    model.set_rows(rows(*((f"r{i}", "") for i in range(3))))  # the same town, fewer rows
    qtbot.wait(10)
    assert view.verticalScrollBar().isVisible(), "the bar went while the same town was shown"
    kept.release()  # another town
    qtbot.wait(10)
    assert not kept.kept and not view.verticalScrollBar().isVisible()
