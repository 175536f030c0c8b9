"""The Move phase (postman.move.*).

A stack moves along roads up to its Move stat (postman.move.limit). Entering a town that holds
enemy units ends the move there unless the unit passes a Sneak roll to go on; each unit rolls
for itself and those that fail stop (postman.move.sneak). Where the stack ends its move beside
enemy units, each of those may try to retreat one space with its own Sneak roll
(postman.move.retreat). Militia never block and never retreat.
"""

from __future__ import annotations

from ..core.dice import Modifier
from ..core.violations import MalformedInput, Violation
from .state import OTHER, Due, Movement, Offer, PostmanState
from .town_view import sides_own, unit_label


def allowance(state: PostmanState, uid: str) -> int:
    u = state.pos.units[uid]
    return (state.unit_type(u).move or 0) + state.pos.move_bonus.get(uid, 0)


def check_move(state: PostmanState, units: list[str], path: list[str]) -> list[Violation]:
    """The rules this move breaks: ``units`` (ids of units on the board) along ``path`` (towns of
    this map, the first one space away), as INPUTS read them."""
    t = state.pos
    if len(set(units)) != len(units):
        raise MalformedInput("move.units: a unit is listed twice")
    stack = [t.units[u] for u in units]
    side, start = stack[0].side, stack[0].town
    out = []
    if t.phase != "move":
        out.append(Violation("postman.turn.order", f"units move in the Move phase; this is the {t.phase.capitalize()} phase"))
    if side != t.active:
        out.append(Violation("postman.turn.active", f"it is {sides_own(t.active)} turn"))
    if any(u.side != side or u.town != start for u in stack):
        out.append(Violation("postman.move.stack", "a stack is units of one side in one town"))
    for u in stack:
        kind = state.unit_type(u)
        if kind.move is None:
            out.append(Violation("postman.move.cannot", f"{kind.name} never move (\"X\")"))
        elif u.id in t.moved:
            out.append(Violation("postman.move.once", f"{unit_label(state, u.id)} has already moved this turn"))
        elif u.fresh:
            out.append(Violation("postman.move.once", f"{unit_label(state, u.id)} arrived this turn and acts next turn"))
    if side == "holnists" and t.effects.get("winter"):
        out.append(Violation("postman.card.winter", "Winter: the Holnists skip this Move phase"))
    if start in t.halted:
        out.append(Violation("postman.card.rough_terrain", f"Rough Terrain: the stack in {_name(state, start)} may not move"))
    here = start
    for i, town in enumerate(path):
        if not state.board.graph.has_edge(here, town):
            out.append(Violation("postman.move.roads",
                                 f"no road from {_name(state, here)} to {_name(state, town)} (step {i + 1})"))
            break
        here = town
    limit = min((allowance(state, u.id) for u in stack), default=0)
    if len(path) > limit:
        out.append(Violation("postman.move.limit", f"{len(path)} spaces, but this stack may move {limit}"))
    return out


def apply_move(state: PostmanState, units, path) -> None:
    t = state.pos
    t.moved.update(units)
    t.movement = Movement(list(units), list(path), -1)
    advance(state)


def advance(state: PostmanState) -> None:
    """Move the stack on until it must sneak, or it has arrived; then offer retreats."""
    t = state.pos
    m = state.moving
    side = t.units[m.units[0]].side if m.units else t.active
    while m.units and m.pos + 1 < len(m.path):
        m.pos += 1
        town = m.path[m.pos]
        for uid in m.units:
            t.units[uid].town = town
        if m.pos < len(m.path) - 1 and state.enemy_in(town, side):
            m.sneaking = list(m.units)
            _due_sneak(state)
            return
    ends = list(dict.fromkeys(m.stops + ([m.path[m.pos]] if m.units and m.pos >= 0 else [])))
    t.movement = None
    offers = [town for town in ends if _retreaters(state, town, OTHER[side])]
    if offers:
        t.offer = Offer(offers[0], OTHER[side], _retreaters(state, offers[0], OTHER[side]), offers[1:])


def _retreaters(state: PostmanState, town: str, side: str) -> list[str]:
    return [u.id for u in state.units_in(town, side) if state.unit_type(u).sneak is not None]


def _due_sneak(state: PostmanState) -> None:
    m = state.moving
    uid = m.sneaking[0]
    state.pos.due = Due("sneak", state.pos.units[uid].side, 1, {"unit": uid, "town": m.path[m.pos], "mods": []})


def terrain_mods(state: PostmanState, town: str) -> list[Modifier]:
    tt = state.catalog.tables["terrain"]
    info = state.board.towns[town]
    mods = []
    if "forest" in info.terrain:
        mods.append(Modifier("forest", tt["forest_sneak"]))
    if "water" in info.terrain:
        mods.append(Modifier("lake or river", tt["water_sneak"]))
    return mods


def sneak_request(state: PostmanState, due: Due):
    u = state.pos.units[due.info["unit"]]
    town = due.info["town"]
    mods = terrain_mods(state, town) + [Modifier(n, v) for n, v in due.info.get("mods", [])]
    target = state.unit_type(u).sneak
    return target, tuple(mods)


def resolve_sneak(state: PostmanState, success: bool) -> None:
    m = state.moving
    uid = m.sneaking.pop(0)
    if not success:
        m.units.remove(uid)
        if m.path[m.pos] not in m.stops:
            m.stops.append(m.path[m.pos])
    if m.sneaking:
        _due_sneak(state)
    else:
        advance(state)


# -- retreat when an enemy ends its move in your town ------------------------------------------------
def check_retreat(state: PostmanState, uid: str, to: str) -> list[Violation]:
    o = state.offered  # the input table asks only while a retreat is offered
    out = []
    if uid not in o.units:
        out.append(Violation("postman.move.retreat", f"{unit_label(state, uid)} may not retreat from {_name(state, o.town)} now"))
    out += retreat_target_problems(state, o.town, to, o.side)
    return out


def retreat_target_problems(state: PostmanState, town: str, to: str, side: str) -> list[Violation]:
    if not state.board.graph.has_edge(town, to):
        return [Violation("postman.move.retreat", f"{_name(state, to)} is not one space from {_name(state, town)}")]
    if state.enemy_in(to, side):
        return [Violation("postman.move.retreat", f"{_name(state, to)} holds enemy units")]
    return []


def apply_retreat(state: PostmanState, uid: str, to: str) -> None:
    o = state.offered
    state.pos.due = Due("retreat", o.side, 1, {"unit": uid, "town": o.town, "to": to, "mods": []})


def resolve_retreat(state: PostmanState, due: Due, success: bool) -> None:
    if success:
        state.pos.units[due.info["unit"]].town = due.info["to"]
    close_retreater(state, due.info["unit"])


def close_retreater(state: PostmanState, uid: str) -> None:
    o = state.offered
    if uid in o.units:
        o.units.remove(uid)
    if not o.units:
        next_offer(state)


def next_offer(state: PostmanState) -> None:
    o = state.offered
    state.pos.offer = None
    for town in o.queue:
        units = _retreaters(state, town, o.side)
        if units:
            state.pos.offer = Offer(town, o.side, units, o.queue[o.queue.index(town) + 1:])
            return


def _name(state: PostmanState, town: str) -> str:
    return state.board.towns[town].name
