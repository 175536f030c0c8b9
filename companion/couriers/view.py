"""What the Courier Desk's screens ask, answered by the rules.

``ui/couriers`` imports this module (and ``companion.core``) and no other part of the game.
Whether a button's input is in its moment is asked of ``RULES.check``; where a courier rides,
its loss roll, the location roll it needs and its orders' secrecy come from the rules modules
that judge the ride.
"""

from __future__ import annotations

from ..core.inputs import Input
from ..core.violations import MalformedInput
from . import riders
from .ending import side_words
from .final_report import final_report
from .headquarters import stay_needed
from .riders import (
    asks_next_closest,
    heading,
    location_target,
    loss_preview,
    offered_target,
    open_targets,
    orders_open,
    target_words,
)
from .rules import RULES
from .state import RANKS, Courier, DeskState, pack_range

__all__ = [
    "final_report",
    "RANKS", "arrival_words", "asks_next_closest", "commander_waits", "end_waits", "heading",
    "location_owed", "location_target", "loss_preview", "offered_target", "open_targets", "orders_open",
    "may_establish", "pack_range", "rematch_inputs", "roster_waits", "send_waits", "side_words", "stay_needed", "target_words",
]

#: The rules that say an input's moment has not come or has passed (couriers.turn.order,
#: couriers.hq.declare), that something else is owed first, or that the game is over: its button
#: waits. Any other rule an input breaks the table may knowingly override, so its button stays.
NOT_NOW = frozenset({"couriers.turn.order", "couriers.hq.declare", "couriers.hq.none", "couriers.roll.pending",
                     "couriers.game.end"})

#: A place the table has not named yet: no check reads the words of a place or a message.
UNSAID = "(to be named)"

#: The commander buttons' inputs.
COMMANDER_KINDS = ("declare_hq", "move_commander", "return_to_hq", "establish_hq")


def _waits(s: DeskState, inp: Input) -> str:
    """"" when ``inp`` is in its moment; else why not, with the rule ids."""
    try:
        found = RULES.check(s, inp)
    except MalformedInput as e:
        return str(e)
    return "; ".join(f"{v.reason} ({v.rule})" for v in found if v.rule in NOT_NOW)


def commander_waits(s: DeskState, cid: str) -> dict[str, str]:
    """For each commander button's input kind: "" when it may be given for ``cid`` now (or
    given against a rule the table may override), else why it waits."""
    out = {}
    for kind in COMMANDER_KINDS:
        args: dict = {"commander": cid}
        if kind in ("declare_hq", "establish_hq"):
            args["place"] = UNSAID
        out[kind] = _waits(s, Input(kind, args))
    cmd = s.commanders[cid]
    if not out["return_to_hq"] and cmd.at_hq:
        out["return_to_hq"] = f"{cmd.name} is at his headquarters"  # nothing to come back from
    return out


def may_establish(s: DeskState, cid: str) -> bool:
    """Whether ``cid`` has stayed in place long enough to establish his headquarters where he
    is (couriers.hq.establish; a brigade commander never may, couriers.hq.brigade); the moment of the turn is not asked."""
    found = RULES.check(s, Input("establish_hq", {"commander": cid, "place": UNSAID}))
    return not any(v.rule.startswith("couriers.hq.") for v in found)


def roster_waits(s: DeskState) -> str:
    """"" when a commander may be added now, else why not (a roll owed comes first,
    couriers.roll.pending; nothing joins after the end, couriers.game.end). A name, side and rank
    break no rule, so one commander answers for all."""
    if not s.sides:
        return "the game names no sides"
    return _waits(s, Input("add_commander", {"name": UNSAID, "side": s.sides[0], "rank": RANKS[0]}))


def send_waits(s: DeskState) -> str:
    """"" when a courier may be sent now, else why not. The moment is the same for every pair
    of commanders (a pair from two sides breaks couriers.send.side, which the table may
    override), so one pair answers."""
    if len(s.commanders) < 2:
        return "a courier needs a sender and a recipient on the roster"
    sender, recipient = list(s.commanders)[:2]
    return _waits(s, Input("send_courier", {"sender": sender, "recipient": recipient, "message": UNSAID}))


def end_waits(s: DeskState) -> str:
    """"" when the table may end the game now, else why not: not before it begins
    (couriers.turn.order), not while a roll is owed, not twice. A draw asks the same moment as
    a win, so one input answers for all."""
    return _waits(s, Input("end_game"))


def location_owed(s: DeskState, cid: str) -> bool:
    """Whether the rules owe a location roll for courier ``cid`` now (couriers.locate.roll)."""
    return any(st.kind == "attempt_location" and st.args.get("courier") == cid
               for st in RULES.next_steps(s))


def arrival_words(s: DeskState, c: Courier) -> str:
    """Where a ride that arrives this move ends, in words (couriers.locate.contact,
    couriers.hq.absent): the recipient once located, else his headquarters while the courier
    has not reached it, else any unit of his command."""
    cmd = s.commanders[c.recipient]
    return {"commander": cmd.name, "hq": f"the headquarters at {cmd.hq}",
            "force": f"a unit of {cmd.name}'s command"}[riders.destination(s, c)]


#: The inputs that build the roster before the game begins (couriers.hq.declare): a rematch
#: gives them again.
ROSTER_KINDS = ("add_commander", "declare_hq")


def rematch_inputs(session) -> list[Input]:
    """What a rematch gives again (rules/couriers/reference.md, "A rematch"): the commanders the
    table added and the headquarters it declared before the game began, in order and with the
    overrides they carried; nothing given once the game was under way."""
    out = []
    for entry in session.entries:
        if entry.input.kind == "start_game":
            break
        if entry.input.kind in ROSTER_KINDS:
            out.append(entry.input)
    return out
