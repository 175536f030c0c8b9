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
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from companion.ab_die_post import view
from companion.ab_die_post.view import GOAL, LANES, VALUES
from companion.core.words import counted

from .. import looks
from .board_view import BoardView
from .indicator import BallView


def _label(text="", bold=False) -> QLabel:
    w = QLabel(text)
    w.setWordWrap(True)
    if bold:
        looks.bold(w)
    return w


class TurnPage(QWidget):
    """Obtain spare parts or fly (ab_die_post.turn.one_action). The draw button sits beside Stop
    or Fly, each with a short label (the whole words in its tip), and the table's own card
    beside its words: at 1280x720 in the larger type the page stacked them all, scrolled, and
    the odds of a flight, its last line, lay under the scroll edge."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.hand = _label()
        self.draw_button = QPushButton("Draw")
        self.draw_button.setToolTip("Draw a spare part from the deck (the app deals)")
        self.table_cards = {v: QPushButton(str(v)) for v in VALUES}
        self.table_row = row = QHBoxLayout()
        self.table_words = _label("Or the card drawn at the table:")
        row.addWidget(self.table_words, 1)
        for v, b in self.table_cards.items():
            b.setFixedWidth(40)
            b.setToolTip(f"Record a {v} drawn from the table's own deck")
            row.addWidget(b)
        self.in_table_mode = False
        self.stop_button = QPushButton("Stop drawing")
        self.stop_button.setMinimumHeight(40)
        self.fly_button = QPushButton("Fly")
        self.fly_button.setMinimumHeight(40)
        self.fly_odds = _label()
        self.choice = choice = QHBoxLayout()  # Stop and Fly as tall as the draw button's two lines beside them
        for b in (self.stop_button, self.fly_button):
            b.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        choice.addWidget(self.draw_button, 1)
        choice.addWidget(self.stop_button, 1)
        choice.addWidget(self.fly_button, 1)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.hand)
        lay.addLayout(choice)
        lay.addLayout(row)
        lay.addWidget(self.fly_odds)
        lay.addStretch(1)

    def set_table_mode(self, on: bool) -> None:
        """In table mode the table's own cards sit between Draw and Stop or Fly, their words in
        their tips: the page has a quarter of a short column, under the players' table."""
        if on == self.in_table_mode:
            return
        self.in_table_mode = on
        for b in self.table_cards.values():
            (self.table_row if on else self.choice).removeWidget(b)
        for i, b in enumerate(self.table_cards.values()):
            if on:
                self.choice.insertWidget(1 + i, b)
            else:
                self.table_row.addWidget(b)
        self.table_words.setVisible(not on)

    def update_from(self, s, risk, fly_text: str, fly_refused: list | None = None) -> None:
        """``fly_refused``: the session's why_not for a fly now (empty: the player may fly)."""
        who = s.current
        have, need = s.points_in_hand(who), s.settings.min_points_to_fly
        drawing = s.phase == "drawing"
        self.hand.setText(f"{who} holds {counted(have, 'point')}, {counted(s.threes(who), 'red 3')}. "
                          f"{counted(s.deck.left, 'card')} left in the deck."
                          + (" One card per turn." if s.settings.draw_mode == "single" else ""))
        parts = view.parts_to_draw(s)  # the values a draw may turn up (ab_die_post.parts.draw)
        can_draw = bool(parts)
        self.draw_button.setText(f"Draw\nthird red 3: {view.percent(risk)}")
        looks.sheet(self.draw_button, "QPushButton { color: {danger}; font-weight: 600; }" if risk else "")
        self.draw_button.setEnabled(can_draw)
        for v, b in self.table_cards.items():
            b.setEnabled(v in parts)
        self.stop_button.setVisible(drawing)
        self.fly_button.setVisible(not drawing)
        self.fly_odds.setVisible(not drawing)
        may_fly = not fly_refused  # the session decides (ab_die_post.fly.parts)
        self.fly_button.setEnabled(may_fly)
        self.fly_button.setText("Fly" if have >= need else f"Fly (needs {need})")
        self.fly_button.setToolTip("Fly: shake the hurricane indicator" if have >= need
                                   else f"Fly: a plane needs {counted(need, 'point')} of spare parts to take off")
        self.fly_odds.setText(fly_text)


