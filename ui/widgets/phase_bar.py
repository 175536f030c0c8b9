"""The phase bar: whose turn and which part of it, what the table must do next, and the button
that moves the game on (it refuses, through the session, to skip a step that must be done).

Its colours are the palette's "panel" and its type the window's "phase" size, so it is the first
thing to grow with the text size and in table mode (ui/looks.py)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from .. import looks
from .steady import SteadyHeight


class PhaseBar(QFrame):
    advance = Signal(str)  # the input kind of the step the button stands for
    #: the most of the window's height the bar's words take before they step down in size
    SHARE = 0.34

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("phaseBar")
        looks.panel(self, "panel")
        lay = QHBoxLayout(self)
        lay.setContentsMargins(12, 8, 12, 8)
        col = QVBoxLayout()
        self.where = looks.text_size(QLabel(), "phase")
        self.where.setWordWrap(True)
        self.next = looks.text_size(QLabel(), "phase.next")
        self.next.setWordWrap(True)
        col.addWidget(self.where)
        col.addWidget(self.next)
        # the steps to do take one line, then three, then two: the bar keeps the most it has
        # needed, so the table under it does not move (and is not painted again) at each click
        self._steady = (SteadyHeight(self.where), SteadyHeight(self.next))
        lay.addLayout(col, 1)
        self.button = looks.text_size(QPushButton(), "phase.next")
        lay.addWidget(self.button)
        self._kind = ""
        self.button.clicked.connect(lambda: self.advance.emit(self._kind))
        self._fit_button()
        self.button.installEventFilter(self)
        self._fitting = False
        self._watched = None  # the window whose height the words are fitted to
        for label in (self.where, self.next):
            label.installEventFilter(self)

    def set_phase(self, where: str, todo: list[str], button: str | None, kind: str = "") -> None:
        self.where.setText(where)
        self.next.setText("\n".join(todo) if todo else "")
        for label in self._steady:
            label.hold()
        self._kind = kind
        self.button.setVisible(button is not None)
        self.button.setText(button or "")
        self._fit_type()

    def eventFilter(self, obj, event) -> bool:
        kind = event.type()
        if obj is self.button and kind == QEvent.Type.FontChange:
            self._fit_button()
            if not self._fitting:
                self._fit_type()
        elif kind == QEvent.Type.FontChange and obj in (self.where, self.next) and not self._fitting:
            self._fit_type()  # another text size or table mode: the full type is tried again
        elif obj is self._watched and kind == QEvent.Type.Resize:
            self._fit_type()
        return False

    def showEvent(self, event) -> None:
        super().showEvent(event)
        window = self.window()
        if window is not self._watched and window is not self:
            if self._watched is not None:
                self._watched.removeEventFilter(self)
            self._watched = window
            window.installEventFilter(self)
        self._fit_type()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._fit_type()

    def _fit_type(self) -> None:
        """The words at their size (table mode's two-metre type at the larger text size) unless,
        in table mode, they would take more than SHARE of the window's height: then they step down
        together, never under the heading size, so the bar never clips its own words nor pushes
        the board out of sight."""
        window = self._watched
        if self._fitting or window is None or not self.isVisible():
            return
        self._fitting = True
        try:
            full = {self.where: looks.LOOKS.points("phase"), self.next: looks.LOOKS.points("phase.next"),
                    self.button: looks.LOOKS.points("phase.next")}
            least = looks.LOOKS.points("heading")
            kept = self.button.isVisible() or self.button.sizePolicy().retainSizeWhenHidden()
            scale = 1.0
            while True:
                for label, points in full.items():
                    _point_size(label, max(least, points * scale))
                # the button steps down with the words: it grows with its type (_fit_button)
                button = max(self.button.minimumWidth(), self.button.sizeHint().width()) + 6 if kept else 0
                room = self.contentsRect().width() - 24 - button
                if not looks.LOOKS.table_mode or room <= 0 or self._words_height(room) <= self.SHARE * window.height() or \
                        all(max(least, p * scale) <= least for p in full.values()):
                    break
                scale *= 0.9
        finally:
            self._fitting = False

    def _words_height(self, width: int) -> int:
        high = [label.heightForWidth(width) for label in (self.where, self.next) if label.text()]
        return sum(high) + 16 + 6 * (len(high) - 1)

    def _fit_button(self) -> None:
        """The button grows with its type, so a larger text size never clips its words."""
        fm = self.button.fontMetrics()
        self.button.setMinimumWidth(max(170, fm.horizontalAdvance("n") * 18))
        self.button.setMinimumHeight(max(34, int(fm.height() * 1.8)))


def _point_size(label: QWidget, points: float) -> None:
    points = round(points, 1)
    if abs(label.font().pointSizeF() - points) > 0.05:
        font = QFont(label.font())
        font.setPointSizeF(points)
        label.setFont(font)
