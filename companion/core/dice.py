"""Dice: what to roll, against which target, with which modifiers, and the exact odds.

A roll is a chance input. The app may roll it with its own dice (``DiceBag``: the operating
system's randomness, or a seeded generator when a seed was asked for) or the table may type what
its own dice showed; both go through ``check_values`` so a value out of range is
refused with a message that says which die and why.
"""

from __future__ import annotations

import random
import re
import secrets
from dataclasses import dataclass, field
from functools import lru_cache

from .violations import DiceError
from .words import counted

_NOTATION = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*$")


@dataclass(frozen=True, slots=True)
class Dice:
    count: int = 1
    sides: int = 6

    @classmethod
    def parse(cls, text: str) -> Dice:
        m = _NOTATION.match(text) if isinstance(text, str) else None
        if not m:
            raise DiceError(f"'{text}' is not dice notation such as 1d6 or 2d6")
        count = int(m.group(1) or 1)
        sides = int(m.group(2))
        if not (1 <= count <= 10) or sides < 2:
            raise DiceError(f"'{text}' asks for dice this app does not roll")
        return cls(count, sides)

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}"

    @property
    def lowest(self) -> int:
        return self.count

    @property
    def highest(self) -> int:
        return self.count * self.sides

    def check_values(self, values) -> tuple[int, ...]:
        """Return the values as a tuple of ints, or raise DiceError saying what is wrong."""
        if isinstance(values, int) and not isinstance(values, bool):
            values = [values]
        try:
            vals = list(values)
        except TypeError:
            raise DiceError(f"expected {counted(self.count, 'die value')} for {self}, got {values!r}") from None
        if len(vals) != self.count:
            raise DiceError(f"{self} needs {counted(self.count, 'die value')}, got {len(vals)}")
        out = []
        for i, v in enumerate(vals, 1):
            if isinstance(v, bool) or not isinstance(v, int):
                raise DiceError(f"die {i} of {self}: {v!r} is not a whole number")
            if not 1 <= v <= self.sides:
                raise DiceError(f"die {i} of {self} shows {v}, but a d{self.sides} shows 1 to {self.sides}")
            out.append(v)
        return tuple(out)

    def roll(self, rng: random.Random) -> tuple[int, ...]:
        return tuple(rng.randint(1, self.sides) for _ in range(self.count))

    def distribution(self) -> dict[int, float]:
        return dict(_distribution(self.count, self.sides))

    def chance_at_least(self, target: int) -> float:
        return sum(p for total, p in _distribution(self.count, self.sides) if total >= target)


@lru_cache(maxsize=64)
def _distribution(count: int, sides: int) -> tuple[tuple[int, float], ...]:
    """Exact distribution of the sum, by convolution (no sampling)."""
    ways = {0: 1}
    for _ in range(count):
        nxt: dict[int, int] = {}
        for total, n in ways.items():
            for face in range(1, sides + 1):
                nxt[total + face] = nxt.get(total + face, 0) + n
        ways = nxt
    whole = sides**count
    return tuple((t, n / whole) for t, n in sorted(ways.items()))


@dataclass(frozen=True, slots=True)
class Modifier:
    """A named change to a roll or to its target, shown beside the roll (e.g. 'enemy within 4"')."""

    name: str
    value: int

    def __str__(self) -> str:
        return f"{self.value:+d} {self.name}"


@dataclass(frozen=True)
class RollRequest:
    """A roll the table must make now: its dice, the target to meet, and why.

    ``target`` is the total (after modifiers) that the roll must reach: ``success`` says whether
    reaching it is good for the roller (a location roll) or bad (a courier's loss roll), so the
    screen can word the odds. ``modifiers`` change the *roll*; a change to the target is already
    folded into ``target`` and listed in ``target_notes``.
    """

    purpose: str
    dice: Dice
    target: int
    rule: str
    success: bool = True
    modifiers: tuple[Modifier, ...] = ()
    target_notes: tuple[str, ...] = ()
    who: str | None = None
    outcome_if_met: str = "success"
    outcome_if_missed: str = "failure"
    extra: dict = field(default_factory=dict, compare=False)
    #: For a roll of several dice judged one by one (attacks, militia rolls): each die's
    #: (target, modifier total, what it is for). Empty when the dice are summed.
    per_die: tuple[tuple[int, int, str], ...] = ()
    #: The name of the number ``target`` is (a unit's "Fight", "Sneak"), for the screen's words.
    stat: str = ""
    #: Each die's named modifiers, in the order of ``per_die`` (empty when the dice are summed).
    die_modifiers: tuple[tuple[Modifier, ...], ...] = ()
    #: Whose each die is, in the order of ``per_die``, when the dice count for different sides
    #: (a battle's attack dice); empty when they all count together.
    die_groups: tuple[str, ...] = ()
    #: For dice compared with each other rather than with targets (a duel): each outcome the
    #: rules can reach from this roll, in words, and its chance.
    contest: tuple[tuple[str, float], ...] = ()

    @property
    def modifier_total(self) -> int:
        return sum(m.value for m in self.modifiers)

    def total(self, values) -> int:
        return sum(values) + self.modifier_total

    def met(self, values) -> bool:
        return self.total(values) >= self.target

    @property
    def chance_met(self) -> float:
        """The chance of reaching the target; for dice judged one by one, the first die's."""
        if self.per_die:
            target, mod, _what = self.per_die[0]
            return Dice(1, self.dice.sides).chance_at_least(target - mod)
        return self.dice.chance_at_least(self.target - self.modifier_total)

    def die_chances(self) -> list[tuple[str, int, float]]:
        """(what, target, chance) of each die judged on its own."""
        one = Dice(1, self.dice.sides)
        return [(what, target, one.chance_at_least(target - mod)) for target, mod, what in self.per_die]

    @property
    def expected_successes(self) -> float:
        return sum(c for _w, _t, c in self.die_chances())

    def describe(self) -> str:
        mods = "".join(f", {m}" for m in self.modifiers)
        notes = f" ({'; '.join(self.target_notes)})" if self.target_notes else ""
        return f"{self.purpose}: {self.dice}{mods}, {self.target}+ {self.outcome_if_met}{notes}"


class DiceBag:
    """The app's own dice, virtual decks and hurricane indicator.

    Without a seed (every game a player starts) each roll and draw comes from the operating
    system's randomness (``secrets.SystemRandom``): nothing in a save or an export predicts the
    next one. With an explicit seed (``--seed N``, tests, benchmarks) the n-th roll is fixed by
    the seed and n; ``rolls_made`` counts every roll ever made in the game, undone ones included,
    so undoing a roll and rolling again gives a *new* result instead of replaying the old one,
    and a resumed seeded game rolls what the live one would have.
    """

    def __init__(self, seed: int | None = None, rolls_made: int = 0):
        self.seed = seed
        self.rolls_made = rolls_made
        self._system = secrets.SystemRandom() if seed is None else None

    def _rng(self) -> random.Random:
        rng = self._system or random.Random(f"{self.seed}:{self.rolls_made}")
        self.rolls_made += 1
        return rng

    def roll(self, dice: Dice) -> tuple[int, ...]:
        return dice.roll(self._rng())

    def pick(self, choices: list):
        """Draw one of ``choices`` (a card from a virtual deck, a ball from the indicator)."""
        return self._rng().choice(choices)
