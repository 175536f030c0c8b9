"""The players' table: every hand face up (the game is open), each plane, passenger and score.
A thin adapter over the state; the card chips are painted by ``CardDelegate``."""

from __future__ import annotations

import re

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QPen
from PySide6.QtWidgets import QStyle

from companion.ab_die_post.view import plane_text
from companion.core.words import counted

from ..looks import LOOKS
from ..palette import PLANE_COLOURS, colour
from ..widgets.columns import MEASURED_ROLE, text_widths
from ..widgets.measured_once import MeasuredOnce
from ..widgets.row_model import RowTableModel

IdRole = Qt.ItemDataRole.UserRole + 1
CardsRole = Qt.ItemDataRole.UserRole + 2

PLAYER_COLUMN, CARDS_COLUMN = 0, 1

#: the mark of whose turn it is, after the name: a no-break space keeps it on the name's line
#: (outside table mode at 1280 pixels a narrow Player column put it on a line of its own, #14)
PLANE_MARK = "\u00a0\u2708"


class PlayerModel(RowTableModel):
    headers = ("Player", "Spare parts", "Points", "Plane", "Score")

    #: the most spare parts a hand has held in this game's course (an undo keeps it): outside
    #: table mode the Spare parts column is at least that many chips wide, so a card drawn or
    #: given back moves no column and the board beside the table (#14)
    most_cards = 0

    def set_state(self, state) -> None:
        if state is None or list(state.players) != self.rows:
            self.most_cards = 0
        if state is not None:
            self.most_cards = max([self.most_cards, *(len(h) for h in state.deck.hands.values())])
        self.set_rows(state, state.players if state is not None else [])

    def answer(self, p, index, role):
        s, col = self.state, index.column()
        if role == IdRole:
            return p
        if role == CardsRole and col == CARDS_COLUMN:
            return sorted(s.deck.hands[p])
        if role == Qt.ItemDataRole.DisplayRole:
            return self.cell(p, col)
        if role == MEASURED_ROLE:
            return self._measured(p, col)
        if role == Qt.ItemDataRole.ToolTipRole and col == CARDS_COLUMN:
            threes = s.threes(p)
            return f"{p} holds {counted(len(s.deck.hands[p]), 'card')}, {counted(threes, 'red 3')}"
        if role == Qt.ItemDataRole.DecorationRole and col == 0:
            return QColor(PLANE_COLOURS[index.row() % len(PLANE_COLOURS)])
        if role == Qt.ItemDataRole.FontRole and p == s.current and not s.winners:
            f = QFont()
            f.setBold(True)
            return f
        if role == Qt.ItemDataRole.ForegroundRole and col == 2 and s.points_in_hand(p) < s.settings.min_points_to_fly:
            return QBrush(colour("danger"))
        return None

    def _measured(self, p: str, col: int):
        """What the column sharer measures a cell by (widgets/columns.py MEASURED_ROLE)."""
        if col == CARDS_COLUMN:  # the chips it paints, not their text (#14)
            return lambda font, n=len(self.state.deck.hands[p]), most=self.most_cards, text=self.cell(p, col): (
                CardDelegate.needs(n, most, font) if not LOOKS.table_mode else text_widths(text, font))
        if col == PLAYER_COLUMN:
            # every name as wide as with the mark, and bold as whose turn it is: the columns
            # stay as the mark moves (#12)
            return lambda font, text=p + PLANE_MARK: _bold_widths(text, font)
        # the rest in bold, as in the row of whose turn it is: the turn passing moves no column,
        # nor the window's splitter with the table's least width (#14)
        return lambda font, text=self.cell(p, col): _bold_widths(text, font)

    def cell(self, p: str, col: int) -> str:
        s = self.state
        if col == 0:
            marks = PLANE_MARK if p == s.current and not s.winners else ""  # nobody's turn once won
            return p + marks
        if col == CARDS_COLUMN:
            return " ".join(str(c) for c in sorted(s.deck.hands[p])) or "\u2014"
        if col == 2:
            return str(s.points_in_hand(p))
        if col == 3:
            # in table mode the row grows a line of chips instead, its words wrapping where they may
            text = plane_text(s, p) if LOOKS.table_mode else _phrases(plane_text(s, p))
            if s.planes[p].flanks:
                text += f", {s.planes[p].flanks}/2\u00a0flanks"
            return text + (" \u00b7\u00a0passenger" if s.passenger == p else "")
        # no-break spaces: "7 / 15" never breaks over two lines (#14)
        return f"{s.scores[p]}\u00a0/\u00a0{s.settings.target_score}"

    def row_of(self, player: str) -> int:
        return self.rows.index(player) if player in self.rows else -1

    def signature(self, p: str):
        # the cells say it all: the hand (and so its red 3s), the points (and so the warning
        # colour), and the current player's mark (and so the bold type)
        return tuple(self.cell(p, col) for col in range(len(self.headers)))


