"""Couriers on the way: the move and its loss roll, contact and capture, finding the commander
(couriers.move.*, couriers.loss, couriers.capture, couriers.locate.*; rules/couriers/reference.md).
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.dice import Dice, RollRequest
from ..core.input_table import Given
from ..core.inputs import Input
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


def ride_targets(s: DeskState, c: Courier) -> tuple[str, ...]:
    """What a ride may name as its target (couriers.locate.contact): the recipient's headquarters
    if he has one, the recipient (his own unit, or himself once located), and the commanders of
    his side below his rank, whose units may be under his command. Posthorn keeps no chain of
    command, so the table says which of those are."""
    cmd = s.commanders[c.recipient]
    order = s.settings.rank_order  # the pack's, highest first
    below = [k for k, o in s.commanders.items()
             if o.side == cmd.side and k != cmd.id and order.index(o.rank) > order.index(cmd.rank)]
    return (("hq",) if cmd.hq else ()) + (cmd.id, *below)


def target_words(s: DeskState, c: Courier, towards: str) -> str:
    """The ride's target as the table names it: "the headquarters at ...", "Gibbon's brigade"."""
    cmd = s.commanders[c.recipient]
    if towards == "hq":
        return f"the headquarters at {cmd.hq}"
    if towards == cmd.id and c.status == "located":
        return cmd.name
    unit = s.commanders[towards]
    return f"{unit.name}'s {unit.rank}"


def default_target(s: DeskState, c: Courier) -> str:
    """Where a ride that names no target goes: where the desk says it heads (``heading``)."""
    return "hq" if destination(s, c) == "hq" else c.recipient


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


def ride_candidates(s: DeskState, cid: str) -> Iterator[Input]:
    """A ride at each speed, with and without arriving, with no enemy near or one at the edge of
    each proximity band (couriers.loss); and to each target it may name, said to be the next
    closest unit or not (couriers.locate.failed)."""
    for speed in s.settings.speeds:
        for arrives in (False, True):
            ride = {"courier": cid, "speed": speed, "arrives": arrives}
            yield Input("move_courier", ride)
            # one distance per proximity band: any nearer enemy in it gives the same roll
            for within, _step in s.settings.bands:
                yield Input("move_courier", {**ride, "nearest_enemy": within * s.settings.scale_factor})
    for towards in ride_targets(s, s.couriers[cid]):
        for arrives in (False, True):
            for confirmed in (False, True):
                yield Input("move_courier", {"courier": cid, "speed": "officer", "arrives": arrives,
                                             "towards": towards, "next_closest": confirmed})


# -- checks -----------------------------------------------------------------------------------------
def _finished(c: Courier, doing: str) -> list[Violation]:
    if c.finished:
        return [Violation("couriers.move.finished", f"courier {c.id} was {c.status}: it cannot {doing}")]
    return []


def well_formed_move(s: DeskState, a: Given) -> None:
    """A ride names a target its courier may ride to (couriers.locate.contact), or none; read with
    the arguments, since what it may name depends on the courier it names."""
    c = s.couriers[a["courier"]]
    towards = a["towards"]  # optional: a ride of an older record names no target
    if towards is not None and towards not in ride_targets(s, c):
        raise MalformedInput(f"move_courier.towards: expected one of {', '.join(ride_targets(s, c))}, "
                             f"got {towards!r}")


def check_move(s: DeskState, a: Given) -> list[Violation]:
    c = s.couriers[a["courier"]]
    towards = a["towards"]
    out = _finished(c, "move")
    if s.phase != "couriers":
        out.append(Violation("couriers.move.phase", "couriers move only in the courier step"))
    if c.moved_turn == s.turn:
        out.append(Violation("couriers.move.once", f"courier {c.id} has already moved this turn"))
    if towards is not None and not out:
        out += _check_next_closest(s, c, towards, a["next_closest"])
    return out


def asks_next_closest(s: DeskState, c: Courier) -> bool:
    """Whether a ride naming its target needs the table's word that it is the next closest unit
    (couriers.locate.failed): after a failed location roll, unless the pack leaves it unchecked."""
    return c.next_closest_only and s.settings.next_closest == "table"


