"""The game log: every input in words, numbered; overrides marked; undone steps struck through."""

from __future__ import annotations

from PySide6.QtCore import QStringListModel, Qt, Signal
from PySide6.QtGui import QBrush, QFont
from PySide6.QtWidgets import QListView, QVBoxLayout, QWidget

from .. import palette

RuleRole = Qt.ItemDataRole.UserRole + 1


class LogModel(QStringListModel):
    """A thin adapter over the session's journal (plain Python list of JournalLine).

    The journal only grows, so after the first reset each change appends the new lines' rows
    and restyles the one row an undo or redo touched: the cost of a change does not grow with
    the game. A journal that is not the one seen before (another game) resets the model.

    Qt keeps the count of rows (the base is a list model whose strings go unused): a list view
    lays out every row after an insert and asks the model's ``rowCount`` for each, which from
    Python cost milliseconds a change in a long evening. ``data`` answers from the journal, and
    Qt asks it only for the rows on screen.
    """

    def __init__(self, parent=None):
        super().__init__(parent)
        self._lines: list = []
        self._undone: set[int] = set()
        #: the row of each input line, by the identity of its entry (undo and redo restyle it)
        self._row_of: dict[int, int] = {}
        self._journal = None
        self._seen = 0
        self._last = None
        self._brushes: dict[tuple[str, str], QBrush] = {}
        self._struck = QFont()
        self._struck.setStrikeOut(True)

    def _brush(self, name: str) -> QBrush:
        """A palette colour's brush, made once per colour set (rows repaint often)."""
        key = (name, palette.scheme())
        if key not in self._brushes:
            self._brushes[key] = QBrush(palette.colour(name))
        return self._brushes[key]

    def set_journal(self, journal) -> None:
        """Show ``journal``: only its new lines when it is the journal shown before, grown."""
        seen = self._seen
        if journal is self._journal and seen <= len(journal) and (
                seen == 0 or journal[seen - 1] is self._last):
            self._append(journal, seen)
            return
        self._lines, self._undone, self._row_of = [], set(), {}
        for line in journal:
            self._take(line)
        self._journal, self._seen = journal, len(journal)
        self._last = journal[-1] if journal else None
        self.setStringList([""] * len(self._lines))  # a reset

    def _append(self, journal, start: int) -> None:
        for i in range(start, len(journal)):
            line = journal[i]
            if line.event == "redo":
                touched = self._take(line)
            else:
                touched = self._take(line)
                self.insertRows(len(self._lines) - 1, 1)  # begin/endInsertRows
            if touched is not None:
                idx = self.index(touched)
                self.dataChanged.emit(idx, idx)
            self._seen, self._last = i + 1, line

    def _take(self, line) -> int | None:
        """Add ``line`` to the rows; the row of an earlier line it restyled, if any."""
        key = id(line.entry)
        if line.event == "redo":  # not a row of its own: its input line is live again
            row = self._row_of.get(key)
            if row is None or row not in self._undone:
                return None
            self._undone.discard(row)
            return row
        self._lines.append(line)
        if line.event == "input":
            self._row_of[key] = len(self._lines) - 1
            return None
        row = self._row_of.get(key)  # an undo: its input line is struck through
        if row is not None:
            self._undone.add(row)
        return row

    def flags(self, index):
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren

    def setData(self, index, value, role=Qt.ItemDataRole.EditRole):
        return False  # the log is read-only: it is the session's

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not 0 <= index.row() < len(self._lines):
            return None
        line = self._lines[index.row()]
        entry = line.entry
        if role == Qt.ItemDataRole.DisplayRole:
            return _words(line)
        if role == Qt.ItemDataRole.ToolTipRole:
            # rows are one line high (uniform, so a long log scrolls fast): the tip has it all
            why = "".join(f"\n{v.rule}: {v.reason}" for v in entry.violations)
            return _words(line).strip() + why
        undone = index.row() in self._undone
        if role == Qt.ItemDataRole.ForegroundRole:
            if line.event == "undo" or undone:
                return self._brush("muted")
            if entry.violations:
                return self._brush("warning")
            return None
        if role == Qt.ItemDataRole.FontRole and undone:
            return self._struck
        if role == RuleRole:
            return entry.violations[0].rule if entry.violations else None
        return None


def _words(line) -> str:
    entry = line.entry
    if line.event == "undo":
        return f"      \u21b6 undone: {entry.text}"
    mark = ""
    if entry.violations:
        mark = "  \u2691 overridden: " + ", ".join(v.rule for v in entry.violations)
    return f"{entry.number:3d}. {entry.text}{mark}"


class GameLog(QWidget):
    rule_requested = Signal(str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.model = LogModel(self)
        self.view = QListView()
        self.view.setModel(self.model)
        self.view.setAlternatingRowColors(True)
        # one line a row, all alike: the view then never measures every row of a long log
        self.view.setUniformItemSizes(True)
        self.view.setWordWrap(False)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.view)
        self.view.activated.connect(self._activated)
        self.view.clicked.connect(self._activated)
        # the newest line stays in sight while the log is at its bottom, whatever changes its
        # room (rows grown with the text size, the dock squeezed); scrolled up, it stays put
        self._follow = True
        self._rows_kept = 0
        bar = self.view.verticalScrollBar()
        bar.valueChanged.connect(self._scrolled)
        bar.rangeChanged.connect(self._range_changed)

    def set_journal(self, journal) -> None:
        self.model.set_journal(journal)
        self.view.scrollToBottom()
        if self._rows_kept:
            self.keep_rows(self._rows_kept)  # the first rows tell the row's real height

    def keep_rows(self, rows: int) -> None:
        """Ask for room for ``rows`` whole lines (and the sideways scroll bar), measured from a
        row as the view draws it, or from the view's type while the log is empty."""
        self._rows_kept = rows
        view = self.view
        row = view.sizeHintForRow(0) if self.model.rowCount() else -1
        row = max(row, view.fontMetrics().lineSpacing() + 4)
        bar = view.horizontalScrollBar().sizeHint().height()
        self.setMinimumHeight(row * rows + bar + 2 * view.frameWidth() + 2)

    def _scrolled(self, value: int) -> None:
        self._follow = value >= self.view.verticalScrollBar().maximum()

    def _range_changed(self, _low: int, high: int) -> None:
        if self._rows_kept:  # the rows may have grown with the type after they were measured
            self.keep_rows(self._rows_kept)
        if self._follow:
            self.view.verticalScrollBar().setValue(high)

    def _activated(self, index) -> None:
        rule = index.data(RuleRole)
        if rule:
            self.rule_requested.emit(rule)