class CardDelegate(MeasuredOnce):
    """Each spare part as a small face-up card, the red 3s in red, laid in lines as wide as the
    cell: a long hand (Anna's twelve parts at 1280x720) overlapped its cards until their
    figures hid one another. In table mode its row grows a line for them (the board is beside
    the table); outside it the lines are those the row's height holds."""

    GAP = 3

    @staticmethod
    def _card_size(font: QFont) -> tuple[int, int]:
        h = max(14, QFontMetrics(font).height() + 6)
        return max(12, int(h * 0.72)), h

    @classmethod
    def needs(cls, cards: int, most: int, font: QFont) -> tuple[int, int]:
        """The widths (least, whole) a hand of ``cards`` chips wants in ``font``: its chips on
        one line. Outside table mode, where a row keeps its one line, the least is a line of
        ``most`` chips (the cards of a hand sized by their figures' text overlapped until they
        hid one another). In table mode a row grows a line for them and the column is measured
        by their figures' text: a line of a dozen chips squeezed the Plane column there, and the
        page under the table scrolled."""
        w, _h = cls._card_size(_bold(font))

        def line(n: int) -> int:
            return n * (w + cls.GAP) - cls.GAP + 8 if n else 0

        return line(max(cards, most)), line(cards)

    def _per_line(self, width: int, card_w: int) -> int:
        return max(1, (width - 8 + self.GAP) // (card_w + self.GAP))

    def sizeHint(self, option, index):
        size = super().sizeHint(option, index)
        cards = index.data(CardsRole)
        if not cards or not LOOKS.table_mode:
            return size
        w, h = self._card_size(_bold(option.font))
        lines = -(-len(cards) // self._per_line(option.rect.width(), w))
        size.setHeight(max(size.height(), lines * (h + self.GAP) - self.GAP + 6))
        return size

    def paint(self, painter, option, index):
        cards = index.data(CardsRole)
        if not cards:
            super().paint(painter, option, index)
            return
        if option.state & QStyle.StateFlag.State_Selected:
            painter.fillRect(option.rect, option.palette.highlight())
        painter.save()
        painter.setClipRect(option.rect)
        painter.setRenderHint(painter.RenderHint.Antialiasing)
        font = _bold(option.font)
        painter.setFont(font)
        w, h = self._card_size(font)
        room = option.rect.width()
        # as many lines as the row has room for, the cards of a line closer where they are more
        # than its width holds (outside table mode a row keeps its height: the board under the
        # table would move at a card drawn)
        lines = max(1, min(-(-len(cards) // self._per_line(room, w)),
                           (option.rect.height() - 6 + self.GAP) // (h + self.GAP)))
        per_line = -(-len(cards) // lines)
        step = min(w + self.GAP, max(5, (room - w - 8) // max(1, per_line - 1)))
        top = option.rect.top() + (option.rect.height() - (lines * (h + self.GAP) - self.GAP)) / 2
        for i, c in enumerate(cards):
            line, place = divmod(i, per_line)
            rect = QRectF(option.rect.left() + 4 + place * step, top + line * (h + self.GAP), w, h)
            red = c == 3
            painter.setPen(QPen(colour("card.edge.red" if red else "card.edge"), 1))
            painter.setBrush(colour("card.face.red" if red else "card.face"))
            painter.drawRoundedRect(rect, 3, 3)
            painter.setPen(colour("card.ink.red" if red else "card.ink"))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(c))
        painter.restore()


def _bold(font: QFont) -> QFont:
    out = QFont(font)
    out.setBold(True)
    return out


#: the words of a plane's place that stay on one line: a narrow Plane column broke "zone 2"
#: and "start field" (four lines a row at 1280x720 in the larger type, #14)
_PHRASES = re.compile(r"\b(start|goal|inner|middle|outer|zone|\d+(?:st|nd|rd|th)) (field|airport|lane|space|\d+)")


def _phrases(text: str) -> str:
    return _PHRASES.sub(lambda m: f"{m.group(1)}\u00a0{m.group(2)}", text)


def _bold_widths(text: str, font: QFont) -> tuple[int, int]:
    """``text_widths`` in the bold of ``font``."""
    return text_widths(text, _bold(font))
