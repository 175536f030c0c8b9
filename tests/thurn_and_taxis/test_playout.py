"""Whole games of 2, 3 and 4 players with random purposeful moves, checking the invariants:
the 66 city cards are all somewhere, nobody places more than 20 houses, nobody takes a second
tile from a group stack, a replay of the record equals the live game, and undoing every input
restores the setup."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import games
from companion.core import records
from companion.core.session import Session
from companion.thurn_and_taxis.rules import RULES

from .playout import play_game

ONCE_PER_PLAYER = ("province_group", "all_provinces", "game_end")


def invariants(s):
    assert s.cards_in_play() == 66
    assert len(s.display) == 6
    for p in s.players:
        assert len(p.houses) <= 20 and len(set(p.houses)) == len(p.houses)
        groups = [sid for sid, _v in p.tiles if s.board.stacks[sid].kind in ONCE_PER_PLAYER]
        assert len(groups) == len(set(groups)), f"{p.name} took a group tile twice: {p.tiles}"
        assert p.carriages == list(range(3, 3 + len(p.carriages)))
    total = sum(len(v) for v in s.stacks.values()) + sum(len(p.tiles) for p in s.players)
    assert total == 30


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 2**31))
def test_random_whole_games(tt_pack, players, seed):
    names = ["Anna", "Ben", "Cara", "Dora"][:players]
    session = Session(RULES, tt_pack, {"players": names}, seed)
    play_game(session, random.Random(seed), on_input=lambda: invariants(session.state))
    s = session.state
    assert s.over and s.ended_by is not None, "the game did not end"
    assert s.turn.seat == players - 1  # the round was finished (thurn_and_taxis.end.round)

    replayed, verdicts = games.restore(records.record_of(session), pack=tt_pack)
    assert {v.verdict for v in verdicts} == {"ok"}
    assert RULES.state_json(replayed.state) == RULES.state_json(s)

    for _ in range(10):
        session.undo()
    assert RULES.state_json(session.state) == RULES.state_json(session.replay_state(session.entries))


@settings(max_examples=5, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**31), turns=st.integers(1, 16))
def test_undo_to_the_start_restores_the_setup(tt_pack, players, seed, turns):
    """Undo replays from the setup each time, so a whole game's undo is checked on its opening."""
    session = Session(RULES, tt_pack, {"players": ["Anna", "Ben", "Cara", "Dora"][:players]}, seed)
    start = RULES.state_json(session.state)
    play_game(session, random.Random(seed), max_turns=turns)
    assert session.entries
    while session.can_undo:
        session.undo()
    assert RULES.state_json(session.state) == start
    while session.can_redo:
        session.redo()
    invariants(session.state)
