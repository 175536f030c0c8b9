"""Commanders and their headquarters (couriers.hq.*; rules/couriers/reference.md).

An Army, Corps or Division commander may have a headquarters: declared before the game, or
established once he has stayed in place 4 turns (2 in a building). A brigade commander never
has one (couriers.hq.brigade). Couriers ride straight to an HQ; if the commander has left it they
still go there and then search for him as if he had none (couriers.hq.absent).
"""

from __future__ import annotations

from ..core.input_table import Given
from ..core.violations import Violation
from .state import DeskState


def _no_hq_for_rank(s: DeskState, cmd) -> list[Violation]:
    if cmd.rank in s.settings.ranks_without_hq:
        return [Violation("couriers.hq.brigade",
                          f"{cmd.name} is a {cmd.rank} commander: he may not establish a headquarters")]
    return []


def check_declare(s: DeskState, a: Given) -> list[Violation]:
    cmd = s.commanders[a["commander"]]
    out = _no_hq_for_rank(s, cmd)
    if s.phase != "setup":
        out.append(Violation("couriers.hq.declare",
                             "a headquarters is declared only before the game begins; later it is "
                             "established by staying in place"))
    return out


def check_return(s: DeskState, a: Given) -> list[Violation]:
    cmd = s.commanders[a["commander"]]
    out = []
    if s.phase == "setup":
        out.append(Violation("couriers.turn.order", "commanders move once the game has begun"))
    if cmd.hq is None:
        out.append(Violation("couriers.hq.none", f"{cmd.name} has no headquarters to return to"))
    return out


def check_establish(s: DeskState, a: Given) -> list[Violation]:
    cmd = s.commanders[a["commander"]]
    out = _no_hq_for_rank(s, cmd)
    need = stay_needed(s, cmd)
    if cmd.stayed < need:
        where = " in a building" if cmd.in_building else ""
        out.append(Violation("couriers.hq.establish",
                             f"{cmd.name} has stayed in place {cmd.stayed} turn(s); he needs {need}{where}"))
    return out


def stay_needed(s: DeskState, cmd) -> int:
    hq = s.settings
    return hq.stay_turns_in_building if cmd.in_building else hq.stay_turns


def _set_hq(s: DeskState, a: Given, building: bool) -> None:
    cmd = s.commanders[a["commander"]]
    cmd.hq = a["place"]
    cmd.hq_in_building = building
    cmd.at_hq = True
    _back_to_hq(s, cmd)


def _back_to_hq(s: DeskState, cmd) -> None:
    """Couriers who found his headquarters empty and are searching ride there again now that he is
    at it (couriers.hq.absent, couriers.hq.establish)."""
    for c in s.riders():
        if c.recipient == cmd.id and c.status == "searching":
            # a courier is a value (companion/couriers/riders.py): a changed copy takes its place
            s.put(c.amended(reached_hq=False, next_closest_only=False, status="in transit",
                          history=(*c.history, f"Turn {s.turn}: {cmd.name} is at his "
                                               f"headquarters at {cmd.hq}; rides there")))


def apply_declare(s: DeskState, a: Given) -> None:
    building = a["building"]
    _set_hq(s, a, building)
    s.commanders[a["commander"]].in_building = building


def apply_establish(s: DeskState, a: Given) -> None:
    _set_hq(s, a, s.commanders[a["commander"]].in_building)


def apply_move(s: DeskState, a: Given) -> None:
    cmd = s.commanders[a["commander"]]
    cmd.at_hq = False
    cmd.in_building = a["building"]
    cmd.stayed = 0
    cmd.moved_turn = s.turn


def apply_return(s: DeskState, a: Given) -> None:
    cmd = s.commanders[a["commander"]]
    if cmd.hq is None:  # overridden (couriers.hq.none): there is nowhere to return to
        return
    cmd.at_hq = True
    cmd.in_building = cmd.hq_in_building
    cmd.stayed = 0
    cmd.moved_turn = s.turn
    _back_to_hq(s, cmd)
