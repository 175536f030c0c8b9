"""A table's cells are measured once for each look of them (ui/widgets/measured_once.py): a
row changed is measured again, a row left is not, and the rows come out as tall as a view
measuring every cell afresh makes them."""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableView

from ui.widgets.columns import share_width
from ui.widgets.measured_once import MeasuredOnce
from ui.widgets.row_model import RowTableModel


class Rows(RowTableModel):
    headers = ("Player", "Hand")

    def signature(self, row):
        return row

    def answer(self, row, index, role):
        return row[index.column()] if role == Qt.ItemDataRole.DisplayRole else None


def _table(qtbot, rows, measured: bool):
    model = Rows()
    model.set_rows(None, rows)
    view = QTableView()
    view.setModel(model)
    share_width(view)
    view.setSizeAdjustPolicy(QTableView.SizeAdjustPolicy.AdjustToContents)
    if measured:
        view.setItemDelegate(MeasuredOnce(model, view))
    qtbot.addWidget(view)
    view.resize(260, 300)
    view.show()
    qtbot.waitExposed(view)
    qtbot.wait(10)  # the columns share the width once the view is shown
    return model, view


def _heights(view) -> list[int]:
    view.resizeRowsToContents()
    return [view.rowHeight(r) for r in range(view.model().rowCount())]


ROWS = [("Anna", "1 2"), ("Ben", "3"), ("Cleo", "2 2 1")]
LONG = "1 1 2 2 3 3 1 2 3 1 2 3 1 2 3 1 2 3 1 2 3 1 2 3 1 2 3"  # wraps at this width


def test_a_changed_row_is_measured_again_and_the_others_are_not(qtbot):
    model, view = _table(qtbot, ROWS, measured=True)
    delegate = view.itemDelegate()
    _heights(view)
    before, kept = delegate.measured, set(delegate._sizes)
    _heights(view)
    assert delegate.measured == before  # nothing changed: every size was kept
    model.set_rows(None, [ROWS[0], ("Ben", "1"), ROWS[2]])  # the view measures as it hears of it
    _heights(view)
    assert delegate.measured > before
    assert {key[0] for key in set(delegate._sizes) - kept} == {1}  # Ben's row only


def test_the_rows_are_as_tall_as_a_view_measuring_every_cell_makes_them(qtbot):
    kept_model, kept = _table(qtbot, ROWS, measured=True)
    plain_model, plain = _table(qtbot, ROWS, measured=False)
    for rows in ([ROWS[0], ("Ben", LONG), ROWS[2]], ROWS, [("Ben", LONG), ("Anna", "1")]):
        kept_model.set_rows(None, rows)
        plain_model.set_rows(None, rows)
        assert _heights(kept) == _heights(plain)
    assert max(_heights(kept)) > min(_heights(kept))  # a long hand wrapped onto more lines
