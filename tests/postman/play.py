"""Positions for The Postman's rule tests: a small board, dealt hands, units put where a test
needs them (a test of one rule sets its position directly, as a chess test sets a FEN)."""

from __future__ import annotations

from companion.core.inputs import Input, draw, roll
from companion.core.session import Session
from companion.games import bundled_pack
from companion.postman.rules import RULES
from companion.postman.state import Unit

#   pt(small) - fo(medium, forest) - ri(large, water) - mo(small, mountains) - bc(medium)
#                      \________ ed(small, edge) ______/
BOARD = {
    "map": {"name": "test", "post_town": "pt", "base_camp": "bc"},
    "town": [
        {"id": "pt", "name": "Post Town", "size": "small", "terrain": []},
        {"id": "fo", "name": "Forest Town", "size": "medium", "terrain": ["forest"]},
        {"id": "ri", "name": "River Town", "size": "large", "terrain": ["water"]},
        {"id": "mo", "name": "Mountain Town", "size": "small", "terrain": ["mountains"]},
        {"id": "bc", "name": "Base Camp", "size": "medium", "terrain": []},
        {"id": "ed", "name": "Edge Town", "size": "small", "terrain": [], "edge": True},
    ],
    "road": [
        {"from": "pt", "to": "fo"}, {"from": "fo", "to": "ri"}, {"from": "ri", "to": "mo"},
        {"from": "mo", "to": "bc"}, {"from": "fo", "to": "ed"}, {"from": "ed", "to": "mo"},
    ],
}

PACK = bundled_pack("postman")
POSTMEN_HAND = ["QH", "KH", "AD", "5D", "KD"]
HOLNIST_HAND = ["KC", "AS", "5S", "JS", "QS"]


def game(postmen=POSTMEN_HAND, holnists=HOLNIST_HAND, variants=None) -> Session:
    setup = {"board": BOARD}
    if variants:
        setup["variants"] = variants
    s = Session(RULES, PACK, setup, seed=11)
    for card in list(postmen) + list(holnists):
        ok(s, draw(card, "table"))
    assert s.state.pos.phase == "move" and s.state.pos.active == "postmen"
    return s


def ok(s: Session, inp: Input):
    out = s.submit(inp)
    assert out.accepted, (inp, out.violations)
    return out.entry


def act(s: Session, kind: str, **args):
    return ok(s, Input(kind, args))


def flagged(s: Session, kind: str, **args) -> set[str]:
    out = s.submit(Input(kind, args))
    assert not out.accepted, f"{kind} {args} was accepted"
    return {v.rule for v in out.violations}


def dice(s: Session, *values):
    return ok(s, roll(list(values), "table"))


def place(s: Session, town: str, *kinds: str, side: str | None = None) -> list[str]:
    """Put new units of these kinds in ``town``; returns their ids."""
    t = s.state.pos
    ids = []
    for kind in kinds:
        unit_side = side or s.state.catalog.units[kind].side
        uid = s.state.new_id(kind)
        t.units[uid] = Unit(uid, kind, unit_side, town)
        ids.append(uid)
    return ids


def clear(s: Session, *towns: str) -> None:
    """Remove every unit (and the militia) from these towns, or from everywhere if none given."""
    t = s.state.pos
    for uid in [u for u, unit in t.units.items() if not towns or unit.town in towns]:
        del t.units[uid]
    for town in towns or list(t.militia):
        t.militia[town] = 0


def units(s: Session, town: str, side: str | None = None) -> list[str]:
    return sorted(u.id for u in s.state.units_in(town, side))


def to_phase(s: Session, phase: str) -> None:
    """End phases until ``phase``: Militia rolls all miss, Mail draws come from the app's deck."""
    start = s.state.pos.active
    while s.state.pos.phase != phase:
        t = s.state.pos
        if t.phase == "militia" and not t.effects.get("militia_rolled"):
            act(s, "militia_phase")
            if s.pending_roll():
                dice(s, *[1] * s.pending_roll().dice.count)
            continue
        while s.pending_draw():
            s.deal()
        if t.phase == "move" and s.state.pos.active != start:
            break
        if t.phase == "mail" and len(s.state.hand(t.active)) > 7:
            act(s, "discard", side=t.active, cards=s.state.hand(t.active)[7:])
        act(s, "end_phase")


def next_turn(s: Session) -> None:
    """Play out the rest of this turn with nothing done."""
    active = s.state.pos.active
    while s.state.pos.active == active:
        to_phase(s, "mail")
        to_phase(s, "move")


def battle_in_forest_town(holnists=("regiment",), postmen=("rider", "rider"), militia=0):
    """Postmen units arrive in Forest Town where Holnists stand; on to the Fight phase."""
    s = game()
    clear(s, "fo")
    s.state.pos.militia["fo"] = militia
    h = place(s, "fo", *holnists)
    p = place(s, "pt", *postmen)
    act(s, "move", units=p, path=["fo"])
    if s.state.pos.offer:
        act(s, "stay")
    to_phase(s, "fight")
    return s, p, h
