"""The Postman table: the map with every stack, the phase bar, the town's units, the battle and
both hands. Every click becomes one input for ``companion.postman`` (through ``Table.submit``);
the screen redraws from the state, and what it shows comes from ``table_queries``."""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import QCoreApplication, QEvent, QSignalBlocker, QSize, Qt, QTimer
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from companion.core.inputs import Input
from companion.core.words import capital
from companion.postman import view as q

from .. import looks
from ..looks import LOOKS
from ..palette import rgb
from ..widgets.asks import ask, waits_for
from ..widgets.phase_bar import PhaseBar
from .battle_panel import BattlePanel
from .cards_panel import CardsPanel
from .flows import Flows
from .map_view import MapView, TownLook
from .models import Row
from .setup_dialog import ask_setup as _ask_setup
from .stack_panel import StackPanel

#: the parts of the state (``Change.changed``, companion/core/parts.py) each panel shows; a
#: change that touches none of a panel's parts leaves it as it is. The map: every town's units,
#: Militia and battle, and the towns a ticked stack may reach (the movement rules' parts).
MAP_PARTS = ("pos.units", "pos.militia", "pos.battles_left", "pos.battle", "pos.offer", "pos.phase",
             "pos.active", "pos.due", "pos.moved", "pos.movement", "pos.move_bonus", "pos.halted",
             "pos.effects")
#: the selected town's units with their status (moved, new, may recruit), its Militia and the
#: retreat offer; its hint is the map's reach
TOWN_PARTS = MAP_PARTS + ("pos.recruited", "pos.turn")
#: the battle fought or next to fight: its units' hit targets and odds (cards in play are
#: ``pos.effects`` and the battle's bonus), and the last battle's result
BATTLE_PARTS = ("pos.battle", "pos.battles_left", "pos.phase", "pos.units", "pos.militia", "pos.effects",
                "pos.due", "pos.last_battle", "pos.active", "pos.winner")
#: The phase bar, the hands, the draw prompt and the Spies note ask the rules what may be done
#: now (``next_steps``, the cards' targets), an answer any part of the state may change, so they
#: redraw after every change of the state.

#: rounds of layout a click's redraw is given before it is painted (_lay_out_now): a layout
#: that changes a widget's size asks its parent for one in the next round
LAYOUT_PASSES = 3

PHASE_NAMES = {"move": "Move", "fight": "Fight", "recruit": "Recruit", "militia": "Militia", "mail": "Mail"}
NEXT = {"move": "Next: Fight phase", "fight": "Next: Recruit phase", "recruit": "Next phase",
        "militia": "Next: Mail phase", "mail": "End the turn"}


def create(table):
    return PostmanTable(table)


def ask_setup(parent, pack):
    return _ask_setup(parent, pack)


