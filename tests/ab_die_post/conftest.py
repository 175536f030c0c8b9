"""Fixtures for the Ab die Post! rules tests: a session with short verbs, so a test reads like
the rulebook. No Qt here."""

from __future__ import annotations

import pytest

from companion.ab_die_post.rules import RULES
from companion.core.inputs import Input
from companion.core.session import Session
from companion.games import bundled_pack


@pytest.fixture(scope="session")
def post_pack():
    return bundled_pack("ab_die_post")


class Race:
    def __init__(self, pack, players=("Anna", "Ben", "Cleo"), seed: int = 1, board=None, **settings):
        setup = {"players": list(players)}
        if board is not None:
            setup["board"] = board
        if settings:
            setup["settings"] = settings
        self.session = Session(RULES, pack, setup, seed)

    @property
    def state(self):
        return self.session.state

    def hand(self, player):
        return sorted(self.state.deck.hands[player])

    def submit(self, kind: str, override: bool = False, source=None, **args):
        return self.session.submit(Input(kind, args, source), override)

    def ok(self, kind: str, **args):
        out = self.submit(kind, source="table" if kind == "draw" else None, **args)
        assert out.accepted and not out.violations, [str(v) for v in out.violations]
        return out.entry

    def broken(self, kind: str, **args) -> list[str]:
        before = RULES.state_json(self.state)
        out = self.submit(kind, source="table" if kind == "draw" else None, **args)
        assert not out.accepted and out.violations
        assert RULES.state_json(self.state) == before, "a refused input changed the state"
        return [v.rule for v in out.violations]

    # -- stretches of play ---------------------------------------------------------------------
    def draw(self, *cards):
        for c in cards:
            self.ok("draw", card=c)
        return self

    def stop(self):
        self.ok("stop_drawing")
        return self

    def take(self, *cards):
        """The current player draws these cards and stops."""
        self.draw(*cards)
        if self.state.phase == "drawing":
            self.stop()
        return self

    def fly(self, ball: str, **move):
        """The current player flies; the indicator shows ``ball``; a colour's move follows."""
        self.ok("fly")
        self.ok("draw", card=ball)
        if move:
            self.ok("move", **move)
        return self

    def pay(self, player, *cards):
        self.ok("pay", player=player, cards=list(cards))
        return self

    def round_of(self, *hands):
        """Each player in turn draws the given cards and stops."""
        for cards in hands:
            self.take(*cards)
        return self


@pytest.fixture
def race(post_pack):
    return Race(post_pack)


@pytest.fixture
def board_race(post_pack):
    """Anna, Ben and Cleo on the bundled illustrative board (12/18/24 spaces, 6 zones, the
    passenger between o12 and o13)."""
    return Race(post_pack, board="illustrative")


@pytest.fixture(scope="session")
def make_race(post_pack):
    def make(players=("Anna", "Ben", "Cleo"), seed=1, board=None, **settings) -> Race:
        return Race(post_pack, players, seed, board, **settings)

    return make
