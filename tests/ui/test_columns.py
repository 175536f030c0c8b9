"""Shared table columns (ui/widgets/columns.py): every column keeps its longest word whole, a
column whose text would wrap gets the room left over, and the view scrolls sideways only when
the longest words cannot stand side by side."""

from __future__ import annotations

from PySide6.QtGui import QFontMetrics, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QApplication, QTableView

from ui.widgets.columns import _share, share_width

ROWS = [("Col. Chamberlain", "Union", "6+ = Fight 6 (17%)")]


def _view(qtbot, width: int) -> QTableView:
    model = QStandardItemModel(0, 3)
    model.setHorizontalHeaderLabels(["Unit", "Side", "Hits on"])
    for row in ROWS:
        model.appendRow([QStandardItem(text) for text in row])
    view = QTableView()
    qtbot.addWidget(view)
    view.setModel(model)
    share_width(view)
    view.resize(width, 200)
    view.show()
    qtbot.waitExposed(view)
    qtbot.wait(10)
    QApplication.processEvents()
    return view


def test_a_narrow_table_keeps_every_word_whole(qtbot):
    view = _view(qtbot, 220)
    fm = QFontMetrics(view.font())
    head = view.horizontalHeader()
    for col, text in enumerate(ROWS[0]):
        assert head.sectionSize(col) > max(fm.horizontalAdvance(w) for w in text.split())
    assert head.sectionSize(0) < fm.horizontalAdvance("Col. Chamberlain")  # it wraps, between words


def test_a_wide_table_gives_every_column_its_whole_text_and_the_rest_to_the_first(qtbot):
    view = _view(qtbot, 900)
    fm = QFontMetrics(view.font())
    head = view.horizontalHeader()
    for col, text in enumerate(ROWS[0]):
        assert head.sectionSize(col) > fm.horizontalAdvance(text)
    assert sum(head.sectionSize(c) for c in range(3)) == view.viewport().width()
    assert head.sectionSize(0) > head.sectionSize(2)


def test_the_room_is_shared_by_what_each_column_still_wants():
    assert _share([50, 40], [150, 60], 300) == [224, 76]  # all it wants and 16 px of air, the rest to the first
    assert _share([50, 40], [150, 60], 220) == [155, 65]  # 10 px over all it wants: 5 px of air each
    assert _share([50, 40], [150, 60], 130) == [84, 46]  # 40 px over the words, split 100:20
    assert _share([50, 40], [150, 60], 60) == [50, 40]  # too narrow: the words, and a scroll bar


def _fitted_view(qtbot, air: bool):
    """A view sized to its contents (the result screen's score table) in a wide window."""
    from PySide6.QtWidgets import QAbstractItemView, QVBoxLayout, QWidget

    holder = QWidget()
    model = QStandardItemModel(0, 3, holder)
    model.setHorizontalHeaderLabels(["Carriage", "Tiles", "Houses left"])
    model.appendRow([QStandardItem(t) for t in ("7-carriage: 10", "9 (4 tiles)", "9 (\u22129)")])
    qtbot.addWidget(holder)
    view = QTableView(holder)
    view.setSizeAdjustPolicy(QAbstractItemView.SizeAdjustPolicy.AdjustToContents)
    view.setModel(model)
    QVBoxLayout(holder).addWidget(view)
    share_width(view, air=air)
    holder.resize(1200, 300)
    holder.show()
    qtbot.waitExposed(holder)
    QApplication.processEvents()
    return holder, view


def test_a_table_sized_to_its_figures_leaves_air_between_them_when_asked(qtbot):
    # side by side with no room between them, centred figures read as one: "10 9 (4 tiles)"
    fm = QFontMetrics(QTableView().font())
    widths = {}
    for air in (False, True):
        _holder, view = _fitted_view(qtbot, air)
        head = view.horizontalHeader()
        widths[air] = [head.sectionSize(c) for c in range(3)]
    for text, tight, airy in zip(("7-carriage: 10", "9 (4 tiles)", "Houses left"), widths[False], widths[True],
                                 strict=True):
        assert tight < fm.horizontalAdvance(text) + 16 <= airy, (text, tight, airy)
