"""What the table reads of a roll: the face each die (or the dice's sum) must show, with the
named numbers behind it, read from the very ``RollRequest`` the rules judge the roll by.

A request's ``target`` is the total to reach and its modifiers change the roll, so the dice
must show ``target - modifiers``: "3+ = Fight 6, Ambush +3". Every screen words a roll through
``die_targets``, so no screen can show the target before modifiers and the chance after them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .dice import Dice, Modifier, RollRequest
from .words import percent


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
        return f"{self.needs_text()}" + (f" = {terms}" if terms else "") + f" ({percent(self.chance)})"


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


@dataclass(frozen=True)
class Bar:
    """One column of a roll's chart: a total (or a number of dice that succeed) and its chance."""

    label: str
    chance: float
    met: bool | None = None  # a total: whether it meets the target; None for a count of dice


@dataclass(frozen=True)
class OddsChart:
    """What the chart of an owed roll shows: one distribution, from the request itself."""

    title: str
    bars: tuple[Bar, ...]


def odds_charts(request: RollRequest) -> list[OddsChart]:
    """The owed roll's chances as the tray charts them. Summed dice (or one die): the chance of
    each total, marked met or missed by the face the rules judge it against. Dice judged one by
    one: for each group of dice (a side's attack dice), the chance of each number of them
    succeeding, from each die's own chance."""
    if request.contest:
        return [OddsChart(f"{request.dice}: who wins",
                          tuple(Bar(words, chance) for words, chance in request.contest))]
    targets = die_targets(request)
    if not request.per_die:
        t = targets[0]
        dist = t.dice.distribution()
        bars = tuple(Bar(str(total), dist[total], total >= t.needs) for total in sorted(dist))
        return [OddsChart(f"{t.dice}: {request.outcome_if_met} on {t.needs_text()}", bars)]
    groups = request.die_groups or ("",) * len(targets)
    charts = []
    for group in dict.fromkeys(groups):
        chances = [t.chance for t, g in zip(targets, groups, strict=False) if g == group]
        dice = f"{len(chances)} {'die' if len(chances) == 1 else 'dice'}"
        title = (f"{group}: how many of {dice} {request.outcome_if_met}" if group else
                 f"{request.outcome_if_met}: how many of {dice}")
        charts.append(OddsChart(title[:1].upper() + title[1:],
                                tuple(Bar(str(k), p) for k, p in enumerate(successes_distribution(chances)))))
    return charts


def successes_distribution(chances: list[float]) -> list[float]:
    """The chance that exactly k of independent dice succeed, k = 0..len(chances)."""
    out = [1.0]
    for c in chances:
        out = [a * (1 - c) + b * c for a, b in zip(out + [0.0], [0.0] + out, strict=True)]
    return out
