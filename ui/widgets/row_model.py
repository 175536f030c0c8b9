"""The base of every table the games show: a thin Qt adapter over a plain list of rows.

A subclass names its ``headers`` and answers ``data``; ``set_rows`` swaps in new rows from the
state the session handed back. The same rows again (by ``id``, in the same order) or the same
with more at the end are redrawn in place, so a view keeps its selection and scroll and need not
measure every row again; anything else is a reset.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt


class RowTableModel(QAbstractTableModel):
    headers: tuple[str, ...] = ()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.state = None
        self.rows: list = []

    def set_rows(self, state, rows) -> None:
        rows = list(rows)
        old, n = self.rows, len(self.rows)
        self.state = state
        if not (n and len(rows) >= n and _keys(rows[:n]) == _keys(old)):
            self.beginResetModel()
            self.rows = rows
            self.endResetModel()
            return
        self.rows = rows[:n]
        self.dataChanged.emit(self.index(0, 0), self.index(n - 1, max(0, len(self.headers) - 1)))
        if len(rows) > n:
            self.beginInsertRows(QModelIndex(), n, len(rows) - 1)
            self.rows = rows
            self.endInsertRows()

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
