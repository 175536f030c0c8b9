"""A random but purposeful player, for whole-game playouts and the bundled sample record.

It plays only through ``Session.submit``/``deal`` with the app's virtual deck: it extends its
route with a fitting card when it can, sometimes calls an official, closes routes of a length
it picked, and now and then tries a random illegal input that must be refused untouched.
"""

from __future__ import annotations

import random

from companion.core.inputs import Input
from companion.core.session import Session
from companion.core.violations import MalformedInput
from companion.thurn_and_taxis import closing, officials, routes
from companion.thurn_and_taxis.rules import RULES

KINDS = ("draw", "take_display", "official", "play", "discard_route", "close_route", "cut_hand",
         "end_turn", "fly")


class Player:
    def __init__(self, session: Session, rng: random.Random, on_input=None, nonsense=0.05):
        self.session, self.rng = session, rng
        self.on_input = on_input or (lambda: None)
        self.nonsense = nonsense
        self.target: dict[str, int] = {}

    @property
    def s(self):
        return self.session.state

    def ok(self, inp: Input) -> None:
        out = self.session.submit(inp)
        assert out.accepted and not out.violations, (inp, [str(v) for v in out.violations])
        self.on_input()

    def deal(self) -> None:
        out = self.session.deal()
        assert out.accepted, out.violations
        self.on_input()

    def try_nonsense(self) -> None:
        """A random input: either it is accepted cleanly or refused without a trace."""
        before = RULES.state_json(self.s)
        cities = list(self.s.board.cities)
        args = {"card": self.rng.choice(cities + [3, None]), "name": self.rng.choice(
            ["postmaster", "cartwright", "x"]), "option": "each_province",
            "cities": self.rng.sample(cities, 2), "cards": [self.rng.choice(cities)]}
        inp = Input(self.rng.choice(KINDS), args)
        try:
            violations = self.session.check(inp)
        except MalformedInput:
            violations = None
        if violations == [] and inp.kind not in ("end_turn", "draw"):
            self.ok(inp)
            return
        assert RULES.state_json(self.s) == before

    def turn(self) -> None:
        """Play the active player's whole turn."""
        s, rng = self.s, self.rng
        me = s.active
        self.target.setdefault(me.name, rng.randint(3, 7))
        while s.refill_due():
            self.deal()
        if rng.random() < self.nonsense:
            self.try_nonsense()
            while s.refill_due():
                self.deal()
        helper = rng.choice(["postmaster", "administrator"])
        if officials.why_not(s, helper) is None and rng.random() < 0.15:
            self.ok(Input("official", {"name": helper}))
            while s.refill_due():
                self.deal()
        while s.turn.taken < routes.takes_allowed(s) and not routes.check_take(s) and (
                s.deck.left or any(s.display)):
            fitting = [c for c in s.display if c and routes.fit(s, me, c) is None]
            if fitting and rng.random() < 0.7:
                self.ok(Input("take_display", {"card": rng.choice(fitting)}))
            elif s.deck.left:
                self.deal()
            else:
                self.ok(Input("take_display", {"card": next(c for c in s.display if c)}))
            while s.refill_due():
                self.deal()
        if s.turn.taken < routes.takes_needed(s):
            return
        self.play_cards()
        if len(me.route) >= max(3, self.target[me.name]) or (len(me.route) >= 3 and rng.random() < 0.1):
            self.close()
        self.ok(Input("end_turn"))

    def play_cards(self) -> None:
        s, me = self.s, self.s.active
        if not s.hand():
            return
        if not self.fitting() and me.route:
            self.ok(Input("discard_route"))
        card, end = self.fitting()[0] if self.fitting() else (self.rng.choice(s.hand()), None)
        self.ok(Input("play", {"card": card, **({"end": end} if end else {})}))
        if self.fitting() and officials.why_not(s, "postal_carrier") is None and self.rng.random() < 0.3:
            self.ok(Input("official", {"name": "postal_carrier"}))
            card, end = self.fitting()[0]
            self.ok(Input("play", {"card": card, "end": end}))

    def fitting(self) -> list[tuple[str, str]]:
        s, me = self.s, self.s.active
        out = [(c, e) for c in sorted(set(s.hand())) for e in routes.fitting_ends(s, me, c)]
        self.rng.shuffle(out)
        return out

    def close(self) -> None:
        s, rng, me = self.s, self.rng, self.s.active
        if officials.why_not(s, "cartwright") is None and rng.random() < 0.5:
            self.ok(Input("official", {"name": "cartwright"}))
        option = rng.choice(closing.options(s))
        cities = [rng.choice(list(c)) for c in option.choices.values()][: option.count] \
            if option.kind == "each_province" else option.default_cities()
        args = {"option": option.kind, "cities": cities}
        if option.province:
            args["province"] = option.province
        self.ok(Input("close_route", args))
        self.target[me.name] = rng.randint(3, 7)
        if s.turn.cut_due:
            hand = list(s.hand())
            rng.shuffle(hand)
            self.ok(Input("cut_hand", {"cards": hand[: len(hand) - 3]}))


def play_game(session: Session, rng: random.Random, on_input=None, max_turns=400, nonsense=0.05) -> int:
    player = Player(session, rng, on_input, nonsense)
    turns = 0
    while not session.state.over and turns < max_turns:
        player.turn()
        turns += 1
    return turns
