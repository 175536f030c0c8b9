"""The announcement: what the last roll, draw or decision did, in the rules' own words, in type
as large as the phase bar's, so the table reads it from across the room.

It shows ``Entry.said`` (the same words end the log line) for a few seconds or until the next
input, whichever comes first, and hands the same words to screen readers through the widget's
accessible name and description. Shared by the four games; it knows none of them.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAccessible, QAccessibleEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton

from .. import looks

#: How long an announcement stays up when no other input comes first.
SHOW_MS = 6000
#: The sizes an announcement steps down through to fit its slot, the phase bar's first; in table
#: mode the bar's step line ("phase.next") comes next, larger there than a title.
FIT_SIZES = ("phase", "title", "heading", None)
TABLE_FIT_SIZES = ("phase", "phase.next", "title", "heading", None)


class Announcement(QFrame):
    #: it asks nothing of the table: where it is drawn over the board (table mode), a click
    #: goes through it to the button under it (ui/widgets/notices.py)
    passes_clicks = True
    #: floating (table mode) it may rise over the table to keep a large type (ui/widgets/notices.py)
    grows = True

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("announcement")
        looks.panel(self, "info")
        self.setAccessibleName("Announcement")
        lay = QHBoxLayout(self)
        lay.setContentsMargins(14, 8, 8, 8)
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.PlainText)  # the words are never read as markup
        looks.text_size(self.text, "phase")  # as large as the phase bar, and grows with it
        self.close_button = QPushButton("\u2715")
        self.close_button.setFlat(True)
        self.close_button.setToolTip("Hide the announcement")
        self.close_button.setAccessibleName("Hide the announcement")
        lay.addWidget(self.text, 1)
        lay.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self.clear)
        self.close_button.clicked.connect(self.clear)
        self.hide()

    def announce(self, words: str, ms: int = SHOW_MS) -> None:
        """Show ``words`` (sentences joined by ". ") until ``ms`` pass or the next input."""
        if not words:
            self.clear()
            return
        self.text.setText(words)  # one paragraph: a name such as "Maj. Gen. Meade" is never split
        short = words if len(words) <= 80 else words[:79].rsplit(" ", 1)[0] + "\u2026"
        self.setAccessibleName(f"Announcement: {short}")
        self.setAccessibleDescription(words)
        self.show()
        QAccessible.updateAccessibility(QAccessibleEvent(self, QAccessible.Event.Alert))
        self.timer.start(ms)

    def fit_height(self, room: int, wide: int) -> None:
        """The largest of the phase bar's and smaller sizes whose wrapped words fit ``room``
        pixels of height, the announcement ``wide`` pixels wide (the slot it shows in keeps its
        height: ui/widgets/notices.py)."""
        width = self._text_width(wide)
        fitted = (self.text.text(), width, room, looks.LOOKS.points("phase"))
        if fitted == getattr(self, "_fitted", None):
            return  # stepping the size down asks the slot for a new layout: once is enough
        self._fitted = fitted
        for size in TABLE_FIT_SIZES if looks.LOOKS.table_mode else FIT_SIZES:
            looks.text_size(self.text, size)
            if self.text.heightForWidth(width) <= room:
                return

    def words_height(self, wide: int) -> int:
        """The height its words take in their present size, the announcement ``wide`` pixels wide."""
        return self.text.heightForWidth(self._text_width(wide))

    def _text_width(self, wide: int) -> int:
        m = self.layout().contentsMargins()
        # the close button's room is kept whether it shows or not: the words' width never
        # changes with it, so neither does the size they were fitted in
        return max(50, wide - m.left() - m.right() - self.layout().spacing()
                   - self.close_button.sizeHint().width() - 2 * self.frameWidth())

    def let_clicks_through(self, on: bool) -> None:
        """Drawn over the board, clicks go through it (ui/widgets/notices.py): its close button
        then goes too, since a click on it would reach the board under it."""
        self.close_button.setVisible(not on)
        self._passing = on

    def mousePressEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """A click on it (where it takes clicks) hides it: risen over the table in table mode it
        has no close button, and what it covers shows again at once."""
        if getattr(self, "_passing", False):
            super().mousePressEvent(event)
            return
        event.accept()
        self.clear()

    def least_height(self) -> int:
        """The height its close button and frame take whatever its words (the slot reserves at
        least this: a one-line announcement never scrolls for a button taller than its line)."""
        m = self.layout().contentsMargins()
        button = max(self.close_button.sizeHint().height(), self.close_button.minimumSizeHint().height())
        return button + m.top() + m.bottom() + 2 * self.frameWidth()

    def clear(self) -> None:
        self.timer.stop()
        self.text.setText("")
        self.setAccessibleName("Announcement")
        self.setAccessibleDescription("")
        self.hide()

    @property
    def words(self) -> str:
        return self.accessibleDescription()