class MovePage(QWidget):
    """Where the plane came down, set with a click (ab_die_post.move.wind). Without a board:
    lane, zone and flank spaces buttons, each row beside its word (at 1280x720 in the larger
    type each word on a line over its row made the page scroll its Move button out of sight,
    #14); with a board: the landing space clicked on the track."""

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
            flank_row.addWidget(b, 1)
        self.move_button = QPushButton("Move here")
        self.move_button.setMinimumHeight(36)
        # short words, the whole ones in the tips: side by side the long ones made the page
        # 609 px wide at 1280x720 in the larger type, and the window squeezed the rules dock
        # beside the table to 147 px, a word a line (#14)
        self.goal_button = QPushButton("On the goal airport")
        self.goal_button.setToolTip("The plane landed on the goal airport: the flight ends")
        self.blocked_button = QPushButton("Space taken: no move")
        self.blocked_button.setToolTip("The landing space is taken by another plane: this plane does not move")
        top = QHBoxLayout()
        top.addWidget(self.ball)
        top.addWidget(self.wind, 1)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addLayout(top)
        self.manual = QWidget()
        rows = QGridLayout(self.manual)
        rows.setContentsMargins(0, 0, 0, 0)
        rows.setColumnStretch(1, 1)
        rows.setVerticalSpacing(3)  # as the zone grid's rows: table mode's short column (#14)
        words = (("Lane", "The lane the plane flies in", lane_row),
                 ("River zone", "The river zone it came down in, counted from this flight's start",
                  self.zone_grid),
                 ("Flank spaces", "The passenger's flank spaces it passed (outer lane)", flank_row))
        for i, (word, tip, row) in enumerate(words):
            label = QLabel(word)
            label.setToolTip(tip)
            rows.addWidget(label, i, 0)
            rows.addLayout(row, i, 1)
        # on a line of its own: beside the flank spaces it made the page wider than the goal
        # airport's and a taken space's buttons side by side, and the window with it
        rows.addWidget(self.move_button, len(words), 0, 1, 2)
        lay.addWidget(self.manual)
        # with a board: the track, the space picked and what it means, one button to fly there
        self.board_view = BoardView()
        self.board_view.picked.connect(self.pick)
        self.board_text = _label()
        self.board_text.setMinimumHeight(2 * self.board_text.fontMetrics().lineSpacing() + 4)
        self.board_move_button = QPushButton("Fly there")
        self.board_move_button.setMinimumHeight(36)
        self.board_box = QWidget()
        bl = QVBoxLayout(self.board_box)
        bl.setContentsMargins(0, 0, 0, 0)
        bl.addWidget(self.board_view, 1)
        bl.addWidget(self.board_text)
        bl.addWidget(self.board_move_button)
        lay.addWidget(self.board_box, 1)
        self.in_table_mode = False
        self.state = None
        self.landings: dict = {}
        self.selected: str | None = None
        row = QHBoxLayout()
        row.addWidget(self.goal_button)
        row.addWidget(self.blocked_button)
        lay.addLayout(row)
        self.stretch = QWidget()
        lay.addWidget(self.stretch, 1)

    @staticmethod
    def _toggle(text, group) -> QPushButton:
        b = QPushButton(text)
        b.setCheckable(True)
        looks.choice(b)
        group.addButton(b)
        return b

    def set_table_mode(self, on: bool) -> None:
        """In table mode the ball and its words give their lines to the buttons: the phase bar
        says them in its own type ("Anna: the yellow ball moves 5 spaces"), the board beside
        shows where the plane starts from, and the page has a quarter of a short column
        (at 1280x720 in the larger type its last row lay 44 px under the scroll edge, #14)."""
        self.in_table_mode = on
        for w in (self.ball, self.wind):
            w.setVisible(not on)

    def update_from(self, s) -> None:
        plane = s.planes[s.current]
        self.ball.set_ball(s.ball)
        on_board = s.board is not None
        self.manual.setVisible(not on_board)
        self.board_box.setVisible(on_board)
        self.blocked_button.setVisible(not on_board)
        self.goal_button.setVisible(not on_board)  # on the track, the goal airport is clicked
        self.stretch.setVisible(not on_board)
        if on_board:
            self._update_board(s)
            return
        # (the phase bar says what is owed: enter where the plane came down)
        self.wind.setText(f"The {s.ball} ball: {s.current} flies {counted(view.distance(s), 'space')} from "
                          f"{view.plane_text(s, s.current)}. River zones count from this flight's start.")
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
        in_reach, goal_in_reach, fewest_flanks = view.reach(s)
        for z, b in self.zone_buttons.items():
            b.setEnabled(z in in_reach)
        self.lane_buttons[plane.lane or "outer"].setChecked(True)
        self.zone_buttons[max(1, min(zones, plane.zone if plane.in_air else 1))].setChecked(True)
        self.flank_buttons[plane.flanks].setChecked(True)
        for n, b in self.flank_buttons.items():
            b.setEnabled(n >= fewest_flanks)
        self.goal_button.setEnabled(goal_in_reach)

    # -- with a board ----------------------------------------------------------------------------
    def _update_board(self, s) -> None:
        self.state = s
        self.landings = view.landings(s)
        if self.selected not in self.landings:
            self.selected = None
        n = view.distance(s)
        self.wind.setText(f"The {s.ball} ball: {s.current} flies exactly {counted(n, 'space')} from "
                          f"{view.plane_text(s, s.current)}, taking off and landing straight. "
                          "Click where the plane lands: a yellow space is free, a red one taken"
                          + (", and the goal airport is within reach." if GOAL in self.landings else "."))
        self.goal_button.setEnabled(GOAL in self.landings)
        self._show_pick()

    def pick(self, target: str) -> None:
        """A space (or the goal airport) clicked on the track."""
        if target in self.landings:
            self.selected = target
            self._show_pick()

    def _show_pick(self) -> None:
        s, target = self.state, self.selected
        self.board_view.show_state(s, self.landings, target)
        self.board_move_button.setEnabled(target is not None)
        if target is None:
            self.board_text.setText("No space picked yet.")
            self.board_move_button.setText("Fly there")
            return
        land = self.landings[target]
        path = " → ".join("goal" if n == GOAL else n for n in land.path)
        if target == GOAL:
            self.board_text.setText(f"The goal airport ({path}): the flight ends.")
            self.board_move_button.setText("Land on the goal airport")
            return
        board, plane = s.board, s.planes[s.current]
        if land.taken:
            self.board_text.setText(f"{target} is taken by {land.taken}'s plane: landing there means "
                                    "the plane does not move at all.")
            self.board_move_button.setText(f"{target} is taken: stay put")
            return
        what = f"{target}: {board.lane_of(target)} lane, zone {board.zone(target, s.outward)} (via {path})."
        passed = land.flanks - plane.flanks
        if passed:
            what += f" Passes {counted(passed, 'passenger flank space')}"
            if land.flanks == 2 and s.passenger is None:
                what += " and takes the passenger."
            else:
                what += "."
        self.board_text.setText(what)
        self.board_move_button.setText(f"Fly to {target}")

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
            cheapest = "+".join(map(str, view.cheapest_payment(s.deck.hands[bill.player], bill.cost)))
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
