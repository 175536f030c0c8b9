"""How the one random playout (tests/playout.py) sets up and checks The Postman."""

from __future__ import annotations

import json
import random
from pathlib import Path

from companion.postman.setup import unique_decks

#: a seven-town board, so random games reach a fallen leader within a few hundred inputs
POSTMAN_BOARD = json.loads((Path(__file__).parent / "seven_towns.json").read_text())


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
