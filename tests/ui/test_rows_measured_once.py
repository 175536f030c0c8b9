"""A table's rows are measured once per change (ui/widgets/row_heights.py, ui/widgets/columns.py):
columns shared anew measure the rows on screen once, not once per column resized, and a
Postman unit table whose every row changed tells its view in one signal (a late-game town of
forty units, every row's "Now" changed at an end of phase, cost forty column fits)."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QApplication, QTableView

from ui.postman.models import CheckTable
from ui.widgets.columns import share_width
from ui.widgets.row_heights import rows_fit_on_screen


def _view(qtbot, rows: int):
    model = QStandardItemModel(0, 3)
    model.setHorizontalHeaderLabels(["Unit", "Side", "Hits on"])
    for i in range(rows):
        model.appendRow([QStandardItem(t) for t in (f"Rider {i}", "Postmen", "6+")])
    view = QTableView()
    qtbot.addWidget(view)
    view.setModel(model)
    share_width(view, rows_grow=False)
    fitter = rows_fit_on_screen(view)
    view.resize(700, 400)
    view.show()
    qtbot.waitExposed(view)
    QApplication.processEvents()
    return view, model, fitter


def _on_screen(view) -> int:
    head = view.verticalHeader()
    return sum(1 for r in range(view.model().rowCount()) if head.sectionViewportPosition(r) < view.viewport().height())


def test_columns_shared_anew_measure_the_rows_on_screen_once(qtbot):
    view, model, fitter = _view(qtbot, 40)
    before = [view.horizontalHeader().sectionSize(c) for c in range(3)]
    measured = fitter.measured
    # longer words in two columns: both are resized, and every row's height may change
    model.item(0, 1).setText("Postmen and their Holnist prisoners")
    model.item(0, 2).setText("5+ = Fight 6 with the Ambush card")
    QApplication.processEvents()
    after = [view.horizontalHeader().sectionSize(c) for c in range(3)]
    assert sum(a != b for a, b in zip(before, after, strict=True)) >= 2  # the case: several columns moved
    shown = _on_screen(view)
    assert shown < 40
    # each setText is one change of the data: at most the rows on screen each, never once per column
    assert fitter.measured - measured <= 2 * (shown + 1), (fitter.measured - measured, shown)


def _rows(n: int, now: str):
    from ui.postman.models import Row

    return [Row(id=f"rider{i}", cells=(f"Rider {i}", "3", "6", "3", now), side="postmen") for i in range(n)]


def test_a_unit_table_whose_every_row_changed_says_so_in_one_signal(qtbot):
    model = CheckTable(("Unit", "Move", "Fight", "Sneak", "Now"))
    model.set_rows(_rows(40, ""))
    spans: list[tuple[int, int]] = []
    model.dataChanged.connect(lambda top, bottom, *_: spans.append((top.row(), bottom.row())))
    model.set_rows(_rows(40, "moved"))
    assert spans == [(0, 39)]
    assert all(model.data(model.index(r, 4, QModelIndex())) == "moved" for r in range(40))
    spans.clear()
    model.set_rows(_rows(40, "moved"))
    assert spans == []  # nothing changed: nothing said
