"""How the one random playout (tests/core/test_random_playout.py) sets up and checks Thurn and Taxis."""

from __future__ import annotations

import random


def setup(rng: random.Random) -> dict:
    return {"players": ["Anna", "Ben", "Cara", "Dora"][:rng.randint(2, 4)]}


def invariants(s) -> None:
    """All 66 city cards somewhere, six on display; no player over their houses, none twice."""
    assert s.cards_in_play() == 66 and len(s.display) == 6
    for p in s.players:
        assert len(p.houses) <= s.board.game["houses_per_player"] and len(set(p.houses)) == len(p.houses)
