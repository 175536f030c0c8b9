"""Whole games of The Postman from random legal inputs, with the invariants checked after each.

A random player chooses among what ``next_steps`` asks for: moves along roads of random length
(refused ones are simply not made), random casualties and retreats, random card plays that pass
``check``, app dice from the session's seeded bag and sometimes table dice. After every input:
the 52 cards are all somewhere (draw pile, hands, discard); no hand is over 7 when a Mail phase
ends; every unit stands in one town of the board; no town holds more Militia than its cap. At
the end, the record replays to the same state, and undoing every input gives back the setup.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import games
from companion.core import records
from companion.core.inputs import Input
from companion.core.session import Session
from companion.core.violations import MalformedInput
from companion.postman.rules import RULES
from companion.postman.setup import unique_decks

from .kit import BOARD, pack

MAX_INPUTS = 400


class Player:
    def __init__(self, session: Session, rng: random.Random):
        self.session, self.rng = session, rng
        self.mail_ends = 0

    @property
    def s(self):
        return self.session.state

    def try_submit(self, inp: Input) -> bool:
        """Submit ``inp`` if it breaks no rule; refused or malformed inputs change nothing."""
        try:
            if self.session.check(inp):
                return False
        except MalformedInput:
            return False
        before_phase, before_active = self.s.pos.phase, self.s.pos.active
        out = self.session.submit(inp)
        assert out.accepted and not out.violations
        if inp.kind == "end_phase" and before_phase == "mail":
            self.mail_ends += 1
            assert len(self.s.hand(before_active)) <= 7, "a hand is over 7 after its Mail phase"
        check_invariants(self.session)
        return True

    # -- random choices -------------------------------------------------------------------------
    def random_card(self) -> bool:
        """Try a few random plays of a card in either hand; make the first that passes check."""
        rng, t = self.rng, self.s.pos
        towns = list(self.s.board.towns)
        for _ in range(3):
            side = rng.choice(("postmen", "holnists"))
            hand = self.s.hand(side)
            if not hand:
                continue
            args = {"card": rng.choice(hand), "side": side}
            if t.units:
                args["unit"] = rng.choice(sorted(t.units))
            args["town"] = rng.choice(towns)
            args["to"] = rng.choice(towns)
            args["die"] = rng.randrange(max(1, len(t.last_roll)))
            if self.try_submit(Input("play_card", args)):
                return True
        return False

    def random_move(self) -> bool:
        rng, s = self.rng, self.s
        mine = [u for u in s.pos.units.values() if u.side == s.pos.active and u.id not in s.pos.moved]
        if not mine:
            return False
        lead = rng.choice(mine)
        stack = [u.id for u in mine if u.town == lead.town and (u is lead or rng.random() < 0.4)]
        path, here = [], lead.town
        for _ in range(rng.randint(1, 4)):
            here = rng.choice(sorted(s.board.graph.neighbors(here)))
            path.append(here)
        return self.try_submit(Input("move", {"units": stack, "path": path}))

    def casualties(self, side: str) -> None:
        from companion.postman.battle import casualties_needed

        s = self.s
        b = s.pos.battle
        need = casualties_needed(s, side)
        pool = [u.id for u in s.units_in(b.town, side)]
        if side == "postmen" and b.militia_fight:
            pool += ["militia"] * s.pos.militia.get(b.town, 0)
        for _ in range(30):
            if self.try_submit(Input("casualties", {"side": side, "units": self.rng.sample(pool, need)})):
                return
        raise AssertionError(f"no casualty choice accepted for the {side}")

    def one_input(self) -> None:
        rng, session = self.rng, self.session
        step = session.next_steps()[0]
        if step.kind == "draw":
            if rng.random() < 0.2:
                out = session.submit(Input("draw", {"card": rng.choice(step.draw.choices)}, "table"))
            else:
                out = session.deal()
            assert out.accepted
            check_invariants(session)
            return
        if rng.random() < (0.3 if step.kind in ("roll", "retreat", "casualties") else 0.15) and self.random_card():
            return
        if step.kind == "roll":
            if rng.random() < 0.3:
                values = [rng.randint(1, 6) for _ in range(step.roll.dice.count)]
                out = session.submit(Input("roll", {"values": values}, "table"))
            else:
                out = session.roll()
            assert out.accepted
            check_invariants(session)
            return
        if step.kind == "retreat":
            o = self.s.pos.offer
            if rng.random() < 0.5:
                to = rng.choice(sorted(self.s.board.graph.neighbors(o.town)))
                if self.try_submit(Input("retreat", {"unit": rng.choice(o.units), "to": to})):
                    return
            assert self.try_submit(Input("stay"))
            return
        if step.kind == "casualties":
            self.casualties(step.args["side"])
            return
        if step.kind == "battle_retreat":
            b = self.s.pos.battle
            towns = sorted(self.s.board.graph.neighbors(b.town))
            rng.shuffle(towns)
            assert any(self.try_submit(Input("battle_retreat", {"to": to})) for to in towns)
            return
        if step.kind == "discard":
            hand = self.s.hand(step.who)
            assert self.try_submit(Input("discard", {"side": step.who,
                                                     "cards": rng.sample(hand, len(hand) - 7)}))
            return
        if step.kind == "move":
            for _ in range(3):
                if rng.random() < 0.7 and self.random_move():
                    return
            assert self.try_submit(Input("end_phase"))
            return
        # fight, recruit, militia_phase, end_phase: any of the steps offered, the optional ones
        # now and then
        steps = session.next_steps()
        optional = [x for x in steps if x.kind != "end_phase"]
        pick = rng.choice(optional) if optional and rng.random() < 0.8 else steps[-1]
        if not self.try_submit(Input(pick.kind, dict(pick.args))):
            assert self.try_submit(Input(steps[0].kind, dict(steps[0].args)))


def check_invariants(session: Session) -> None:
    s = session.state
    t = s.pos
    decks = unique_decks(s)
    assert sum(d.total_cards() for d in decks) == 52
    everywhere = [c for d in decks for c in d.cards_left() + d.discard + [x for h in d.hands.values() for x in h]]
    assert len(set(everywhere)) == 52, "a card is in two places"
    for uid, u in t.units.items():
        assert u.id == uid and u.town in s.board.towns
    caps = s.catalog.tables["towns"]
    for town, n in t.militia.items():
        assert 0 <= n <= caps[s.board.towns[town].size]["militia_cap"], (town, n)


def play(seed: int, variants: dict, max_inputs: int = MAX_INPUTS) -> tuple[Session, Player, list]:
    """A random game to a fallen leader or ``max_inputs``; the state after each input, in order
    (the setup's first)."""
    setup = {"board": BOARD, "variants": variants}
    session = Session(RULES, pack(), setup, seed)
    player = Player(session, random.Random(seed))
    states = [RULES.state_json(session.state)]
    for _ in range(max_inputs):
        if session.state.pos.winner:
            break
        player.one_input()
        states.append(RULES.state_json(session.state))
    assert len(states) == len(session.entries) + 1  # every input made was recorded
    # the record replays to the same state
    rec = records.parse(records.record_of(session).dumps())
    again, verdicts = games.restore(rec, pack=pack())
    assert all(v.verdict == "ok" for v in verdicts)
    assert RULES.state_json(again.state) == states[-1]
    return session, player, states


def undo_back(session: Session, states: list, count: int) -> None:
    """Undo ``count`` inputs, each time finding the state as it was before that input."""
    for _ in range(count):
        session.undo()
        assert RULES.state_json(session.state) == states[len(session.entries)]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), deck=st.sampled_from(["shared", "split"]),
       ambush=st.sampled_from(["all", "own"]))
def test_random_games_keep_the_invariants(seed, deck, ambush):
    session, _player, states = play(seed, {"deck": deck, "ambush": ambush})
    # undo (each undo replays the whole game, so only the last few here; the whole way below)
    undo_back(session, states, min(4, len(session.entries)))
    while session.can_redo:
        session.redo()
    assert RULES.state_json(session.state) == states[-1]


def test_undoing_every_input_restores_the_setup():
    for seed, variants in ((1, {}), (7, {"deck": "split"}), (11, {"ambush": "own"})):
        session, _player, states = play(seed, variants, max_inputs=90)
        undo_back(session, states, len(session.entries))
        assert RULES.state_json(session.state) == states[0]
        assert not session.can_undo


def test_some_random_games_end_with_a_fallen_leader():
    ended = mail = 0
    for seed in range(8):
        session, player, _states = play(seed, {})
        ended += session.state.pos.winner is not None
        mail += player.mail_ends
    assert ended >= 3 and mail >= 8
