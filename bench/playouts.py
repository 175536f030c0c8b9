"""Long games for the benchmarks, one builder per game, each a seeded random table playing legal
inputs through ``Session.submit`` (and the app's dice and decks) until the game has ``n`` inputs
or is over.

- couriers: bench/replay.py's random desk (a game that never ends by itself);
- postman: the same playout on the 40-town map, played on past every fall of a leader
  (``LongPostman``: an input that would end the game is replaced by another legal one);
- thurn_and_taxis: the tests' one random playout (tests/playout.py), four players;
- ab_die_post: the same playout, six players racing to the schema's highest target score, 200.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # the random playout lives with the tests
    sys.path.insert(0, str(ROOT))

from companion.core.session import Session  # noqa: E402
from companion.games import bundled_pack  # noqa: E402


def couriers(n: int, seed: int) -> Session:
    import replay  # bench/replay.py

    return replay.build_game(n, seed)


class _Cornered(Exception):
    """Every input the table could give now ends the game."""


def _long_playout_class():
    from companion.core.checkpoints import copy_state
    from companion.core.inputs import Input
    from tests.playout import Playout

    class LongPostman(Playout):
        """The tests' random playout, played on to any length: before an input is submitted it is
        applied to a copy of the state, and if a leader would fall (postman.victory) another legal
        input is given instead: an owed roll is made with the table's dice (random values), a
        decision is another legal one. Where every input ends the game, or the game keeps coming
        back to an ending (a Rule Number 7 duel only a tie keeps going: REPLACED_AT_MOST
        replacements within REPLACED_WITHIN inputs), the table undoes some inputs and plays on
        from there, so the long game is made of every kind of turn (``backs`` counts those times)."""

        #: how many random rolls are tried before a roll owed is taken as one that always ends it
        ROLL_TRIES = 40
        REPLACED_AT_MOST, REPLACED_WITHIN = 3, 30

        def __init__(self, session: Session, rng: random.Random, **kw) -> None:
            super().__init__(session, rng, **kw)
            self.backs = 0
            self.replaced: list[int] = []  # the entry numbers an input was replaced at

        def step(self) -> bool:
            try:
                return super().step()
            except _Cornered:
                self.backs += 1
                back = min(len(self.session.entries), self.rng.randint(5, 40))
                for _ in range(back):
                    self.via.undo()
                self.replaced = [n for n in self.replaced if n <= len(self.session.entries)]
                return True

        def _ends(self, inp: Input) -> bool:
            s = self.session
            if s.why_not(inp):
                return True  # not an input the table could give: never an alternative
            state = copy_state(s.state)
            s.rules.apply(state, inp)
            return s.rules.result(state) is not None

        def _alternatives(self, inp: Input) -> list[Input]:
            s, rng = self.session, self.rng
            request = s.pending_roll()
            if inp.kind == "roll" and request is not None:
                return [Input("roll", {"values": [rng.randint(1, request.dice.sides)
                                                  for _ in range(request.dice.count)]}, "table")
                        for _ in range(self.ROLL_TRIES)]
            others = [i for i in s.legal_inputs() if i != inp and i.kind not in self.avoid]
            draw = s.pending_draw()
            if draw is not None and draw.choices:
                others += [Input("draw", {"card": c}, "table") for c in draw.choices]
            rng.shuffle(others)
            return others

        def _submit(self, inp: Input) -> None:
            if self._ends(inp):
                at = len(self.session.entries) + 1
                recent = [n for n in self.replaced if n > at - self.REPLACED_WITHIN]
                instead = next((i for i in self._alternatives(inp) if not self._ends(i)), None)
                if instead is None or len(recent) >= self.REPLACED_AT_MOST:
                    raise _Cornered
                self.replaced = recent + [at]
                inp = instead
            super()._submit(inp)

    return LongPostman


def postman(n: int, seed: int) -> Session:
    """A Postman game on the bundled 40-town map with ``n`` inputs, none of them ending it."""
    from companion.postman.rules import RULES

    s = Session(RULES, bundled_pack("postman"), {}, seed)
    player = _long_playout_class()(s, random.Random(seed))
    while len(s.entries) < n and player.step():
        pass
    if len(s.entries) < n:
        raise RuntimeError(f"the Postman game stopped at {len(s.entries)} inputs")
    return s


def _shared_playout(game: str, setup: dict, n: int, seed: int) -> Session:
    """The tests' one random playout (tests/playout.py) until ``n`` inputs or the end."""
    from companion.games import rules_for
    from tests.playout import Playout

    s = Session(rules_for(game), bundled_pack(game), setup, seed)
    player = Playout(s, random.Random(seed))
    while len(s.entries) < n and player.step():
        pass
    return s


def thurn_and_taxis(n: int, seed: int) -> Session:
    return _shared_playout("thurn_and_taxis", {"players": ["Anna", "Ben", "Cleo", "Dora"]}, n, seed)


def ab_die_post(n: int, seed: int) -> Session:
    setup = {"players": ["Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz"], "settings": {"target_score": 200}}
    return _shared_playout("ab_die_post", setup, n, seed)


BUILDERS = {"couriers": couriers, "postman": postman, "thurn_and_taxis": thurn_and_taxis,
            "ab_die_post": ab_die_post}
