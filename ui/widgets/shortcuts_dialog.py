"""Help > Keyboard shortcuts: every key and what it does, read at a glance at any text size.

A message box set a table of keys in a box of its own fixed width, so at the larger type the
action words broke over lines ("Open / record...") and the box grew taller than a 720-pixel
screen. Here each row is one line, its keys whole and joined by "or", and the list scrolls
rather than leave the screen."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QGridLayout,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from .. import looks

#: between a row's keys: a key's own "+" and "-" never read as the join
KEYS_JOINED = "  or  "
#: the share of the screen's height the dialog may take before its list scrolls
SCREEN_SHARE = 0.85


class ShortcutsDialog(QDialog):
    def __init__(self, rows: list[tuple[tuple[str, ...], str]], parent=None):
        super().__init__(parent)
        self.setWindowTitle("Keyboard shortcuts")
        self.rows = rows
        inner = QWidget()
        grid = QGridLayout(inner)
        grid.setHorizontalSpacing(looks.LOOKS.points() * 2)
        grid.setVerticalSpacing(looks.LOOKS.points() * 0.8)
        self.key_labels: list[QLabel] = []
        self.what_labels: list[QLabel] = []
        for i, (keys, what) in enumerate(rows):
            key = looks.bold(QLabel(KEYS_JOINED.join(keys)))
            key.setTextFormat(Qt.TextFormat.PlainText)
            doing = QLabel(what)
            doing.setTextFormat(Qt.TextFormat.PlainText)
            grid.addWidget(key, i, 0, Qt.AlignmentFlag.AlignTop)
            grid.addWidget(doing, i, 1, Qt.AlignmentFlag.AlignTop)
            self.key_labels.append(key)
            self.what_labels.append(doing)
        grid.setColumnStretch(1, 1)
        self.list = QScrollArea()
        self.list.setWidget(inner)
        self.list.setWidgetResizable(True)
        self.list.setFrameShape(QFrame.Shape.NoFrame)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(self.list)
        lay.addWidget(buttons)
        self._size_to(inner)

    def _size_to(self, inner: QWidget) -> None:
        """As wide as its widest line (with room for the scroll bar) and as tall as its list, up
        to a share of the screen it opens on."""
        want = inner.sizeHint()
        bar = self.list.verticalScrollBar().sizeHint().width()
        self.list.setMinimumWidth(want.width() + bar)
        screen = (self.parentWidget() or self).screen().availableGeometry()
        room = int(screen.height() * SCREEN_SHARE) - self.layout().sizeHint().height() + self.list.sizeHint().height()
        self.list.setMinimumHeight(max(0, min(want.height(), room)))

    def text(self) -> str:
        """Every key and action as shown, one row a line (what a test or a screen reader reads)."""
        return "\n".join(f"{' / '.join(keys)}: {what}" for keys, what in self.rows)
