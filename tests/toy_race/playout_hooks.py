"""Race to Ten's part of the random playout: its setup and its invariants."""

from __future__ import annotations


def setup(rng) -> dict:
    return {"players": rng.sample(["Anna", "Ben", "Cara"], rng.choice([2, 3]))}


def invariants(state) -> None:
    assert all(0 <= v for v in state.at.values())
    assert all(n <= state.rests for n in state.rested.values())
    assert (state.winner is None) == all(v < state.target for v in state.at.values())
