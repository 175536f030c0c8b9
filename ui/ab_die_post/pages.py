"""The action pages of the Ab die Post! table, one per phase: the turn's choice (draw or fly, with
the odds on the buttons), the plane's landing place, the hurricane bills, the card kept, the end."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from companion.ab_die_post import flight, hurricane, odds
from companion.ab_die_post.state import LANES, VALUES

from .indicator import BallView


def _label(text="", bold=False) -> QLabel:
    w = QLabel(text)
    w.setWordWrap(True)
    if bold:
        w.setStyleSheet("font-weight: 600;")
    return w


class TurnPage(QWidget):
    """Obtain spare parts or fly (ab_die_post.turn.one_action)."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.hand = _label()
        self.draw_button = QPushButton("Draw a spare part")
        self.draw_button.setMinimumHeight(40)
        self.table_cards = {v: QPushButton(str(v)) for v in VALUES}
        row = QHBoxLayout()
        row.addWidget(QLabel("Or the card drawn at the table:"), 1)
        for v, b in self.table_cards.items():
            b.setFixedWidth(40)
            b.setToolTip(f"Record a {v} drawn from the table's own deck")
            row.addWidget(b)
        self.stop_button = QPushButton("Stop drawing")
        self.fly_button = QPushButton("Fly")
        self.fly_button.setMinimumHeight(40)
        self.fly_odds = _label()
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.hand)
        lay.addWidget(self.draw_button)
        lay.addLayout(row)
        lay.addWidget(self.stop_button)
        lay.addSpacing(8)
        lay.addWidget(self.fly_button)
        lay.addWidget(self.fly_odds)
        lay.addStretch(1)

    def update_from(self, s, risk, fly_text: str) -> None:
        who = s.current
        have, need = s.points_in_hand(who), s.settings.min_points_to_fly
        drawing = s.phase == "drawing"
        self.hand.setText(f"{who} holds {have} point(s), {s.threes(who)} red 3(s). "
                          f"{s.deck.left} card(s) left in the deck."
                          + (" One card per turn." if s.settings.draw_mode == "single" else ""))
        can_draw = s.deck.left > 0
        self.draw_button.setText(f"Draw a spare part \u2014 third red 3: {odds.percent(risk)}")
        self.draw_button.setStyleSheet("QPushButton { color: #8a1c1c; font-weight: 600; }" if risk else "")
        self.draw_button.setEnabled(can_draw)
        for v, b in self.table_cards.items():
            b.setEnabled(can_draw and s.deck.draw_pile[v] > 0)
        self.stop_button.setVisible(drawing)
        self.fly_button.setVisible(not drawing)
        self.fly_odds.setVisible(not drawing)
        self.fly_button.setEnabled(have >= need)
        self.fly_button.setText("Fly" if have >= need else f"Fly (needs {need} points)")
        self.fly_odds.setText(fly_text)


