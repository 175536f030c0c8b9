"""The base of every table the games show: a thin Qt adapter over a plain list of rows.

A subclass names its ``headers`` and answers ``data``; ``set_rows`` swaps in new rows from the
state the session handed back (a reset: the rosters are small and redraws are whole).
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
        self.beginResetModel()
        self.state = state
        self.rows = list(rows)
        self.endResetModel()

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
