"""The Thurn and Taxis table: the map, the display and deck, the officials, the active player's
route and hand (behind the privacy screen), the score board and what may still be done this turn.

Every click becomes one input for the session; the screen redraws from the state. With a virtual
deck the app turns up the display's cards itself right after the action that opened a gap.
"""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from companion.core.inputs import Input, draw
from companion.thurn_and_taxis import view

from .. import looks, settings
from ..palette import PLAYER_COLOURS
from ..widgets.columns import ScrollingColumn, share_width
from ..widgets.hand_panel import CardItem
from ..widgets.measured_once import MeasuredOnce
from ..widgets.phase_bar import PhaseBar
from .close_dialog import CloseDialog
from .hand import TableHand
from .map_view import MapView, player_colour
from .models import ScoreModel
from .setup_dialog import ask_setup as _ask_setup

#: the supply column's widest at the normal text size
SIDE_ROOM = 460


def create(table):
    return ThurnTable(table)


#: the parts of the state (``Change.changed``, companion/core/parts.py) each panel shows; a
#: change that touches none of a panel's parts leaves it as it is. The phase bar, the display,
#: the route and the hand ask the rules what may be done now (``next_steps``, ``why_not``), an
#: answer any part of the state may change, so they redraw after every change of the state.
MAP_PARTS = ("players", "over", "turn.seat", "stacks")
SCORE_PARTS = ("players", "over", "turn.seat", "round")


#: the phase bar's words for a step the table may take, after "May:"; an official is named only
#: when nothing else may be done (the officials' buttons beside the map say which are free)
MAY = {"take_display": "take a card", "draw": "draw a card", "play": "play a card",
       "discard_route": "give up the route"}


def step_line(steps, keep: int) -> str:
    """What the turn owes now, on one line: the steps that must be done (a card from the display
    or the deck is one choice, thurn_and_taxis.take.count; ``keep`` is the pack's hand after
    closing, thurn_and_taxis.hand.limit), else what may still be done. At a hand-off the rules'
    four steps in full took four lines of the phase bar at 1280x720 in the larger type and left
    the map 160 px (#14); these words fit table mode's type there, and the rules' whole list is
    the line's tooltip."""
    steps = [st for st in steps if st.kind != "end_turn"]
    owed = [st for st in steps if st.required]
    if owed:
        kinds = {st.kind for st in owed}
        if {"take_display", "draw"} <= kinds:
            owed = [st for st in owed if st.kind != "draw"]
        return " \u00b7 ".join(_owed_words(st, kinds, keep) for st in owed)
    may = [MAY.get(st.kind) or st.text[:1].lower() + st.text[1:] for st in steps if st.kind != "official"]
    if not may and steps:
        may = ["call an official"]
    return "May: " + ", ".join(may) if may else "Nothing more to do this turn"


def _owed_words(st, kinds: set[str], keep: int) -> str:
    if st.kind == "take_display" and "draw" in kinds:
        return "Take a card (display or deck)"
    if st.kind == "cut_hand":
        return f"Discard down to {keep} cards"
    return st.text


def used_words(official: str) -> str:
    """An official's button once called this turn."""
    return f"{official} \u2713 this turn"


def ask_setup(parent, pack):
    return _ask_setup(parent, pack)


class Dialogs:
    """Kept apart so tests can answer them without opening windows."""

    def __init__(self, parent):
        self.parent = parent

    def close_route(self, state) -> tuple[dict, bool] | None:
        dlg = CloseDialog(state, self.parent)
        return dlg.chosen() if dlg.exec() == QDialog.DialogCode.Accepted else None

    def which_end(self, state, card: str) -> str | None:
        p, b = state.active, state.board
        ends = {f"Beside {b.name(p.route[0])} (left end)": "left",
                f"Beside {b.name(p.route[-1])} (right end)": "right"}
        text, ok = QInputDialog.getItem(self.parent, "Which end?", f"Play {b.name(card)}:",
                                        list(ends), 0, False)
        return ends[text] if ok else None


