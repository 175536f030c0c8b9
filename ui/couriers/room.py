"""The Courier Desk's shape, from the room it has.

"beside": the couriers' table over the commanders', the ride panel beside both in one column, when
the width holds the tables' least width and the ride panel's in its tall shape side by side (a
1920 or 1366 pixel window at the normal size). "stacked" otherwise (1280 pixels, or the larger
type): one column, the part the table works with now first. In the courier step the couriers'
table, the ride panel under it in its wide shape, then the commanders, so the step's table and
controls are inside the window; before the game and in the wargame's turn the commanders first
(adding them, marking who moved and sending couriers is that phase's work; at 1280x720 in the
larger type "Add commander..." lay under the fold, under an empty couriers' table). The order
turns only with the phase, that is at a click on the phase bar's button (or undo, redo), which
stays where it is: nothing under the pointer moves. Stacked, an empty couriers' table is one
line and the ride panel, with no courier to ride, shows nothing; a courier sent in the
wargame's turn then opens both under the commanders, who stay where they were.

The shape hangs on widths only (the least widths of both shapes' parts, which do not change when
the shape does), never on what a courier's words need: choosing a courier never turns the desk.
The parts never change parent, only their place in the one layout, so nothing measured in them
goes stale (a table's rows measured once, ui/widgets/row_heights.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QGridLayout, QLayout, QTableView, QVBoxLayout, QWidget

from ..widgets.columns import ScrollingColumn
from .ride_panel import RidePanel

if TYPE_CHECKING:
    from ..widgets.columns import _Sharer

BESIDE, STACKED = "beside", "stacked"
#: the stacked shape's orders, top to bottom: the courier step's, and set-up's and the wargame's turn's
COURIERS_FIRST, COMMANDERS_FIRST = "couriers first", "commanders first"
#: between the tables and the ride panel side by side, and beside the scroll bar
GAP = 12


def shape_for(width: int, tables: int, ride: int, bar: int) -> str:
    """The desk's shape in ``width`` pixels, its tables needing ``tables`` pixels at the least,
    the ride panel ``ride`` in its tall shape, with room for a scroll bar of ``bar``."""
    return BESIDE if width >= tables + ride + bar + GAP else STACKED


class DeskRoom(QWidget):
    """The desk under its phase bar: the couriers' box, the commanders' box and the ride panel,
    placed by ``shape_for`` and scrolling up and down together."""

    def __init__(self, couriers: QWidget, commanders: QWidget, ride: RidePanel, table: QWidget,
                 no_couriers: QWidget, parent=None):
        """``couriers`` is the couriers' box, holding their ``table`` and the ``no_couriers``
        line that stands for it while it is empty."""
        super().__init__(parent)
        self.couriers, self.commanders, self.ride = couriers, commanders, ride
        self.table, self.no_couriers = table, no_couriers
        self.order = COURIERS_FIRST
        self.empty = False  # no courier on the roster yet
        self.commander_table: QTableView | None = None
        self.commander_columns: _Sharer | None = None
        self.names_whole: tuple[int, ...] = ()
        self._names_weighed: tuple | None = None  # the width, type and names last weighed
        self.commander_buttons: QWidget | None = None
        self.inner = QWidget()
        self.grid = _Column(self.inner)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.tables = QVBoxLayout()  # beside: the couriers' table over the commanders'
        self.tables.setContentsMargins(0, 0, 0, 0)
        self.column = ScrollingColumn(self.inner)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        # the window may be narrower than the beside shape: then the desk turns, never grows
        lay.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        lay.addWidget(self.column)
        self.shape = ""
        self._place(STACKED)
        self.inner.installEventFilter(self)
        table.verticalHeader().sectionResized.connect(self._row_measured)

    def commander_parts(self, table: QTableView, buttons: QWidget, columns: _Sharer | None = None,
                        whole: tuple[int, ...] = ()) -> None:
        """The commanders' table and their buttons (ui/couriers/button_rows.py), in the
        commanders' box; ``columns`` shares the table's width, keeping the ``whole`` columns on
        one line where the width the desk's shape gives the table holds them."""
        self.commander_table, self.commander_buttons = table, buttons
        self.commander_columns, self.names_whole = columns, whole
        # a row measured again (its words wrapped anew in another width or type): beside, the
        # box's height follows its rows
        table.verticalHeader().sectionResized.connect(self._row_measured)
        self._buttons_where_still()

    def _row_measured(self, *_args) -> None:
        self._heights()  # the box's height follows its rows (stacked, when they show whole)

    def _buttons_where_still(self) -> None:
        """The commanders' buttons on the edge of their box that holds still as their table
        grows a row for a commander added: beside, the box stands on the column's bottom, so
        under the table; stacked, over it (the parts under it move down)."""
        buttons, lay = self.commander_buttons, self.commanders.layout()
        if buttons is None or not isinstance(lay, QVBoxLayout):
            return
        at = 0 if self.shape == STACKED else 1
        if lay.indexOf(buttons) != at:
            lay.removeWidget(buttons)
            lay.insertWidget(at, buttons)

    # -- the room ------------------------------------------------------------------------------
    def _bar(self) -> int:
        return self.column.verticalScrollBar().sizeHint().width() + 2

    def tables_least(self) -> int:
        """The tables' least width, the commanders' names free to wrap: whether they keep one
        line follows from the shape (``_keep_names_whole``), never the shape from them, so a
        long name added never turns the desk."""
        return max(_least(self.couriers), self._commanders_least())

    def _commanders_least(self) -> int:
        box, view, columns = self.commanders, self.commander_table, self.commander_columns
        if view is None or columns is None:
            return _least(box)
        least, _want = columns._whole_needs(view.model().columnCount())
        bar = view.verticalScrollBar().sizeHint().width()
        wrapped = sum(least) + 2 * view.frameWidth() + bar
        # what the whole names add to the box's least, taken off (never more than it asks: before
        # its columns are first shared the table asks for no width at all)
        return _least(box) - max(0, max(view.minimumWidth(), view.minimumSizeHint().width()) - wrapped)

    def _keep_names_whole(self) -> None:
        """The ``whole`` columns on one line where the table's widest room in this shape holds
        them (beside, what the ride panel's least leaves; stacked, the column's width), else
        they wrap like the others (a name longer than the window)."""
        box, view, columns = self.commanders, self.commander_table, self.commander_columns
        if view is None or columns is None or not self.names_whole:
            return
        room = self.width() - self._bar()
        if self.shape == BESIDE:
            room -= self.ride.least_width("tall") + GAP
        m, lm = box.contentsMargins(), box.layout().contentsMargins()
        room -= m.left() + m.right() + lm.left() + lm.right() + view.verticalScrollBar().sizeHint().width()
        model = view.model()
        key = (room, view.font().key(), tuple(str(model.index(r, c).data()) for r in range(model.rowCount())
                                              for c in self.names_whole))
        if key == self._names_weighed:  # whole_fits measures every row again (#12: not at each click)
            return
        self._names_weighed = key
        was, columns.whole = columns.whole, self.names_whole  # (whole_fits weighs the columns set)
        whole = self.names_whole if columns.whole_fits(room) else ()
        columns.whole = was
        if was != whole:
            columns.whole = whole
            columns.fit()
            # the box's least width changed inside a layout pass: the column's cache of it (the
            # names' whole width) would hold the desk wider than the window
            box.updateGeometry()
            self.tables.invalidate()
            self.grid.invalidate()

    def decide(self) -> str:
        return shape_for(self.width(), self.tables_least(), self.ride.least_width("tall"), self._bar())

    def ride_shape(self) -> str:
        """Stacked, the ride panel in two columns where the width holds them (a window narrower
        than that, say on an 800-pixel screen, keeps its tall one: the desk never asks for more
        width than the tables or the tall panel need, which would squeeze the dice tray)."""
        if self.shape == BESIDE:
            return "tall"
        return "wide" if self.width() >= self.ride.least_width("wide") + self._bar() else "tall"

    def _turn(self) -> None:
        shape = self.decide()
        if shape != self.shape:
            self._place(shape)
        self.ride.set_shape(self.ride_shape())
        self._keep_names_whole()

    def _heights(self) -> None:
        """Stacked: ``_stacked_heights``. Beside: the column's own share."""
        inner = self.inner
        # each set only when it changes: a layout told anything lays out again, and the window with it
        if self.shape != STACKED:
            for row in range(3):
                if self.grid.rowMinimumHeight(row):
                    self.grid.setRowMinimumHeight(row, 0)
            _hold_height(self.commanders, self._commanders_beside())  # a least height gave way to the couriers' hint
            if inner.minimumHeight() or inner.maximumHeight() != 16777215:
                inner.setMinimumHeight(0)
                inner.setMaximumHeight(16777215)
            return
        _hold_height(self.commanders, None)
        sp = max(0, self.grid.verticalSpacing())
        parts = self.stacked_parts()
        heights = self._stacked_heights([_least_height(w, inner.width()) for w in parts],
                                        [self._whole_height(w) for w in parts], self.column.viewport().height(), sp)
        for row in range(3):
            if self.grid.rowMinimumHeight(row) != heights[row]:
                self.grid.setRowMinimumHeight(row, heights[row])
        total = sum(heights) + sp * (sum(1 for h in heights if h) - 1)
        if inner.minimumHeight() != total or inner.maximumHeight() != total:
            inner.setFixedHeight(total)

    def _stacked_heights(self, least: list[int], whole: list[int], room: int, sp: int) -> list[int]:
        """The parts' heights, top to bottom, one scroll in sight and never one inside another
        (#14: at 1280x720 in the larger type the commanders' table and the couriers' scrolled
        inside the column, which scrolled too, and showed three of six commanders and two of
        five couriers). Where every part fits the room at its least, the column holds still and
        the tables share the rest (the phase's first, each up to all its rows; what is left to
        the first part), scrolling by themselves; else the column scrolls and each table shows
        all its rows, the phase's part first, save the courier step's couriers: they keep the
        ride's controls in sight under them, and a long evening's finished couriers scroll in
        their table (all its rows pushed Ride under the fold at 1280x720 larger, seven couriers)."""
        gaps = sp * (sum(1 for h in least if h) - 1)
        if sum(least) + gaps > room:
            heights = [max(lo, wh) for lo, wh in zip(least, whole, strict=True)]
            if self.order == COURIERS_FIRST and heights[1]:
                heights[0] = max(least[0], min(heights[0], room - sp - least[1]))
            return heights
        heights = list(least)
        spare = room - gaps - sum(least)
        for i in (0, 2, 1) if self.order == COURIERS_FIRST else (0, 1, 2):
            if heights[i]:  # (the ride panel, hidden with no courier to ride, takes none)
                more = min(spare, max(0, whole[i] - heights[i]))
                heights[i] += more
                spare -= more
        heights[0] += spare
        return heights

    def _whole_height(self, w: QWidget) -> int:
        """A part as high as it wants with every row of its table in sight (none while hidden)."""
        if w.isHidden():
            return 0
        view = {self.commanders: self.commander_table, self.couriers: self.table}.get(w)
        least = _least_height(w, self.inner.width())
        if view is None or view.isHidden():
            return least
        return least - max(view.minimumHeight(), view.minimumSizeHint().height()) + _table_whole(view)

    def _place(self, shape: str) -> None:
        grid, tables = self.grid, self.tables
        for w in (self.couriers, self.commanders, self.ride):
            grid.removeWidget(w)
            tables.removeWidget(w)
        grid.removeItem(tables)
        for i in range(3):
            grid.setRowStretch(i, 0)
            grid.setColumnStretch(i, 0)
        if shape == BESIDE:
            # the tables in a column of their own: a row of the grid the ride panel spans would
            # share its least height out and squeeze the commanders' held one
            tables.addWidget(self.couriers, 1)  # the couriers' table takes what the commanders leave
            tables.addWidget(self.commanders)
            grid.addLayout(tables, 0, 0)
            grid.addWidget(self.ride, 0, 1)
            grid.setColumnStretch(0, 3)
            grid.setColumnStretch(1, 2)
            self.ride.set_shape("tall")
        else:
            for row, w in enumerate(self.stacked_parts()):
                grid.addWidget(w, row, 0)
            self.shape = shape
            self.ride.set_shape(self.ride_shape())
        grid.setHorizontalSpacing(GAP)
        # stacked, the column scrolls as soon as a part grows past the fold: its bar kept in its
        # place, so a commander added or the first courier sent never narrows what is in sight
        self.column.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn if shape == STACKED
                                               else Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.shape = shape
        self._buttons_where_still()
        self._show_empty()
        self._heights()

    def stacked_parts(self) -> tuple[QWidget, QWidget, QWidget]:
        """The stacked shape's parts, top to bottom, in the ``order``."""
        if self.order == COMMANDERS_FIRST:
            return self.commanders, self.couriers, self.ride
        return self.couriers, self.ride, self.commanders

    def _commanders_whole(self) -> int:
        """The commanders' box as high as all its rows want (their table with no scroll bar)."""
        return self._whole_height(self.commanders) if self.commander_table is not None else 0

    def _commanders_beside(self) -> int:
        """Beside, the commanders' box as high as all its rows want while the couriers' table
        over it keeps its least rows (it has the rest): with half the column each it showed
        three of six commanders under an empty half of the couriers' table."""
        if self.commander_table is None:
            return 0
        least = self.commanders.minimumSizeHint().height()
        want = self._commanders_whole()
        sp = max(0, self.grid.verticalSpacing())
        room = self.column.viewport().height() - self.couriers.minimumSizeHint().height() - sp
        return max(least, min(want, room))

    def set_order(self, order: str) -> None:
        """The phase's order (the desk asks at every change of phase); stacked, the parts take
        their new places and the column shows its top, the part the phase works with."""
        if order == self.order:
            return
        self.order = order
        if self.shape == STACKED:
            self._place(STACKED)
            self.column.verticalScrollBar().setValue(0)

    def set_empty(self, empty: bool) -> None:
        """No courier on the roster (``empty``), or the first sent (or the last undone)."""
        if empty != self.empty:
            self.empty = empty
            self._show_empty()
            self._heights()

    def _show_empty(self) -> None:
        """Stacked, an empty couriers' table is its one line and the ride panel goes; beside,
        both keep their room (the commanders under them would move when the first is sent)."""
        folded = self.empty and self.shape == STACKED
        if self.table.isHidden() != folded:
            self.table.setVisible(not folded)
            self.ride.setVisible(not folded)
        if self.no_couriers.isHidden() == folded:
            self.no_couriers.setVisible(folded)

    # -- Qt ------------------------------------------------------------------------------------
    def eventFilter(self, obj, event) -> bool:
        # a part asked for another least width (a table's words in a new type): decide again at
        # the same width, as a resize would, rather than scroll sideways
        if obj is self.inner and event.type() == QEvent.Type.LayoutRequest:
            self._turn()
            self._heights()
        return False

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._turn()
        self._heights()

    def minimumSizeHint(self):
        from PySide6.QtCore import QSize

        least = max(self.tables_least(), self.ride.least_width("tall"))
        return QSize(least + self._bar(), 120)

    def sizeHint(self):
        from PySide6.QtCore import QSize

        hint = self.inner.sizeHint()
        return QSize(hint.width() + self._bar(), hint.height())


