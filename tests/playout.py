"""One random player for every game, built on the session's own answers.

It picks among ``legal_inputs()`` (the decisions no rule forbids), mostly what ``next_steps``
suggests so that games get somewhere; answers an owed roll or draw with the app's dice and deck or
with the table's (random values, random cards from what is left); gives now and then the inputs
whose words are the table's own (a game's open kinds, such as commanders and messages); and undoes
and redoes at random. After every input the game's invariants hold. Nothing here knows a game's
rules or names a game: each game's setup, invariants, open inputs and how it ends are its own, in
``tests/<game>/playout_hooks.py``.

    from playout import Playout, play      # tests/ is on the path of every test
    from tests.playout import Playout      # from bench/, with the repository root on the path

``play`` plays one whole game from its seed and checks that its record replays to the live
state; ``Playout(session, rng).step()`` gives one input to a session a test set up itself.
"""

from __future__ import annotations

import functools
import importlib.util
import random
from collections.abc import Callable, Collection
from pathlib import Path
from types import ModuleType

from companion import games
from companion.core import records
from companion.core.inputs import Input
from companion.core.session import Session
from companion.games import GAMES as REGISTRY
from companion.games import bundled_pack, rules_for

#: every playable game in the registry: a new game is played here with no change to this file
GAMES = tuple(sorted(g.id for g in REGISTRY.values() if g.ready))