class MovePage(QWidget):
    """Where the plane came down, set with a click (ab_die_post.move.wind)."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.ball = BallView()
        self.ball.setFixedSize(52, 52)
        self.wind = _label(bold=True)
        self.lanes = QButtonGroup(self)
        self.lane_buttons = {}
        self.zones = QButtonGroup(self)
        self.zone_buttons: dict[int, QPushButton] = {}
        self.flanks = QButtonGroup(self)
        self.flank_buttons = {}
        self.zone_grid = QGridLayout()
        self.zone_grid.setSpacing(3)
        lane_row, flank_row = QHBoxLayout(), QHBoxLayout()
        for lane in LANES:
            b = self._toggle(lane, self.lanes)
            self.lane_buttons[lane] = b
            lane_row.addWidget(b)
        for n in (0, 1, 2):
            b = self._toggle(str(n), self.flanks)
            self.flank_buttons[n] = b
            flank_row.addWidget(b)
        self.move_button = QPushButton("Move here")
        self.move_button.setMinimumHeight(36)
        self.goal_button = QPushButton("Landed on the goal airport")
        self.blocked_button = QPushButton("Landing space taken: no move")
        top = QHBoxLayout()
        top.addWidget(self.ball)
        top.addWidget(self.wind, 1)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addLayout(top)
        lay.addWidget(QLabel("Lane"))
        lay.addLayout(lane_row)
        lay.addWidget(QLabel("River zone (counted from this flight's start)"))
        lay.addLayout(self.zone_grid)
        lay.addWidget(QLabel("Passenger flank spaces passed (outer lane)"))
        lay.addLayout(flank_row)
        lay.addWidget(self.move_button)
        row = QHBoxLayout()
        row.addWidget(self.goal_button)
        row.addWidget(self.blocked_button)
        lay.addLayout(row)
        lay.addStretch(1)

    @staticmethod
    def _toggle(text, group) -> QPushButton:
        b = QPushButton(text)
        b.setCheckable(True)
        b.setStyleSheet("QPushButton:checked { background: #ffe08a; border: 1px solid #b07d00; }")
        group.addButton(b)
        return b

    def update_from(self, s) -> None:
        plane = s.planes[s.current]
        self.ball.set_ball(s.ball)
        self.wind.setText(f"The {s.ball} ball: {s.current} flies {flight.distance(s)} space(s) from "
                          f"{flight.plane_text(s, s.current)}. Move the plane on the board, then "
                          "click where it came down.")
        zones = s.settings.river_zones
        if len(self.zone_buttons) != zones:
            for b in self.zone_buttons.values():
                self.zones.removeButton(b)
                b.hide()
                b.deleteLater()
            self.zone_buttons = {}
            per_row = 10 if zones > 10 else zones
            for z in range(1, zones + 1):
                b = self._toggle(str(z), self.zones)
                b.setMinimumWidth(30)
                self.zone_buttons[z] = b
                self.zone_grid.addWidget(b, (z - 1) // per_row, (z - 1) % per_row)
                b.show()  # a layout shows a new child only once events run
            for col in range(per_row):
                self.zone_grid.setColumnStretch(col, 1)
        reach = min(zones, plane.zone + flight.distance(s))
        for z, b in self.zone_buttons.items():
            b.setEnabled(plane.zone <= z <= reach)
        self.lane_buttons[plane.lane or "outer"].setChecked(True)
        self.zone_buttons[max(1, min(zones, plane.zone if plane.in_air else 1))].setChecked(True)
        self.flank_buttons[plane.flanks].setChecked(True)
        for n, b in self.flank_buttons.items():
            b.setEnabled(n >= plane.flanks)
        self.goal_button.setEnabled(plane.zone + flight.distance(s) > zones)

    def chosen(self) -> tuple[str, int, int]:
        lane = next(k for k, b in self.lane_buttons.items() if b.isChecked())
        zone = next(k for k, b in self.zone_buttons.items() if b.isChecked())
        flanks = next(k for k, b in self.flank_buttons.items() if b.isChecked())
        return lane, zone, flanks


class PayPage(QWidget):
    """Each plane hit by the hurricane pays, through the payment dialog (ab_die_post.hurricane.cost)."""

    pay_requested = Signal(str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.ball = BallView()
        self.ball.setFixedSize(52, 52)
        self.ball.set_ball("black")
        self.text = _label()
        self.buttons: dict[str, QPushButton] = {}
        self.list = QVBoxLayout()
        top = QHBoxLayout()
        top.addWidget(self.ball)
        top.addWidget(self.text, 1)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addLayout(top)
        lay.addLayout(self.list)
        lay.addStretch(1)

    def update_from(self, s) -> None:
        for b in self.buttons.values():
            b.hide()
            b.deleteLater()
        self.buttons = {}
        back = (" Could not pay, back to the start field with no cards: " + ", ".join(s.grounded) + "."
                if s.grounded else "")
        self.text.setText("Black ball: a hurricane. Each plane in the air pays its lane's cost "
                          "or goes back to the start field." + back)
        for bill in s.payments:
            cheapest = "+".join(map(str, hurricane.cheapest_payment(s.deck.hands[bill.player], bill.cost)))
            b = QPushButton(f"{bill.player}: the {bill.lane} lane costs {bill.cost} \u2014 "
                            f"pay\u2026 (cheapest {cheapest})")
            b.setMinimumHeight(34)
            b.clicked.connect(lambda _=False, p=bill.player: self.pay_requested.emit(p))
            self.buttons[bill.player] = b
            self.list.addWidget(b)
            b.show()


class KeepPage(QWidget):
    """First-half planes keep one card (ab_die_post.flight.keep)."""

    keep = Signal(str, object)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.text = _label()
        self.rows = QVBoxLayout()
        self.buttons: list[QPushButton] = []
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.text)
        lay.addLayout(self.rows)
        lay.addStretch(1)

    def update_from(self, s) -> None:
        for b in self.buttons:
            b.hide()
            b.deleteLater()
        self.buttons = []
        self.text.setText("Planes still in the first half of the route keep one card; all other "
                          "cards are discarded. Choose:")
        for p in s.keeping:
            for v in sorted(set(s.deck.hands[p]), reverse=True):
                b = QPushButton(f"{p} keeps a {v}")
                b.clicked.connect(lambda _=False, p=p, v=v: self.keep.emit(p, v))
                self.buttons.append(b)
                self.rows.addWidget(b)
                b.show()


class EndPage(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.text = _label(bold=True)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.text)
        lay.addStretch(1)

    def update_from(self, s) -> None:
        win = " and ".join(s.winners)
        verb = "share the win" if len(s.winners) > 1 else "wins"
        scores = ", ".join(f"{p} {s.scores[p]}" for p in sorted(s.players, key=lambda p: -s.scores[p]))
        self.text.setText(f"{win} {verb}! Final score: {scores}.")
