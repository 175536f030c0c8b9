"""The commanders' buttons in as many a row as the box's width holds (#14).

Two a row, the seven buttons took four rows: at 1280x720 in the larger type (and in table mode)
that was 152 pixels of a 350-pixel desk, and with three commanders the couriers' line ("No
couriers yet") lay under the fold. Four a row they take two. The columns are chosen from the
width alone (a resize, another type), never from a click, so no button moves under the pointer.
The least width asked is two a row's: the box never makes the desk wider than it was."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize
from PySide6.QtWidgets import QPushButton, QWidget

#: the most buttons a row, and the fewest (the least width the box asks for)
MOST, FEWEST = 4, 2
GAP = 6


def columns_for(width: int, button: int, count: int, gap: int = GAP) -> int:
    """How many ``button``-pixel-wide buttons a row in ``width`` pixels: the most that fit, from
    FEWEST to MOST (never more than ``count``), FEWEST when even those do not fit."""
    for n in range(min(MOST, count), FEWEST, -1):
        if n * button + (n - 1) * gap <= width:
            return n
    return min(FEWEST, max(1, count))


class ButtonRows(QWidget):
    """``buttons`` in rows of equal columns, placed by hand: a layout would ask for the width of
    its widest arrangement and hold the window at it."""

    def __init__(self, buttons: list[QPushButton], parent=None):
        super().__init__(parent)
        self.buttons = buttons
        for b in buttons:
            b.setParent(self)
        self.columns = FEWEST

    def _cell(self) -> QSize:
        w = max(max(b.sizeHint().width(), b.minimumSizeHint().width()) for b in self.buttons)
        h = max(b.sizeHint().height() for b in self.buttons)
        return QSize(w, h)

    def _height(self, columns: int) -> int:
        rows = -(-len(self.buttons) // columns)
        return rows * self._cell().height() + (rows - 1) * GAP

    def minimumSizeHint(self) -> QSize:
        return QSize(FEWEST * self._cell().width() + (FEWEST - 1) * GAP, self._height(self.columns))

    def sizeHint(self) -> QSize:
        # two a row's width too: the window shares its width between the desk and the docks by
        # their hints, and four a row's would take the dice tray's room
        return self.minimumSizeHint()

    def _lay_out(self) -> None:
        cell = self._cell()
        columns = columns_for(self.width(), cell.width(), len(self.buttons))
        if columns != self.columns:
            self.columns = columns
            self.updateGeometry()  # its height: the box round it lays out again
        width = (self.width() - (columns - 1) * GAP) // columns
        for i, b in enumerate(self.buttons):
            row, col = divmod(i, columns)
            b.setGeometry(col * (width + GAP), row * (cell.height() + GAP), width, cell.height())

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._lay_out()

    def event(self, event) -> bool:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange, QEvent.Type.LayoutRequest):
            self.updateGeometry()
            self._lay_out()
        return super().event(event)
