"""The game log: every input in words, numbered; overrides marked; undone steps struck through.
A long line wraps at the log's width: the log never scrolls sideways."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QRect, QStringListModel, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QFont, QPalette, QTextBlockFormat, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QFrame, QPlainTextEdit, QToolTip, QVBoxLayout, QWidget

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
            # the words and the rules an override broke, with their reasons
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


class LogView(QPlainTextEdit):
    """The log's lines as wrapped paragraphs, one a row of ``LogModel``, kept in step with the
    model's signals: a new row is one paragraph added at the end, a restyled row (an undo, a
    redo) one paragraph formatted again. A plain text view lays out only what it shows, so a
    long evening's log costs no more a change than a short one's, and wrapping costs nothing
    for the lines out of sight (a list view would measure every row of the log again)."""

    clicked = Signal(QModelIndex)
    relaid = Signal()

    def __init__(self, model: LogModel, parent=None):
        super().__init__(parent)
        self._model = model
        self.rebuilding = False  # (the scroll bar's moves while every row is laid again are no reader's)
        self.setReadOnly(True)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.viewport().setCursor(Qt.CursorShape.ArrowCursor)
        self.setAccessibleName("Game log")
        model.modelReset.connect(self._rebuild)
        model.rowsInserted.connect(lambda _p, first, last: self._append(first, last))
        model.dataChanged.connect(lambda top, bottom, *_r: self._restyle(top.row(), bottom.row()))
        self._rebuild()

    def model(self) -> LogModel:
        return self._model

    def wordWrap(self) -> bool:  # as a list view says it (tests/ui/test_no_clipping.py asks)
        return self.lineWrapMode() != QPlainTextEdit.LineWrapMode.NoWrap

    def _formats(self, row: int) -> tuple[QTextBlockFormat, QTextCharFormat]:
        index = self._model.index(row)
        block = QTextBlockFormat()
        if row % 2:  # every other line shaded, as a list's rows are, so a wrapped line reads as one
            block.setBackground(self.palette().brush(QPalette.ColorRole.AlternateBase))
        char = QTextCharFormat()
        brush = index.data(Qt.ItemDataRole.ForegroundRole)
        if brush is not None:  # else the palette's text colour, whatever the colours are then
            char.setForeground(brush)
        font = index.data(Qt.ItemDataRole.FontRole)
        char.setFontStrikeOut(bool(font is not None and font.strikeOut()))
        return block, char

    def _rebuild(self) -> None:
        """Every row again; a reader scrolled up stays at the same row, one at the end stays there."""
        bar = self.verticalScrollBar()
        value, at_end = bar.value(), bar.value() >= bar.maximum()
        self.rebuilding = True
        try:
            self.document().clear()
            self._append(0, self._model.rowCount() - 1)
        finally:
            self.rebuilding = False
        bar.setValue(bar.maximum() if at_end else value)

    def _append(self, first: int, last: int) -> None:
        if last < first:
            return
        cursor = QTextCursor(self.document())
        cursor.movePosition(QTextCursor.MoveOperation.End)
        cursor.beginEditBlock()
        for row in range(first, last + 1):
            block, char = self._formats(row)
            if row:
                cursor.insertBlock(block, char)
            else:
                cursor.setBlockFormat(block)
                cursor.setBlockCharFormat(char)
            cursor.insertText(self._model.index(row).data(), char)
        cursor.endEditBlock()

    def _restyle(self, top: int, bottom: int) -> None:
        for row in range(top, bottom + 1):
            found = self.document().findBlockByNumber(row)
            if not found.isValid():
                continue
            block, char = self._formats(row)
            cursor = QTextCursor(found)
            cursor.setBlockFormat(block)
            cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor)
            cursor.setCharFormat(char)

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._rebuild()  # the shading and the marks in the new colours
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.FontChange):
            self.relaid.emit()  # (its lines laid out again: the log keeps its newest in sight)

    def visualRect(self, index) -> QRect:
        """Where row ``index`` is drawn in the viewport (as a list view would say)."""
        block = self.document().findBlockByNumber(index.row())
        if not block.isValid():
            return QRect()
        return self.blockBoundingGeometry(block).translated(self.contentOffset()).toRect()

    def index_at(self, pos) -> QModelIndex:
        row = self.cursorForPosition(pos).blockNumber()
        return self._model.index(row) if 0 <= row < self._model.rowCount() else QModelIndex()

    def mouseReleaseEvent(self, event) -> None:
        super().mouseReleaseEvent(event)
        if event.button() == Qt.MouseButton.LeftButton:
            index = self.index_at(event.position().toPoint())
            if index.isValid():
                self.clicked.emit(index)

    def viewportEvent(self, event) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            index = self.index_at(event.pos())
            tip = index.data(Qt.ItemDataRole.ToolTipRole) if index.isValid() else None
            if tip:
                QToolTip.showText(event.globalPos(), tip, self.viewport())
            else:
                QToolTip.hideText()
            return True
        return super().viewportEvent(event)


class GameLog(QWidget):
    rule_requested = Signal(str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.model = LogModel(self)
        self.view = LogView(self.model)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.view)
        self.view.clicked.connect(self._activated)
        # the newest line stays in sight while the log is at its bottom, whatever changes its
        # room (rows grown with the text size, the dock squeezed); scrolled up, it stays put
        self._follow = True
        self._rows_kept = 0
        self._tail = QTimer(self, singleShot=True, interval=0)
        self._tail.timeout.connect(self._to_tail)
        self.view.relaid.connect(self._relaid)
        bar = self.view.verticalScrollBar()
        bar.valueChanged.connect(self._scrolled)
        bar.rangeChanged.connect(self._range_changed)

    def set_journal(self, journal) -> None:
        self.model.set_journal(journal)
        bar = self.view.verticalScrollBar()
        bar.setValue(bar.maximum())

    def keep_rows(self, rows: int) -> None:
        """Ask for room for ``rows`` lines of the log's type (a wrapped line takes two of them)."""
        self._rows_kept = rows
        view = self.view
        line = view.fontMetrics().lineSpacing()
        margin = 2 * view.document().documentMargin()
        self.setMinimumHeight(int(line * rows + margin + 2 * view.frameWidth() + 2))

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange and self._rows_kept:  # rows grown with the type
            self.keep_rows(self._rows_kept)

    def _relaid(self) -> None:
        if self._follow:
            self._to_tail()
            self._tail.start()  # and again once the dock has grown to its new least height

    def _to_tail(self) -> None:
        """The newest line in sight, laid out in the type the view has now (its scroll range
        is brought up to date by the end being made visible)."""
        if not self._follow:
            return
        view = self.view
        cursor = view.textCursor()
        cursor.movePosition(QTextCursor.MoveOperation.End)
        view.setTextCursor(cursor)
        view.ensureCursorVisible()
        bar = view.verticalScrollBar()
        bar.setValue(bar.maximum())

    def _scrolled(self, value: int) -> None:
        if not self.view.rebuilding:
            self._follow = value >= self.view.verticalScrollBar().maximum()

    def _range_changed(self, _low: int, high: int) -> None:
        if self._follow:
            self.view.verticalScrollBar().setValue(high)

    def _activated(self, index) -> None:
        rule = index.data(RuleRole)
        if rule:
            self.rule_requested.emit(rule)
