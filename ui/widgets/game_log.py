"""The game log: every input in words, numbered; overrides marked; undone steps struck through."""

from __future__ import annotations

from PySide6.QtCore import QAbstractListModel, QModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QListView, QVBoxLayout, QWidget

RuleRole = Qt.ItemDataRole.UserRole + 1


class LogModel(QAbstractListModel):
    """A thin adapter over the session's journal (plain Python list of JournalLine)."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self._lines: list = []
        self._undone: set[int] = set()

    def set_journal(self, journal) -> None:
        self.beginResetModel()
        self._lines = [line for line in journal if line.event != "redo"]
        # an input line whose entry was later undone (and not redone) is shown struck through
        live: dict[int, int] = {}
        self._undone = set()
        for i, line in enumerate(journal):
            if line.event == "input" or line.event == "redo":
                live[line.entry.number] = i
            elif line.event == "undo":
                live.pop(line.entry.number, None)
        keep = {id(journal[i].entry) for i in live.values()}
        self._undone = {i for i, line in enumerate(self._lines)
                        if line.event == "input" and id(line.entry) not in keep}
        self.endResetModel()

    def rowCount(self, parent=QModelIndex()):
        return 0 if parent.isValid() else len(self._lines)

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not 0 <= index.row() < len(self._lines):
            return None
        line = self._lines[index.row()]
        entry = line.entry
        undone = index.row() in self._undone
        if role == Qt.ItemDataRole.DisplayRole:
            if line.event == "undo":
                return f"      \u21b6 undone: {entry.text}"
            mark = ""
            if entry.violations:
                mark = "  \u2691 overridden: " + ", ".join(v.rule for v in entry.violations)
            return f"{entry.number:3d}. {entry.text}{mark}"
        if role == Qt.ItemDataRole.ToolTipRole:
            if entry.violations:
                return "\n".join(f"{v.rule}: {v.reason}" for v in entry.violations)
            return None
        if role == Qt.ItemDataRole.ForegroundRole:
            if line.event == "undo" or undone:
                return QBrush(QColor("#8a8a8a"))
            if entry.violations:
                return QBrush(QColor("#9a5b00"))
            return None
        if role == Qt.ItemDataRole.FontRole and undone:
            f = QFont()
            f.setStrikeOut(True)
            return f
        if role == RuleRole:
            return entry.violations[0].rule if entry.violations else None
        return None


class GameLog(QWidget):
    rule_requested = Signal(str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.model = LogModel(self)
        self.view = QListView()
        self.view.setModel(self.model)
        self.view.setAlternatingRowColors(True)
        self.view.setWordWrap(True)
        self.view.setUniformItemSizes(False)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.view)
        self.view.activated.connect(self._activated)
        self.view.clicked.connect(self._activated)

    def set_journal(self, journal) -> None:
        self.model.set_journal(journal)
        self.view.scrollToBottom()

    def _activated(self, index) -> None:
        rule = index.data(RuleRole)
        if rule:
            self.rule_requested.emit(rule)
