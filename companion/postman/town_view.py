"""A town and a unit in the table's words: what a town's tooltip says and a unit's short name."""

from __future__ import annotations

import functools

from ..core.words import possessive
from .state import PostmanState, Unit

SIDES = ("postmen", "holnists")


def town_lines(state: PostmanState, town: str, here: list[Unit] | None = None) -> list[str]:
    """A town in words for a tooltip: size, terrain and what it does, units and Militia.
    ``here``: the town's units when the caller has them (``state.units_by_town()``)."""
    info = state.board.towns[town]
    caps = state.catalog.tables["towns"]
    tt = state.catalog.tables["terrain"]
    lines = [f"{info.name} \u00b7 {info.size} town"]
    if town == state.board.post_town:
        lines.append("Post Town (the Postmen start here)")
    if town == state.board.base_camp:
        lines.append("Holnist Base Camp (the Holnists start here)")
    if info.edge:
        lines.append("Map edge (California Postman)")
    mod = caps[info.size]["modifier"]
    if mod:
        lines.append(f"Type and Militia rolls {mod:+d}")
    words = {"forest": f"forest: Sneak {tt['forest_sneak']:+d}",
             "water": f"lake or river: Sneak {tt['water_sneak']:+d}",
             "mountains": f"mountains: defenders attack {tt['mountain_defence']:+d}"}
    lines += [words[t] for t in sorted(info.terrain)]
    cap = caps[info.size]["militia_cap"]
    lines.append(f"Militia: {state.pos.militia.get(town, 0)} of {cap}")
    units = state.units_in(town) if here is None else here
    for side in SIDES:
        own = [u for u in units if u.side == side]
        if own:
            names = ", ".join(unit_label(state, u.id) for u in sorted(own, key=unit_order))
            lines.append(f"{side.capitalize()}: {names}")
    return lines


def unit_label(state: PostmanState, uid: str) -> str:
    """A short name for a unit: "The Postman", "Rider 3", "Regiment 2" ("Militia" for Militia)."""
    if uid == "militia":
        return "Militia"
    u = state.pos.units.get(uid)
    if u is None:
        return uid
    return kind_label(state, u.kind, uid)


def unit_in_line(state: PostmanState, uid: str) -> str:
    """A unit's short name inside a line: "the Postman", "Rider 3" (a Leader's name begins with
    "The", which only starts a line)."""
    label = unit_label(state, uid)
    return "t" + label[1:] if label.startswith("The ") else label


def kind_label(state: PostmanState, kind: str, uid: str) -> str:
    """The short name of a unit of ``kind`` with id ``uid``, also once it has left the board."""
    k = state.catalog.units[kind]
    if k.leader:
        return k.name
    return f"{k.name.split()[-1]} {_split(uid)[1]}".strip()


def unit_order(u) -> tuple:
    """Sort key for units (or unit ids): by kind, then by number, so rider2 comes before rider10."""
    letters, digits = _split(u.id if hasattr(u, "id") else u)
    return letters, int(digits or 0)


@functools.lru_cache(maxsize=4096)
def _split(uid: str) -> tuple[str, str]:
    """A unit id's letters and its digits ("rider12": "rider", "12"), asked for every unit named
    in a log line: the ids are few, so each is split once."""
    return "".join(c for c in uid if not c.isdigit()), "".join(c for c in uid if c.isdigit())


def side_words(side, capital: bool = False) -> str:
    """"the Postmen", "the Holnists" ("The Postmen" to start a line): a side as people read it
    (the record keeps the id)."""
    name = {"postmen": "the Postmen", "holnists": "the Holnists"}.get(side, f"the {side}")
    return name[:1].upper() + name[1:] if capital else name


def sides_own(side) -> str:
    """"the Postmen's", "the Holnists'": whose hand or turn it is."""
    return possessive(side_words(side), plural=True)
