"""The odds shown before each choice, exact, from the state (no sampling).

- the chance that the next card is the fatal third red 3 (ab_die_post.parts.bust), from the
  cards left in the draw pile;
- the chance of a hurricane on this fly and the expected move (ab_die_post.indicator);
- what a hurricane would cost each plane in the air now (ab_die_post.hurricane.cost).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..core import words
from . import hurricane
from .state import HURRICANE, RED_THREE, RaceState, Settings


def bust_chance(s: RaceState, player: str | None = None) -> Fraction:
    """The chance that ``player``'s next card is the third red 3 (0 while fewer 3s are held)."""
    player = player or s.current
    if s.threes(player) + 1 < s.settings.three_limit or s.deck.left == 0:
        return Fraction(0)
    return Fraction(s.deck.draw_pile[RED_THREE], s.deck.left)


def card_chances(s: RaceState) -> dict[int, Fraction]:
    left = s.deck.left
    return {v: Fraction(n, left) for v, n in sorted(s.deck.draw_pile.items())} if left else {}


@dataclass(frozen=True)
class FlyOdds:
    hurricane: Fraction
    expected_move: Fraction          # black counts as no move
    mean_colour_move: Fraction       # the expected move when a colour shows
    moves: dict[str, tuple[int, Fraction]]  # colour -> (spaces, chance)


def fly_odds(settings: Settings) -> FlyOdds:
    total = sum(settings.balls.values())
    colours = {c: n for c, n in settings.balls.items() if c != HURRICANE and n}
    moves = {c: (settings.wind[c], Fraction(n, total)) for c, n in colours.items()}
    expected = sum((Fraction(settings.wind[c] * n, total) for c, n in colours.items()), Fraction(0))
    coloured = sum(colours.values())
    mean = Fraction(sum(settings.wind[c] * n for c, n in colours.items()), coloured) if coloured else Fraction(0)
    return FlyOdds(Fraction(settings.balls[HURRICANE], total), expected, mean, moves)


def hurricane_costs(s: RaceState) -> dict[str, dict]:
    """Per plane in the air: its lane, the cost, the cheapest payment or back to start."""
    return hurricane.costs_now(s)


def percent(x: Fraction) -> str:
    return words.percent(x)  # the one rounding every game and screen writes (companion/core/words.py)
