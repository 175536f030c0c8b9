"""How the one random playout (tests/playout.py) sets up and checks Thurn and Taxis."""

from __future__ import annotations

import random


def setup(rng: random.Random) -> dict:
    return {"players": ["Anna", "Ben", "Cara", "Dora"][:rng.randint(2, 4)]}


#: bonus tiles a player takes once (thurn_and_taxis.bonus.*)
ONCE_PER_PLAYER = ("province_group", "all_provinces", "game_end")


def invariants(s) -> None:
    """All 66 city cards somewhere, six on display; no player over their houses, none twice; a
    group tile once per player; carriages taken in order; the 30 bonus tiles all somewhere."""
    assert s.cards_in_play() == 66 and len(s.display) == 6
    for p in s.players:
        assert len(p.houses) <= s.board.game["houses_per_player"] and len(set(p.houses)) == len(p.houses)
        groups = [sid for sid, _v in p.tiles if s.board.stacks[sid].kind in ONCE_PER_PLAYER]
        assert len(groups) == len(set(groups)), f"{p.name} took a group tile twice: {p.tiles}"
        assert p.carriages == list(range(3, 3 + len(p.carriages)))
    assert sum(len(v) for v in s.stacks.values()) + sum(len(p.tiles) for p in s.players) == 30


def ended(s) -> None:
    """The round is played out once the end is triggered (thurn_and_taxis.end.round)."""
    assert s.over and s.ended_by is not None and s.turn.seat == len(s.players) - 1


def raw_ids(s) -> dict[str, str]:
    """What a person must never read where a name exists: a city's id ("zuerich" for Zürich)."""
    return {cid: c.name for cid, c in s.board.cities.items() if cid != c.name}
