"""The base of every table the games show: a thin Qt adapter over a plain list of rows.

A subclass names its ``headers`` and answers ``data``; ``set_rows`` swaps in new rows from the
state the session handed back, telling the view as little as it can: rows that moved are moved,
rows added or dropped in one place are inserted or removed, and only a change it cannot read as
one of those is a reset, so a view keeps its selection and scroll and need not measure every row
again. A subclass that answers ``signature`` (a cheap value that changes whenever anything its
row shows changes) has ``dataChanged`` only for the rows whose signature changed; without one
every row is redrawn.

A subclass with a signature may answer ``answer(row, index, role)`` instead of ``data``: the
answers are then kept while the row's signature and the window's looks stay the same. A view
asks every cell for a dozen roles each time it measures a row, and a row-height and column
sharer measure several times after a click: asking Python every time cost more than the rest
of the Ab die Post! table's redraw.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt
from PySide6.QtGui import QGuiApplication

from ..palette import scheme

_UNKNOWN = object()  # the signature of a row whose subclass gives none: never equal to the last


class RowTableModel(QAbstractTableModel):
    headers: tuple[str, ...] = ()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.state = None
        self.rows: list = []
        self._keys: list = []
        self._signs: list = []
        self._at: dict = {}
        self._answers: dict[int, dict] = {}  # row -> (column, role) -> what ``answer`` said
        self._looks = None  # the colours and type the kept answers were given in

    def signature(self, row):
        """What ``row`` shows, as a cheap value to compare; the default says: always redraw."""
        return _UNKNOWN

    def set_rows(self, state, rows) -> None:
        rows = list(rows)
        self.state = state
        keys = _keys(rows)
        signs = [self.signature(r) for r in rows]
        old = dict(zip(self._keys, self._signs, strict=True))
        looks = (scheme(), QGuiApplication.font().key())
        if keys != self._keys or looks != self._looks:
            self._answers = {}
            self._looks = looks
        if keys != self._keys and not self._restructure(keys, rows, signs):
            self.beginResetModel()
            self._take(rows, keys, signs)
            self.endResetModel()
            return
        self._take(rows, keys, signs)
        # a row just inserted is drawn anew anyway
        changed = [i for i, (k, s) in enumerate(zip(keys, signs, strict=True))
                   if s is _UNKNOWN or (k in old and old[k] != s)]
        for i in changed:
            self._answers.pop(i, None)
        self._redraw(changed)

    def shown_in(self, row: int):
        """What row number ``row`` shows now, as a value to compare: its signature when the rows
        were last set (None outside the table)."""
        return self._signs[row] if 0 <= row < len(self._signs) else None

    def answer(self, row, index, role):
        """What ``row`` shows in ``index``'s column for ``role`` (see the module's words)."""
        return None

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        r, c = index.row(), index.column()
        if not (0 <= r < len(self.rows) and 0 <= c < len(self.headers)):
            return None
        kept = self._answers.get(r)
        if kept is None:
            if self._signs[r] is _UNKNOWN:  # no signature: nothing says when an answer is stale
                return self.answer(self.rows[r], index, role)
            kept = self._answers[r] = {}
        try:
            return kept[c, role]
        except KeyError:
            said = kept[c, role] = self.answer(self.rows[r], index, role)
            return said

    def row_of(self, key) -> int:
        """The row of the row whose ``id`` (or the row itself) is ``key``, or -1."""
        return self._at.get(key, -1)

    def _take(self, rows, keys, signs) -> None:
        self.rows, self._keys, self._signs = rows, keys, signs
        self._at = {}
        for i, k in enumerate(keys):
            self._at.setdefault(k, i)

    def _restructure(self, keys, rows, signs) -> bool:
        """Tell the view of one block of rows inserted or removed, or one row moved, that turns
        the old keys into ``keys``; False when the change is none of these."""
        old = self._keys
        n, m = len(old), len(keys)
        lead = 0
        while lead < min(n, m) and old[lead] == keys[lead]:
            lead += 1
        tail = 0
        while tail < min(n, m) - lead and old[n - 1 - tail] == keys[m - 1 - tail]:
            tail += 1
        was, now = old[lead:n - tail], keys[lead:m - tail]
        if not was:
            self.beginInsertRows(QModelIndex(), lead, lead + len(now) - 1)
            self.rows, self._keys, self._signs = rows, keys, signs  # rowCount must answer the new length inside
            self.endInsertRows()
        elif not now:
            self.beginRemoveRows(QModelIndex(), lead, lead + len(was) - 1)
            self.rows, self._keys, self._signs = rows, keys, signs
            self.endRemoveRows()
        elif len(was) == len(now) > 1 and was[1:] == now[:-1] and was[0] == now[-1]:
            self.beginMoveRows(QModelIndex(), lead, lead, QModelIndex(), lead + len(was))  # down
            self.rows, self._keys, self._signs = rows, keys, signs
            self.endMoveRows()
        elif len(was) == len(now) > 1 and was[:-1] == now[1:] and was[-1] == now[0]:
            self.beginMoveRows(QModelIndex(), lead + len(was) - 1, lead + len(was) - 1, QModelIndex(), lead)
            self.rows, self._keys, self._signs = rows, keys, signs
            self.endMoveRows()
        else:
            return False
        return True

    def _redraw(self, changed: list[int]) -> None:
        """``dataChanged`` for each run of neighbouring rows in ``changed``."""
        last = max(0, len(self.headers) - 1)
        start = prev = None
        for i in [*changed, None]:
            if start is not None and (i is None or i != prev + 1):
                self.dataChanged.emit(self.index(start, 0), self.index(prev, last))
                start = None
            if start is None:
                start = i
            prev = i

    def row_at(self, index):
        """The row under ``index``, or None for an index outside the table."""
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        if not 0 <= index.column() < len(self.headers):
            return None
        return self.rows[index.row()]

    def rowCount(self, parent=QModelIndex()):
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent=QModelIndex()):
        return 0 if parent.isValid() else len(self.headers)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            if 0 <= section < len(self.headers):
                return self.headers[section]
        return None


def _keys(rows) -> list:
    """What makes a row the same row: its ``id``, or the object itself."""
    return [getattr(r, "id", None) or id(r) for r in rows]
