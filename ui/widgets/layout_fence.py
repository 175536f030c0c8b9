"""A container that keeps its child's re-layouts from re-laying out the whole window.

Qt passes every re-layout up to the window: a label given new words lays out its parent again,
and each layout activated asks its own parent for a new layout too, whether its sizes changed
or not, up to the main window (its docks, the menu bar, the central widget), every input. The
fence has no layout of its own: its child fills it, and a re-layout of the child goes further up
only when the child no longer fits the room it has: its least size (``minimumSizeHint`` or an
explicit minimum) grew past the fence's size, its greatest shrank below it, or an explicit
minimum or maximum was set. Its preferred size (``sizeHint``) is not watched: a main window lays
out its central widget and its docks in the room they hold (the window's size, the docks'
separators), asking a preferred size only before the first layout.

The window asks the fence for its child's sizes as they are now, so a layout the window makes
for any other reason (the player resizing it) uses the child's newest least size; and a fence
made smaller than its child's least size passes that on at once, so the window grows back.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize
from PySide6.QtWidgets import QWidget


class LayoutFence(QWidget):
    def __init__(self, child: QWidget, parent=None):
        super().__init__(parent)
        self.child = child
        child.setParent(self)
        self.setSizePolicy(child.sizePolicy())
        self._explicit = (QSize(), QSize())
        self._mirror()
        #: the times a re-layout of the child was passed on to the window (tests count them)
        self.passed_on = 0

    def _mirror(self) -> bool:
        """Take the child's explicit least and greatest sizes; True when they changed."""
        explicit = (self.child.minimumSize(), self.child.maximumSize())
        if explicit == self._explicit:
            return False
        self._explicit = explicit
        self.setMinimumSize(explicit[0])
        self.setMaximumSize(explicit[1])
        return True

    def _fits(self) -> bool:
        least, most, size = self.child.minimumSizeHint(), self.child.maximumSize(), self.size()
        return (least.width() <= size.width() and least.height() <= size.height()
                and most.width() >= size.width() and most.height() >= size.height())

    def sizeHint(self) -> QSize:
        return self.child.sizeHint()

    def minimumSizeHint(self) -> QSize:
        return self.child.minimumSizeHint()

    def hasHeightForWidth(self) -> bool:
        return self.child.hasHeightForWidth()

    def heightForWidth(self, width: int) -> int:
        return self.child.heightForWidth(width)

    def _pass_on(self) -> None:
        self.passed_on += 1
        self.updateGeometry()

    def resizeEvent(self, event) -> None:
        self.child.setGeometry(self.rect())
        if self.isVisible() and not self._fits():
            self._pass_on()

    def event(self, event) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:
            if self._mirror() or not self._fits():
                self._pass_on()
            self.child.setGeometry(self.rect())
            return True
        return super().event(event)
