"""How the one random playout (tests/playout.py) checks the Courier Desk and
gives the inputs in the table's own words (commanders, messages, places)."""

from __future__ import annotations

import random

from companion.core.inputs import Input
from companion.couriers.state import FINISHED


def setup(rng: random.Random) -> dict:
    return {}


def invariants(s) -> None:
    """A courier rides within its side; its status is one the rules know; a roll owed is a courier's;
    the units where its location rolls failed are each named once, a headquarters or a commander
    of its side (couriers.locate.failed); a finished courier says when it finished."""
    for c in s.couriers.values():
        assert c.side == s.commanders[c.sender].side
        assert c.status in ("in transit", "searching", "located", *FINISHED)
        assert len(set(c.searched)) == len(c.searched)
        assert all(u == "hq" or s.commanders[u].side == c.side for u in c.searched)
        assert (c.finished_turn >= c.sent_turn) if c.finished else c.finished_turn == -1
    assert s.pending is None or s.pending.courier in s.couriers
    assert s.riding == riding_by_scan(s), "the index of couriers riding disagrees with the roster"


def riding_by_scan(s) -> tuple[str, ...]:
    """The couriers still on the way, found by reading every courier (what ``DeskState.riding``
    keeps without reading them)."""
    return tuple(cid for cid, c in s.couriers.items() if c.status not in FINISHED)


def rare(inp: Input) -> bool:
    """The table ends the game when its wargame is over, not at any step of the first turn."""
    return inp.kind == "end_game"


def ended(s) -> None:
    """The table ended the game (couriers.game.end)."""
    assert s.over


def open_inputs(session, rng: random.Random) -> list[Input]:
    """Four commanders first, then now and then a courier sent or a headquarters declared."""
    s = session.state
    if len(s.commanders) < 4:  # a table that began before its roster was whole adds to it later
        side = s.sides[len(s.commanders) % 2]
        rank = ("army", "corps", "division", "brigade")[len(s.commanders) // 2 % 4]
        return [Input("add_commander", {"name": f"Commander {len(s.commanders) + 1}", "side": side,
                                        "rank": rank})]
    out = []
    for side in s.sides:
        mine = [c for c in s.commanders.values() if c.side == side]
        if len(mine) >= 2:
            a, b = rng.sample(mine, 2)
            out.append(Input("send_courier", {"sender": a.id, "recipient": b.id, "message": "Advance"}))
        if mine and s.phase == "setup":
            out.append(Input("declare_hq", {"commander": mine[0].id, "place": "the farm"}))
    return out


def raw_ids(s) -> dict[str, str]:
    """What a person must never read where a name exists: a commander's id ("commander-2")."""
    return {cid: c.name for cid, c in s.commanders.items() if cid != c.name}
