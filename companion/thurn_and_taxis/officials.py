"""The four officials: at most one a turn, each at its own moment of the turn."""

from __future__ import annotations

from ..core.input_table import Given
from ..core.violations import Violation
from .state import GameState


def title(s: GameState, official: str) -> str:
    return s.board.officials[official]["name"]


def why_not(s: GameState, official: str) -> Violation | None:
    """The rule calling ``official`` now would break, or None if the player may call it."""
    p, t = s.active, s.turn
    if t.forced and official != "postmaster":
        return Violation("thurn_and_taxis.official.forced_postmaster",
                         f"{p.name} began the turn with no cards and must use the Postmaster")
    if t.official is not None:
        return Violation("thurn_and_taxis.official.one_per_turn",
                         f"{p.name} has already called the {title(s, t.official)} this turn")
    late = {
        "administrator": (t.taken > 0, "the Administrator changes the display before a card is taken"),
        "postmaster": (t.played > 0, "the Postmaster's second card is taken before playing"),
        "postal_carrier": (t.closed, "the Postal Carrier's card is played before closing"),
        "cartwright": (t.closed, "the Cartwright helps when closing, and the route is closed"),
    }[official]
    if late[0]:
        return Violation("thurn_and_taxis.official.timing", late[1])
    return None


def check_official(s: GameState, a: Given) -> list[Violation]:
    bad = why_not(s, a["name"])
    return [bad] if bad else []


def apply_official(s: GameState, a: Given) -> None:
    official = a["name"]
    s.turn.official = official
    if official == "administrator":
        # all six go to the discard pile; the gaps are filled from the deck (thurn_and_taxis.display.refill)
        s.deck.discard.extend(c for c in s.display if c is not None)
        s.display[:] = [None] * len(s.display)
