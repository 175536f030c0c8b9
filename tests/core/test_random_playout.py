"""One random playout for every game, built on the session's own answers (``tests/playout.py``).

A player picks among ``legal_inputs()``, answers owed rolls and draws with the app's dice and
deck or the table's, gives the inputs in the table's own words, and undoes and redoes at random;
after every input the game's invariants hold, and at the end the record replays to the live
state. Nothing here or in the player names a game: each game's setup, invariants, open inputs and
ending are its own, in ``tests/<game>/playout_hooks.py``.

Hypothesis plays a few short games of each in the suite; ``-m slow`` plays thousands:

    ./dev.sh test -m slow tests/core/test_random_playout.py
"""

from __future__ import annotations

import random
from pathlib import Path

import playout
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from playout import GAMES, Playout, ended_as_its_rules_end, play, setup_of

from companion.core.session import Session
from companion.games import bundled_pack, rules_for


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**31))
def test_random_games_of_every_game_keep_their_invariants(game, seed):
    play(game, seed, max_inputs=120)


def test_random_games_reach_the_end_of_each_game():
    """Long enough games end, and end as their rules end them (each game's ``ended`` hook)."""
    ended = {game: sum(ended_as_its_rules_end(play(game, seed, 1500)) for seed in range(3)) for game in GAMES}
    assert all(n >= 1 for n in ended.values()), ended


@pytest.mark.parametrize("game", GAMES)
def test_undoing_every_input_restores_the_setup(game):
    """Each undo finds the state as it was before that input; redoing them all, the end."""
    for seed in range(10):  # the first game of some length (the table may end a game at once)
        session = Session(rules_for(game), bundled_pack(game), setup_of(game, random.Random(seed)), seed)
        states = [session.rules.state_json(session.state)]
        player = Playout(session, random.Random(seed))
        while len(states) <= 60 and player.step():
            states.append(session.rules.state_json(session.state))
        if len(states) > 30:
            break
    assert len(states) == len(session.entries) + 1 > 30
    while session.can_undo:
        session.undo()
        assert session.rules.state_json(session.state) == states[len(session.entries)]
    while session.can_redo:
        session.redo()
    assert session.rules.state_json(session.state) == states[-1]


@pytest.mark.slow
@pytest.mark.timeout(7200)
@pytest.mark.parametrize("game", GAMES)
def test_thousands_of_random_games(game):
    for seed in range(1000):
        play(game, seed, max_inputs=400)


def test_the_playout_names_no_game():
    """A new game is played by its registry entry and its own hooks: neither this file nor the
    player names one."""
    assert len(GAMES) == 4
    for path in (Path(__file__), Path(playout.__file__)):
        text = path.read_text().lower()
        for game in GAMES:
            assert game not in text and rules_for(game).title.lower() not in text, (path.name, game)
