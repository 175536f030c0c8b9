"""Couriers on the way: the move and its loss roll, contact and capture, finding the commander
(couriers.move.*, couriers.loss, couriers.capture, couriers.locate.*; rules/couriers/reference.md).
"""

from __future__ import annotations

from ..core.dice import Dice, RollRequest
from ..core.input_table import Given
from ..core.violations import MalformedInput, Violation
from .state import Courier, DeskState, Pending


# -- where a courier is going ---------------------------------------------------------------------
def destination(s: DeskState, c: Courier) -> str:
    """'commander' once located; 'hq' while the recipient has a headquarters the courier has not
    reached yet; else 'force' (any unit under the recipient's command, couriers.locate.contact)."""
    if c.status == "located":
        return "commander"
    cmd = s.commanders[c.recipient]
    if cmd.hq and not c.reached_hq:
        return "hq"
    return "force"


def heading(s: DeskState, c: Courier) -> str:
    cmd = s.commanders[c.recipient]
    dest = destination(s, c)
    if dest == "commander":
        return f"riding straight to {cmd.name}"
    if dest == "hq":
        away = "" if cmd.at_hq else f"; {cmd.name} has left it"
        return f"riding to the headquarters at {cmd.hq}{away}"
    if c.status == "searching":
        return f"searching for {cmd.name}: next closest unit of his command"
    return f"riding to a unit under {cmd.name}'s command"


def needs_location(s: DeskState, c: Courier) -> bool:
    return c.status == "searching" and c.in_contact_turn == s.turn and c.located_roll_turn != s.turn


def location_target(s: DeskState, c: Courier) -> int:
    st = s.settings
    tries = c.attempts.get(c.recipient, 0)
    return max(st.location_minimum, st.location_first - st.location_step * tries)


def loss_target(s: DeskState, speed: str, nearest: float | None) -> tuple[int, tuple[str, ...]]:
    sp = s.settings.speeds[speed]
    band = s.settings.band(nearest)
    if band is None:
        return sp.lost_on, ()
    within, step = band
    # lower, never below "lowest total + 1" (so some roll still gets through), and never higher
    # than without the enemy: a house pack may set lost_on that low itself
    floor = min(sp.lost_on, sp.dice.lowest + 1)
    return max(floor, sp.lost_on - step), (f'enemy within {within:g}" (\u2212{step})',)


# -- checks -----------------------------------------------------------------------------------------
def _finished(c: Courier, doing: str) -> list[Violation]:
    if c.finished:
        return [Violation("couriers.move.finished", f"courier {c.id} was {c.status}: it cannot {doing}")]
    return []


def check_move(s: DeskState, a: Given) -> list[Violation]:
    c = s.couriers[a["courier"]]
    out = _finished(c, "move")
    if s.phase != "couriers":
        out.append(Violation("couriers.move.phase", "couriers move only in the courier step"))
    if c.moved_turn == s.turn:
        out.append(Violation("couriers.move.once", f"courier {c.id} has already moved this turn"))
    return out


def check_location(s: DeskState, a: Given) -> list[Violation]:
    c = s.couriers[a["courier"]]
    out = _finished(c, "search")
    if out:
        return out
    if s.phase != "couriers":
        out.append(Violation("couriers.move.phase", "location rolls are made in the courier step"))
    if c.status == "located":
        out.append(Violation("couriers.locate.found", f"courier {c.id} has already found its commander"))
    elif c.in_contact_turn != s.turn:
        out.append(Violation("couriers.locate.contact",
                             f"courier {c.id} is not in contact with a unit of "
                             f"{s.commanders[c.recipient].name}'s command this turn"))
    elif c.located_roll_turn == s.turn:
        out.append(Violation("couriers.locate.once", f"courier {c.id} has already rolled this turn"))
    return out


def check_capture(s: DeskState, a: Given) -> list[Violation]:
    c = s.couriers[a["courier"]]
    return _finished(c, "be captured")


def check_roll(s: DeskState, a: Given) -> list[Violation]:
    if s.pending is None:
        raise MalformedInput("no roll is asked for now")
    Dice.parse(s.pending.dice).check_values(a["values"])
    return []


# -- effects ----------------------------------------------------------------------------------------
def _note_finished(s: DeskState, c: Courier, doing: str) -> bool:
    """An overridden input on a finished courier is logged, but the courier stays finished
    (couriers.move.finished): only undo brings a delivered, lost or captured courier back."""
    if c.finished:
        c.history.append(f"Turn {s.turn}: {doing} although {c.status} (overridden); it stays {c.status}")
    return c.finished


def apply_move(s: DeskState, a: Given) -> None:
    c = s.couriers[a["courier"]]
    if _note_finished(s, c, "moved"):
        c.moved_turn = s.turn
        return
    speed = a["speed"]
    nearest = a.get("nearest_enemy")
    target, notes = loss_target(s, speed, nearest)
    c.moved_turn = s.turn
    c.history.append(f"Turn {s.turn}: {s.settings.speeds[speed].label.lower()}, {heading(s, c)}")
    s.pending = Pending("loss", c.id, str(s.settings.speeds[speed].dice), target,
                        bool(a.get("arrives", False)), notes)


