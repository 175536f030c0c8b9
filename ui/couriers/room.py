"""The Courier Desk's shape, from the room it has.

"beside": the couriers' table over the commanders', the ride panel beside both in one column, when
the width holds the tables' least width and the ride panel's in its tall shape side by side (a
1920 or 1366 pixel window at the normal size). "stacked" otherwise (1280 pixels, or the larger
type): one column, the couriers' table first, the ride panel under it in its wide shape, then the
commanders, so the courier step's table and controls are inside the window and the commanders
scroll into sight under them.

The shape hangs on widths only (the least widths of both shapes' parts, which do not change when
the shape does), never on what a courier's words need: choosing a courier never turns the desk.
The parts never change parent, only their place in the one layout, so nothing measured in them
goes stale (a table's rows measured once, ui/widgets/row_heights.py)."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QGridLayout, QLayout, QVBoxLayout, QWidget

from ..widgets.columns import ScrollingColumn
from .ride_panel import RidePanel

BESIDE, STACKED = "beside", "stacked"
#: between the tables and the ride panel side by side, and beside the scroll bar
GAP = 12


def shape_for(width: int, tables: int, ride: int, bar: int) -> str:
    """The desk's shape in ``width`` pixels, its tables needing ``tables`` pixels at the least,
    the ride panel ``ride`` in its tall shape, with room for a scroll bar of ``bar``."""
    return BESIDE if width >= tables + ride + bar + GAP else STACKED


class DeskRoom(QWidget):
    """The desk under its phase bar: the couriers' box, the commanders' box and the ride panel,
    placed by ``shape_for`` and scrolling up and down together."""

    def __init__(self, couriers: QWidget, commanders: QWidget, ride: RidePanel, parent=None):
        super().__init__(parent)
        self.couriers, self.commanders, self.ride = couriers, commanders, ride
        self.inner = QWidget()
        self.grid = _Column(self.inner)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.column = ScrollingColumn(self.inner)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        # the window may be narrower than the beside shape: then the desk turns, never grows
        lay.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        lay.addWidget(self.column)
        self.shape = ""
        self._place(STACKED)
        self.inner.installEventFilter(self)

    # -- the room ------------------------------------------------------------------------------
    def _bar(self) -> int:
        return self.column.verticalScrollBar().sizeHint().width() + 2

    def tables_least(self) -> int:
        return max(_least(self.couriers), _least(self.commanders))

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

    def _heights(self) -> None:
        """Stacked: the couriers' table takes what the ride panel's least height leaves of the
        room in sight (never under its least rows), the commanders their least under both;
        beside: the column's own share."""
        inner = self.inner
        # each set only when it changes: a layout told anything lays out again, and the window with it
        if self.shape != STACKED:
            if self.grid.rowMinimumHeight(0):
                self.grid.setRowMinimumHeight(0, 0)
            if inner.minimumHeight() or inner.maximumHeight() != 16777215:
                inner.setMinimumHeight(0)
                inner.setMaximumHeight(16777215)
            return
        sp = max(0, self.grid.verticalSpacing())
        ride = self.ride.minimumSizeHint().height()
        least = self.couriers.minimumSizeHint().height()
        couriers = max(least, self.column.viewport().height() - ride - sp)
        total = couriers + ride + self.commanders.minimumSizeHint().height() + 2 * sp
        if self.grid.rowMinimumHeight(0) != couriers:
            self.grid.setRowMinimumHeight(0, couriers)
        if inner.minimumHeight() != total or inner.maximumHeight() != total:
            inner.setFixedHeight(total)

    def _place(self, shape: str) -> None:
        grid = self.grid
        for w in (self.couriers, self.commanders, self.ride):
            grid.removeWidget(w)
        for i in range(3):
            grid.setRowStretch(i, 0)
            grid.setColumnStretch(i, 0)
        if shape == BESIDE:
            grid.addWidget(self.couriers, 0, 0)
            grid.addWidget(self.commanders, 1, 0)
            grid.addWidget(self.ride, 0, 1, 2, 1)
            grid.setColumnStretch(0, 3)
            grid.setColumnStretch(1, 2)
            grid.setRowStretch(0, 1)
            grid.setRowStretch(1, 1)
            self.ride.set_shape("tall")
        else:
            grid.addWidget(self.couriers, 0, 0)
            grid.addWidget(self.ride, 1, 0)
            grid.addWidget(self.commanders, 2, 0)
            grid.setRowStretch(0, 1)  # more room: more couriers' rows
            self.shape = shape
            self.ride.set_shape(self.ride_shape())
        grid.setHorizontalSpacing(GAP)
        self.shape = shape
        self._heights()

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


def _least(w: QWidget) -> int:
    return max(w.minimumSizeHint().width(), w.minimumWidth())
