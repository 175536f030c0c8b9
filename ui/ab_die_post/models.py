"""The players' table: every hand face up (the game is open), each plane, passenger and score.
A thin adapter over the state; the card chips are painted by ``CardDelegate``."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPen
from PySide6.QtWidgets import QStyle

from companion.ab_die_post.view import plane_text
from companion.core.words import counted

from ..palette import PLANE_COLOURS, colour
from ..widgets.measured_once import MeasuredOnce
from ..widgets.row_model import RowTableModel

IdRole = Qt.ItemDataRole.UserRole + 1
CardsRole = Qt.ItemDataRole.UserRole + 2

PLAYER_COLUMN, CARDS_COLUMN = 0, 1


class PlayerModel(RowTableModel):
    headers = ("Player", "Spare parts", "Points", "Plane", "Score")

    def set_state(self, state) -> None:
        self.set_rows(state, state.players if state is not None else [])

    def answer(self, p, index, role):
        s, col = self.state, index.column()
        if role == IdRole:
            return p
        if role == CardsRole and col == CARDS_COLUMN:
            return sorted(s.deck.hands[p])
        if role == Qt.ItemDataRole.DisplayRole:
            return self.cell(p, col)
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

    def cell(self, p: str, col: int) -> str:
        s = self.state
        if col == 0:
            marks = " \u2708" if p == s.current and not s.winners else ""  # nobody's turn once won
            return p + marks
        if col == CARDS_COLUMN:
            return " ".join(str(c) for c in sorted(s.deck.hands[p])) or "\u2014"
        if col == 2:
            return str(s.points_in_hand(p))
        if col == 3:
            text = plane_text(s, p)
            if s.planes[p].flanks:
                text += f", {s.planes[p].flanks}/2 flanks"
            return text + (" \u00b7 passenger" if s.passenger == p else "")
        return f"{s.scores[p]} / {s.settings.target_score}"

    def row_of(self, player: str) -> int:
        return self.rows.index(player) if player in self.rows else -1

    def signature(self, p: str):
        # the cells say it all: the hand (and so its red 3s), the points (and so the warning
        # colour), and the current player's mark (and so the bold type)
        return tuple(self.cell(p, col) for col in range(len(self.headers)))


class CardDelegate(MeasuredOnce):
    """Each spare part as a small face-up card; the red 3s in red."""

    def paint(self, painter, option, index):
        cards = index.data(CardsRole)
        if not cards:
            super().paint(painter, option, index)
            return
        if option.state & QStyle.StateFlag.State_Selected:
            painter.fillRect(option.rect, option.palette.highlight())
        painter.save()
        painter.setRenderHint(painter.RenderHint.Antialiasing)
        h = max(14, option.rect.height() - 6)
        w = max(12, int(h * 0.72))
        step = min(w + 3, max(5, (option.rect.width() - w - 6) // max(1, len(cards) - 1)))
        x = option.rect.left() + 4
        y = option.rect.top() + (option.rect.height() - h) / 2
        font = QFont(option.font)
        font.setBold(True)
        painter.setFont(font)
        for c in cards:
            rect = QRectF(x, y, w, h)
            red = c == 3
            painter.setPen(QPen(colour("card.edge.red" if red else "card.edge"), 1))
            painter.setBrush(colour("card.face.red" if red else "card.face"))
            painter.drawRoundedRect(rect, 3, 3)
            painter.setPen(colour("card.ink.red" if red else "card.ink"))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(c))
            x += step
        painter.restore()