def searched_units(s: DeskState, c: Courier) -> tuple[str, ...]:
    """The units it may not ride back to (couriers.locate.failed): after a failed roll, those
    where its rolls failed. Once it has searched at every unit of the command the roster names,
    none: each commander's unit stands for all the units he leads, which the roster does not
    list, so the next closest one is under one of them again."""
    if not c.next_closest_only:
        return ()
    units = [t for t in ride_targets(s, c) if t != "hq"]
    if all(u in c.searched for u in units):
        return ()
    return tuple(t for t in c.searched if t in ride_targets(s, c))


def _check_next_closest(s: DeskState, c: Courier, towards: str, confirmed: bool) -> list[Violation]:
    """After a failed location roll the ride must go to the next closest unit of the commander's
    force that it has not searched at yet. The desk remembers where its rolls failed; which unit
    is the next closest only the table can tell (couriers.locate.failed). A ride that names no
    target goes where the desk heads it, which then is that unit."""
    if not c.next_closest_only:
        return []
    name = s.commanders[c.recipient].name
    failed = f"courier {c.id} failed its location roll: it may ride only to the next closest unit of {name}'s command"
    if towards in searched_units(s, c):
        return [Violation("couriers.locate.failed",
                          f"{failed}, not back to {target_words(s, c, towards)}, where it has searched already")]
    if not asks_next_closest(s, c):
        return []
    if towards == "hq":
        return [Violation("couriers.locate.failed", f"{failed}, not to the headquarters")]
    if not confirmed:
        return [Violation("couriers.locate.failed",
                          f"{failed}, and the table has not said {target_words(s, c, towards)} is it")]
    return []


def open_targets(s: DeskState, c: Courier) -> tuple[str, ...]:
    """The targets a ride may name now without breaking couriers.locate.failed, given the
    table's word where the rules ask for it: what the desk and a phone offer."""
    return tuple(t for t in ride_targets(s, c) if not _check_next_closest(s, c, t, True))


def offered_target(s: DeskState, c: Courier) -> str | None:
    """The target a ride form starts on: where the desk heads the courier, if it may ride
    there now, else the first target it may name."""
    targets = open_targets(s, c)
    heading_to = default_target(s, c)
    return heading_to if heading_to in targets else next(iter(targets), None)


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


def check_location_owed(s: DeskState) -> list[Violation]:
    """A courier in contact makes its location roll that turn (couriers.locate.roll): the turn
    does not end before it, as no other roll is put off (couriers.roll.pending)."""
    return [Violation("couriers.roll.pending",
                      f"courier {c.id} is in contact with {s.commanders[c.recipient].name}'s command: "
                      "its location roll must be made first")
            for c in s.riders() if needs_location(s, c)]


def check_capture(s: DeskState, a: Given) -> list[Violation]:
    c = s.couriers[a["courier"]]
    return _finished(c, "be captured")


def check_roll(s: DeskState, a: Given) -> list[Violation]:
    if s.pending is None:
        return [Violation("couriers.roll.none", "no roll is asked for now")]
    Dice.parse(s.pending.dice).check_values(a["values"])
    return []


# -- effects ----------------------------------------------------------------------------------------
# A courier is a value (``Courier`` is frozen): an effect puts a changed copy in the state's roster,
# so a state someone holds keeps the couriers it had, and a copy of the state shares every
# courier an input did not touch (most of them, late in an evening, are long finished).
def _set(s: DeskState, c: Courier, **fields) -> Courier:
    """``c`` with ``fields`` changed, in its place on the roster."""
    return s.put(c.amended(**fields))


def _tell(s: DeskState, c: Courier, line: str, **fields) -> Courier:
    """``c`` with a line added to its history (and ``fields`` changed)."""
    return _set(s, c, history=(*c.history, line), **fields)


def _note_finished(s: DeskState, c: Courier, doing: str, **fields) -> bool:
    """An overridden input on a finished courier is logged, but the courier stays finished
    (couriers.move.finished): only undo brings a delivered, lost or captured courier back."""
    if c.finished:
        _tell(s, c, f"Turn {s.turn}: {doing} although {c.status} (overridden); it stays {c.status}", **fields)
    return c.finished