class ThurnTable(QWidget):
    docks = ("log", "rules")  # no dice in Thurn and Taxis
    reads_state_parts = True  # refresh reads Change.changed

    def __init__(self, table, parent=None):
        super().__init__(parent)
        self.table = table
        self.dialogs = Dialogs(self)
        board = table.state.board
        self.phase = PhaseBar()
        self.phase.advance.connect(lambda kind: self.submit(kind))
        # End turn comes and goes twice a turn: its room stays, or the bar's height would change
        # with it and move (and draw again) the map and the side column under it each time
        policy = self.phase.button.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.phase.button.setSizePolicy(policy)

        self.map = MapView(board)
        self.map.setProperty("board", True)  # tests/ui/test_no_clipping.py holds it in sight and not squeezed
        self.scores = ScoreModel(self)
        self.score_view = QTableView()
        self.score_view.setModel(self.scores)
        self.score_view.setItemDelegate(MeasuredOnce(self.scores, self.score_view))
        self.score_view.verticalHeader().hide()
        self.score_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.score_view.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        # columns share the width by their text (a figure's words are joined, ScoreModel); the
        # board is as tall as its rows: given the column's leftover room, at 1920x1080 in table
        # mode it stretched over a tall empty area under the last player (#14)
        self.score_view.verticalHeader().setDefaultSectionSize(22)
        self.score_view.setSizeAdjustPolicy(QAbstractItemView.SizeAdjustPolicy.AdjustToContents)
        # never a scroll bar, as it is as tall as its rows (the side column scrolls): a bar's room
        # held beside the columns made the board 14 px wider than the column's other parts
        self.score_view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        share_width(self.score_view, air=True)

        # the display and the deck
        self.display_buttons = [QPushButton() for _ in range(board.game["display_size"])]
        dbox = QGroupBox("Display")
        dgrid = QGridLayout(dbox)
        dgrid.setSpacing(4)
        for i, b in enumerate(self.display_buttons):
            b.setMinimumHeight(30)
            b.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            b.clicked.connect(lambda _=False, i=i: self._take(i))
            dgrid.addWidget(b, i // 3, i % 3)
        self.deck_button = QPushButton()
        self.deck_button.clicked.connect(self._deal)
        self.drawn = QComboBox()
        # item ids kept beside the combo: QComboBox userData crashed PySide6 6.12 on repeated clear()
        # every city, not just those left in the deck: the list is on the shared screen, and what
        # is missing from it would tell everyone which cities the players hold
        self.drawn_cards = sorted(board.cities, key=board.name)
        self.drawn.addItems([board.name(c) for c in self.drawn_cards])
        self.drawn_button = QPushButton("Enter")
        self.drawn_button.setToolTip("The card the table turned over")
        self.drawn_button.clicked.connect(self._enter_drawn)
        # the deck's count beside the draw, not on a line of its own under it: at 1280x720 in
        # table mode the side column is short of room for the scores (#14)
        self.deck_label = QLabel()
        self.deck_label.setWordWrap(True)
        drow = QHBoxLayout()
        drow.addWidget(self.deck_button)
        drow.addWidget(self.drawn, 1)
        drow.addWidget(self.drawn_button)
        drow.addWidget(self.deck_label, 1)
        dgrid.addLayout(drow, 2, 0, 1, 3)

        # officials
        obox = QGroupBox("Officials (one a turn)")
        ogrid = QGridLayout(obox)
        ogrid.setSpacing(4)
        self.official_buttons = {}
        for i, oid in enumerate(view.OFFICIALS):
            o = board.officials[oid]
            b = QPushButton(o["name"])
            b.setToolTip(f"{o['name']} ({o['de']}): {o['effect']}")
            b.clicked.connect(lambda _=False, oid=oid: self._official(oid))
            self.official_buttons[oid] = b
            b.installEventFilter(self)
            ogrid.addWidget(b, i // 2, i % 2)
        self.officials_box = obox
        self._hold_officials_room()

        # the route
        self.display_box = dbox
        rbox = self.route_box = QGroupBox("Route in progress")
        rlay = QVBoxLayout(rbox)
        self.route_label = QLabel()
        self.route_label.setWordWrap(True)
        self.discard_button = QPushButton("Give up the route")
        self.discard_button.setToolTip("Discard the whole route when no card fits (or you want a new one)")
        self.discard_button.clicked.connect(lambda: self.submit("discard_route"))
        self.close_button = QPushButton("Close the route\u2026")
        self.close_button.clicked.connect(self._close)
        rrow = QHBoxLayout()
        rrow.addWidget(self.discard_button)
        rrow.addWidget(self.close_button)
        rlay.addWidget(self.route_label)
        rlay.addLayout(rrow)

        self.hand = TableHand("Hand", columns=5)
        self.hand.card_clicked.connect(self._play)

        # the map with the player's hand in front of it, the hand as tall as it needs (TableHand)
        # and the map the rest; the supply, route and scores beside
        left = QWidget()
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(4)
        column.addWidget(self.map, 1)
        column.addWidget(self.hand)
        right = QWidget()
        rl = QVBoxLayout(right)
        rl.setContentsMargins(0, 0, 0, 0)
        rl.setSpacing(4)
        # the bonus tiles come here when under the board they would squeeze it (MapView.tiles_home),
        # above the route: the column scrolls to the display while a card is taken and to the
        # route while one is played, and the tiles under the route were under the column's edge
        # at both at 1280x720 in the larger type and table mode (#14)
        tiles_box = QGroupBox("Bonus tiles on offer")
        QVBoxLayout(tiles_box).setContentsMargins(4, 4, 4, 4)
        tiles_box.hide()
        self.map.tiles_home = tiles_box
        for w in (dbox, obox, tiles_box, rbox):
            rl.addWidget(w)
        rl.addWidget(self.score_view)
        self.open_scores = QCheckBox("Open scores (bonus tiles face up)")
        self.open_scores.setToolTip("The rules keep bonus tiles face down until the end; tick to show every "
                                    "score in full during play")
        self.open_scores.setChecked(settings.get("thurn_and_taxis/scores") == "open")
        self.open_scores.toggled.connect(self._open_scores)
        self.scores.open_scores = self.open_scores.isChecked()
        rl.addWidget(self.open_scores)
        rl.addStretch(1)
        right.setMinimumWidth(340)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        # the supply column scrolls rather than making the window taller than a 720-pixel screen
        side = ScrollingColumn(right, least=340)
        self.side = side
        self._side_room()
        split.addWidget(side)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setChildrenCollapsible(False)
        self.split = split
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.phase)
        lay.addWidget(split, 1)
        self._owed: QWidget | None = None  # the side column's part last scrolled into sight
        #: the times each panel was drawn afresh (tests count them: a skipped panel is stale)
        self.redraws: Counter[str] = Counter()
        self.refresh()
        self._fill_display()

    def _side_room(self) -> None:
        # the column is capped so a wide window gives the map its room, but the cap grows with the
        # text: at a larger size a wide window gives the scores their whole line (they wrapped)
        scale = self.font().pointSizeF() / looks.LOOKS.base_points if looks.LOOKS.base_points else 1.0
        room = round(SIDE_ROOM * max(1.0, scale))
        self.side.widget().setMaximumWidth(room)
        self.side.setMaximumWidth(room)

    def _give_side_room(self) -> None:
        # the splitter sizes its columns by their hints, which leave the side column narrow
        # however wide the window; a wide one gives it up to its share (the map keeps 3/5)
        sizes = self.split.sizes()
        total = sum(sizes)
        want = min(self.side.maximumWidth(), total * 2 // 5)
        if total > 0 and sizes[1] < want and total - want >= self.split.widget(0).minimumSizeHint().width():
            self.split.setSizes([total - want, want])

    def _hold_officials_room(self) -> None:
        """The officials' box keeps the width its two columns need with any one official's check
        in bold: the check came and went each turn and widened the side column, moving the map
        (at 1280x720 in the larger type 465 -> 436 px wide when the Postal Carrier was called)."""
        names = {oid: self.state.board.officials[oid]["name"] for oid in self.official_buttons}
        plain_font = self.officials_box.font()
        bold_font = QFont(plain_font)
        bold_font.setWeight(QFont.Weight.DemiBold)
        plain, bold = QFontMetrics(plain_font), QFontMetrics(bold_font)
        plain_width = {oid: plain.horizontalAdvance(n) for oid, n in names.items()}
        used_width = {oid: bold.horizontalAdvance(used_words(n)) for oid, n in names.items()}
        hints = {oid: b.minimumSizeHint().width() for oid, b in self.official_buttons.items()}
        pad = next(hints[o] - plain_width[o] for o, b in self.official_buttons.items() if b.text() == names[o])
        columns = [list(view.OFFICIALS)[c::2] for c in (0, 1)]  # as laid out in the grid

        def need(checked: str) -> int:
            return sum(max((used_width if o == checked else plain_width)[o] + pad for o in col) for col in columns)

        # the box's frame and spacing round its columns as they are now, round the widest they need
        now = sum(max(hints[o] for o in col) for col in columns)
        least = self.officials_box.minimumSizeHint().width() - now + max(need(o) for o in names)
        if self.officials_box.minimumWidth() != least:
            self.officials_box.setMinimumWidth(least)

    def eventFilter(self, obj, event) -> bool:
        if event.type() == QEvent.Type.FontChange and obj in self.official_buttons.values():
            self._hold_officials_room()  # another type: the room for a check is measured again
        return False

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange and hasattr(self, "side"):
            self._side_room()
            self._give_side_room()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._give_side_room()
        if event.size().height() != event.oldSize().height():
            self._owed_in_sight_soon()  # another room: what the step needs kept in it

    # -- helpers ---------------------------------------------------------------------------------
    @property
    def state(self):
        return self.table.state

    @property
    def virtual(self) -> bool:
        return self.state.deck_mode == "virtual"

    def submit(self, kind: str, **args):
        return self.table.submit(Input(kind, args))

    def _deal(self):
        """Draw the pending card (blind draw or display refill) from the app's virtual deck."""
        return self.table.deal_app()

    def _fill_display(self):
        if self.virtual:
            while self.state.refill_due() and not self.state.over:
                out = self._deal()
                if out is None or not out.accepted:
                    break

    def _enter_drawn(self):
        i = self.drawn.currentIndex()
        card = self.drawn_cards[i] if 0 <= i < len(self.drawn_cards) else None
        if card:
            self.table.submit(draw(card, "table"))

    # -- actions ---------------------------------------------------------------------------------
    def _take(self, i: int):
        card = self.state.display[i]
        if card is None:
            return
        out = self.submit("take_display", card=card)
        if out is not None and out.accepted:
            self._fill_display()

    def _official(self, oid: str):
        out = self.submit("official", name=oid)
        if out is not None and out.accepted:
            self._fill_display()

    def _play(self, card: str):
        s = self.state
        if s.turn.cut_due:
            self.submit("cut_hand", cards=[card])
            return
        ends = view.fitting_ends(s, card)
        args = {"card": card}
        if len(ends) == 2:
            end = self.dialogs.which_end(s, card)
            if end is None:
                return
            args["end"] = end
        elif len(ends) == 1:
            args["end"] = ends[0]
        self.submit("play", **args)

    def _close(self):
        answer = self.dialogs.close_route(self.state)
        if answer is None:
            return
        args, call_cartwright = answer
        if call_cartwright:
            out = self.submit("official", name="cartwright")
            if out is None or not out.accepted:
                return
        self.submit("close_route", **args)
        if self.state.turn.cut_due:
            self.hand.reveal()  # the player chooses which cards to keep

    def _open_scores(self, on: bool) -> None:
        settings.put("thurn_and_taxis/scores", "open" if on else "hidden")
        self.scores.open_scores = on
        self.scores.set_state(self.state)

    # -- redraw ----------------------------------------------------------------------------------
    def refresh(self, change=None) -> None:
        """Redraw the panels ``change`` (the session's Change record) touched; None: all of them."""
        s = self.state
        drawn = []
        if change is None or change.changed(*MAP_PARTS):
            self.map.set_state(s)
            drawn.append("map")
        if change is None or change.changed(*SCORE_PARTS):
            self.scores.set_state(s)
            drawn.append("scores")
        if change is None or change.state_parts:
            self._show_owed(s)
            self._refresh_phase(s)
            self._refresh_display(s)
            self._refresh_route(s)
            self._refresh_hand(s)
            drawn += ["phase", "display", "route", "hand"]
        self.redraws.update(drawn)

    def owed_box(self, s) -> QWidget:
        """The part of the side column the turn's step needs in sight: the display while a card
        is to be taken, the route while one is to be played or closed, the scores once the game
        is over (thurn_and_taxis.score)."""
        if s.over:
            return self.score_view
        kinds = {st.kind for st in self.table.session.next_steps() if st.required}
        return self.display_box if kinds & {"take_display", "draw"} else self.route_box

    def _show_owed(self, s) -> None:
        """At 1280x720 in table mode the side column is taller than its room (#14): it scrolls
        to what the step owed needs, and only when that changes, never under a click within it."""
        box = self.owed_box(s)
        if box is not self._owed:
            self._owed = box
            self._owed_in_sight_soon()

    def _owed_in_sight_soon(self) -> None:
        # once laid out: a screen hidden behind the result, or not shown yet, has no room yet
        QTimer.singleShot(0, self, self._owed_in_sight)

    def _owed_in_sight(self) -> None:
        if self._owed is not None and self.isVisible():
            self.side.ensureWidgetVisible(self._owed, 0, 0)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self._owed_in_sight_soon()  # back from the result: the scores

    def _refresh_phase(self, s):
        if s.over:
            best = s.players[view.ranking(s)[0]]
            # the winner on the bar's first line, the round on the second: "Game over after round
            # 32: Dora wins with 10" took two lines of table mode's type at 1280x720 (#14)
            self.phase.set_phase(f"Game over: {best.name} wins with {view.score(s, best)}",
                                 [f"Round {s.round} was the last; the final scores are on the score board."], None)
            return
        p = s.active
        end = " \u00b7 final round" if s.ended_by is not None else ""
        where = f"Round {s.round}{end} \u00b7 {p.name}'s turn ({p.colour})"
        steps = self.table.session.next_steps()
        # the rules' whole words, each step with whether it must be done, are the line's tooltip
        whole = [st.text + ("" if st.required else " (may)") for st in steps if st.kind != "end_turn"]
        if s.turn.official:
            whole.append(f"Official this turn: {view.official_title(s, s.turn.official)}"
                         + (" (empty hand)" if s.turn.forced else ""))
        self.phase.next.setToolTip("\n".join(whole))
        can_end = any(st.kind == "end_turn" for st in steps)
        self.phase.set_phase(where, [step_line(steps, s.board.game["hand_after_closing"])], "End turn" if can_end else None, "end_turn")

    def _refresh_display(self, s):
        b = s.board
        why_not = self.table.session.why_not
        for btn, card in zip(self.display_buttons, s.display, strict=True):
            btn.setText(b.name(card) if card else "\u2013")
            btn.setEnabled(card is not None and not why_not(Input("take_display", {"card": card})))
            edge = b.provinces[b.cities[card].province].colour if card else "{tt.no.card}"
            self._sheet(btn, f"QPushButton {{ border-left: 7px solid {edge}; }}")
            btn.setToolTip(f"{b.name(card)} ({b.provinces[b.cities[card].province].name})" if card else "")
        request = self.table.session.pending_draw()
        refill = s.refill_due()
        may_draw = request is not None and bool(request.choices) and not why_not(
            Input("draw", {"card": request.choices[0]}, "app"))
        self.deck_button.setVisible(self.virtual)
        self.deck_button.setEnabled(may_draw)
        self.deck_button.setText("Turn up a display card" if refill else "Draw from the deck")
        self.drawn.setVisible(not self.virtual)
        self.drawn_button.setVisible(not self.virtual)
        self.drawn_button.setEnabled(may_draw)
        self.drawn_button.setText("Turned up" if refill else "Drawn")
        self.deck_label.setText(f"Deck {s.deck.left} \u00b7 discards {len(s.deck.discard)}")
        self.deck_label.setToolTip(f"{s.deck.left} cards in the deck, {len(s.deck.discard)} on the discard pile")
        for oid, btn in self.official_buttons.items():
            btn.setEnabled(not why_not(Input("official", {"name": oid})))
            # the one official of this turn (thurn_and_taxis.official.one_per_turn), said in
            # words as well as in colour; once the game is over no turn has one
            used = s.turn.official == oid and not s.over
            name = b.officials[oid]["name"]
            text = used_words(name) if used else name
            if btn.text() != text:
                btn.setText(text)
            self._sheet(btn, "QPushButton { font-weight: 600; font-size: {size:body}; color: {accent}; }"
                        if used else "")

    @staticmethod
    def _sheet(btn, template: str) -> None:
        """Give ``btn`` its look only when it changed: a new style sheet polishes it again and asks
        the layout for room (``looks.restyle`` fills it anew when the colours or sizes change)."""
        if btn.property("paletteSheet") != (template or None):
            looks.sheet(btn, template)

    def _refresh_route(self, s):
        p = s.active
        self.route_label.setText(f"{p.name}: {view.route_text(s, p.route)} ({len(p.route)} card{'s' if len(p.route) != 1 else ''})"
                                 if p.route else f"{p.name} has no route in progress.")
        kinds = {st.kind for st in self.table.session.next_steps()}
        self.discard_button.setEnabled("discard_route" in kinds)
        self.close_button.setEnabled("close_route" in kinds)

    def _refresh_hand(self, s):
        p, b = s.active, s.board
        items = [CardItem(h.card, b.name(h.card), h.lit, h.tip, b.provinces[b.cities[h.card].province].colour)
                 for h in view.hand_cards(s)]
        accent = f"player.{p.colour}" if p.colour in PLAYER_COLOURS else player_colour(p.colour).name()
        self.hand.set_hand(None if s.over else p.name, items, accent,
                           nobody="The game is over: the hands are put away.")
        # once the game is over the hands are put away and the final board takes their room
        if self.hand.isHidden() != s.over:
            self.hand.setVisible(not s.over)
