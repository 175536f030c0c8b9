"""How the one random playout (tests/playout.py) sets up and checks The Postman."""

from __future__ import annotations

import random

from companion.postman.setup import unique_decks

#: a seven-town board, so random games reach a fallen leader within a few hundred inputs
POSTMAN_BOARD = {
    "map": {"name": "Seven towns", "post_town": "post", "base_camp": "camp"},
    "town": [
        {"id": "post", "name": "Post Town", "size": "medium"},
        {"id": "side", "name": "Sideways", "size": "large"},
        {"id": "mid1", "name": "Firwood", "size": "small", "terrain": ["forest"]},
        {"id": "edge", "name": "Coastline", "size": "small", "edge": True},
        {"id": "mid2", "name": "Riverford", "size": "medium", "terrain": ["water"]},
        {"id": "hill", "name": "Hilltop", "size": "small", "terrain": ["mountains"]},
        {"id": "camp", "name": "Base Camp", "size": "medium"},
    ],
    "road": [{"from": a, "to": b} for a, b in (
        ("post", "mid1"), ("post", "side"), ("side", "mid1"), ("mid1", "edge"), ("mid1", "mid2"),
        ("mid2", "camp"), ("mid2", "hill"), ("hill", "camp"))],
}


def setup(rng: random.Random) -> dict:
    return {"board": POSTMAN_BOARD, "variants": {"deck": rng.choice(["shared", "split"]),
                                                 "ambush": rng.choice(["all", "own"])}}


def invariants(s) -> None:
    """Every card in exactly one place; units on real towns; Militia within its town's cap."""
    decks = unique_decks(s)
    everywhere = [c for d in decks for c in d.cards_left() + d.discard + [x for h in d.hands.values() for x in h]]
    assert len(everywhere) == len(set(everywhere)) == 52, "a card is lost or in two places"
    caps = s.catalog.tables["towns"]
    for uid, u in s.pos.units.items():
        assert u.id == uid and u.town in s.board.towns
    for town, n in s.pos.militia.items():
        assert 0 <= n <= caps[s.board.towns[town].size]["militia_cap"], (town, n)


def ended(s) -> None:
    """A leader has fallen (postman.victory)."""
    assert s.pos.winner in ("postmen", "holnists")
