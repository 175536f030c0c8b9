"""The end of a game: who won and why, the final scores with their breakdown, the evening's
figures, and what to do next (new game, rematch with the same players, export the log).

It shows a ``companion.core.result.FinalReport``; the game's rules decide everything on it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from .. import looks
from .columns import share_width


class ResultScreen(QFrame):
    new_game = Signal()
    rematch = Signal()
    export = Signal()
    back = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("resultScreen")
        looks.panel(self, "notice")
        self.headline = QLabel()
        looks.text_size(self.headline, "display")
        self.headline.setWordWrap(True)
        self.why = QLabel()
        self.why.setWordWrap(True)
        looks.text_size(self.why, "phase.next")
        self.scores = QTableWidget()
        self.scores.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.scores.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.scores.verticalHeader().hide()
        self.scores.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.scores.setSizeAdjustPolicy(QAbstractItemView.SizeAdjustPolicy.AdjustToContents)
        self.scores.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scores.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Maximum)
        self._sharer = share_width(self.scores)  # as wide as its figures, and no wider than the window
        looks.text_size(self.scores, "phase.next")
        self.figures = QLabel()
        self.figures.setWordWrap(True)
        self.figures.setTextFormat(Qt.TextFormat.PlainText)
        self.buttons = {key: QPushButton(text) for key, text in (
            ("new_game", "New game"), ("rematch", "Rematch (same players)"),
            ("export", "Export the log\u2026"), ("back", "Look at the board"))}
        row = QHBoxLayout()
        for b in self.buttons.values():
            b.setMinimumHeight(34)
            row.addWidget(b)
        row.addStretch(1)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(18, 14, 18, 14)
        lay.addWidget(self.headline)
        lay.addWidget(self.why)
        lay.addSpacing(6)
        lay.addWidget(self.scores)
        lay.addSpacing(6)
        lay.addWidget(self.figures)
        lay.addSpacing(10)
        lay.addLayout(row)
        lay.addStretch(1)
        for key, b in self.buttons.items():
            b.clicked.connect(getattr(self, key))
        self.hide()

    def show_result(self, result) -> None:
        self.headline.setText(result.headline)
        self.why.setText(result.why)
        cols = ("",) + tuple(result.columns)
        self.scores.setColumnCount(len(cols))
        self.scores.setRowCount(len(result.scores))
        self.scores.setHorizontalHeaderLabels([c.capitalize() for c in cols])
        for r, line in enumerate(result.scores):
            for c, text in enumerate((("\u2605 " if line.winner else "") + line.name,) + tuple(line.cells)):
                item = QTableWidgetItem(text)
                if c:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if line.winner:
                    f = item.font()
                    f.setBold(True)
                    item.setFont(f)
                self.scores.setItem(r, c, item)
        self.scores.horizontalHeader().setMinimumSectionSize(90)
        self._sharer.fit()  # also keeps the table as tall as its rows
        self.figures.setText("\n".join(f"{k}: {v}" for k, v in result.figures))
        self.setAccessibleName(f"Game over: {result.headline}")
        self.setAccessibleDescription(f"{result.headline}. {result.why}")
        self.show()
