"""Item models for the Postman table: the units of a town (ticked to move or to lose) and the
fighters of a battle. Thin adapters over plain lists the screen builds from the state."""

from __future__ import annotations

from dataclasses import dataclass
from difflib import SequenceMatcher

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtGui import QBrush

from ..palette import colour, scheme
from ..widgets.row_model import RowTableModel

IdRole = Qt.ItemDataRole.UserRole + 1
#: the roles a cell answers, as the plain numbers Qt asks with
DISPLAY, TIP, CHECK, FOREGROUND, ID = (int(r) for r in (
    Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.CheckStateRole,
    Qt.ItemDataRole.ForegroundRole, IdRole))
SIDE_TEXT = {"postmen": "side.postmen", "holnists": "side.holnists"}


@dataclass(frozen=True)
class Row:
    id: str                 # a unit id, or "militia" (several rows may share it)
    cells: tuple[str, ...]
    side: str
    checkable: bool = True
    tip: str = ""


class CheckTable(RowTableModel):
    """Rows with a tick box in the first column; ``checked()`` lists the ticked ids.

    A row's answers are kept until the row, its tick or the colours change (#12): the view asks
    every cell for a dozen roles each time it paints or measures a row, and a late game's Post
    Town shows forty rows that an end of phase all changes, which asked Python some 2,400 times
    a click at 5,000 inputs."""

    ticks_changed = Signal()

    def __init__(self, headers: tuple[str, ...], parent=None):
        super().__init__(parent)
        self.headers = headers
        self.ticks: list[bool] = []
        #: per row, (column, role) -> its answer (None: nothing kept for the row)
        self._kept: list[dict | None] = []
        self._kept_in = scheme()  # the colour set the kept brushes are in
        self._brushes: dict[str, QBrush] = {}

    def set_headers(self, headers: tuple[str, ...]) -> None:
        """New headings over as many columns (the battle's attack dice, or the duel)."""
        if headers != self.headers:
            self.headers = headers
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(headers) - 1)

    def set_rows(self, rows: list[Row], ticked=()) -> None:
        """New rows, ``ticked`` by id. The same units as before (a battle's roll changed only
        their hit targets) redraw only the rows that differ, so the view keeps its measured rows
        and column widths; units that came or went are rows inserted and removed (_follow)."""
        rows, ticked = list(rows), list(ticked)
        ticks = []
        for r in rows:
            on = r.checkable and r.id in ticked
            if on:
                ticked.remove(r.id)
            ticks.append(on)
        ids, now = [r.id for r in rows], [r.id for r in self.rows]
        if ids != now:
            if len(set(ids)) < len(ids) or len(set(now)) < len(now):  # (ids that repeat: no way to match rows)
                self.beginResetModel()
                self.rows, self.ticks = rows, ticks
                self._kept = [None] * len(rows)
                self.endResetModel()
                self.ticks_changed.emit()
                return
            self._follow(ids, rows, ticks)
        followed = ids != now
        changed = [i for i, (a, b, x, y) in enumerate(zip(self.rows, rows, self.ticks, ticks, strict=True))
                   if a != b or x != y]
        self.rows, self.ticks = rows, ticks
        for i in changed:
            self._kept[i] = None
        if changed:  # one span: each signal has the view share its columns and measure its rows
            # again (an end of phase changed every row of a forty-unit town: forty fits, 20 ms)
            self.dataChanged.emit(self.index(changed[0], 0), self.index(changed[-1], len(self.headers) - 1))
        if changed or followed:
            self.ticks_changed.emit()

    def _follow(self, ids: list, rows: list[Row], ticks: list[bool]) -> None:
        """Remove the rows whose units left and insert the new ones where they go, the rest kept
        (a unit moved away or arrived: the view measures the new rows only, where a reset had it
        measure every row and column again). Rows kept are brought up to date by the caller."""
        ops = SequenceMatcher(a=[r.id for r in self.rows], b=ids, autojunk=False).get_opcodes()
        for tag, i1, i2, j1, j2 in reversed(ops):  # from the end: the earlier indices stay true
            if tag in ("delete", "replace"):
                self.beginRemoveRows(QModelIndex(), i1, i2 - 1)
                del self.rows[i1:i2], self.ticks[i1:i2], self._kept[i1:i2]
                self.endRemoveRows()
            if tag in ("insert", "replace"):
                self.beginInsertRows(QModelIndex(), i1, i1 + j2 - j1 - 1)
                self.rows[i1:i1] = rows[j1:j2]
                self.ticks[i1:i1] = ticks[j1:j2]
                self._kept[i1:i1] = [None] * (j2 - j1)
                self.endInsertRows()

    def checked(self) -> list[str]:
        return [r.id for r, on in zip(self.rows, self.ticks, strict=True) if on]

    def set_checked(self, ids) -> None:
        ids = list(ids)
        for i, r in enumerate(self.rows):
            on = r.checkable and r.id in ids
            if on:
                ids.remove(r.id)
            self.ticks[i] = on
        self._kept = [None] * len(self.rows)
        if self.rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self.rows) - 1, 0),
                                  [Qt.ItemDataRole.CheckStateRole])
        self.ticks_changed.emit()

    def flags(self, index):
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        f = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() == 0 and self.rows[index.row()].checkable:
            f |= Qt.ItemFlag.ItemIsUserCheckable
        return f

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        r, c = index.row(), index.column()
        if not (0 <= r < len(self.rows) and 0 <= c < len(self.headers)):
            return None
        if self._kept_in != scheme():  # the brushes are in the other colour set
            self._kept_in, self._brushes = scheme(), {}
            self._kept = [None] * len(self.rows)
        kept = self._kept[r]
        if kept is None:
            kept = self._kept[r] = {}
        key = (c, int(role))
        try:
            return kept[key]
        except KeyError:
            said = kept[key] = self._answer(r, c, key[1])
            return said

    def _answer(self, r: int, c: int, role: int):
        row = self.rows[r]
        if role == DISPLAY:
            return row.cells[c] if c < len(row.cells) else ""
        if role == TIP:
            return row.tip or None
        if role == ID:
            return row.id
        if role == CHECK and c == 0 and row.checkable:
            return Qt.CheckState.Checked if self.ticks[r] else Qt.CheckState.Unchecked
        if role == FOREGROUND and c == 0:
            name = SIDE_TEXT.get(row.side, "text")
            if name not in self._brushes:
                self._brushes[name] = QBrush(colour(name))
            return self._brushes[name]
        return None

    def setData(self, index, value, role=Qt.ItemDataRole.EditRole):
        if not index.isValid() or role != Qt.ItemDataRole.CheckStateRole or index.column() != 0:
            return False
        if not self.rows[index.row()].checkable:
            return False
        state = value if isinstance(value, Qt.CheckState) else Qt.CheckState(value)
        self.ticks[index.row()] = state == Qt.CheckState.Checked
        self._kept[index.row()] = None
        self.dataChanged.emit(index, index, [Qt.ItemDataRole.CheckStateRole])
        self.ticks_changed.emit()
        return True
