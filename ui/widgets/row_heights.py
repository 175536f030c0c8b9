"""Rows as tall as their wrapped text, measured only where they are on screen.

Qt's ``ResizeToContents`` measures every row of the table whenever the view lays itself out
(any show, hide, resize or change of a neighbour does that), so a table of 500 couriers cost
about 50 ms a click late in a game. Here a row is measured when it is on screen and has not
been measured since its text or its column widths changed; the rest keep one line's height
until they are scrolled into view. What is drawn is the same as with ``ResizeToContents``.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QHeaderView, QTableView


def rows_fit_on_screen(view: QTableView, keep_default: bool = False) -> RowsOnScreen:
    """Keep ``view``'s rows on screen as tall as their text (kept on the view; the model set).
    ``keep_default``: rows not measured yet keep the height the view was given, rather than
    one line of its font."""
    fitter = RowsOnScreen(view, keep_default)
    view._rows_on_screen = fitter  # kept alive with the view
    return fitter


class RowsOnScreen(QObject):
    def __init__(self, view: QTableView, keep_default: bool = False):
        super().__init__(view)
        self.view = view
        self.keep_default = keep_default
        self.fitted: set[int] = set()
        self.measured = 0  # rows measured so far, for the tests (count rebuilds, not time)
        self._held = 0  # inside ``columns_resizing``: the rows are measured once, at its end
        self._again = False
        head = view.verticalHeader()
        head.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        model = view.model()
        model.modelReset.connect(self._all_again)
        model.layoutChanged.connect(self._all_again)
        model.rowsInserted.connect(lambda _p, first, last: self._shift(first, last - first + 1))
        model.rowsRemoved.connect(lambda _p, first, last: self._drop(first, last))
        model.rowsMoved.connect(self._moved)
        model.dataChanged.connect(self._changed)
        view.horizontalHeader().sectionResized.connect(self._all_again)
        view.verticalScrollBar().valueChanged.connect(self.fit)
        view.installEventFilter(self)
        view.viewport().installEventFilter(self)
        self._one_line()

    def eventFilter(self, obj, event) -> bool:
        kind = event.type()
        if kind in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._one_line()
            self.fit()
        elif kind in (QEvent.Type.Resize, QEvent.Type.Show):
            self.fit()
        return False

    def _one_line(self) -> None:
        """Rows not yet measured are one line of the view's font high."""
        view = self.view
        if not self.keep_default:
            view.verticalHeader().setDefaultSectionSize(view.fontMetrics().height() + 8)
        self.fitted.clear()

    # -- what needs measuring again --------------------------------------------------------------
    def _all_again(self, *_):
        self.fitted.clear()
        if self._held:
            self._again = True
            return
        self.fit()

    def columns_resizing(self) -> _Held:
        """``with fitter.columns_resizing(): ...``: the rows on screen are measured once when the
        block ends, not again after each column it resized (a table's columns shared anew,
        three or four sections, measured every row on screen three or four times: a Postman
        town of forty units cost 20 to 60 ms a click late in a game)."""
        return _Held(self)

    def _shift(self, first: int, count: int) -> None:
        self.fitted = {r + count if r >= first else r for r in self.fitted}
        self.fit()

    def _drop(self, first: int, last: int) -> None:
        count = last - first + 1
        self.fitted = {r - count if r > last else r for r in self.fitted if not first <= r <= last}
        self.fit()

    def _moved(self, _parent, start: int, end: int, _dest, row: int) -> None:
        order = list(range(self.view.model().rowCount()))
        if not order:
            return
        moving = list(range(start, end + 1))
        rest = [r for r in range(len(order)) if not start <= r <= end]
        at = row if row <= start else row - len(moving)
        old_of_new = rest[:at] + moving + rest[at:]
        new_of_old = {old: new for new, old in enumerate(old_of_new)}
        self.fitted = {new_of_old[r] for r in self.fitted if r in new_of_old}
        self.fit()

    def _changed(self, top, bottom, *_roles) -> None:
        self.fitted.difference_update(range(top.row(), bottom.row() + 1))
        self.fit()

    # -- measuring ---------------------------------------------------------------------------------
    def fit(self, *_) -> None:
        """Measure the rows on screen that are not measured yet, until the screen is full."""
        view = self.view
        if not shiboken6.isValid(view) or view.model() is None:
            return
        rows = view.model().rowCount()
        head = view.verticalHeader()
        first = max(0, head.logicalIndexAt(0))
        room = view.viewport().height()
        y, row = head.sectionViewportPosition(first), first
        while row < rows and y < room:
            if row not in self.fitted:
                height = max(view.sizeHintForRow(row), head.minimumSectionSize())  # as ResizeToContents
                if head.sectionSize(row) != height:
                    head.resizeSection(row, height)
                self.fitted.add(row)
                self.measured += 1
            y += head.sectionSize(row)
            row += 1


class _Held:
    def __init__(self, fitter: RowsOnScreen):
        self.fitter = fitter

    def __enter__(self) -> RowsOnScreen:
        self.fitter._held += 1
        return self.fitter

    def __exit__(self, *_exc) -> None:
        f = self.fitter
        f._held -= 1
        if not f._held and f._again:
            f._again = False
            f.fit()
