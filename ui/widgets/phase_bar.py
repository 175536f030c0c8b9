"""The phase bar: whose turn and which part of it, what the table must do next, and the button
that moves the game on (it refuses, through the session, to skip a step that must be done)."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout


class PhaseBar(QFrame):
    advance = Signal(str)  # the input kind of the step the button stands for

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("phaseBar")
        self.setStyleSheet("#phaseBar { background: #f3f0e8; border: 1px solid #d8d0bc; border-radius: 6px; }")
        lay = QHBoxLayout(self)
        lay.setContentsMargins(12, 8, 12, 8)
        col = QVBoxLayout()
        self.where = QLabel()
        self.where.setStyleSheet("font-size: 16px; font-weight: 600;")
        self.next = QLabel()
        self.next.setWordWrap(True)
        col.addWidget(self.where)
        col.addWidget(self.next)
        lay.addLayout(col, 1)
        self.button = QPushButton()
        self.button.setMinimumWidth(170)
        self.button.setMinimumHeight(34)
        lay.addWidget(self.button)
        self._kind = ""
        self.button.clicked.connect(lambda: self.advance.emit(self._kind))

    def set_phase(self, where: str, todo: list[str], button: str | None, kind: str = "") -> None:
        self.where.setText(where)
        self.next.setText("\n".join(todo) if todo else "")
        self._kind = kind
        self.button.setVisible(button is not None)
        self.button.setText(button or "")