def apply_move(s: DeskState, a: Given) -> None:
    c = s.couriers[a["courier"]]
    if _note_finished(s, c, "moved", moved_turn=s.turn):
        return
    speed = a["speed"]
    nearest = a.get("nearest_enemy")
    target, notes = loss_target(s, speed, nearest)
    towards = a["towards"]
    c = _set(s, c, moved_turn=s.turn, towards=towards)
    if towards is None:
        where = heading(s, c)
    else:
        nearest_unit = " (the next closest unit)" if c.next_closest_only and a["next_closest"] else ""
        where = f"riding to {target_words(s, c, towards)}{nearest_unit}"
    _tell(s, c, f"Turn {s.turn}: {s.settings.speeds[speed].label.lower()}, {where}")
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
    _tell(s, c, f"Turn {s.turn}: captured with its message (couriers.capture)",
          status="captured", finished_turn=s.turn)
    if s.pending and s.pending.courier == c.id:
        s.pending = None


def apply_roll(s: DeskState, a: Given) -> None:
    if s.pending is None:  # overridden (couriers.roll.none): a roll nobody asked for changes nothing
        return
    p = s.owed
    s.pending = None
    c = s.couriers[p.courier]
    if _note_finished(s, c, "rolled for"):
        return
    total = sum(a["values"])
    met = total >= p.target
    if p.kind == "loss":
        if met:
            _tell(s, c, f"Turn {s.turn}: lost on the way, {total} against {p.target}+; the message is not delivered",
                  status="lost", finished_turn=s.turn)
        elif p.arrives:
            _arrive(s, c)
        else:
            on = f" towards {target_words(s, c, c.towards)}" if c.towards else ""
            _tell(s, c, f"Turn {s.turn}: rides on{on} ({total} against {p.target}+)")
        return
    c = _set(s, c, attempts={**c.attempts, c.recipient: c.attempts.get(c.recipient, 0) + 1},
             located_roll_turn=s.turn)
    name = s.commanders[c.recipient].name
    if met:
        _tell(s, c, f"Turn {s.turn}: finds {name} ({total} against {p.target}+); rides straight to him next",
              status="located")
    else:
        c = _set(s, c, next_closest_only=True)
        if c.contact is not None and c.contact not in c.searched:
            c = _set(s, c, searched=(*c.searched, c.contact))
        _tell(s, c, f"Turn {s.turn}: does not find {name} ({total} against {p.target}+); "
                    "next turn it may move only to the next closest unit")


def _arrive(s: DeskState, c: Courier) -> None:
    """The courier reaches its ride's target (the desk's heading when the ride named none)."""
    cmd = s.commanders[c.recipient]
    towards = c.towards or default_target(s, c)
    if c.status == "located" or (towards == "hq" and cmd.at_hq):
        if towards == cmd.id or (towards == "hq" and cmd.at_hq):
            _tell(s, c, f"Turn {s.turn}: delivers the message to {cmd.name}",
                  status="delivered", finished_turn=s.turn)
        else:  # it knows where he is (couriers.locate.found): only reaching him delivers
            _tell(s, c, f"Turn {s.turn}: reaches {target_words(s, c, towards)}; "
                        f"{cmd.name} is not there, it rides on to him")
        return
    c = _set(s, c, next_closest_only=False, contact=towards)
    if towards == "hq":
        c = _tell(s, c, f"Turn {s.turn}: reaches the headquarters at {cmd.hq}; {cmd.name} is away, the search begins",
                  reached_hq=True)
    elif towards != cmd.id:
        c = _tell(s, c, f"Turn {s.turn}: in contact with {target_words(s, c, towards)}, "
                        f"of {cmd.name}'s command")
    else:
        c = _tell(s, c, f"Turn {s.turn}: in contact with a unit of {cmd.name}'s command")
    _set(s, c, status="searching", in_contact_turn=s.turn)


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


def orders_open(c: Courier) -> bool:
    """A captured courier's message is read by the enemy (couriers.capture): the whole table may
    see it. Otherwise the orders are sealed, shown only when their side asks."""
    return c.status == "captured"
