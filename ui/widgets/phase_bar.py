"""The phase bar: whose turn and which part of it, what the table must do next, and the button
that moves the game on (it refuses, through the session, to skip a step that must be done).

Its colours are the palette's "panel" and its type the window's "phase" size, so it is the first
thing to grow with the text size and in table mode (ui/looks.py)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout

from .. import looks
from .steady import SteadyHeight


class PhaseBar(QFrame):
    advance = Signal(str)  # the input kind of the step the button stands for

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

    def set_phase(self, where: str, todo: list[str], button: str | None, kind: str = "") -> None:
        self.where.setText(where)
        self.next.setText("\n".join(todo) if todo else "")
        for label in self._steady:
            label.hold()
        self._kind = kind
        self.button.setVisible(button is not None)
        self.button.setText(button or "")

    def eventFilter(self, obj, event) -> bool:
        if obj is self.button and event.type() == QEvent.Type.FontChange:
            self._fit_button()
        return False

    def _fit_button(self) -> None:
        """The button grows with its type, so a larger text size never clips its words."""
        fm = self.button.fontMetrics()
        self.button.setMinimumWidth(max(170, fm.horizontalAdvance("n") * 18))
        self.button.setMinimumHeight(max(34, int(fm.height() * 1.8)))
