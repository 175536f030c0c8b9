"""The benchmarks' long Postman game (bench/playouts.py): the random playout played on past
every fall of a leader, with legal inputs only, so bench/ui_latency.py can open a Postman game
of 5,000 inputs."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from playout import Playout

from companion import games
from companion.core import records
from companion.core.session import Session
from companion.games import bundled_pack
from companion.postman.rules import RULES

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import playouts  # noqa: E402  bench/playouts.py

SEED, LENGTH = 4, 400


def plain_game() -> Session:
    s = Session(RULES, bundled_pack("postman"), {}, SEED)
    Playout(s, random.Random(SEED)).play(LENGTH)
    return s


def test_the_plain_playout_of_this_seed_ends_with_a_fallen_leader():
    """The other side: without the long builder this very game is over before LENGTH."""
    s = plain_game()
    assert len(s.entries) < LENGTH and s.result() is not None


def test_the_long_game_plays_on_past_every_fall_with_legal_inputs_only():
    plain = plain_game()
    s = playouts.postman(LENGTH, SEED)
    assert len(s.entries) == LENGTH and s.result() is None
    # the same table up to the input that ended the plain game: there it gave another one
    fell = len(plain.entries)
    assert s.inputs[:fell - 1] == plain.inputs[:fell - 1] and s.inputs[fell - 1] != plain.inputs[fell - 1]
    assert all(not e.violations and not e.input.override for e in s.entries)
    again, verdicts = games.restore(records.parse(records.record_of(s).dumps()))
    assert all(v.verdict == "ok" for v in verdicts)
    assert RULES.state_json(again.state) == RULES.state_json(s.state)
