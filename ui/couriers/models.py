"""Table models for the Courier Desk roster: thin adapters over the state's plain dicts."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush

from companion.couriers import view

from ..palette import colour
from ..widgets.row_model import RowTableModel

IdRole = Qt.ItemDataRole.UserRole + 1

STATUS_COLOURS = {s: f"status.{s}" for s in ("delivered", "lost", "captured", "searching", "located")}


class _RosterModel(RowTableModel):
    """A row's answers are kept while its signature holds (``RowTableModel.answer``): a view
    asks each cell for a dozen roles every time it measures or paints a row."""

    def set_state(self, state, rows) -> None:
        self.set_rows(state, rows)

    def answer(self, row, index, role):
        if role == IdRole:
            return row.id
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return self.cell(row, index.column(), role)
        if role == Qt.ItemDataRole.ForegroundRole:
            return self.colour(row, index.column())
        return None

    def colour(self, row, column):
        return None


class CommanderModel(_RosterModel):
    headers = ("Commander", "Side", "Rank", "Headquarters", "Turns in place")

    def signature(self, c):
        # a handful of rows: what they show is their signature
        return tuple(self.cell(c, col, Qt.ItemDataRole.DisplayRole) for col in range(len(self.headers)))

    def cell(self, c, col, role):
        if col == 0:
            return c.name
        if col == 1:
            return c.side
        if col == 2:
            return c.rank.capitalize()
        if col == 3:
            if not c.hq:
                return "none" if c.rank not in self.state.settings.ranks_without_hq else "never (brigade)"
            return c.hq if c.at_hq else f"{c.hq} (he is away)"
        if c.hq and c.at_hq:
            return "at HQ"
        inside = ", building" if c.in_building else ""
        if c.rank in self.state.settings.ranks_without_hq:
            return f"{c.stayed}{inside}"
        return f"{c.stayed} of {view.stay_needed(self.state, c)}{inside}"


class CourierModel(_RosterModel):
    headers = ("Courier", "From \u2192 To", "Status", "Location rolls")

    def __init__(self, parent=None):
        super().__init__(parent)
        #: a finished courier's signature, with the courier it was read from
        self._finished: dict[str, tuple] = {}

    def signature(self, c):
        """Everything the row shows; a finished courier (most rows, late in a game) shows only
        what stays fixed, so its signature is a few fields rather than its cells, read once: a
        courier is a value, and the same one (``is``) shows the same, as the commanders it names
        were on the roster before it was sent and keep their names."""
        if c.finished:
            kept = self._finished.get(c.id)
            if kept is not None and kept[0] is c:
                return kept[1]
        cmds = self.state.commanders
        fixed = (c.status, c.attempts.get(c.recipient, 0), cmds[c.sender].name, cmds[c.recipient].name,
                 view.orders_open(c) and c.message)
        if c.finished:
            self._finished[c.id] = (c, fixed)
            return fixed
        return fixed + tuple(self.cell(c, col, role) for col in (2, 3)
                             for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole))

    def cell(self, c, col, role):
        cmds = self.state.commanders
        if col == 0:
            return c.id
        if col == 1:
            if role == Qt.ItemDataRole.ToolTipRole:
                return f"\u201c{c.message}\u201d" if view.orders_open(c) else "sealed orders"
            return f"{cmds[c.sender].name} \u2192 {cmds[c.recipient].name}"
        if col == 2:
            if role == Qt.ItemDataRole.ToolTipRole and not c.finished:
                return view.heading(self.state, c)
            moved = ", moved" if c.moved_turn == self.state.turn and not c.finished else ""
            return c.status + moved
        tries = c.attempts.get(c.recipient, 0)
        if c.finished or c.status == "located" or c.status != "searching":
            return str(tries) if tries else ""
        return f"{tries} (next needs {view.location_target(self.state, c)}+)"

    def colour(self, c, col):
        if col == 2 and c.status in STATUS_COLOURS:
            return QBrush(colour(STATUS_COLOURS[c.status]))
        return None
