"""What the table reads of a roll: the face each die (or the dice's sum) must show, with the
named numbers behind it, read from the very ``RollRequest`` the rules judge the roll by.

A request's ``target`` is the total to reach and its modifiers change the roll, so the dice
must show ``target - modifiers``: "3+ = Fight 6, Ambush +3". Every screen words a roll through
``die_targets``, so no screen can show the target before modifiers and the chance after them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .dice import Dice, Modifier, RollRequest


@dataclass(frozen=True)
class DieTarget:
    """One number the table rolls against: what for, and the face the dice must show."""

    what: str
    dice: Dice
    target: int                      # the total to reach (the stat, or the table's number)
    modifiers: tuple[Modifier, ...]  # named changes to the roll
    stat: str = ""                   # the name of ``target`` ("Fight"); "" for a plain number

    @property
    def needs(self) -> int:
        """The face (or the dice's sum) that meets the target, every modifier counted."""
        return face_needed(self.target, sum(m.value for m in self.modifiers))

    @property
    def chance(self) -> float:
        return self.dice.chance_at_least(self.needs)

    @property
    def possible(self) -> bool:
        return self.needs <= self.dice.highest

    @property
    def certain(self) -> bool:
        return self.needs <= self.dice.lowest

    def needs_text(self) -> str:
        """"3+", "any roll" or "no roll" as the table says it."""
        if self.certain:
            return "any roll"
        if not self.possible:
            return "no roll"
        return f"{self.needs}+"

    def terms(self) -> str:
        """The numbers behind the face: "Fight 6, Ambush +3" (empty for a bare target)."""
        mods = [f"{m.name} {m.value:+d}" for m in self.modifiers if m.value]
        if not mods and not self.stat:
            return ""
        return ", ".join([f"{self.stat or 'target'} {self.target}"] + mods)

    def text(self) -> str:
        """"3+ = Fight 6, Ambush +3 (67%)": what the tray, the panels and the hints show."""
        terms = self.terms()
        return f"{self.needs_text()}" + (f" = {terms}" if terms else "") + f" ({self.chance * 100:.0f}%)"


def face_needed(target: int, modifier_total: int) -> int:
    return target - modifier_total


def die_targets(request: RollRequest) -> list[DieTarget]:
    """Each number the roll is judged against: one per die for dice judged one by one, else one
    for the whole roll (the sum of its dice)."""
    if request.per_die:
        one = Dice(1, request.dice.sides)
        named = request.die_modifiers or tuple(() for _ in request.per_die)
        out = []
        for (target, total, what), mods in zip(request.per_die, named, strict=False):
            if sum(m.value for m in mods) != total:  # a request without names keeps its sum
                mods = (Modifier("modifiers", total),) if total else ()
            out.append(DieTarget(what, one, target, tuple(mods), request.stat))
        return out
    return [DieTarget(request.purpose, request.dice, request.target, request.modifiers, request.stat)]


def roll_line(request: RollRequest) -> str:
    """A summed (or single-die) roll in one line: "1d6: retreats on 5+ = Sneak 4, Intercept -1
    (33%)"; a change to the target the rules already folded in follows as a note."""
    t = die_targets(request)[0]
    notes = f"; {'; '.join(request.target_notes)}" if request.target_notes else ""
    return f"{request.dice}: {request.outcome_if_met} on {t.text()}{notes}"
