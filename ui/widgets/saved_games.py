"""The start page's list of saved games: every autosave with its game, title, players, local
time and length; open, rename or put one away. Built after the first frame (ui/widgets/start_page.py)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRect, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from companion.games import GAMES

from .. import looks
from ..palette import colour

COLUMNS = ("Game", "Title", "Players", "Saved", "Length")


class SavedGames(QWidget):
    open_saved = Signal(str)
    rename_saved = Signal(str)
    delete_saved = Signal(str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.rows: list = []
        self.heading = looks.text_size(QLabel("Saved games"), "heading")
        self.list = QTreeWidget()
        self.list.setColumnCount(len(COLUMNS))
        self.list.setHeaderLabels(COLUMNS)
        self.list.setRootIsDecorated(False)
        self.list.setAlternatingRowColors(True)
        self.list.setWordWrap(True)  # a long title wraps instead of ending in "…"
        self.list.setUniformRowHeights(False)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        head = self.list.header()
        head.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        head.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        head.setStretchLastSection(False)  # the title takes the room left, not the length
        # a tree measures a row one line high whatever its wrapping: each title is given the
        # height its wrapped lines need in the title's column, again when any column's width
        # changes (the stretched title's own width is redone inside the header's layout without
        # a signal of its own when the others grow to their contents: the title kept the height
        # of a wider column and ended in "…"), after the header has settled
        self._fit_due = False
        head.sectionResized.connect(lambda *_: self._fit_soon())
        head.geometriesChanged.connect(self._fit_soon)
        self.open_button = QPushButton("Open")
        self.rename_button = QPushButton("Rename\u2026")
        self.delete_button = QPushButton("Delete\u2026")
        self.delete_button.setToolTip("Put the saved game in the trash")
        buttons = QHBoxLayout()
        buttons.addWidget(self.heading, 1)
        for b in (self.open_button, self.rename_button, self.delete_button):
            buttons.addWidget(b)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addLayout(buttons)
        lay.addWidget(self.list, 1)
        self.list.itemSelectionChanged.connect(self._update_buttons)
        self.list.itemDoubleClicked.connect(lambda *_: self._emit(self.open_saved))
        self.open_button.clicked.connect(lambda: self._emit(self.open_saved))
        self.rename_button.clicked.connect(lambda: self._emit(self.rename_saved))
        self.delete_button.clicked.connect(lambda: self._emit(self.delete_saved))
        self._update_buttons()

    def set_rows(self, rows) -> None:
        chosen = self.selected()
        self.rows = list(rows)
        self.list.clear()
        for r in self.rows:
            info = GAMES.get(r.game)
            if r.problem:
                cells = ("Unreadable", f"Cannot be opened: {r.problem}", "", r.local_time if r.saved else "", "")
            else:
                cells = (info.title if info else r.game, r.title or "(untitled)", ", ".join(r.players),
                         r.local_time, f"{r.inputs} input{'s' if r.inputs != 1 else ''}")
            item = QTreeWidgetItem(list(cells))
            item.setData(0, Qt.ItemDataRole.UserRole, str(r.path))
            item.setToolTip(1, f"{cells[1]}\n{r.path}")
            if r.problem:
                item.setForeground(1, colour("danger"))
            self.list.addTopLevelItem(item)
            if str(r.path) == chosen:
                item.setSelected(True)
        if self.rows and not self.list.selectedItems():  # the newest game that opens
            first = next((i for i, r in enumerate(self.rows) if not r.problem), 0)
            self.list.topLevelItem(first).setSelected(True)
        self.setVisible(bool(self.rows))
        self._fit_titles()
        self._update_buttons()

    def _fit_soon(self) -> None:
        if not self._fit_due:
            self._fit_due = True
            QTimer.singleShot(0, self, self._fit_titles)

    def _fit_titles(self) -> None:
        self._fit_due = False
        width = self.list.header().sectionSize(1) - 8  # the cell's margins
        if width <= 0:
            return
        metrics = QFontMetrics(self.list.font())
        for i in range(self.list.topLevelItemCount()):
            item = self.list.topLevelItem(i)
            high = metrics.boundingRect(QRect(0, 0, width, 10_000), Qt.TextFlag.TextWordWrap, item.text(1)).height()
            if item.sizeHint(1).height() != high + 4:
                item.setSizeHint(1, QSize(width, high + 4))
        # room for the first few games whole, however tall their titles wrap (the page scrolls)
        rows = [self.list.sizeHintForRow(i) for i in range(min(3, self.list.topLevelItemCount()))]
        self.list.setMinimumHeight(self.list.header().sizeHint().height() + sum(rows) + 2 * self.list.frameWidth() + 2)

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:  # another text size: the titles wrap anew
            self._fit_titles()

    def selected(self) -> str | None:
        items = self.list.selectedItems()
        return items[0].data(0, Qt.ItemDataRole.UserRole) if items else None

    def select(self, path) -> None:
        for i in range(self.list.topLevelItemCount()):
            item = self.list.topLevelItem(i)
            item.setSelected(item.data(0, Qt.ItemDataRole.UserRole) == str(path))

    def _selected_row(self):
        path = self.selected()
        return next((r for r in self.rows if str(r.path) == path), None)

    def _update_buttons(self) -> None:
        r = self._selected_row()
        self.open_button.setEnabled(r is not None and not r.problem)
        self.rename_button.setEnabled(r is not None and not r.problem)
        self.delete_button.setEnabled(r is not None)

    def _emit(self, signal) -> None:
        path = self.selected()
        if path is not None and (signal is not self.open_saved or not self._selected_row().problem):
            signal.emit(path)
