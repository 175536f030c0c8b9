"""The Ab die Post! table: every hand face up, the current player's choice with its odds, the
hurricane indicator, the plane's landing place, hurricane bills, the card kept at a flight's end
and the score track. Every button builds one input for ``Table.submit``; the screen redraws
from the state and decides no rule itself."""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QSplitter,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from companion.ab_die_post import view
from companion.ab_die_post.view import GOAL
from companion.core.inputs import Input

from .. import looks
from ..widgets.columns import ScrollingColumn, share_width, unbroken
from ..widgets.layout_fence import LayoutFence
from ..widgets.measured_once import MeasuredOnce
from ..widgets.phase_bar import PhaseBar
from ..widgets.steady import SteadyHeight
from .arrangement import PlayersColumn, arrange
from .board_view import FlightBoard
from .dialogs import PostDialogs
from .dialogs import ask_setup as _ask_setup
from .indicator import IndicatorPanel
from .models import CARDS_COLUMN, CardDelegate, PlayerModel
from .pages import EndPage, KeepPage, MovePage, PayPage, TurnPage
from .track import ScoreTrack

#: the parts of the state (``Change.changed``, companion/core/parts.py) each panel shows; a
#: change that touches none of a panel's parts leaves it as it is. The phase bar and the action
#: page ask the rules what may be done now (``next_steps``, ``why_not``), an answer any part of
#: the state may change, so they redraw after every change of the state.
PANEL_PARTS = {
    # a hand (its points and red 3s), a plane (its place on a board counts from this flight's
    # start), the passenger, a score, whose turn (the bold row) until the game is won (no mark)
    "players": ("players", "deck.hands", "planes", "passenger", "scores", "current", "winners", "flight",
                "board", "settings"),
    "track": ("players", "scores", "settings"),
    "board": ("players", "planes", "passenger", "flight", "board", "settings"),
    "result": ("players", "results"),
    # what a hurricane would cost each plane in the air now
    "costs": ("players", "planes", "deck.hands", "passenger", "settings"),
}

#: rounds of layout a redraw is given before it is painted (_lay_out_now): a new width for the
#: players' table and the layout of its column, then one more where the column was too narrow
LAYOUT_PASSES = 3

PHASE_WORDS = {"turn": "draw or fly", "drawing": "drawing spare parts", "indicator": "flying",
               "move": "flying", "hurricane": "hurricane!", "keep": "end of the flight",
               "over": "game over"}


def create(table):
    return RaceTable(table)


def ask_setup(parent, pack):
    return _ask_setup(parent, pack)


