"""Every decision The Postman's table could take now, for ``Rules.legal_inputs`` to check.

The list is finite and holds every legal input, with two bounds said here once: a move is listed
by the likeliest path to each town in reach (``reach.reachable``), not by every road that gets
there; and a stack of more than ``MAX_STACK`` movable units is listed as its single units, its
pairs and the whole stack. Chance inputs (rolls, draws) are the session's, not listed.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ..core.inputs import Input
from . import battle, mail, play_options, reach
from .state import PostmanState
from .steps import ALLOWED, blocking

SIDES = ("postmen", "holnists")
MAX_STACK = 6


def candidates(s: PostmanState) -> Iterator[Input]:
    """Every input worth checking now. After the end only a card is (Luck's reroll of the
    deciding die, postman.card.luck); while something is owed, only what ``steps.ALLOWED``
    lets answer it, and a discard (postman.mail.limit lets one come before the draw): the rest
    could only be refused as ``.pending``."""
    if s.pos.winner:
        yield from _cards(s)
        return
    block = blocking(s)
    if block is None:
        yield from _every(s)
        return
    allowed = (*ALLOWED[block], "discard")
    for inp in _every(s):
        if inp.kind in allowed:
            yield inp


def _every(s: PostmanState) -> Iterator[Input]:
    t = s.pos
    yield Input("end_phase")
    yield Input("militia_phase")
    yield Input("stay")
    for town in t.battles_left:
        yield Input("fight", {"town": town})
    for uid in sorted(t.units):
        yield Input("recruit", {"unit": uid})
    yield from _moves(s)
    yield from _retreats(s)
    yield from _battle_decisions(s)
    yield from _discards(s)
    yield from _cards(s)


def _stacks(units: list[str]) -> Iterator[list[str]]:
    if len(units) <= MAX_STACK:
        for n in range(1, len(units) + 1):
            for group in combinations(units, n):
                yield list(group)
        return
    for n in (1, 2):
        for group in combinations(units, n):
            yield list(group)
    yield list(units)


def _moves(s: PostmanState) -> Iterator[Input]:
    t = s.pos
    if t.phase != "move":
        return
    towns: dict[str, list[str]] = {}
    for u in sorted(t.units.values(), key=lambda u: u.id):
        if u.side == t.active and u.id not in t.moved and not u.fresh and s.unit_type(u).move:
            towns.setdefault(u.town, []).append(u.id)
    for units in towns.values():
        for stack in _stacks(units):
            for found in reach.reachable(s, stack).values():
                yield Input("move", {"units": stack, "path": list(found.path)})


def _retreats(s: PostmanState) -> Iterator[Input]:
    o = s.pos.offer
    if o is None:
        return
    for uid in o.units:
        for to in reach.retreat_towns(s, o.town, o.side):
            yield Input("retreat", {"unit": uid, "to": to})


def _battle_decisions(s: PostmanState) -> Iterator[Input]:
    b = s.pos.battle
    if b is None:
        return
    if b.step == "retreat" and b.retreating is not None:
        for to in reach.retreat_towns(s, b.town, b.retreating):
            yield Input("battle_retreat", {"to": to})
    if b.step != "casualties":
        return
    for side in b.to_choose:
        pool = [u.id for u in sorted(s.units_in(b.town, side), key=lambda u: u.id)]
        if side == "postmen" and b.militia_fight:
            pool += ["militia"] * s.pos.militia.get(b.town, 0)
        need = battle.casualties_needed(s, side)
        for group in sorted(set(combinations(pool, min(need, len(pool))))):
            yield Input("casualties", {"side": side, "units": list(group)})


def _discards(s: PostmanState) -> Iterator[Input]:
    for side in SIDES:
        excess = mail.over_limit(s, side)
        if excess:
            for group in sorted(set(combinations(sorted(s.hand(side)), excess))):
                yield Input("discard", {"side": side, "cards": list(group)})


def _cards(s: PostmanState) -> Iterator[Input]:
    for side in SIDES:
        for cid in sorted(set(s.hand(side))):
            for args in play_options.card_targets(s, side, cid):
                yield Input("play_card", {"card": cid, "side": side, **args})
