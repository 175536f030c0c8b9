"""Table models for the Courier Desk roster: thin adapters over the state's plain dicts."""

from __future__ import annotations

from bisect import bisect_left
from itertools import compress
from operator import is_not

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QBrush, QGuiApplication

from companion.couriers import view

from ..palette import colour, scheme
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
        if view.may_establish(self.state, c.id):
            # "5 of 4" read as a count gone wrong: he has stayed long enough (couriers.hq.establish)
            return f"{c.stayed}, may set up HQ{inside}"
        return f"{c.stayed} of {view.stay_needed(self.state, c)}{inside}"


class CourierModel(_RosterModel):
    """The couriers, those still riding first, then the finished ones, each block by number.

    ``follow`` shows a new state reading only the couriers that can have changed: those riding,
    and those that are another object than the one shown (a courier is a value: an input that
    did not touch one leaves the very same object on the roster). Late in an evening nearly every
    row is a finished courier, so a click costs the same at 50 couriers as at 500."""

    headers = ("Courier", "From \u2192 To", "Status", "Location rolls")

    def __init__(self, parent=None):
        super().__init__(parent)
        #: a finished courier's signature, with the courier it was read from
        self._finished: dict[str, tuple] = {}
        #: the roster shown (a state's ``couriers``, never changed once the session made it)
        self._roster: dict | None = None
        #: each row's place in the order (``order_key``), row by row: always sorted
        self._order: list[tuple] = []
        self._numbers: dict[str, tuple] = {}  # a courier's place by its number, worked out once

    def order_key(self, c) -> tuple:
        """Where courier ``c`` stands: those riding first, then by number ("C9" before "C10")."""
        num = self._numbers.get(c.id)
        if num is None:
            digits = "".join(ch for ch in c.id if ch.isdigit())
            num = self._numbers[c.id] = (int(digits) if digits else 0, c.id)
        return (c.finished, num)

    def show_all(self, state) -> None:
        """Every courier of ``state`` read afresh, in the order."""
        order = sorted((self.order_key(c), c) for c in state.couriers.values())
        self._order = [key for key, _c in order]
        self._roster = state.couriers
        self.set_rows(state, [c for _key, c in order])

    def follow(self, state) -> None:
        """Show ``state``: as ``show_all`` shows it, but moving, adding or removing the one row
        whose place changed (a courier sent, finished, or either undone) and redrawing only
        the rows whose signature changed."""
        prev, cur = self._roster, state.couriers
        if prev is None or prev is cur or self._looks != (scheme(), QGuiApplication.font().key()):
            self.show_all(state)  # nothing shown yet, or changed in place, or new looks
            return
        # the couriers that are not the object shown (or are new): all but a few are the same
        touched = list(compress(cur, map(is_not, map(prev.get, cur), cur.values())))
        added = [cid for cid in touched if cid not in prev]
        gone = [cid for cid in self._keys[:len(self.state.riding)] if cid not in cur]  # a send undone
        if len(prev) != len(cur) - len(added) + len(gone):  # another courier vanished: read all
            self.show_all(state)
            return
        moves = added + gone + [cid for cid in touched if cid in prev and prev[cid].finished != cur[cid].finished]
        if len(moves) > 1:
            self.show_all(state)
            return
        self.state, self._roster = state, cur
        if moves:
            self._answers = {}  # kept by row number, and the rows move
            self._move(moves[0], cur.get(moves[0]))
        redrawn = []
        for cid in {*state.riding, *touched}:
            i = self._at[cid]
            c = self.rows[i] = cur[cid]
            sign = self.signature(c)
            if sign != self._signs[i]:
                self._signs[i] = sign
                self._answers.pop(i, None)
                redrawn.append(i)
        self._redraw(sorted(redrawn))

    def _move(self, cid: str, c) -> None:
        """The row of ``cid`` taken from its place and put in its new one (``c``; None: the
        courier is gone), the view told of it as one row inserted, removed or moved."""
        was = self._at.get(cid)
        if was is not None:
            del self._order[was]  # the new place is found among the other rows
        key = None if c is None else self.order_key(c)
        to = None if key is None else bisect_left(self._order, key)
        moving = False
        if was is None:
            self.beginInsertRows(QModelIndex(), to, to)
        elif to is None:
            self.beginRemoveRows(QModelIndex(), was, was)
        elif to != was:  # Qt names the row it goes before, in the rows as they were
            moving = self.beginMoveRows(QModelIndex(), was, was, QModelIndex(), to + 1 if to > was else to)
        sign = None
        if was is not None:
            sign = self._signs.pop(was)  # compared with the new one: a moved row is redrawn
            del self.rows[was], self._keys[was]
        if to is not None:
            self._order.insert(to, key)
            self.rows.insert(to, c)
            self._keys.insert(to, cid)
            self._signs.insert(to, sign)
        self._at = dict(zip(self._keys, range(len(self._keys)), strict=True))
        if was is None:
            self.endInsertRows()
        elif to is None:
            self.endRemoveRows()
        elif moving:
            self.endMoveRows()

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
