"""How the one random playout (tests/core/test_random_playout.py) sets up and checks Ab die Post!."""

from __future__ import annotations

import random


def setup(rng: random.Random) -> dict:
    return {"players": ["Anna", "Ben", "Cara", "Dora"][:rng.randint(2, 4)]}


def invariants(s) -> None:
    """Every card somewhere; no hand at the red-3 limit; no score below zero; a plane in the air
    is in a lane."""
    assert s.deck.total_cards() == sum(s.settings.card_counts.values())
    assert all(h.count(3) < s.settings.three_limit for h in s.deck.hands.values())
    assert all(v >= 0 for v in s.scores.values())
    assert all(not pl.in_air or pl.lane is not None for pl in s.planes.values())
