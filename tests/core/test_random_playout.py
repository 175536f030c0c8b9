"""One random playout for every game, built on the session's own answers.

A player picks among ``legal_inputs()`` (the decisions no rule forbids), answers an owed roll or
draw with the app's dice and deck or with the table's (random values, random cards from what is
left), gives now and then the inputs whose words are the table's own (a game's ``open_kinds``,
such as commanders and messages), and undoes and redoes at random. After every input
the game's invariants hold; at the end the record replays to the live state, and a game that
is not over always has something to do. Nothing here knows a game's rules or names a game: each
game's setup, invariants and open inputs are its own, in ``tests/<game>/playout_hooks.py``.

Hypothesis plays a few short games of each in the suite; ``-m slow`` plays thousands:

    ./dev.sh test -m slow tests/core/test_random_playout.py
"""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import games
from companion.core import records
from companion.core.inputs import Input
from companion.core.session import Session
from companion.games import GAMES as REGISTRY
from companion.games import bundled_pack, rules_for

#: every playable game in the registry: a new game is played here with no change to this file
GAMES = tuple(sorted(g.id for g in REGISTRY.values() if g.ready))

# -- each game's own part: tests/<game>/playout_hooks.py -------------------------------------------
def hooks_of(game: str) -> ModuleType | None:
    """The game's playout hooks, read from its test folder by path (a game without any plays
    from an empty setup with no invariants beyond the kernel's and no open inputs)."""
    path = Path(__file__).parents[1] / game / "playout_hooks.py"
    if not path.exists():
        return None
    spec = importlib.util.spec_from_file_location(f"playout_hooks_{game}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


HOOKS = {game: hooks_of(game) for game in GAMES}


def setup_of(game: str, rng: random.Random) -> dict:
    hooks = HOOKS[game]
    return hooks.setup(rng) if hooks is not None and hasattr(hooks, "setup") else {}


def check_invariants(game: str, state) -> None:
    hooks = HOOKS[game]
    if hooks is not None and hasattr(hooks, "invariants"):
        hooks.invariants(state)


def open_inputs(session: Session, rng: random.Random) -> list[Input]:
    """Inputs in the table's own words, for the games that have any (``Rules.open_kinds``)."""
    hooks = HOOKS[session.rules.game_id]
    return hooks.open_inputs(session, rng) if hooks is not None and hasattr(hooks, "open_inputs") else []


# -- the player ------------------------------------------------------------------------------------
def one_input(session: Session, rng: random.Random) -> bool:
    """Give one input the rules accept; False when the game is over (or has nothing to do)."""
    if session.result() is not None:
        return False
    request = session.pending_roll()
    if request is not None:
        if rng.random() < 0.3:
            inp = Input("roll", {"values": [rng.randint(1, request.dice.sides)
                                            for _ in range(request.dice.count)]}, "table")
        else:
            inp = session.app_roll()
        out = session.submit(inp)
        assert out.accepted, (inp, out.violations)
        return True
    draw = session.pending_draw()
    required_draw = draw is not None and any(st.draw is draw and st.required for st in session.next_steps())
    legal = session.legal_inputs()
    words = [i for i in open_inputs(session, rng) if not session.why_not(i)]
    if draw is not None and draw.choices and (required_draw or not legal or rng.random() < 0.3):
        inp = Input("draw", {"card": rng.choice(draw.choices)}, "table") if rng.random() < 0.3 \
            else session.app_draw()
        out = session.submit(inp)
        assert out.accepted, (inp, out.violations)
        return True
    choices = legal + words
    assert choices, f"stuck: nothing legal to do at {session.next_steps()[:1]}"
    # mostly what the game itself suggests next (its steps), so games get somewhere
    suggested = {st.kind for st in session.next_steps()}
    hinted = [i for i in legal if i.kind in suggested and i.kind not in ("end_turn", "end_phase")]
    if words and rng.random() < 0.3:
        inp = rng.choice(words)
    elif hinted and rng.random() < 0.7:
        inp = rng.choice(hinted)
    else:
        inp = rng.choice(choices)
    out = session.submit(inp)
    assert out.accepted and not out.violations, (inp, out.violations)
    return True


def play(game: str, seed: int, max_inputs: int) -> Session:
    rng = random.Random(seed)
    rules = rules_for(game)
    session = Session(rules, bundled_pack(game), setup_of(game, rng), seed)
    def check(state) -> None:
        check_invariants(game, state)

    check(session.state)
    for _ in range(max_inputs):
        if session.can_undo and rng.random() < 0.04:
            if rng.random() < 0.5 or not session.can_redo:
                before = rules.state_json(session.state)
                session.undo()
                if rng.random() < 0.7:
                    session.redo()
                    assert rules.state_json(session.state) == before, "redo lost the undone input"
            else:
                session.redo()
            check(session.state)
            continue
        if not one_input(session, rng):
            break
        check(session.state)
    # replay equals live: the record, written and read back, rebuilds this very state
    rec = records.parse(records.record_of(session).dumps())
    again, verdicts = games.restore(rec, pack=bundled_pack(game))
    assert all(v.verdict == "ok" for v in verdicts), [v.line() for v in verdicts if v.verdict != "ok"]
    assert rules.state_json(again.state) == rules.state_json(session.state)
    return session


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**31))
def test_random_games_of_every_game_keep_their_invariants(game, seed):
    play(game, seed, max_inputs=120)


def test_random_games_reach_the_end_of_each_game():
    """Long enough games end: a fallen leader, the last round, the target score, end_game."""
    ended = {game: sum(play(game, seed, 1500).result() is not None for seed in range(3)) for game in GAMES}
    assert all(n >= 1 for n in ended.values()), ended


@pytest.mark.slow
@pytest.mark.timeout(7200)
@pytest.mark.parametrize("game", GAMES)
def test_thousands_of_random_games(game):
    for seed in range(1000):
        play(game, seed, max_inputs=400)


def test_the_playout_names_no_game():
    """A new game is played here by its registry entry and its own hooks: this file names none."""
    text = Path(__file__).read_text().lower()
    assert len(GAMES) == 4
    for game in GAMES:
        assert game not in text and rules_for(game).title.lower() not in text, game
