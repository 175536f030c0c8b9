"""Table columns that share the view's width by what their text needs.

Qt's own modes either stretch one column and size the rest to their whole text (so at a large
text size the stretched column is left too narrow for one word: "Post-man", "Cham-berlain") or
stretch all alike. Here every column first gets its longest word (and its heading), so nothing
breaks mid-word; what is left goes to the columns whose text would still wrap, in proportion to
how much more they want; any room after that gives each column a little air (AIR) and the rest
goes to the first column. The view is never
narrower than its longest words side by side, so it never scrolls sideways: the layout around
it makes the room.
"""

from __future__ import annotations

import contextlib
import re
from typing import NamedTuple

import shiboken6
from PySide6.QtCore import QEvent, QModelIndex, QObject, QSize, QTimer
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHeaderView,
    QLayout,
    QScrollArea,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

# Qt's namespace (``PySide6.QtCore.Qt``) and QStyle are imported in the functions that use them:
# making their enums costs about 18 ms, and the start page's first frame builds a ScrollingColumn
# (the notices slot) but needs neither.

ROWS_MEASURED = 60  # a long game's table is measured on its first rows: enough for the names


#: whole rows a table keeps in view at the least (all of them when it has fewer): with fewer a
#: player cannot read one row against the next. A column that scrolls makes the room.
LEAST_ROWS = 3


def share_width(view: QTableView, rows_grow: bool = True, least_rows: int = LEAST_ROWS,
                whole: tuple[int, ...] = (), air: bool = False) -> _Sharer:
    """Size ``view``'s columns by their text from now on (kept on the view, redone when its
    width, model or font changes). ``rows_grow``: a row takes the height its wrapped text needs;
    ``least_rows``: the view is never so short that fewer whole rows show; ``whole``: columns
    (a player's name) that keep their whole text on one line wherever the others' longest words
    leave the room, the other columns wrapping first; ``air``: a view sized to its contents
    grows by AIR per column where it has the room, so centred figures side by side never read
    as one ("7-carriage: 10 9 (4 tiles)"). A cell whose model answers MEASURED_ROLE is
    measured by that text (the widest it shows in a turn's course: a name with the mark of
    whose turn it is) rather than by the text it shows now, so the widths stay as the mark
    moves (#12)."""
    from PySide6.QtCore import Qt

    view.setWordWrap(True)
    view.setTextElideMode(Qt.TextElideMode.ElideNone)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
    if rows_grow:
        view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    view.horizontalHeader().setStretchLastSection(False)
    sharer = _Sharer(view, least_rows)
    sharer.whole = whole
    sharer.air = AIR if air else 0
    view.setProperty("usefulRows", least_rows)  # what tests/ui/test_no_clipping.py holds it to
    view._column_sharer = sharer  # kept alive with the view
    return sharer