class RaceTable(QWidget):
    docks = ("log", "rules")  # the hurricane indicator lives on the table itself, no dice
    reads_state_parts = True  # refresh reads Change.changed

    def __init__(self, table, parent=None):
        super().__init__(parent)
        self.table = table
        self.dialogs = PostDialogs(self)
        self.phase = PhaseBar()
        self.phase.advance.connect(lambda kind: self.submit(kind))

        self.players = PlayerModel(self)
        self.player_view = QTableView()
        self.player_view.setModel(self.players)
        self.player_view.setItemDelegate(MeasuredOnce(self.players, self.player_view))
        self.player_view.setItemDelegateForColumn(CARDS_COLUMN, CardDelegate(self.players, self.player_view))
        self.player_view.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.player_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.player_view.verticalHeader().hide()
        self.player_view.verticalHeader().setDefaultSectionSize(30)
        # every player's row in view, as tall as their wrapped words: the column scrolls instead.
        # The rows are sized by the column sharer when a row or the widths change (it sizes a
        # view sized to its contents row by row), not by Qt at every layout of the table: Qt's
        # own sizing measured every cell some 100 times a click (#12)
        self.player_view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.player_view.setSizeAdjustPolicy(QAbstractItemView.SizeAdjustPolicy.AdjustToContents)
        self.player_view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # where it is squeezed its rows scroll to whose turn it is (arrangement.py), the last row whole
        self.player_view.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.player_view.setProperty("usefulRows", 6)  # the whole table: each player's row
        # at a large text size the score column stays in view (in table mode a name and its ✈
        # keep one line too: arrangement.py)
        self.player_sharer = share_width(self.player_view, rows_grow=False)
        looks.text_size(self.player_view, "board")  # read from across the table in table mode, as the board
        self.track = ScoreTrack()
        self.result = QLabel("")
        self.result.setWordWrap(True)
        self._steady_result = SteadyHeight(self.result)  # a flight's result takes a line, then two
        self.costs = QLabel("")
        self.costs.setWordWrap(True)
        looks.tone(self.costs, "muted")
        self._steady_costs = SteadyHeight(self.costs)  # a hurricane's costs now take 1 line, now 3
        left = QWidget()
        ll = QVBoxLayout(left)
        ll.setContentsMargins(0, 0, 0, 0)
        ll.addWidget(self.player_view)
        ll.addWidget(self.costs)
        track_box = QGroupBox("Score track")
        tl = QVBoxLayout(track_box)
        tl.setContentsMargins(6, 4, 6, 4)
        tl.addWidget(self.track)
        ll.addWidget(track_box)
        ll.addWidget(self.result)
        ll.addStretch(1)
        self.track_box = track_box
        self.flight_board = FlightBoard()  # every plane, always in view
        self.flight_board.setProperty("board", True)  # tests/ui/test_no_clipping.py holds it in sight

        # the current choice, one page per phase
        self.turn_page = TurnPage()
        self.indicator = IndicatorPanel()
        self.indicator.pick = lambda choices: self.table.session.bag.pick(choices)
        self.move_page = MovePage()
        self.pay_page = PayPage()
        self.keep_page = KeepPage()
        self.end_page = EndPage()
        self.pages = QStackedWidget()
        for page in (self.turn_page, self.indicator, self.move_page, self.pay_page, self.keep_page,
                     self.end_page):
            self.pages.addWidget(page)
        self.action_box = QGroupBox()
        al = QVBoxLayout(self.action_box)
        # the page scrolls rather than making the window taller than a 720-pixel screen, and is
        # never narrower than its buttons
        al.addWidget(ScrollingColumn(self.pages))

        self.split = split = QSplitter(Qt.Orientation.Horizontal)
        # at a large text size the column scrolls, never squeezes, and the board under it keeps
        # its share of the height in sight (in table mode the board goes beside it: arrangement.py)
        self.players_column = PlayersColumn(ScrollingColumn(left), self.flight_board, (self.costs, track_box, self.result),
                                            self.player_sharer)
        self.players_column.focus_row = lambda: self.players.row_of(self.state.current) if not self.state.winners else -1
        # the page changes at nearly every input: its new needs stop at the fence unless the
        # page no longer fits the column (docs/architecture.md, "The window's layout")
        self.page_fence = LayoutFence(self.action_box)
        split.setChildrenCollapsible(False)
        arrange(split, self.players_column, self.flight_board, self.page_fence)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.phase)
        lay.addWidget(split, 1)

        tp = self.turn_page
        tp.draw_button.clicked.connect(self.deal)
        for value, b in tp.table_cards.items():
            b.clicked.connect(lambda _=False, v=value: self.submit("draw", source="table", card=v))
        tp.stop_button.clicked.connect(lambda: self.submit("stop_drawing"))
        tp.fly_button.clicked.connect(lambda: self.submit("fly"))
        self.indicator.shake.connect(lambda ball: self.submit("draw", source="app", card=ball))
        self.indicator.seen.connect(lambda ball: self.submit("draw", source="table", card=ball))
        mp = self.move_page
        mp.move_button.clicked.connect(self.move)
        mp.board_move_button.clicked.connect(self.move_on_board)
        mp.goal_button.clicked.connect(lambda: self.submit("move", goal=True))
        mp.blocked_button.clicked.connect(lambda: self.submit("move", blocked=True))
        self.pay_page.pay_requested.connect(self.pay)
        self.keep_page.keep.connect(lambda p, c: self.submit("keep_card", player=p, card=c))
        #: the times each panel was drawn afresh (tests count them: a skipped panel is stale)
        self.redraws: Counter[str] = Counter()
        self.refresh()

    @property
    def state(self):
        return self.table.state

    def submit(self, kind: str, source=None, **args):
        return self.table.submit(Input(kind, args, source))

    # -- actions -------------------------------------------------------------------------------
    def deal(self):
        """The app draws the next spare part from the cards left (a virtual deck)."""
        request = self.table.session.pending_draw()
        if request is not None and request.choices:
            self.submit("draw", source="app", card=self.table.session.bag.pick(list(request.choices)))

    def move(self):
        lane, zone, flanks = self.move_page.chosen()
        self.submit("move", lane=lane, zone=zone, flanks=flanks)

    def move_on_board(self):
        """The space picked on the drawn track (a taken one: the plane stays put)."""
        target = self.move_page.selected
        if target == GOAL:
            self.submit("move", goal=True)
        elif target is not None:
            self.submit("move", space=target)

    def pay(self, player: str):
        bill = next((p for p in self.state.payments if p.player == player), None)
        if bill is None:
            return
        cards = self.dialogs.payment(player, bill.lane, bill.cost, list(self.state.deck.hands[player]))
        if cards is not None:
            self.submit("pay", player=player, cards=cards)

    # -- redraw --------------------------------------------------------------------------------
    def refresh(self, change=None) -> None:
        """Redraw the panels ``change`` (the session's Change record) touched; None: all of them."""
        if change is None:  # the looks changed, or the screen is new: table mode may have too
            self.players_column.hold_again()
            self.pages.setMinimumWidth(0)  # the pages measured again in the new looks
            arrange(self.split, self.players_column, self.flight_board, self.page_fence)
            on = looks.LOOKS.table_mode
            for page in (self.turn_page, self.indicator, self.move_page):
                page.set_table_mode(on)

        s = self.state
        drawn = [name for name, parts in PANEL_PARTS.items() if change is None or change.changed(*parts)]
        if "players" in drawn:
            self.players.set_state(s)
        else:  # an undo hands back another copy of the state: the rows read the one shown now
            self.players.state = s
        if "track" in drawn:
            self.track.set_scores([(p, s.scores[p]) for p in s.players], s.settings.target_score)
        if "board" in drawn:
            self.flight_board.show_flight(s)
        if "result" in drawn:
            self.result.setText(_result_text(s))
            self._steady_result.hold()
        if "costs" in drawn:
            self.costs.setText(_costs_text(s))
        if change is None or change.state_parts:  # these ask the rules, whose answers any part may change
            self._refresh_phase(s)
            self._refresh_page(s)
            self.players_column.want(self.costs, s.phase not in ("over", "keep"))  # no hurricane at a flight's end
            self._steady_costs.hold()
            drawn += ["phase", "page"]
        self.redraws.update(drawn)
        if change is not None:  # a click (a new look lays the window out in its own time)
            self._lay_out_now()
        if change is None or change.changed("current", "winners"):  # the turn passed: its row in sight
            self.players_column.show_focus()

    def _lay_out_now(self) -> None:
        """Lay the screen out for the new state now, before anything is painted (#12).

        Qt lays a widget out when its turn comes in the event loop, and a layout that changes a
        widget's size asks its parent for a layout in the next pass; the window was painted
        between the passes, two or three times a click: the players' table measured at its old
        width (its columns shared again once it had its new one), the page of the new phase,
        the phase bar, each moved what was under it. Here every layout the redraw asked for is
        done at once, the players' table shared at the width it will keep, so the click is
        painted once, as it will stay."""
        sharer = self.player_sharer
        for _ in range(LAYOUT_PASSES):
            QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest.value)
            if not sharer.timer.isActive():
                return
            sharer.timer.stop()
            sharer.fit()

    def _refresh_phase(self, s) -> None:
        leg = "outward" if s.outward else "homeward"
        phrases = [f"Flight {s.flight} ({leg})"]
        if s.phase != "over":
            phrases[0] += " \u00b7"
            phrases += [f"{s.current}'s turn:", PHASE_WORDS[s.phase]]
        ended = self.table.session.result()
        if ended is not None:  # no flight after the end (ab_die_post.game.end)
            phrases = [f"Game over after flight {s.flight}:", " and ".join(ended.winners),
                       f"win{'s' if len(ended.winners) == 1 else ''}"]
        # in table mode's display type the line breaks between its phrases only ("Flight 2
        # (homeward) · Cleo's turn:" over "drawing spare parts"); at 1280x720 it had put "spare
        # parts" on a line of its own (#14)
        where = " ".join(unbroken(p) for p in phrases) if looks.LOOKS.table_mode else " ".join(phrases)
        todo = [st.text for st in self.table.session.next_steps()][:3]
        self.phase.set_phase(where, todo, None)

    def _hold_page_width(self, page) -> None:
        """Outside table mode the page's column as wide as the widest page it has shown since
        the looks changed (and the indicator's, which comes every turn): each phase's page
        asked for its own width, and the players' table and the board beside it moved at the
        change (#14)."""
        if looks.LOOKS.table_mode:  # the column is as wide as the players' table there
            return
        widths = [page.minimumSizeHint().width(), self.indicator.minimumSizeHint().width()]
        floor = max([self.pages.minimumWidth(), *widths])
        if floor != self.pages.minimumWidth():
            self.pages.setMinimumWidth(floor)

    def _refresh_page(self, s) -> None:
        page = {"turn": self.turn_page, "drawing": self.turn_page, "indicator": self.indicator,
                "move": self.move_page, "hurricane": self.pay_page, "keep": self.keep_page,
                "over": self.end_page}[s.phase]
        self.pages.setCurrentWidget(page)
        self._hold_page_width(page)
        for i in range(self.pages.count()):  # only the page shown asks for room
            other = self.pages.widget(i)
            policy = QSizePolicy.Policy.Preferred if other is page else QSizePolicy.Policy.Ignored
            if other.sizePolicy().horizontalPolicy() != policy:  # setting it lays the window out again
                other.setSizePolicy(policy, policy)
        if page is not self.move_page:
            self.move_page.selected = None  # a new move starts with no space picked
        # in table mode the phase bar names the step in its type already, and the page needs the room
        self.action_box.setTitle("" if looks.LOOKS.table_mode else _box_title(s))
        if page is self.turn_page:
            self.turn_page.update_from(s, view.bust_chance(s), _fly_text(s.settings),
                                       self.table.session.why_not(Input("fly", {})))
        elif page is self.indicator:
            self.indicator.set_request(s.settings.ball_choices(), _fly_text(s.settings) + _mix_text(s), None)
        elif page is self.move_page:
            self.move_page.update_from(s)
        elif page is self.pay_page:
            self.pay_page.update_from(s)
        elif page is self.keep_page:
            self.keep_page.update_from(s)
        else:
            self.end_page.update_from(s)


