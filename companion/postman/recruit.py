"""The Recruit and Militia phases (postman.recruit.*,
postman.militia.*).

Each unit that can recruit may roll once in a town with Militia and no enemy units
(postman.recruit.roll); a success turns one Militia into a unit of the type the Type roll gives
(postman.recruit.type). On Postmen turns every town without Postman or Holnist units rolls for
new Militia up to its cap (postman.militia.roll, postman.militia.cap).
"""

from __future__ import annotations

from ..core.dice import Modifier
from ..core.violations import Violation
from .state import OTHER, Due, PostmanState, Unit
from .town_view import sides_own, unit_label


def check_recruit(state: PostmanState, uid: str, sides: dict[str, set[str]] | None = None) -> list[Violation]:
    """``sides``: ``state.sides_by_town()`` when every unit is asked about at once."""
    t = state.pos
    u = t.units[uid]
    kind = state.unit_type(u)
    out = []
    if t.phase != "recruit":
        out.append(Violation("postman.turn.order", f"recruit rolls are made in the Recruit phase; this is the {t.phase.capitalize()} phase"))
    if u.side != t.active:
        out.append(Violation("postman.turn.active", f"it is {sides_own(t.active)} turn"))
    if kind.recruit is None:
        out.append(Violation("postman.recruit.cannot", f"a {kind.name} never recruits (its Recruit is \"X\")"))
    if uid in t.recruited:
        out.append(Violation("postman.recruit.once", f"{unit_label(state, uid)} has already made its recruit roll"))
    if u.fresh:
        out.append(Violation("postman.recruit.once", f"{unit_label(state, uid)} arrived this turn and acts next turn"))
    if t.militia.get(u.town, 0) < 1:
        out.append(Violation("postman.recruit.roll", f"there are no Militia in {state.board.towns[u.town].name}"))
    if (OTHER[u.side] in sides.get(u.town, ()) if sides is not None else state.enemy_in(u.town, u.side)):
        out.append(Violation("postman.recruit.contested", f"enemy units are in {state.board.towns[u.town].name}"))
    return out


def apply_recruit(state: PostmanState, uid: str) -> None:
    t = state.pos
    t.recruited.add(uid)
    u = t.units[uid]
    t.due = Due("recruit", u.side, 1, {"unit": uid, "town": u.town, "mods": []})


def recruit_request(state: PostmanState, due: Due):
    u = state.pos.units[due.info["unit"]]
    mods = []
    e = state.pos.effects
    if u.side == "postmen" and e.get("hope"):
        mods.append(Modifier("Hope", 1))
    if u.side == "postmen" and e.get("fear"):
        mods.append(Modifier("Fear", -1))
    mods += [Modifier(n, v) for n, v in due.info.get("mods", [])]
    return state.unit_type(u).recruit, tuple(mods)


def resolve_recruit(state: PostmanState, due: Due, success: bool) -> None:
    if not success:
        return
    town = due.info["town"]
    state.pos.militia[town] = max(0, state.pos.militia.get(town, 0) - 1)
    u = state.pos.units[due.info["unit"]]
    leader = state.unit_type(u).leader
    state.pos.due = Due("type", u.side, 1, {"town": town, "leader": leader, "mods": []})


def type_request(state: PostmanState, due: Due):
    table = state.catalog.tables
    side = due.side
    size = state.board.towns[due.info["town"]].size
    mods = [Modifier(f"{size} town", table["towns"][size]["modifier"])] if table["towns"][size]["modifier"] else []
    if due.info.get("leader"):
        mods.append(Modifier("Leader recruiting", table["recruit"]["leader_type_bonus"]))
    mods += [Modifier(n, v) for n, v in due.info.get("mods", [])]
    return table["recruit_types"][side]["heavy_on"], tuple(mods)


def resolve_type(state: PostmanState, due: Due, values: tuple[int, ...]) -> None:
    side = due.roller
    types = state.catalog.tables["recruit_types"][side]
    target, mods = type_request(state, due)
    for die in values:
        kind = types["heavy"] if die + sum(m.value for m in mods) >= target else types["light"]
        uid = state.new_id(kind)
        state.pos.units[uid] = Unit(uid, kind, side, due.info["town"], fresh=True)
    if due.info.get("surrender"):
        from .battle import end

        end(state, state.fight.result + "; their Militia join the Holnists")


def able_to_recruit(state: PostmanState, side: str) -> list[Unit]:
    """The units of ``side`` that break no rule by making their recruit roll now, in the
    position's order (every unit asked through ``check_recruit``, the towns counted once)."""
    sides = state.sides_by_town()
    return [u for u in state.pos.units.values() if u.side == side and not check_recruit(state, u.id, sides)]


# -- Militia phase -----------------------------------------------------------------------------------
def militia_towns(state: PostmanState) -> list[str]:
    occupied = {u.town for u in state.pos.units.values()}
    caps = state.catalog.tables["towns"]
    return [t for t, info in state.board.towns.items()
            if t not in occupied and state.pos.militia.get(t, 0) < caps[info.size]["militia_cap"]]


def check_militia_phase(state: PostmanState) -> list[Violation]:
    t = state.pos
    if t.phase != "militia":
        if t.active == "holnists":
            return [Violation("postman.militia.turn", "there is no Militia phase on Holnist turns")]
        return [Violation("postman.turn.order", f"this is the {t.phase.capitalize()} phase")]
    if t.effects.get("militia_rolled"):
        return [Violation("postman.militia.roll", "the Militia have already rolled this phase")]
    return []


def apply_militia_phase(state: PostmanState) -> None:
    t = state.pos
    t.effects["militia_rolled"] = True
    towns = militia_towns(state)
    if towns:
        t.due = Due("militia", None, len(towns), {"towns": towns})


def militia_mods(state: PostmanState, town: str) -> tuple[Modifier, ...]:
    size = state.board.towns[town].size
    mod = state.catalog.tables["towns"][size]["modifier"]
    mods = [Modifier(f"{size} town", mod)] if mod else []
    if state.pos.effects.get("rumors"):
        mods.append(Modifier("Rumors", 1))
    return tuple(mods)


def resolve_militia(state: PostmanState, due: Due, values: tuple[int, ...]) -> None:
    target = state.catalog.tables["militia"]["appear_on"]
    caps = state.catalog.tables["towns"]
    for town, die in zip(due.info["towns"], values, strict=False):
        if die + sum(m.value for m in militia_mods(state, town)) >= target:
            cap = caps[state.board.towns[town].size]["militia_cap"]
            state.pos.militia[town] = min(cap, state.pos.militia.get(town, 0) + 1)
