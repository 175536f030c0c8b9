"""The score board: a thin table model over the game's players (thurn_and_taxis.score)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QFont

from companion.core.words import counted
from companion.thurn_and_taxis.view import ranking, scores, winner

from ..palette import PLAYER_COLOURS, colour
from ..widgets.columns import MEASURED_ROLE, NBSP, unbroken
from ..widgets.row_model import RowTableModel
from .map_view import player_colour

#: "Houses left" on two lines: on one it was the board's widest heading over figures of two
#: digits, and with every cell on one line the board widened the side column past the map's room
#: (1280x720, the larger type: the map 435 -> 365 px wide)
HEADERS = ("Player", "Houses\nleft", "Carriage", "Tiles", "Score")

#: whose turn it is, joined to the name; a cell's words are kept on one line (``unbroken``): at
#: 1280x720 in the larger type the board wrapped them ("\u25b6 / Anna", "5 (5 / pts)"), #14
TURN_MARK = "\u25b6" + NBSP


class ScoreRow(dict):
    """A player's row of figures (``view.scores``), the same row from one change to the next
    (its ``id`` is the player's name), so the board redraws only the rows whose figures changed."""

    @property
    def id(self) -> str:
        return self["name"]


class ScoreModel(RowTableModel):
    """During play only the public part shows (carriage, houses left, how many tiles): bonus
    tiles lie face down until the end (thurn_and_taxis.score), unless the table plays with
    ``open_scores``. At the end every score shows in full."""

    headers = HEADERS
    open_scores = False

    def _open(self, s) -> bool:
        return bool(s.over or self.open_scores)

    def set_state(self, s) -> None:
        self._seats = {p.name: i for i, p in enumerate(s.players)}
        self.set_rows(s, [ScoreRow(r) for r in scores(s)])

    def signature(self, row):
        """Everything the row shows: its cells, its tips and whether it is in bold."""
        s, seat = self.state, self._seats[row["name"]]
        return (tuple(self._cell(s, s.players[seat], row, col, seat) for col in range(len(HEADERS))),
                tuple(s.players[seat].tiles), self._open(s), seat == s.turn.seat, s.over and winner(s) == seat)

    def answer(self, row, index, role):
        # kept while the row's signature and the looks hold (ui/widgets/row_model.py): a view
        # asks a dozen roles of every cell each time it measures a row
        s, col = self.state, index.column()
        p = s.players[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._cell(s, p, row, col, index.row())
        if role == MEASURED_ROLE and col == 0 and not s.over:
            # every name as wide as with the turn's mark: the column keeps its width as it moves
            return TURN_MARK + p.name
        if role == Qt.ItemDataRole.ToolTipRole:
            if col == 3 and p.tiles:
                return "\n".join(f"{s.board.stacks[sid].name}: {v if self._open(s) else 'face down'}"
                                 for sid, v in p.tiles)
            if col == 4 and not self._open(s):
                return (f"{row['carriage_points']} (carriage) \u2212 {row['houses_left']} (houses left)"
                        + (f" + {counted(len(p.tiles), 'bonus tile')} face down until the end" if p.tiles else ""))
            if col == 4:
                return (f"{row['carriage_points']} (carriage) + {row['tiles']} (tiles) "
                        f"\u2212 {row['houses_left']} (houses left)")
            return None
        if role == Qt.ItemDataRole.ForegroundRole and col == 0:
            # a name in its player's colour, made dark or light enough to read in either set
            text = f"player.{p.colour}"
            return QBrush(colour(text) if p.colour in PLAYER_COLOURS else player_colour(p.colour))
        if role == Qt.ItemDataRole.FontRole and (index.row() == s.turn.seat and not s.over
                                                 or s.over and winner(s) == index.row()):
            f = QFont()
            f.setBold(True)
            return f
        if role == Qt.ItemDataRole.TextAlignmentRole and col > 0:
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def _cell(self, s, p, row, col, seat):
        if col == 0:  # (a name of two words may still wrap between them)
            mark = TURN_MARK if seat == s.turn.seat and not s.over else ""
            if s.over:
                mark = f"{ranking(s).index(seat) + 1}.{NBSP}"
            return f"{mark}{p.name}"
        return unbroken(self._figures(s, p, row, col))

    def _figures(self, s, p, row, col):
        if col == 1:
            return str(row["houses_left"])
        if col == 2:
            return f"{p.carriage} ({row['carriage_points']} pts)" if p.carriage else "\u2013"
        tiles = f"{len(p.tiles)} tile{'s' if len(p.tiles) != 1 else ''}"
        if col == 3:
            if not p.tiles:
                return "\u2013"
            # face down, their count alone: the score beside says "+ 2 tiles", and the words
            # twice made the board wider than the side column's room for the map (#14)
            return f"{row['tiles']} ({tiles})" if self._open(s) else str(len(p.tiles))
        if self._open(s) or not p.tiles:
            return str(row["score"])
        return f"{row['carriage_points'] - row['houses_left']} + {tiles}"
