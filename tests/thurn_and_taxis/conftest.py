"""A Thurn and Taxis table with short verbs, so a test reads like the rulebook.

The deck is played as the table's own cards: every draw names the card, so tests are exact.
``arrange`` moves named cards from the draw pile straight into a route or a hand, for tests that
start from the middle of a game ("a player holding the 6 closes a 5-card route").
"""

from __future__ import annotations

import pytest

from companion.core.inputs import Input
from companion.core.session import Session
from companion.games import bundled_pack
from companion.thurn_and_taxis.rules import RULES

DISPLAY = ["basel", "lodz", "budweis", "linz", "passau", "innsbruck"]


@pytest.fixture(scope="session")
def tt_pack():
    return bundled_pack("thurn_and_taxis")


class Game:
    def __init__(self, pack, players=("Anna", "Ben"), display=DISPLAY, **setup):
        self.session = Session(RULES, pack, {"players": list(players), "deck": "table", **setup}, 7)
        for card in display:
            self.ok("draw", card=card)

    @property
    def state(self):
        return self.session.state

    @property
    def active(self):
        return self.state.active

    def player(self, name: str):
        """The player ``name`` as the state has them now (each input makes a new state)."""
        return next(p for p in self.state.players if p.name == name)

    def submit(self, kind: str, override: bool = False, **args):
        return self.session.submit(Input(kind, args, "table" if kind == "draw" else None), override)

    def ok(self, kind: str, **args):
        out = self.submit(kind, **args)
        assert out.accepted and not out.violations, [str(v) for v in out.violations]
        return self

    def broken(self, kind: str, **args) -> list[str]:
        """Submit an input the rules must refuse; the ids of the rules it breaks."""
        before = RULES.state_json(self.state)
        out = self.submit(kind, **args)
        assert not out.accepted and out.violations
        assert RULES.state_json(self.state) == before, "a refused input changed the state"
        return [v.rule for v in out.violations]

    def reason(self, kind: str, **args) -> str:
        return "; ".join(v.reason for v in self.session.check(Input(kind, args)))

    # -- verbs -------------------------------------------------------------------------------------
    def draw(self, card):
        return self.ok("draw", card=card)

    def take(self, card):
        return self.ok("take_display", card=card)

    def play(self, card, end=None):
        return self.ok("play", card=card, **({"end": end} if end else {}))

    def end(self):
        return self.ok("end_turn")

    def arrange(self, route=(), hand=(), seat=None):
        """Move named cards from the draw pile to a player's route and hand (the active one's)."""
        s = self.state
        player = s.players[s.turn.seat if seat is None else seat]
        for card in (*route, *hand):
            s.deck.draw(card)
        player.route[:] = list(route)
        s.hand(player)[:] = list(hand)
        if (seat is None or seat == s.turn.seat) and hand and s.turn.forced:
            s.turn.forced, s.turn.official = False, None  # no longer an empty hand
        return self

    def quick_turn(self):
        """A turn that changes nothing of interest: draw, give up the route, play a card."""
        for _ in range(2 if self.state.turn.forced else 1):
            self.draw(self.state.deck.draw_pile.most_common(1)[0][0])
        if self.active.route:
            self.ok("discard_route")
        return self.play(self.state.hand()[0]).end()

    def close(self, cities, option="each_province", province=None, **more):
        args = {"option": option, "cities": list(cities), **more}
        if province:
            args["province"] = province
        return self.ok("close_route", **args)


@pytest.fixture
def game(tt_pack):
    return Game(tt_pack)


@pytest.fixture(scope="session")
def make_game(tt_pack):
    def make(*players, **setup):
        return Game(tt_pack, players or ("Anna", "Ben"), **setup)

    return make