def _fly_text(settings) -> str:
    fly = view.fly_odds(settings)
    return (f"Hurricane {view.percent(fly.hurricane)} \u00b7 expected move "
            f"{float(fly.expected_move):.2f} spaces ({float(fly.mean_colour_move):.1f} if a colour shows)")


def _box_title(s) -> str:
    if s.phase in ("hurricane",):
        return "Hurricane: every plane in the air pays"
    if s.phase == "keep":
        return f"End of flight {s.flight}: cards kept"
    if s.phase == "over":
        return "The game is over"
    return f"{s.current}: {PHASE_WORDS[s.phase]}"


def _mix_text(s) -> str:
    mix = ", ".join(f"{n} {c}" for c, n in s.settings.balls.items() if n)
    house = " (house rule for 2 players)" if s.settings.house_mix else ""
    return f"\nLoaded: {mix}{house}. Moves: " + ", ".join(
        f"{c} {n}" for c, n in s.settings.wind.items())


def _costs_text(s) -> str:
    costs = view.hurricane_costs(s)
    if not costs:
        return "If a hurricane came now: no plane is in the air."
    parts = []
    for p, c in costs.items():
        if c["back_to_start"]:
            lost = " and the passenger" if c["loses_passenger"] else ""
            parts.append(f"{p} ({c['lane']}, {c['cost']}): back to start, loses all cards{lost}")
        else:
            parts.append(f"{p} ({c['lane']}, {c['cost']}): pays {'+'.join(map(str, c['payment'])) or 'nothing'}")
    return "If a hurricane came now: " + "; ".join(parts) + "."


def _result_text(s) -> str:
    if not s.results:
        return "No flight finished yet."
    return "\n".join(_one_result(s, r) for r in s.results[-4:])


def _one_result(s, r) -> str:
    order = sorted(r.places, key=lambda p: r.places[p])
    placed = ", ".join(f"{r.places[p]}. {p} +{r.points[p]}" for p in order)
    rest = [p for p in s.players if p not in r.places]
    if rest:
        placed += "; on the start field: " + ", ".join(f"{p} +{r.points[p]}" for p in rest)
    bonus = f" (passenger: {r.passenger})" if r.passenger else ""
    return f"Flight {r.flight}: {placed}{bonus}"

