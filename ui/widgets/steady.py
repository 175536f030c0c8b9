"""Layouts that hold still from one click to the next.

A word-wrapped line whose words change with every input (what the table must do next, what a
hurricane would cost now) takes one line, then two, then one again. Each change moves everything
under it, and Qt lays out and paints a moved widget again whole: in Ab die Post! that was most of
the table on most clicks (docs/architecture.md, "Saving and speed"). A steady label keeps the
most lines it has needed since its width or its type last changed, so the table stops jumping.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QLabel


class SteadyHeight(QObject):
    """Keeps a label as tall as the most lines its words have needed at its width and type.
    Call ``hold()`` after setting its text."""

    def __init__(self, label: QLabel):
        super().__init__(label)
        self.label = label
        # the room kept for more lines goes under the words, not above and below them
        label.setAlignment((label.alignment() & ~Qt.AlignmentFlag.AlignVertical_Mask) | Qt.AlignmentFlag.AlignTop)
        label.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:
        kind = event.type()
        resized = kind == QEvent.Type.Resize and event.size().width() != event.oldSize().width()
        if (resized or kind in (QEvent.Type.FontChange, QEvent.Type.StyleChange)) and self.label.minimumHeight():
            self.label.setMinimumHeight(0)  # another width or type: its lines are counted afresh
        return False

    def hold(self) -> None:
        label = self.label
        if not label.isVisible():  # not laid out yet: its width is not the one it will have
            return
        need = label.heightForWidth(label.width()) if label.wordWrap() else label.sizeHint().height()
        if need > label.minimumHeight():
            label.setMinimumHeight(need)
