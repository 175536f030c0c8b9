"""Turns and phases (postman.turn.order): the Postmen go first; Move, Fight,
Recruit, Militia (Postmen turns only), Mail. Next Phase refuses to skip what must be done."""

from __future__ import annotations

from ..core.violations import Violation
from ..core.words import counted
from . import battle, mail, recruit
from .state import OTHER, PHASES, Phase, PostmanState
from .town_view import side_words


def phases_of(side: str) -> tuple[Phase, ...]:
    """The phases of ``side``'s turn in order: no Militia phase on Holnist turns
    (postman.turn.order). The one place the turn's order is written."""
    return tuple(p for p in PHASES if p != "militia" or side == "postmen")


def check_end_phase(state: PostmanState) -> list[Violation]:
    t = state.pos
    if t.phase == "deal":
        return [Violation("postman.turn.order", "the opening hands are still being dealt")]
    if t.phase == "fight" and t.battles_left:
        names = ", ".join(state.board.towns[x].name for x in t.battles_left)
        return [Violation("postman.fight.all", f"battles still to fight: {names}")]
    if t.phase == "militia" and not t.effects.get("militia_rolled") and recruit.militia_towns(state):
        return [Violation("postman.militia.roll", "the Militia roll has not been made")]
    if t.phase == "mail":
        need = state.catalog.tables["mail"]["draw"]
        if t.drawn < need:
            return [Violation("postman.mail.draw", f"draw {counted(need - t.drawn, 'more card')} first")]
        excess = mail.over_limit(state, t.active)
        if excess:
            return [Violation("postman.mail.limit",
                              f"{side_words(t.active)} hold {counted(len(state.hand(t.active)), 'card')}: discard {excess}")]
    return []


def apply_end_phase(state: PostmanState) -> None:
    t = state.pos
    order = phases_of(t.active)
    if t.phase not in order:
        return  # the deal ends with its last draw, not here
    if t.phase == "move" and t.active == "holnists":
        t.effects.pop("winter", None)  # postman.card.winter: that skipped Move phase is over
    if t.phase == order[-1]:
        next_turn(state)
        return
    t.phase = order[order.index(t.phase) + 1]
    if t.phase == "fight":
        t.battles_left = battle.contested(state)
    elif t.phase == "mail":
        start_mail(state)


def start_mail(state: PostmanState) -> None:
    t = state.pos
    t.drawn = 0
    t.draws_owed = [t.active] * state.catalog.tables["mail"]["draw"]


def next_turn(state: PostmanState) -> None:
    t = state.pos
    ended = t.active
    t.active = OTHER[ended]
    if t.active == "postmen":
        t.turn += 1
    t.phase = "move"
    t.moved.clear()
    t.recruited.clear()
    t.move_bonus.clear()
    t.halted.clear()
    t.drawn = 0
    for key in ("hope", "rumors", "militia_rolled"):
        t.effects.pop(key, None)
    if ended == "postmen":
        t.effects.pop("fear", None)
    if t.active == "postmen" and t.effects.pop("fear_next", None):
        t.effects["fear"] = True  # postman.card.fear: the Postmen's next turn
    for u in t.units.values():
        if u.side == t.active:
            u.fresh = False