class _Sharer(QObject):
    def __init__(self, view: QTableView, least_rows: int):
        super().__init__(view)
        self.view = view
        self.least_rows = least_rows
        self.whole: tuple[int, ...] = ()
        self.air = 0  # what each column may take beyond its text in a view sized to its contents
        self.timer = QTimer(self, singleShot=True, interval=0)
        self.timer.timeout.connect(self.fit)
        #: per row of the first ROWS_MEASURED, per column (word, whole), with what the row showed
        #: then; None: not measured yet. A click changes a row or two, so only those are measured
        #: again.
        self.row_needs: list[_Measured | None] = []
        self.measured = 0  # rows measured so far, for the tests (count rebuilds, not time)
        #: per column, the widest word and the widest whole line of the rows the last fit shared
        #: the width by (None: share it again at the next change). A changed row that leaves
        #: these as they were cannot change a width, and its change refits nothing (#12)
        self.widest: list[tuple[int, int]] | None = None
        self.fits = 0  # the times the columns were shared, for the tests and bench/ui_latency.py
        self.words_fit = False  # whether the last fit found room for the longest words side by side
        self.room: int | None = None  # the viewport width the last fit shared
        view.installEventFilter(self)
        view.viewport().installEventFilter(self)
        self._watch(view.model())

    def _watch(self, model) -> None:
        if model is None:
            return
        for signal in (model.modelReset, model.layoutChanged, model.headerDataChanged):
            signal.connect(self._all_again)
        model.rowsInserted.connect(lambda _p, first, last: self._shift(first, [None] * (last - first + 1)))
        model.rowsRemoved.connect(lambda _p, first, last: self._cut(first, last))
        model.rowsMoved.connect(lambda _p, start, end, _d, row: self._move(start, end, row))
        model.dataChanged.connect(self._changed)

    def eventFilter(self, obj, event) -> bool:
        kind = event.type()
        if kind in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self.row_needs = []
        if kind == QEvent.Type.Resize:
            # the widths follow the viewport's width: a resize that leaves it at the width the
            # last fit shared (a view grown taller, one sized to its contents taking the width
            # that fit gave it) keeps them; sharing them again cost a click a refit or two (#12)
            if obj is not self.view and event.size().width() != self.room:
                self.timer.start()
        elif kind in (QEvent.Type.FontChange, QEvent.Type.StyleChange, QEvent.Type.Show):
            self.timer.start()
        return False

    def _all_again(self, *_args) -> None:
        self.row_needs = []
        self.fit()

    def _shift(self, first: int, rows: list) -> None:
        if first < len(self.row_needs):
            self.row_needs[first:first] = rows
        self.fit()

    def _cut(self, first: int, last: int) -> None:
        del self.row_needs[first:last + 1]
        self.fit()

    def _move(self, start: int, end: int, row: int) -> None:
        needs = self.row_needs + [None] * max(0, max(end + 1, row) - len(self.row_needs))
        moving = needs[start:end + 1]
        del needs[start:end + 1]
        at = row if row <= start else row - len(moving)
        needs[at:at] = moving
        self.row_needs = needs[:ROWS_MEASURED]
        self.fit()

    def _changed(self, top, bottom, *_roles) -> None:
        sized = self.view.sizeAdjustPolicy() == QAbstractItemView.SizeAdjustPolicy.AdjustToContents
        if top.row() >= ROWS_MEASURED and not sized:  # no row that sets the widths
            return
        first, last = top.row(), bottom.row()
        for row in range(first, min(last + 1, len(self.row_needs))):
            self.row_needs[row] = None
        # a click changes a row or two, most often by words no wider than the widest of their
        # column (an Ab die Post! draw: one hand a card longer), and sharing the columns again
        # measured every cell and laid the table out 1-3 times a click (#12)
        if self._widths_may_change():
            self.fit()
        else:
            self._rows_changed(first, last)

    def _widths_may_change(self) -> bool:
        """Whether the rows' words now ask for other widths than the last fit shared: the
        changed rows are measured again (the rest are kept), and the widest word and whole line
        of each column compared with those the widths were shared by."""
        if self.widest is None:
            return True
        model = self.view.model()
        if model is None or not shiboken6.isValid(self.view):
            return True
        columns = model.columnCount(QModelIndex())
        if len(self.widest) != columns or len(self.row_needs) != min(model.rowCount(QModelIndex()), ROWS_MEASURED):
            return True
        self._measure(columns)
        return _widest(self.row_needs, columns) != self.widest

    def _rows_changed(self, first: int, last: int) -> None:
        """The widths stay: only what the changed rows' heights set is done again (a row may
        wrap to another number of lines at the width it keeps)."""
        view = self.view
        model = view.model()
        rows = model.rowCount(QModelIndex())
        if view.sizeAdjustPolicy() == QAbstractItemView.SizeAdjustPolicy.AdjustToContents:
            for row in range(first, min(last + 1, rows)):  # as ``fit`` sizes every row
                view.resizeRowToContents(row)
            self._most_height(model)
        if first < self.least_rows and self.words_fit and view.isVisible():
            self._least_height(model)

    def fit(self, *_args) -> None:
        from PySide6.QtCore import Qt

        view = self.view
        if not shiboken6.isValid(view):  # the view's own model tells of its rows as it goes
            return
        model = view.model()
        if model is None:
            return
        self.fits += 1
        columns = model.columnCount(QModelIndex())
        least, want = self._whole_needs(columns)
        self.widest = _widest(self.row_needs, columns)
        room = view.viewport().width()
        if view.sizeAdjustPolicy() == QAbstractItemView.SizeAdjustPolicy.AdjustToContents:
            # a view sized to its contents grows to its whole text and shrinks to the room it
            # has; it shrinks at once, so the widths are shared for the width it shrinks to,
            # not again when its resize comes (#12)
            inner = sum(want) + self.air * len(want)
            room = min(room, inner)
            self.room = room
            edge = 2 * view.frameWidth() + (view.verticalScrollBar().sizeHint().width()
                                             if view.verticalScrollBar().isVisible() else 0)
            view.setMaximumWidth(inner + edge)
        self.room = room
        # never narrower than its longest words side by side (beside the scroll bar, if it has
        # one), so the layout around it makes room rather than hide a column behind a sideways scroll
        bar = view.verticalScrollBar().sizeHint().width() \
            if view.verticalScrollBarPolicy() != Qt.ScrollBarPolicy.ScrollBarAlwaysOff else 0
        # (with its ``whole`` columns' whole text: the layout round it makes that room too)
        kept = self._kept(least, want)
        floor = sum(kept) + 2 * view.frameWidth() + bar
        if view.minimumWidth() != floor:
            view.setMinimumWidth(floor)
        widths = _share(kept if sum(kept) <= room else least, want, room)
        head = view.horizontalHeader()
        rows = getattr(view, "_rows_on_screen", None)  # ui/widgets/row_heights.py: measured once
        with rows.columns_resizing() if rows is not None else contextlib.nullcontext():
            for col, width in enumerate(widths):
                if head.sectionSize(col) != width:
                    head.resizeSection(col, width)
        if view.sizeAdjustPolicy() == QAbstractItemView.SizeAdjustPolicy.AdjustToContents:
            view.resizeRowsToContents()  # (before its least height is read off them)
            self._most_height(model)
        self.words_fit = room >= sum(least)
        if self.words_fit and view.isVisible():  # rows measured at widths they will keep
            self._least_height(model)

    def _most_height(self, model) -> None:
        """A view sized to its contents is as tall as its rows (and the sideways bar it has)."""
        view = self.view
        head = view.horizontalHeader()
        rows = sum(view.rowHeight(r) for r in range(model.rowCount(QModelIndex())))
        columns = sum(head.sectionSize(c) for c in range(model.columnCount(QModelIndex())))
        bar = view.horizontalScrollBar().sizeHint().height() if columns > view.viewport().width() else 0
        view.setMaximumHeight(head.sizeHint().height() + rows + bar + 2 * view.frameWidth())

    def _kept(self, least: list[int], want: list[int]) -> list[int]:
        """Each column's least width, the ``whole`` ones' whole line."""
        return [want[c] if c in self.whole else w for c, w in enumerate(least)]

    def _whole_needs(self, columns: int) -> tuple[list[int], list[int]]:
        """``_needs``, the ``whole`` columns wanting a little more than their line (their text is
        laid out in fractions of a pixel: a bold name wrapped one pixel short)."""
        least, want = self._needs(columns)
        return least, [w + WHOLE_SLACK if c in self.whole else w for c, w in enumerate(want)]

    def whole_fits(self, room: int) -> bool:
        """Whether the ``whole`` columns keep their whole text beside the others' longest words
        in a view ``room`` pixels wide, measured in the view's font now."""
        self.row_needs = []
        self.widest = None  # measured in a font the widths may not have been shared in
        model = self.view.model()
        least, want = self._whole_needs(model.columnCount(QModelIndex()))
        kept = self._kept(least, want)
        return sum(kept) + 2 * self.view.frameWidth() <= room

    def height_at(self, room: int) -> int:
        """The view's height with all its rows when it is at most ``room`` pixels wide (its
        columns shared as ``fit`` will share them there), in its font now."""
        view = self.view
        model = view.model()
        self.widest = None  # the columns are resized here: the next change shares them again
        least, want = self._whole_needs(model.columnCount(QModelIndex()))
        inner = min(room - 2 * view.frameWidth(), sum(want) + AIR * len(want))
        kept = self._kept(least, want)
        for col, width in enumerate(_share(kept if sum(kept) <= inner else least, want, inner)):
            view.horizontalHeader().resizeSection(col, width)
        view.resizeRowsToContents()
        rows = sum(view.rowHeight(r) for r in range(model.rowCount(QModelIndex())))
        return view.horizontalHeader().sizeHint().height() + rows + 2 * view.frameWidth()

    def _needs(self, columns: int) -> tuple[list[int], list[int]]:
        """Per column: the width its longest word needs, and the width its longest whole text
        needs, over its heading and its first ROWS_MEASURED rows (each measured once)."""
        from PySide6.QtCore import Qt

        view = self.view
        model = view.model()
        needs = self._measure(columns)
        head = view.horizontalHeader()
        least, want = [], []
        for col in range(columns):
            heading = model.headerData(col, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
            # as wide as the style draws a heading with its margins (and the sort mark's place),
            # so it never runs edge to edge into the next one or the scroll bar
            word = whole = head.sectionSizeFromContents(col).width() if isinstance(heading, str) else 0
            for row_need in needs:
                word = max(word, row_need.cells[col][0])
                whole = max(whole, row_need.cells[col][1])
            least.append(max(word, view.horizontalHeader().minimumSectionSize()))
            want.append(max(least[-1], whole))
        return least, want

    def _measure(self, columns: int) -> list[_Measured]:
        """``row_needs`` for the first ROWS_MEASURED rows, those not measured yet measured now,
        and those whose model says they show something else now (``RowTableModel.shown_in``):
        its rows' changes come one run of rows at a time, and the turn passing from the last
        Ab die Post! player to the first shared the columns once by the first row's old words
        and again when the second signal came (#12)."""
        view = self.view
        model = view.model()
        shown_in = getattr(model, "shown_in", None)
        rows = min(model.rowCount(QModelIndex()), ROWS_MEASURED)
        needs = self.row_needs
        del needs[rows:]
        needs.extend([None] * (rows - len(needs)))
        for row in range(rows):
            sign = shown_in(row) if shown_in is not None else None
            kept = needs[row]
            if kept is None or len(kept.cells) != columns or kept.sign != sign:
                needs[row] = _Measured(sign, _row_needs(view, row, columns))
                self.measured += 1
        return needs  # type: ignore[return-value]  (every row measured now)

    def _least_height(self, model) -> None:
        view = self.view
        rows = min(model.rowCount(QModelIndex()), self.least_rows)
        grow = view.verticalHeader().sectionResizeMode(0) == QHeaderView.ResizeMode.ResizeToContents \
            if model.rowCount(QModelIndex()) else False
        high = sum(max(view.sizeHintForRow(r), view.verticalHeader().minimumSectionSize()) if grow
                   else view.rowHeight(r) for r in range(rows))
        head = view.horizontalHeader().sizeHint().height() if view.horizontalHeader().isVisibleTo(view) else 0
        least = head + high + 2 * view.frameWidth() + 2
        if view.minimumHeight() != least:
            view.setMinimumHeight(least)


class _Measured(NamedTuple):
    """A row's needs: what it showed when measured (its model's signature), and per column the
    width its longest word needs and its longest whole line."""

    sign: object
    cells: list[tuple[int, int]]


def _widest(needs: list, columns: int) -> list[tuple[int, int]]:
    """Per column, the widest word and the widest whole line of ``needs`` (rows measured)."""
    return [(max((n.cells[col][0] for n in needs), default=0), max((n.cells[col][1] for n in needs), default=0))
            for col in range(columns)]


def _metric(name: str):
    """A ``QStyle.PixelMetric``, looked up when first needed: making the QStyle class and its
    enums costs 5 ms, which the start page's first frame need not wait for."""
    from PySide6.QtWidgets import QStyle

    return getattr(QStyle.PixelMetric, name)


def _pad(view: QAbstractItemView) -> int:
    return 2 * (view.style().pixelMetric(_metric("PM_FocusFrameHMargin"), None, view) + 1) + 2


def _row_needs(view: QAbstractItemView, row: int, columns: int) -> list[tuple[int, int]]:
    """Per column of ``row``: the width its longest word needs, and its longest whole line."""
    from PySide6.QtCore import Qt

    model = view.model()
    pad = _pad(view)
    check = view.style().pixelMetric(_metric("PM_IndicatorWidth"), None, view) + 8
    out = []
    for col in range(columns):
        index = model.index(row, col, QModelIndex())
        widest = index.data(MEASURED_ROLE)
        own = index.data(Qt.ItemDataRole.FontRole)
        # a cell's own font sets only what it names (bold, say): the rest is the view's, as the
        # delegate draws it (a bare bold QFont would measure in the app's body size)
        font = own.resolve(view.font()) if own is not None else view.font()
        extra = pad
        if index.data(Qt.ItemDataRole.DecorationRole) is not None:
            extra += 20
        if index.data(Qt.ItemDataRole.CheckStateRole) is not None:
            extra += check
        if callable(widest):  # a cell its delegate paints (cards as chips) says its own widths
            word, whole = widest(font)
            out.append((extra + word, extra + whole))
            continue
        text = widest if widest is not None else index.data(Qt.ItemDataRole.DisplayRole)
        word, whole = text_widths("" if text is None else str(text), font)
        word, whole = extra + word, extra + whole
        out.append((word, whole))
    return out


#: where Qt may break a cell's line: the spaces between its words, not a no-break space
_BREAKS = re.compile(r"[ \t\n]+")
NBSP = "\u00a0"


def text_widths(text: str, font) -> tuple[int, int]:
    """The widths of ``text``'s longest word, as Qt breaks a line (at spaces, never at a no-break
    space: "Cleo\u00a0\u2708"), and of its longest line, in ``font``."""
    fm = QFontMetrics(font)
    return (max((fm.horizontalAdvance(w) for w in _BREAKS.split(text)), default=0),
            max((fm.horizontalAdvance(line) for line in text.split("\n")), default=0))


def unbroken(text: str) -> str:
    """``text`` as one word: every space a no-break space."""
    return text.replace(" ", NBSP)

#: a model's role for the text a cell's width is measured by (share_width's words), or for a
#: function of the cell's font that gives the (longest word, whole line) widths its delegate paints
MEASURED_ROLE = 0x0100 + 40  # Qt.ItemDataRole.UserRole + 40, set by its number (see the imports)


#: what a ``whole`` column gets beyond its measured line, so it never wraps on a rounding
WHOLE_SLACK = 4
#: the most room a column gets beyond its whole text before the first column takes the rest
AIR = 16


def _share(least: list[int], want: list[int], room: int) -> list[int]:
    """Widths for ``room`` pixels: each at least its longest word; the rest by what is still wanted."""
    if not least:
        return []
    spare = room - sum(least)
    if spare <= 0:
        return list(least)
    more = [w - s for s, w in zip(least, want, strict=True)]
    asked = sum(more)
    if asked <= spare:  # each column some air beside its whole text (else side by side the
        # columns read as one line: "Blue Brigade Little Round Top"), the rest to the first
        widths = list(want)
        air = min(AIR, (spare - asked) // len(widths))
        widths = [w + air for w in widths]
        widths[0] += spare - asked - air * len(widths)
        return widths
    widths = [s + m * spare // asked for s, m in zip(least, more, strict=True)]
    widths[0] += room - sum(widths)
    return widths


class ScrollingColumn(QScrollArea):
    """A column of controls that scrolls up and down rather than make the window taller, and is
    never narrower than its controls need with the scroll bar shown beside them."""

    def __init__(self, widget: QWidget, least: int = 0, parent=None):
        super().__init__(parent)
        self.least = least
        self.setWidget(widget)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        # Qt.ScrollBarPolicy.ScrollBarAlwaysOff, set by its number: the notices slot builds a
        # column before the first frame, which need not wait for Qt's namespace (above)
        self.setProperty("horizontalScrollBarPolicy", 1)

    def eventFilter(self, obj, event) -> bool:
        # its controls asked for another least width (a table's words grew): the layout round the
        # column hears of it, as it would of any other widget's
        if obj is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()
        return super().eventFilter(obj, event)

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        widget = self.widget()
        if widget is None:  # its controls handed on to another column
            return hint
        inner = max(widget.minimumSizeHint().width(), widget.minimumWidth()) + self.verticalScrollBar().sizeHint().width()
        return QSize(max(self.least, inner + 2 * self.frameWidth()), hint.height())


class SideBySide(QWidget):
    """Two columns of controls side by side while both fit at their least width; when they do not
    (a large text size in a 1280-pixel window) the second goes under the first, rather than make
    the window wider. Either way they scroll up and down together. The controls never change
    parent (a splitter turns), so nothing measured in them goes stale."""

    def __init__(self, first: QWidget, second: QWidget, stretch: tuple[int, int] = (3, 2), parent=None):
        from PySide6.QtCore import Qt

        super().__init__(parent)
        self.first, self.second = first, second
        self.split = QSplitter(Qt.Orientation.Horizontal)
        self.split.addWidget(first)
        self.split.addWidget(second)
        self.split.setStretchFactor(0, stretch[0])
        self.split.setStretchFactor(1, stretch[1])
        self.split.setChildrenCollapsible(False)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        # the window may be narrower than both columns side by side: then they turn
        lay.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        lay.addWidget(ScrollingColumn(self.split))

    @property
    def wide(self) -> bool:
        from PySide6.QtCore import Qt

        return self.split.orientation() == Qt.Orientation.Horizontal

    @staticmethod
    def _least(w: QWidget) -> int:
        return max(w.minimumSizeHint().width(), w.minimumWidth())

    def _bar(self) -> int:
        return self.style().pixelMetric(_metric("PM_ScrollBarExtent"), None, self) + 2

    def fits_wide(self, width: int) -> bool:
        return width >= self._least(self.first) + self._least(self.second) + self._bar() + 12

    def minimumSizeHint(self) -> QSize:
        return QSize(max(self._least(self.first), self._least(self.second)) + self._bar(), 120)

    def sizeHint(self) -> QSize:
        return QSize(self.first.sizeHint().width() + self.second.sizeHint().width(),
                     max(self.first.sizeHint().height(), self.second.sizeHint().height()))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._turn(event.size().width())

    def event(self, event) -> bool:
        # a column's controls asked for more width (a courier's ride panel filled in): decide
        # again at the same width, as a resize would, rather than scroll sideways
        if event.type() == QEvent.Type.LayoutRequest:
            self._turn(self.width())
        return super().event(event)

    def _turn(self, width: int) -> None:
        from PySide6.QtCore import Qt

        wide = self.fits_wide(width)
        if wide != self.wide:
            self.split.setOrientation(Qt.Orientation.Horizontal if wide else Qt.Orientation.Vertical)


class BoardUnder(QWidget):
    """A column of controls over a board: the controls take what they need, but never so much
    that the board gets less than ``share`` of the height or ``least`` pixels; then they scroll
    (in ``column``, a ScrollingColumn) and the board stays whole in sight, never below the fold."""

    def __init__(self, column: ScrollingColumn, board: QWidget, share: float = 0.4, least: int = 180,
                 gap: int = 6, parent=None):
        super().__init__(parent)
        self.column, self.board, self.share, self.least, self.gap = column, board, share, least, gap
        column.setParent(self)
        board.setParent(self)
        column.widget().installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:  # the controls' needs changed (a row came)
            self._lay_out()
        return False

    def _controls_height(self) -> int:
        inner = self.column.widget()
        width = self.width() - self.column.verticalScrollBar().sizeHint().width()
        need = inner.heightForWidth(width) if inner.hasHeightForWidth() else -1
        return max(need, inner.sizeHint().height(), inner.minimumSizeHint().height()) + 2 * self.column.frameWidth()

    def _lay_out(self) -> None:
        w, h = self.width(), self.height()
        board = max(self.board.minimumHeight(), self.least, int(h * self.share))
        top = max(0, min(self._controls_height(), h - board - self.gap))
        self.column.setGeometry(0, 0, w, top)
        self.board.setGeometry(0, top + self.gap, w, h - top - self.gap)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._lay_out()

    def minimumSizeHint(self) -> QSize:
        return QSize(max(self.column.minimumSizeHint().width(), self.board.minimumSizeHint().width()),
                     max(self.board.minimumHeight(), self.least) + self.gap + 60)

    def sizeHint(self) -> QSize:
        return QSize(max(self.column.sizeHint().width(), self.board.sizeHint().width()),
                     self._controls_height() + self.gap + self.board.sizeHint().height())