# -- each game's own part: tests/<game>/playout_hooks.py -------------------------------------------
@functools.cache
def hooks_of(game: str) -> ModuleType | None:
    """The game's playout hooks, read from its test folder by path (a game without any plays
    from an empty setup with no invariants beyond the kernel's and no open inputs)."""
    path = Path(__file__).parent / game / "playout_hooks.py"
    if not path.exists():
        return None
    spec = importlib.util.spec_from_file_location(f"playout_hooks_{game}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


#: the hooks of the games registered now (a game registered later is read when first asked)
HOOKS = {game: hooks_of(game) for game in GAMES}


def _hook(game: str, name: str):
    return getattr(hooks_of(game), name, None)  # read when first asked: a game registered later plays too


def setup_of(game: str, rng: random.Random) -> dict:
    setup = _hook(game, "setup")
    return setup(rng) if setup is not None else {}


def check_invariants(game: str, state) -> None:
    invariants = _hook(game, "invariants")
    if invariants is not None:
        invariants(state)


def open_inputs(session: Session, rng: random.Random) -> list[Input]:
    """Inputs in the table's own words, for the games that have any (``Rules.open_kinds``)."""
    words = _hook(session.rules.game_id, "open_inputs")
    return words(session, rng) if words is not None else []


def rare(session: Session, inp: Input) -> bool:
    """Whether ``inp`` is one a table gives only now and then (the game's ``rare`` hook: an end
    the table may declare at any moment), so games get somewhere first."""
    hook = _hook(session.rules.game_id, "rare")
    return bool(hook is not None and hook(inp))


def ended_as_its_rules_end(session: Session) -> bool:
    """Whether the game is over, and then (the game's ``ended`` hook) over as its rules end it."""
    if session.result() is None:
        return False
    ended = _hook(session.rules.game_id, "ended")
    if ended is not None:
        ended(session.state)
    return True


# -- the player ------------------------------------------------------------------------------------
#: how often a step where one of the game's rare inputs (``rare``) may be given is one of them
RARELY = 0.02


class Playout:
    """A random table for one session. ``table_dice``: how often an owed roll or draw is the
    table's own (else the app rolls or deals); ``undo``: how often a step is an undo (mostly
    redone at once) or a redo instead of an input; ``words``: the inputs in the table's own words
    it may give now (``open_inputs`` by default; a test gives its own messages) and ``words_rate``
how often it gives one of them when there are any; ``avoid``: input
    kinds it never gives (a benchmark's long game leaves out the one that ends it); ``via``: what
    its inputs, undos and redos go through (the session itself, or a window's ``ui.table.Table``,
    as the window's buttons do)."""

    def __init__(self, session: Session, rng: random.Random, *, table_dice: float = 0.3,
                 undo: float = 0.0, check: Callable | None = None,
                 words: Callable[[Session, random.Random], list[Input]] | None = None,
                 words_rate: float = 0.3, avoid: Collection[str] = (), via=None):
        self.session, self.rng = session, rng
        self.table_dice, self.undo = table_dice, undo
        self.words = words or open_inputs
        self.words_rate = words_rate
        self.avoid = frozenset(avoid)
        self.via = via if via is not None else session
        game = session.rules.game_id
        self.check = check or (lambda state: check_invariants(game, state))
        self.check(session.state)

    def step(self) -> bool:
        """One input, undo or redo; False when the game is over (or has nothing to do)."""
        session, rng = self.session, self.rng
        if session.can_undo and rng.random() < self.undo:
            self._undo_or_redo()
        elif not self._one_input():
            return False
        self.check(session.state)
        return True

    def play(self, max_steps: int) -> Session:
        for _ in range(max_steps):
            if not self.step():
                break
        return self.session

    def _undo_or_redo(self) -> None:
        session, rng = self.session, self.rng
        if rng.random() < 0.5 or not session.can_redo:
            before = session.rules.state_json(session.state)
            self.via.undo()
            if rng.random() < 0.7:
                self.via.redo()
                assert session.rules.state_json(session.state) == before, "redo lost the undone input"
        else:
            self.via.redo()

    def _submit(self, inp: Input) -> None:
        out = self.via.submit(inp)
        assert out is not None and out.accepted and not out.violations, (
            inp, [str(v) for v in out.violations] if out is not None else "refused")

    def _one_input(self) -> bool:
        session, rng = self.session, self.rng
        if session.result() is not None:
            return False
        request = session.pending_roll()
        if request is not None:
            if rng.random() < self.table_dice:
                self._submit(Input("roll", {"values": [rng.randint(1, request.dice.sides)
                                                       for _ in range(request.dice.count)]}, "table"))
            else:
                self._submit(session.app_roll())
            return True
        draw = session.pending_draw()
        steps = session.next_steps()
        required_draw = draw is not None and any(st.draw is draw and st.required for st in steps)
        legal = [i for i in session.legal_inputs() if i.kind not in self.avoid]
        words = [i for i in self.words(session, rng) if i.kind not in self.avoid and not session.why_not(i)]
        if draw is not None and draw.choices and (required_draw or not legal or rng.random() < 0.3):
            self._submit(Input("draw", {"card": rng.choice(draw.choices)}, "table")
                         if rng.random() < self.table_dice else session.app_draw())
            return True
        choices = legal + words
        assert choices, f"stuck: nothing legal to do at {steps[:1]}"
        seldom = [i for i in legal if rare(session, i)]
        if seldom:  # the dice drawn only where a rare input is on offer: other games play as before
            if rng.random() < RARELY or len(seldom) == len(choices):
                self._submit(rng.choice(seldom))
                return True
            legal = [i for i in legal if not rare(session, i)]
            choices = legal + words
        # mostly what the game itself suggests next (its steps), so games get somewhere
        suggested = {st.kind for st in steps}
        hinted = [i for i in legal if i.kind in suggested and i.kind not in ("end_turn", "end_phase")]
        if words and rng.random() < self.words_rate:
            inp = rng.choice(words)
        elif hinted and rng.random() < 0.7:
            inp = rng.choice(hinted)
        else:
            inp = rng.choice(choices)
        self._submit(inp)
        return True


def play(game: str, seed: int, max_inputs: int, undo: float = 0.04, pack=None) -> Session:
    """A whole random game of ``game`` from ``seed`` (at most ``max_inputs`` steps), with its
    record written, read back and replayed to the very state of the live game. ``pack``: the
    game's bundled pack unless given (a house-rule copy, a game whose pack is not bundled)."""
    rng = random.Random(seed)
    pack = pack or bundled_pack(game)
    session = Session(rules_for(game), pack, setup_of(game, rng), seed)
    Playout(session, rng, undo=undo).play(max_inputs)
    rec = records.parse(records.record_of(session).dumps())
    again, verdicts = games.restore(rec, pack=pack)
    assert all(v.verdict == "ok" for v in verdicts), [v.line() for v in verdicts if v.verdict != "ok"]
    assert session.rules.state_json(again.state) == session.rules.state_json(session.state)
    return session
