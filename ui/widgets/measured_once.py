"""A table's cells measured once for each look of them.

A view whose rows grow with their wrapped words measures every cell of a row each time it sizes
the rows, and a click that changes a row or two has it measured three times over (the rows'
heights, the table's least height, the header's own sizing), each cell asking the model a dozen
roles and laying out its text: most of a short table's redraw. Here a cell's size is kept while
its row shows the same (the model's row signature, ``RowTableModel.shown_in``), at the same
width, in the same type and colours.
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QStyledItemDelegate

from ..palette import scheme

#: sizes kept before the oldest looks are let go (a table seldom shows more than a few dozen)
KEPT = 4096


class MeasuredOnce(QStyledItemDelegate):
    def __init__(self, model, parent=None):
        super().__init__(parent)
        self.model = model  # a RowTableModel whose rows give a signature
        self._sizes: dict[tuple, QSize] = {}
        self.measured = 0  # cells measured afresh, for the tests (count them, not time)

    def sizeHint(self, option, index):
        row = index.row()
        key = (row, self.model.shown_in(row), index.column(), option.rect.width(), option.font.key(), scheme())
        size = self._sizes.get(key)
        if size is None:
            if len(self._sizes) >= KEPT:
                self._sizes.clear()
            size = self._sizes[key] = super().sizeHint(option, index)
            self.measured += 1
        return QSize(size)
