"""The Courier Desk's inputs, declared once: arguments, what admits each, its check, effect and words.

Rule ids are ``couriers.*`` and each has a section in ``rules/couriers/reference.md``.
"""

from __future__ import annotations

import re

from ..core.input_table import (
    DieValues,
    Flag,
    Given,
    InputTable,
    Number,
    OneOf,
    Ref,
    Text,
    arg,
    kind,
    optional,
)
from ..core.violations import MalformedInput, Violation
from . import headquarters, riders
from .state import RANKS, Commander, Courier, DeskState


def _commander(s: DeskState):
    return s.commanders


def _courier(s: DeskState):
    return s.couriers


def _side(s: DeskState):
    return s.sides


def _speed(s: DeskState):
    return s.settings.speeds


def _ride_target(s: DeskState):
    # which of these a ride may name depends on its courier (riders.ride_targets, its check)
    return ("hq", *s.commanders)


COMMANDER = Ref(_commander, "commander on the roster")
COURIER = Ref(_courier, "courier")
#: inches to the nearest enemy: ranges.nearest_enemy in couriers.toml
_NEAREST_ENEMY = Number(lambda s: s.settings.nearest_enemy_range[0],
                        lambda s: s.settings.nearest_enemy_range[1])


# -- what ends or holds up the game (couriers.game.end, couriers.roll.pending) ---------------------
def _ended(s: DeskState, a: Given) -> Violation | None:
    return Violation("couriers.game.end", "the game is over: nothing more happens") if s.over else None


def _owed(s: DeskState, a: Given) -> Violation | None:
    if s.pending is None or a.kind == "roll":
        return None
    return Violation("couriers.roll.pending", f"courier {s.pending.courier}'s {s.pending.kind} roll must be made first")


# -- the turn (couriers.turn.order) ----------------------------------------------------------------
def _not_in_setup(doing: str):
    def admits(s: DeskState, a: Given) -> list[Violation]:
        return [Violation("couriers.turn.order", doing)] if s.phase == "setup" else []
    return admits


def _admits_start(s: DeskState, a: Given) -> list[Violation]:
    return [Violation("couriers.turn.order", "the game has already begun")] if s.phase != "setup" else []


def _admits_courier_step(s: DeskState, a: Given) -> list[Violation]:
    if s.phase != "battle":
        where = "before the game begins" if s.phase == "setup" else "already under way"
        return [Violation("couriers.turn.order", f"the courier step cannot begin: it is {where}")]
    return []


def _admits_end_turn(s: DeskState, a: Given) -> list[Violation]:
    if s.phase == "setup":
        return [Violation("couriers.turn.order", "the game has not begun")]
    if s.phase == "battle":
        return [Violation("couriers.turn.order",
                          "the turn ends after the courier step (couriers move in the officer casualty phase)")]
    return []


def _start(s: DeskState, a: Given) -> None:
    # Overridden once the game is under way, it is only a note: the turn never goes back.
    if s.phase == "setup":
        s.turn, s.phase = 1, "battle"


def _courier_step(s: DeskState, a: Given) -> None:
    s.phase = "couriers"


def _end_turn(s: DeskState, a: Given) -> None:
    for cmd in s.commanders.values():
        if cmd.moved_turn != s.turn:
            cmd.stayed += 1
    s.turn += 1
    s.phase = "battle"


def _end_game(s: DeskState, a: Given) -> None:
    s.over, s.winner, s.pending = True, a["winner"], None


def _end_game_words(s: DeskState, a: Given) -> str:
    # what the table named comes as the outcome (said.py, from ending.verdict)
    return f"The table ends the game on turn {s.turn}"


# -- the roster ------------------------------------------------------------------------------------
def _slug(text: str, taken) -> str:
    base = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"
    slug, n = base, 2
    while slug in taken:
        slug, n = f"{base}-{n}", n + 1
    return slug


def _new_commander(s: DeskState, a: Given) -> None:
    if a["id"] is not None and a["id"] in s.commanders:
        raise MalformedInput(f"add_commander.id: '{a['id']}' is already on the roster")


def _add_commander(s: DeskState, a: Given) -> None:
    # the id as read (trimmed), so "meade " and "meade" are one commander
    cid = a["id"] or _slug(a["name"], s.commanders)
    s.commanders[cid] = Commander(cid, a["name"], a["side"], a["rank"], in_building=a["building"])


# -- couriers sent ---------------------------------------------------------------------------------
def _new_courier(s: DeskState, a: Given) -> None:
    # read with the arguments: a new id, and two commanders (no courier rides to its own sender)
    if a["id"] is not None and a["id"] in s.couriers:
        raise MalformedInput(f"send_courier.id: '{a['id']}' is already a courier")
    if a["sender"] == a["recipient"]:
        raise MalformedInput("send_courier: sender and recipient are the same commander")


def _check_send(s: DeskState, a: Given) -> list[Violation]:
    sender, recipient = s.commanders[a["sender"]], s.commanders[a["recipient"]]
    if sender.side != recipient.side:
        return [Violation("couriers.send.side",
                          f"{sender.name} ({sender.side}) cannot send orders to {recipient.name} ({recipient.side})")]
    if s.phase == "setup":
        return [Violation("couriers.turn.order", "couriers are sent once the game has begun")]
    return []


def _next_courier_id(s: DeskState) -> str:
    n = len(s.couriers) + 1
    while f"C{n}" in s.couriers:
        n += 1
    return f"C{n}"