def apply_location(s: DeskState, a: Given) -> None:
    c = s.couriers[a["courier"]]
    if _note_finished(s, c, "searched"):
        return
    s.pending = Pending("location", c.id, str(s.settings.location_dice), location_target(s, c))


def apply_capture(s: DeskState, a: Given) -> None:
    c = s.couriers[a["courier"]]
    if _note_finished(s, c, "captured"):
        return
    c.status = "captured"
    c.history.append(f"Turn {s.turn}: captured with its message (couriers.capture)")
    if s.pending and s.pending.courier == c.id:
        s.pending = None


def apply_roll(s: DeskState, a: Given) -> None:
    p = s.owed
    s.pending = None
    c = s.couriers[p.courier]
    if _note_finished(s, c, "rolled for"):
        return
    total = sum(a["values"])
    met = total >= p.target
    if p.kind == "loss":
        if met:
            c.status = "lost"
            c.history.append(f"Turn {s.turn}: lost on the way, {total} against {p.target}+; the message is not delivered")
        elif p.arrives:
            _arrive(s, c)
        else:
            c.history.append(f"Turn {s.turn}: rides on ({total} against {p.target}+)")
        return
    c.attempts[c.recipient] = c.attempts.get(c.recipient, 0) + 1
    c.located_roll_turn = s.turn
    name = s.commanders[c.recipient].name
    if met:
        c.status = "located"
        c.history.append(f"Turn {s.turn}: finds {name} ({total} against {p.target}+); rides straight to him next")
    else:
        c.history.append(f"Turn {s.turn}: does not find {name} ({total} against {p.target}+); "
                         "next turn it may move only to the next closest unit")


def _arrive(s: DeskState, c: Courier) -> None:
    cmd = s.commanders[c.recipient]
    dest = destination(s, c)
    if dest == "commander" or (dest == "hq" and cmd.at_hq):
        c.status = "delivered"
        c.history.append(f"Turn {s.turn}: delivers the message to {cmd.name}")
        return
    if dest == "hq":
        c.reached_hq = True
        c.history.append(f"Turn {s.turn}: reaches the headquarters at {cmd.hq}; {cmd.name} is away, the search begins")
    else:
        c.history.append(f"Turn {s.turn}: in contact with a unit of {cmd.name}'s command")
    c.status = "searching"
    c.in_contact_turn = s.turn


# -- words and requests -----------------------------------------------------------------------------
def courier_side(s: DeskState) -> str | None:
    return s.couriers[s.pending.courier].side if s.pending is not None else None


def request(s: DeskState) -> RollRequest:
    p = s.owed
    c = s.couriers[p.courier]
    dice = Dice.parse(p.dice)
    if p.kind == "loss":
        return _loss_request(c, dice, p.target, p.notes)
    tries = c.attempts.get(c.recipient, 0)
    return RollRequest(f"location roll for courier {c.id} (try {tries + 1})", dice, p.target,
                       "couriers.locate.roll", who=c.side,
                       outcome_if_met=f"{s.commanders[c.recipient].name} found",
                       outcome_if_missed="not found")


def _loss_request(c: Courier, dice: Dice, target: int, notes) -> RollRequest:
    return RollRequest(f"loss roll for courier {c.id}", dice, target, "couriers.loss",
                       success=False, target_notes=tuple(notes), who=c.side,
                       outcome_if_met="courier lost", outcome_if_missed="courier gets through")


def loss_preview(s: DeskState, c: Courier, speed: str, nearest: float | None) -> RollRequest:
    """The loss roll a ride at ``speed`` would owe, as the rules will ask it (couriers.loss)."""
    target, notes = loss_target(s, speed, nearest)
    return _loss_request(c, s.settings.speeds[speed].dice, target, notes)


def describe_roll(s: DeskState, a: Given) -> str:
    values = a["values"]
    where = "table dice" if a.source == "table" else "app dice"
    if s.pending is None:
        return f"Roll {values} ({where})"
    req = request(s)
    total = sum(v for v in values if isinstance(v, int))
    shown = "+".join(map(str, values))
    result = req.outcome_if_met if total >= req.target else req.outcome_if_missed
    return f"{req.purpose[:1].upper()}{req.purpose[1:]}: {req.dice} = {shown} = {total} vs {req.target}+ ({where}): {result}"


def describe(s: DeskState, a: Given) -> str:
    c = s.couriers[a["courier"]]
    if a.kind == "move_courier":
        label = s.settings.speeds[a["speed"]].label.lower()
        near = a["nearest_enemy"]
        enemy = f'nearest enemy {near:g}"' if near is not None else "no enemy near"
        arrives = "; arrives" if a.get("arrives") else ""
        return f"Courier {c.id} rides at {label}, {enemy}{arrives}"
    if a.kind == "attempt_location":
        return f"Courier {c.id} looks for {s.commanders[c.recipient].name}"
    return f"Courier {c.id} is captured with its message"


def orders_open(c: Courier) -> bool:
    """A captured courier's message is read by the enemy (couriers.capture): the whole table may
    see it. Otherwise the orders are sealed, shown only when their side asks."""
    return c.status == "captured"
