"""Where a stack may go this phase: the towns in reach, the best path to each with the Sneak
rolls on the way (postman.move.limit, postman.move.sneak), and where a side may retreat to.

Read from ``movement`` and ``odds``; nothing here changes the state it is given.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.dice import Dice, Modifier
from ..core.roll_targets import DieTarget, die_targets
from ..core.violations import MalformedInput, Violation
from . import movement, odds, rolls
from .state import OTHER, Due, PostmanState
from .steps import blocking, next_steps
from .town_view import unit_label


@dataclass(frozen=True)
class SneakRoll:
    town: str
    unit: str
    target: int
    modifier: int
    chance: float
    mods: tuple[Modifier, ...] = ()
    label: str = ""

    @property
    def die(self) -> DieTarget:
        """The roll as the sneak roll's request will word it (terrain known now; cards later)."""
        return DieTarget(self.label or self.unit, Dice(1, 6), self.target, self.mods, "Sneak")


@dataclass(frozen=True)
class Reach:
    """The best path for a stack to one town: the Sneak rolls it needs and the chance that the
    whole stack arrives; ``battle`` when enemy units wait there."""

    town: str
    path: tuple[str, ...]
    sneaks: tuple[SneakRoll, ...]
    arrive: float
    battle: bool


def stack_problems(state: PostmanState, units: list[str]) -> list:
    """Why this stack may not move at all now (phase, turn, already moved...), road aside."""
    if not units:
        return []
    if blocking(state):
        return [Violation("postman.turn.order", "first: " + next_steps(state)[0].text.lower())]
    start = state.pos.units[units[0]].town
    near = next(iter(state.board.graph.neighbors(start)), start)
    try:
        found = movement.check_move(state, list(units), [near])
    except MalformedInput:
        return []
    return [v for v in found if v.rule not in ("postman.move.roads", "postman.move.limit")]


def reachable(state: PostmanState, units: list[str]) -> dict[str, Reach]:
    """Every town this stack may reach this phase (postman.move.limit, postman.move.sneak),
    each by the path most likely to bring the whole stack there, then the shortest."""
    if not units or stack_problems(state, units):
        return {}
    t = state.pos
    side = t.units[units[0]].side
    start = t.units[units[0]].town
    limit = min(movement.allowance(state, u) for u in units)
    best: dict[str, tuple] = {}
    graph = state.board.graph
    enemy = {town for town, sides in state.sides_by_town().items() if OTHER[side] in sides}  # state.enemy_in

    def visit(path: list[str], sneaks: list[SneakRoll], chance: float) -> None:
        here = path[-1]
        key = (-chance, len(path), tuple(path))
        if len(path) > 1 and (here not in best or key < best[here][0]):
            best[here] = (key, Reach(here, tuple(path[1:]), tuple(sneaks), chance, here in enemy))
        if len(path) - 1 >= limit:
            return
        rolls: list[SneakRoll] = []
        if len(path) > 1 and here in enemy:
            rolls = [_sneak(state, here, u) for u in units]
        p = chance
        for r in rolls:
            p *= r.chance
        for nxt in sorted(graph.neighbors(here)):
            if nxt not in path:
                visit(path + [nxt], sneaks + rolls, p)

    visit([start], [], 1.0)
    return {town: reach for town, (_key, reach) in best.items()}


def _sneak(state: PostmanState, town: str, uid: str) -> SneakRoll:
    target = state.unit_type(state.pos.units[uid]).sneak or 7
    mods = tuple(movement.terrain_mods(state, town))
    mod = sum(m.value for m in mods)
    return SneakRoll(town, uid, target, mod, odds.chance(target, mod), mods, unit_label(state, uid))


def path_to(state: PostmanState, units: list[str], town: str) -> list[str]:
    """The path to submit for a click on ``town``: the best reachable one, else the shortest
    road path (which the rules will flag, so the table can see why and override)."""
    reach = reachable(state, units).get(town)
    if reach is not None:
        return list(reach.path)
    start = state.pos.units[units[0]].town
    if town == start:
        return [town]
    return list(state.board.shortest_path(start, town)[1:])


def retreat_towns(state: PostmanState, town: str, side: str) -> list[str]:
    """Towns one road from ``town`` without enemy units (postman.move.retreat, .fight.retreat)."""
    return [n for n in sorted(state.board.graph.neighbors(town))
            if not movement.retreat_target_problems(state, town, n, side)]


def retreat_chance(state: PostmanState, uid: str) -> float:
    """The chance of one unit's retreat roll, every modifier counted (see ``retreat_roll``)."""
    return retreat_roll(state, uid).chance


def retreat_roll(state: PostmanState, uid: str) -> DieTarget:
    """One unit's retreat roll as the rules will judge it (postman.move.retreat): the owed
    roll's own request once the unit tries (a card such as Intercept changes it then), else
    the request its try would owe now, terrain counted."""
    due = state.pos.due
    if due is None or due.kind != "retreat" or due.info.get("unit") != uid:
        u = state.pos.units[uid]
        due = Due("retreat", u.side, 1, {"unit": uid, "town": u.town, "mods": []})
    return die_targets(rolls.request(state, due))[0]