def _send(s: DeskState, a: Given) -> None:
    cid = a["id"] or _next_courier_id(s)
    sender = s.commanders[a["sender"]]
    line = f"Turn {s.turn}: sent by {sender.name} to {s.commanders[a['recipient']].name}"
    s.put(Courier(cid, sender.side, sender.id, a["recipient"], a["message"], s.turn, history=(line,)))


def _send_words(s: DeskState, a: Given) -> str:
    # the orders stay sealed in the shared log: only a capture lets the enemy read them
    return f"{s.commanders[a['sender']].name} sends a courier to {s.commanders[a['recipient']].name} with sealed orders"


# -- commanders and headquarters (couriers.hq.*) -----------------------------------------------------
def _declare_words(s: DeskState, a: Given) -> str:
    inside = " (in a building)" if a["building"] else ""
    return f"{s.commanders[a['commander']].name} declares his headquarters at {a['place']}{inside}"


def _establish_words(s: DeskState, a: Given) -> str:
    return f"{s.commanders[a['commander']].name} establishes his headquarters at {a['place']}"


def _return_words(s: DeskState, a: Given) -> str:
    cmd = s.commanders[a["commander"]]
    return f"{cmd.name} returns to his headquarters at {cmd.hq}"


def _moved_words(s: DeskState, a: Given) -> str:
    cmd = s.commanders[a["commander"]]
    where = " into a building" if a["building"] else ""
    left = f", leaving his headquarters at {cmd.hq}" if cmd.at_hq and cmd.hq else ""
    return f"{cmd.name} moves{where}{left}"


# -- couriers on the way (couriers.move.*, couriers.locate.*, couriers.capture) ----------------------
def _ride_words(s: DeskState, a: Given) -> str:
    c = s.couriers[a["courier"]]
    label = s.settings.speeds[a["speed"]].label.lower()
    near = a["nearest_enemy"]
    enemy = f'nearest enemy {near:g}"' if near is not None else "no enemy near"
    arrives = "; arrives" if a["arrives"] else ""
    to = f" to {riders.target_words(s, c, a['towards'])}" if a["towards"] is not None else ""
    return f"Courier {c.id} rides{to} at {label}, {enemy}{arrives}"


def _search_words(s: DeskState, a: Given) -> str:
    c = s.couriers[a["courier"]]
    return f"Courier {c.id} looks for {s.commanders[c.recipient].name}"


def _capture_words(s: DeskState, a: Given) -> str:
    return f"Courier {a['courier']} is captured with its message"


INPUTS = InputTable("the Courier Desk", [
    kind("start_game", apply=_start, words="The game begins: turn 1", admits=_admits_start),
    kind("add_commander",
         arg("name", Text(80)), arg("side", OneOf(_side, "sides")), arg("rank", OneOf(RANKS)),
         optional("building", Flag(), False), optional("id", Text(40)),
         apply=_add_commander, well_formed=_new_commander, open=True,
         words=lambda s, a: f"{a['name']} joins the {a['side']} roster ({a['rank']})"),
    kind("declare_hq", arg("commander", COMMANDER), arg("place", Text(80)),
         optional("building", Flag(), False),
         check=headquarters.check_declare, apply=headquarters.apply_declare, words=_declare_words,
         open=True),
    kind("move_commander", arg("commander", COMMANDER), optional("building", Flag(), False),
         admits=_not_in_setup("commanders move once the game has begun"),
         apply=headquarters.apply_move, words=_moved_words),
    kind("return_to_hq", arg("commander", COMMANDER),
         check=headquarters.check_return, apply=headquarters.apply_return, words=_return_words),
    kind("establish_hq", arg("commander", COMMANDER), arg("place", Text(80)),
         check=headquarters.check_establish, apply=headquarters.apply_establish, words=_establish_words,
         open=True),
    kind("send_courier", arg("sender", COMMANDER), arg("recipient", COMMANDER),
         arg("message", Text(500)), optional("id", Text(40)),
         check=_check_send, well_formed=_new_courier, apply=_send, words=_send_words, open=True,
         hidden=lambda s, a: ("message",)),  # sealed orders (couriers.capture)
    kind("begin_courier_step", admits=_admits_courier_step, apply=_courier_step,
         words=lambda s, a: f"Turn {s.turn}: courier step"),
    kind("move_courier", arg("courier", COURIER), arg("speed", OneOf(_speed, "speeds")),
         optional("nearest_enemy", _NEAREST_ENEMY), optional("arrives", Flag(), False),
         optional("towards", OneOf(_ride_target, "headquarters or commanders")),
         optional("next_closest", Flag(), False),
         check=riders.check_move, well_formed=riders.well_formed_move, apply=riders.apply_move,
         words=_ride_words),
    kind("attempt_location", arg("courier", COURIER),
         check=riders.check_location, apply=riders.apply_location, words=_search_words),
    kind("capture", arg("courier", COURIER),
         check=riders.check_capture, apply=riders.apply_capture, words=_capture_words),
    kind("roll", arg("values", DieValues()),
         check=riders.check_roll, apply=riders.apply_roll, words=riders.describe_roll),
    kind("end_turn", admits=_admits_end_turn, check=lambda s, a: riders.check_location_owed(s), apply=_end_turn, words=lambda s, a: f"End of turn {s.turn}"),
    kind("end_game", optional("winner", OneOf(_side, "sides")), admits=_not_in_setup("the game has not begun"),
         apply=_end_game, words=_end_game_words),
], ended=_ended, owed=_owed, frozen_at_end=True)
