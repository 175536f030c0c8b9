"""A small Postman table for tests and the sample records: a seven-town board, hands dealt with
table draws, table dice, and short verbs for the usual stretches of play.

Every position is reached by driving a real session with inputs, never by editing the state.

The board (Post Town 3 spaces from the Base Camp)::

    post ── mid1 (forest, small) ── mid2 (water, medium) ── camp
      │    ╱    │                      │                   │
    side        edge (map edge)        hill (mountains) ───┘
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from companion.core.inputs import Input
from companion.core.session import Session
from companion.games import load_pack
from companion.postman.rules import RULES
from companion.postman.setup import ALL_CARDS, unique_decks

PACK_DIR = "rules/postman"

#: the seven-town test board (shared with the random playout's hooks, which load it by path)
BOARD = json.loads((Path(__file__).parent / "seven_towns.json").read_text())


@cache
def pack():
    from pathlib import Path

    return load_pack(str(Path(__file__).resolve().parents[2] / PACK_DIR))


class Table:
    """A session with short verbs, so a test reads like the rulebook."""

    def __init__(self, postmen=(), holnists=(), variants=None, seed=1, board=BOARD, keep_out=()):
        setup: dict = {"board": board}
        if variants:
            setup["variants"] = dict(variants)
        self.session = Session(RULES, pack(), setup, seed)
        #: cards the filler never deals (those named for a hand, and ``keep_out``)
        self.reserved = set(postmen) | set(holnists) | set(keep_out)
        self.deal(postmen, holnists)

    # -- reading --------------------------------------------------------------------------------
    @property
    def s(self):
        return self.session.state

    @property
    def pos(self):
        return self.session.state.pos

    def json(self) -> dict:
        return RULES.state_json(self.s)

    def hand(self, side: str) -> list:
        return list(self.s.hand(side))

    def town_of(self, uid: str) -> str:
        return self.pos.units[uid].town

    def units_at(self, town: str, side: str | None = None) -> list[str]:
        return sorted(u.id for u in self.s.units_in(town, side))

    def step(self):
        return self.session.next_steps()[0]

    # -- inputs ---------------------------------------------------------------------------------
    def submit(self, kind: str, override: bool = False, source=None, **args):
        return self.session.submit(Input(kind, args, source), override)

    def ok(self, kind: str, **args):
        out = self.submit(kind, **args)
        assert out.accepted and not out.violations, [str(v) for v in out.violations]
        return out.entry

    def broken(self, kind: str, **args) -> list[str]:
        """Submit an input the rules must refuse; the state must not change. Its rule ids."""
        before = self.json()
        out = self.submit(kind, **args)
        assert not out.accepted and out.violations, f"{kind} {args} was accepted"
        assert self.json() == before, "a refused input changed the state"
        return [v.rule for v in out.violations]

    def play(self, card: str, **args):
        return self.ok("play_card", card=card, **args)

    def roll(self, *values: int):
        out = self.session.submit(Input("roll", {"values": list(values)}, "table"))
        assert out.accepted, out.violations
        return out.entry

    def draw(self, card: str | None = None):
        """Draw (or discard at random) ``card``, or the first card nobody asked for."""
        req = self.session.pending_draw()
        assert req is not None, "no draw is asked for"
        if card is None:
            free = [c for c in req.choices if c not in self.reserved]
            card = (free or list(req.choices))[0]
        out = self.session.submit(Input("draw", {"card": card}, "table"))
        assert out.accepted, out.violations
        return card

    def deal(self, postmen=(), holnists=()):
        """The opening hands: the cards named first, then filler nobody asked for."""
        for side, cards in (("postmen", list(postmen)), ("holnists", list(holnists))):
            assert len(cards) <= 5
            for _ in range(5):
                assert self.session.pending_draw().who == side
                self.draw(cards.pop(0) if cards else None)
        assert self.pos.phase == "move"

    def move(self, units, *path: str):
        units = [units] if isinstance(units, str) else list(units)
        return self.ok("move", units=units, path=list(path))

    def end_phase(self):
        return self.ok("end_phase")

    def finish_phase(self, militia_dice=1):
        """End the phase, doing what it owes first: the Militia roll (all ``militia_dice``) and the
        Mail phase draws and discards."""
        t = self.pos
        if t.phase == "militia" and self.step().kind == "militia_phase":
            self.ok("militia_phase")
            self.roll(*[militia_dice] * self.session.pending_roll().dice.count)
        if t.phase == "mail":
            while self.session.pending_draw() is not None:
                self.draw()
            over = len(self.hand(t.active)) - 7
            if over > 0:
                self.ok("discard", side=t.active, cards=self.hand(t.active)[:over])
        self.end_phase()

    def to_phase(self, side: str, phase: str):
        """End phases (fighting no battles) until it is ``side``'s ``phase``."""
        for _ in range(20):
            if self.pos.active == side and self.pos.phase == phase:
                return self
            self.finish_phase()
        raise AssertionError(f"never reached the {side}' {phase} phase")

    # -- invariants -----------------------------------------------------------------------------
    def card_count(self) -> int:
        return sum(d.total_cards() for d in unique_decks(self.s))


def all_cards() -> tuple[str, ...]:
    return ALL_CARDS


# -- positions several tests start from ------------------------------------------------------------
def retreat_offered() -> Table:
    """The Holnists' Patrol rides onto the Postman and Rider 2 in Firwood (forest, mid1): the
    Postmen are offered a retreat (postman.move.retreat), and nothing is owed yet."""
    kit = Table(postmen=["AH", "3D", "KD", "5H", "QH"], holnists=["2S", "KC", "3C", "JS", "AS"])
    kit.move(["postman1", "rider2"], "mid1")
    kit.end_phase()
    kit.end_phase()
    kit.end_phase()
    kit.ok("militia_phase")
    while kit.session.pending_roll() is not None:
        kit.roll(*[1] * kit.session.pending_roll().dice.count)  # no Militia appear
    kit.end_phase()
    kit.draw("KH")
    kit.draw("10D")
    kit.end_phase()
    kit.move("patrol1", "mid2", "mid1")
    assert kit.pos.offer is not None and kit.session.pending_roll() is None
    return kit


def brutality_at_base_camp() -> Table:
    """The Postman's stack fights at Base Camp, no duel, and the Holnists' Brutality (10♣) takes
    him (postman.card.brutality)."""
    t = Table(holnists=["10C"])
    t.move(["postman1", "rider1"], "mid1", "mid2", "camp")
    t.ok("stay")
    t.end_phase()
    t.ok("fight", town="camp")
    t.roll(1)  # Rule Number 7: no duel
    t.play("10C", unit="postman1")
    return t
