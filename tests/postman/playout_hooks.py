"""How the one random playout (tests/playout.py) sets up and checks The Postman."""

from __future__ import annotations

import json
import random
from pathlib import Path

from companion.postman.setup import unique_decks
from companion.postman.town_view import side_words, unit_label
from companion.postman.words import card

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


def raw_ids(s) -> dict[str, str]:
    """What a person must never read where a name exists, with that name: unit ids ("rider1"),
    card ids ("9D"), side ids ("holnists") and town ids that are not words of their own."""
    out = {uid: unit_label(s, uid) for uid in s.pos.units}
    out.update({cid: card(cid) for cid in s.catalog.cards})
    out.update({side: side_words(side) for side in ("postmen", "holnists")})
    out.update({tid: t.name for tid, t in s.board.towns.items()
                if tid != t.name and (tid == t.name.lower() or any(c.isdigit() or c in "_-" for c in tid))})
    return out