class PostmanTable(QWidget, Flows):
    docks = ("log", "dice", "rules")
    slim_dice = True  # in table mode the map takes the dice dock's room while no roll is owed
    reads_state_parts = True  # refresh reads Change.changed

    def __init__(self, table, parent=None):
        super().__init__(parent)
        Flows.__init__(self)
        self.table = table
        self.selected: str | None = None
        self._context = ""
        self._active = None
        self._tips: dict[str, tuple] = {}
        #: how often each panel was drawn (tests count them; never timed)
        self.redraws: Counter[str] = Counter()

        # the phase bar, with the one-click step of the phase beside Next Phase
        self.phase = PhaseBar()
        self.phase.advance.connect(lambda kind: self.submit(kind))
        self.action_button = QPushButton()
        self.action_button.setMinimumHeight(34)
        self._action_held: tuple = ()  # the type and phase the button's width is held for
        self.table_dice = QCheckBox("Table dice")
        self.table_dice.setToolTip("One-click steps wait for the table's dice, typed in the dice tray")
        self.phase.add_control(self.table_dice)
        self.phase.add_control(self.action_button)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        looks.panel(self.summary, "good")
        self.summary.hide()
        self.notices = (self.summary,)  # shown in the window's slot of reserved height

        # the map and its tools
        self.map = MapView(table.state.board)
        self.map.setProperty("board", True)  # tests/ui/test_no_clipping.py holds it in sight and not squeezed
        self.zoom_in = QPushButton("+")
        self.zoom_out = QPushButton("\u2212")
        self.fit_button = QPushButton("Whole map")
        for b in (self.zoom_in, self.zoom_out):
            b.setFixedWidth(34)
        self.zoom_in.setToolTip("Zoom in on the map (+ or the wheel)")
        self.zoom_out.setToolTip("Zoom out of the map (\u2212 or the wheel)")
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        looks.tone(self.hint, "warning")
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setToolTip("Stop choosing a target for the card")
        self.cancel_button.hide()
        tools = QHBoxLayout()
        tools.addWidget(QLabel("Zoom"))
        for w in (self.zoom_out, self.zoom_in, self.fit_button, self.cancel_button):
            tools.addWidget(w)
        tools.addWidget(self.hint, 1)
        # a crowded view leaves names out (ui/postman/map_view.py): it says so, and how to read them
        self.left_out = looks.tone(QLabel(), "muted")
        self.left_out.setToolTip("Zoom in (+ or the wheel) to read them, or point at a town for its name")
        tools.addWidget(self.left_out)
        self.map.names_left_out.connect(self._say_left_out)
        self._say_left_out(self.map.left_out)
        left = QWidget()
        ll = QVBoxLayout(left)
        ll.setContentsMargins(0, 0, 0, 0)
        ll.addLayout(tools)
        ll.addWidget(self.map, 1)

        # the side: town, battle, cards
        self.stack = StackPanel()
        self.battle = BattlePanel()
        # their tables share their width by what the text needs and are never narrower than its
        # longest words (ui/widgets/columns.py), so they never scroll sideways; as needed, a
        # sideways bar showed and was painted for a pass whenever new rows brought the upright
        # bar, and hid again once the columns were shared out anew (a ghost bar on screen)
        for view in (self.stack.view, self.battle.view):
            view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.cards = CardsPanel()
        self.tabs = _Tabs()
        # in table mode the side is held from the start as wide as a battle will need (#14)
        self.tabs.forecast = lambda: self.battle.widest_need() if LOOKS.table_mode else 0
        self.tabs.addTab(self.stack, "Town")
        self.tabs.addTab(self.battle, "Battle")
        self.tabs.addTab(self.cards, "Cards")
        # in table mode the window's notices (the announcement) float over a room kept for them
        # under the tabs, never over the map (#14: the announcement hid the map's bottom towns)
        self.notice_room = QWidget()
        self.notice_room.setFixedHeight(0)
        side = QWidget()
        sl = QVBoxLayout(side)
        sl.setContentsMargins(0, 0, 0, 0)
        sl.setSpacing(0)
        sl.addWidget(self.tabs, 1)
        sl.addWidget(self.notice_room)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(side)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setChildrenCollapsible(False)
        self.split = split
        #: the split's sizes before table mode gave the map the side's room (None: outside it)
        self._shared_for: list[int] | None = None
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.phase)
        lay.addWidget(split, 1)

        self.zoom_in.clicked.connect(lambda: self.map.zoom(1.25))
        self.zoom_out.clicked.connect(lambda: self.map.zoom(0.8))
        self.fit_button.clicked.connect(self.map.fit)
        self.cancel_button.clicked.connect(self.cancel_targeting)
        self.map.town_clicked.connect(self.town_clicked)
        self.map.town_hovered.connect(self._hovered)
        self.map.drag_started.connect(self.drag_started)
        self.map.stack_dropped.connect(self.stack_dropped)
        self.action_button.clicked.connect(self.one_click)
        self.stack.ticks_changed.connect(self._draw_map)
        self.stack.recruit.connect(self.recruit_units)
        self.stack.offer.try_retreat.connect(lambda u, to: self.submit("retreat", unit=u, to=to))
        self.stack.offer.stay.connect(lambda: self.submit("stay"))
        self.battle.fight.connect(lambda town: self.submit("fight", town=town))
        self.battle.resolve.connect(self.resolve_battle)
        self.battle.casualties.connect(lambda side, units: self.submit("casualties", side=side, units=units))
        self.battle.retreat.connect(lambda town: self.submit("battle_retreat", to=town))
        self.battle.open_hand.connect(self.open_hand)
        self.cards.card_clicked.connect(self.card_clicked)
        self.cards.draw.deal.connect(self.table.deal_app)
        self.cards.draw.deal_all.connect(self.deal_all)
        self.cards.draw.typed.connect(lambda card: self.submit_input(Input("draw", {"card": card}, "table")))
        for side, hand in self.cards.hands.items():
            hand.revealed.connect(lambda _owner, s=side: self.cards.hands[q.other(s)].cover())
            hand.revealed.connect(lambda _owner, s=side: self._hand(s, self.session.next_steps()))
        self.select(table.state.board.post_town)
        self.refresh()

    # -- reading ----------------------------------------------------------------------------------
    @property
    def state(self):
        return self.table.state

    @property
    def session(self):
        return self.table.session

    def name(self, town: str) -> str:
        return self.state.board.towns[town].name

    def submit(self, kind: str, **args):
        return self.submit_input(Input(kind, args))

    def submit_input(self, inp: Input):
        return self.table.submit(inp)

    def select(self, town: str | None) -> None:
        self.selected = town
        self.refresh()

    # -- redraw -----------------------------------------------------------------------------------
    def _say_left_out(self, hidden: int) -> None:
        # short, beside the zoom buttons it points to (longer words would widen the map's column)
        self.left_out.setText(f"{hidden} {'name' if hidden == 1 else 'names'} hidden" if hidden else "")
        self.left_out.setVisible(bool(hidden))

    def refresh(self, change=None) -> None:
        """Redraw the panels ``change`` (the session's Change record) touched; None (a click that
        changed what the screen shows: a town selected, a card's target asked): all of them."""
        if change is None:  # a new look among them: table mode shares the width anew
            self._share_width()
        s = self.state
        t = s.pos
        if t.active != self._active:
            self._active = t.active
            self.cards.cover_all()  # a new turn: pass the laptop
        if (t.turn, t.active, t.phase) != getattr(self, "summary_of", None):
            self.summary.hide()  # its moment has passed: a summary speaks of one phase only
        every = change is None or bool(change.state_parts)
        # a card's targets and a retreat's answers are asked of the rules: any part may change them
        asking = self.targeting is not None or t.offer is not None
        steps = self.session.next_steps() if every else None
        req = self.session.pending_draw() if every else None
        if every:
            self._switch_tab(req)  # first: a retreat offer selects its town for the panels below
            self._phase_bar(steps)
            self.redraws["phase"] += 1
        if change is None or asking or change.changed(*TOWN_PARTS):
            with QSignalBlocker(self.stack):  # its ticks redraw the map, which is drawn once below
                self._town_panel()
            self.redraws["town"] += 1
        if every:
            self.hint.setText(self.move_hint() if self.targeting else "")
            self.cancel_button.setVisible(self.targeting is not None)
        # Resolve's pause for an answering card lasts while nothing else happened (paused_answers)
        if change is None or self.answer_pause is not None or change.changed(*BATTLE_PARTS):
            self._battle_panel()
            self.redraws["battle"] += 1
        if every:
            for side in ("postmen", "holnists"):
                self._hand(side, steps)
            owed = len(t.discards_owed) or len(t.draws_owed)
            self.cards.draw.set_request(req, owed)
            spy = q.spying(s)
            self.cards.help.setText(
                f"Spies: {q.side_name(spy)} may look at {q.side_name(q.other(spy))}' hand this turn "
                "(click its cover)." if spy else self.cards.HELP)
            self.redraws["cards"] += 1
        if change is None or asking or change.changed(*MAP_PARTS):
            self._draw_map()
            self.redraws["map"] += 1
        self.after_change()
        if change is not None:  # a click (a new look lays the window out in its own time)
            self._lay_out_now()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._share_width()  # the first time the split has a width to share

    def _share_width(self) -> None:
        """In table mode the map takes every pixel the side's tabs can spare: they keep the least
        width their tables need (held as it grows, so nothing clips or jumps back and forth) and
        the map has the rest. Table mode left, the split is shared as it was before (#14)."""
        sizes = self.split.sizes()
        if sum(sizes) <= 0:
            return
        if LOOKS.table_mode:
            if self._shared_for is None:
                self._shared_for = sizes
                self.tabs.forget_widths()  # table mode's own widths (its held battle width)
                self.split.setStretchFactor(0, 1)
                self.split.setStretchFactor(1, 0)
            side = self.split.widget(1).minimumSizeHint().width()
            if sizes[1] != side:
                self.split.setSizes([sum(sizes) - side, side])
        elif self._shared_for is not None:
            before, self._shared_for = self._shared_for, None
            self.tabs.forget_widths()  # not table mode's battle width: the split as it was
            self.split.setStretchFactor(0, 3)
            self.split.setStretchFactor(1, 2)
            self.split.setSizes(before)

    def _lay_out_now(self) -> None:
        """Lay the screen out for the new state before anything is painted (#12): the map's
        scene paints the window as soon as it has processed its changed items, in its own queued
        call, and each layout done after that (the town panel's rows, the phase bar's words, a
        table's columns shared anew in their timer) moved what was under it and had it painted
        a second time at the click."""
        sharers = [view._column_sharer for view in (self.stack.view, self.battle.view)]
        for _ in range(LAYOUT_PASSES):
            QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest.value)
            waiting = [sharer for sharer in sharers if sharer.timer.isActive()]
            if not waiting:
                return
            for sharer in waiting:
                sharer.timer.stop()
                sharer.fit()

    def _phase_bar(self, steps) -> None:
        s = self.state
        t = s.pos
        chips = []
        for p in q.phases_of(s):
            if p == t.phase:
                chips.append(f"<span style='background:{rgb('chip')};color:{rgb('chip.text')};padding:2px 6px;'>"
                             f"&nbsp;{PHASE_NAMES[p]}&nbsp;</span>")
            else:
                chips.append(f"<span style='color:{rgb('chip.idle')};'>{PHASE_NAMES[p]}</span>")
        side = t.active.capitalize()
        colour = rgb(f"side.{t.active}")
        where = (f"<span style='color:{colour}'>Turn {t.turn} \u00b7 the {side}</span> &nbsp; " + " \u203a ".join(chips)
                 if t.phase != "deal" else "Dealing the opening hands")
        todo = q.todo(s, steps)
        # the one-click step first, laid out at once: the words below then take the width they
        # will keep, and hold the lines they need at it (widgets/steady.py)
        text, tip = self.action_for(steps)
        self.action_button.setVisible(bool(text))
        self.action_button.setText(text)
        self.action_button.setToolTip(tip)
        self.table_dice.setVisible(bool(text))
        self._hold_action_width()
        self.phase.layout().activate()
        ended = self.session.result()
        if ended is not None:  # no phase after the end (postman.victory)
            self.phase.set_phase(f"Game over: {q.side_name(ended.winners[0], True)} win",
                                 [capital(ended.reason)], None)
        else:
            label = NEXT.get(t.phase, "Next phase")
            if t.phase == "recruit":
                label = "Next: Militia phase" if t.active == "postmen" else "Next: Mail phase"
            self.phase.set_phase(where, todo, label if t.phase != "deal" else None, "end_phase")
            ask(self.phase.button, self.session, Input("end_phase"))  # not while a roll or choice is owed

    def _hold_action_width(self) -> None:
        """Within a phase, the one-click step's button keeps the widest it has been, and once
        shown it and the Table dice box keep their room while hidden: the phase bar's words then
        keep their width and their lines (widgets/steady.py), so the map under them does not move
        at each click of a battle (and is not laid out and painted again whole). A new phase or
        type starts afresh, so a phase with no one-click step gives its words all the room."""
        button, t = self.action_button, self.state.pos
        held = (button.font().key(), t.turn, t.active, t.phase)
        if held != self._action_held:
            self._action_held = held
            button.setMinimumWidth(0)
            self._keep_room(False)
        if button.isVisibleTo(self.phase):
            self._keep_room(True)
            if button.sizeHint().width() > button.minimumWidth():
                button.setMinimumWidth(button.sizeHint().width())

    def _keep_room(self, on: bool) -> None:
        for w in (self.action_button, self.table_dice):
            policy = w.sizePolicy()
            if policy.retainSizeWhenHidden() != on:
                policy.setRetainSizeWhenHidden(on)
                w.setSizePolicy(policy)
    def _town_panel(self) -> None:
        s = self.state
        t = s.pos
        town = self.selected
        o = t.offer
        self.stack.offer.setVisible(o is not None)
        if o is not None:
            towns = [(x, self.name(x)) for x in q.retreat_towns(s, o.town, o.side)]
            units = [(u, q.unit_label(s, u), q.retreat_roll(s, u)) for u in o.units]
            self.stack.offer.set_offer(f"{q.side_name(o.side, True)} in {self.name(o.town)} may try to retreat", units, towns)
            # asked of the session, as it will judge the click (a roll owed first: postman.roll.pending)
            retreat = {u: waits_for(self.session, Input("retreat", {"unit": u, "to": towns[0][0]}))
                       if towns else "no town one road away is free of enemy units (postman.move.retreat)" for u in o.units}
            self.stack.offer.set_answers(retreat, waits_for(self.session, Input("stay")))
        if town is None:
            self.stack.show_town(None, "Click a town on the map", "", [], [], False)
            return
        rows, default = [], []
        able = {u for u, _c in q.recruiters(s)} if t.phase == "recruit" else set()
        for u in sorted(s.units_in(town), key=lambda u: (u.side != t.active, q.unit_order(u))):
            k = s.unit_type(u)
            own = u.side == t.active
            status = "moved" if u.id in t.moved else "new" if u.fresh else ""
            if t.phase == "recruit" and own:
                status = "may recruit" if u.id in able else ("rolled" if u.id in t.recruited else "")
            checkable = own and t.phase in ("move", "recruit")
            rows.append(Row(u.id, (q.unit_label(s, u.id), _stat(k.move), _stat(k.fight), _stat(k.sneak), status),
                            u.side, checkable, f"{k.name}: {q.unit_label(s, u.id)}, {q.side_name(u.side)}"))
            if checkable and ((t.phase == "move" and not status) or u.id in able):
                default.append(u.id)
        militia = t.militia.get(town, 0)
        if militia:
            m = s.catalog.units["militia"]
            rows.append(Row("militia", (f"Militia \u00d7{militia}", _stat(m.move), _stat(m.fight), _stat(m.sneak), ""),
                            "militia", False))
        about = "\n".join(q.town_lines(s, town)[1:])
        self.stack.show_town(town, self.name(town), about, rows, default, bool(able & {r.id for r in rows}))
        self.stack.hint.setText(self.move_hint())

    def _battle_panel(self) -> None:
        s = self.state
        t = s.pos
        town = self.battle_town()
        view = q.battle_odds_now(s, town) if town else None
        b = t.battle
        choose, suggested, retreat = {}, {}, []
        if b is not None and b.step == "casualties":
            choose = q.casualties_to_choose(s)
            suggested = {side: q.casualty_order(s, side) for side in b.to_choose}
        if b is not None and b.step == "retreat":
            retreat = q.retreat_towns(s, b.town, b.retreating)
        last = t.last_battle.result if t.last_battle is not None else ""
        names = {x: i.name for x, i in s.board.towns.items()}
        self.battle.show_view(view, s, choose, retreat, last, suggested, names, self.paused_answers())

    def _hand(self, side: str, steps) -> None:
        s = self.state
        # a battle card's odds (a whole battle worked out per card) are for its tooltip, which
        # only a revealed hand shows: a covered hand gets them when it is revealed
        odds = self.card_odds_tips(side) if self.cards.hands[side].is_revealed else {}
        self.cards.set_hand(side, q.hand_view(s, side), s.deck(side).left, odds,
                            q.discarding(s, side, steps), answering=side != s.pos.active)

    def _switch_tab(self, draw_request) -> None:
        t = self.state.pos
        b = t.battle
        context = ("draw" if draw_request is not None else "offer" if t.offer is not None else
                   f"battle:{b.town}:{b.step}" if b is not None else
                   "fight" if t.phase == "fight" and t.battles_left else "")
        if context != self._context:
            self._context = context
            if context == "draw":
                self.tabs.setCurrentWidget(self.cards)
            elif context == "offer":
                self.selected = t.offer.town
                self.tabs.setCurrentWidget(self.stack)
            elif context.startswith("battle") or context == "fight":
                self.tabs.setCurrentWidget(self.battle)

    def _draw_map(self) -> None:
        s = self.state
        t = s.pos
        looks = {}
        battles = set(t.battles_left) | ({t.battle.town} if t.battle else set())
        by_town = s.units_by_town()
        for town in s.board.towns:
            look = TownLook(militia=t.militia.get(town, 0), selected=town == self.selected,
                            battle=town in battles)
            for u in by_town.get(town, ()):
                look.counts[u.side] = look.counts.get(u.side, 0) + 1
                if s.unit_type(u).leader:
                    look.leaders.add(u.side)
            looks[town] = look
        tips = {town: self._town_tip(town, by_town.get(town, [])) for town in s.board.towns}
        self.mark_map(looks, tips)
        self.map.set_looks(looks, tips)
        self.map.show_path(None, None)

    def _town_tip(self, town: str, here) -> str:
        """The town's tooltip, kept while its units and Militia stay the same (town_lines reads
        nothing else that changes in a game)."""
        key = (self.state.pos.militia.get(town, 0), tuple((u.id, u.kind, u.side) for u in here))
        kept = self._tips.get(town)
        if kept is None or kept[0] != key:
            kept = self._tips[town] = (key, "\n".join(q.town_lines(self.state, town, here)))
        return kept[1]

    def _hovered(self, town: str) -> None:
        reach = self.reach.get(town) if town else None
        start = self.selected
        self.map.show_path(start if reach else None, reach.path if reach else None)
        self.stack.route.setText(self.reach_text(town, reach) if reach else "")

    def open_hand(self, side: str) -> None:
        self.tabs.setCurrentWidget(self.cards)
        self.cards.hands[q.other(side)].cover()

    def one_click_later(self) -> None:
        QTimer.singleShot(0, self.continue_plan)


def _stat(v) -> str:
    return "X" if v is None else str(v)


class _Tabs(QTabWidget):
    """The town, battle and cards tabs: never narrower than 330 pixels, nor than a tab's tables
    need (an explicit minimum width would hide theirs from the splitter), nor than they have
    needed at this type: a battle's rows that need 14 pixels more for a round and not for the
    next would move the splitter, and the map lay itself out and paint itself whole, at each click."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self._held = 0
        #: the least width a page will need later (a battle's widest rows), held from now on
        self.forecast = lambda: 0

    def forget_widths(self) -> None:
        self._held = 0
        self.updateGeometry()

    def changeEvent(self, event) -> None:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._held = 0  # another type: the widths are needed afresh
        super().changeEvent(event)

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        pages = [self.widget(i).minimumSizeHint().width() for i in range(self.count())]
        frame = max(0, hint.width() - max(pages, default=0))  # the tab frame round a page
        self._held = max(self._held, 330, hint.width(), self.forecast() + frame)
        return QSize(self._held, hint.height())