class _Column(QGridLayout):
    """The parts at their least heights, the room left over to the couriers' table: with a
    word-wrapped label in the ride panel the scroll area would otherwise give every part its
    preferred height (its height for the width), and put the ride panel's controls below the
    fold."""

    def hasHeightForWidth(self) -> bool:
        return False


def _hold_height(w: QWidget, height: int | None) -> None:
    """``w`` held at ``height`` pixels (None: as its layout wants), set only when it changes."""
    low, high = (0, 16777215) if height is None else (height, height)
    if w.minimumHeight() != low or w.maximumHeight() != high:
        w.setMinimumHeight(low)
        w.setMaximumHeight(high)


def _least_height(w: QWidget, width: int) -> int:
    """A part's least height ``width`` pixels wide, none while it is hidden (the ride panel with
    no courier): the grid gives a part with wrapped words their height at its width (the ride
    panel's 301 pixels at 1280x720 larger, over its 283 least), and the part over it would give way."""
    if w.isHidden():
        return 0
    least = w.minimumSizeHint().height()
    return max(least, w.heightForWidth(width)) if w.hasHeightForWidth() else least


def _table_whole(view: QTableView) -> int:
    """``view``'s height with every row in sight, as the column sharer counts its least rows."""
    rows = sum(view.rowHeight(r) for r in range(view.model().rowCount()))
    head = view.horizontalHeader().sizeHint().height() if view.horizontalHeader().isVisibleTo(view) else 0
    return head + rows + 2 * view.frameWidth() + 2


def _least(w: QWidget) -> int:
    return max(w.minimumSizeHint().width(), w.minimumWidth())
