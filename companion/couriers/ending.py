"""How the table reads the end of a Courier Desk game (couriers.game.end): the side the table
named, in a sentence, and what became of each side's couriers. The announcement, the log line,
the result's reason and the result screen all say these same words."""

from __future__ import annotations

from ..core.words import counted
from .state import DeskState


def side_words(side: str) -> str:
    """A side as a sentence names it: "the Union side", "the Confederate side" (sides are the
    table's own names, nouns or adjectives alike)."""
    return f"the {side} side"


def headline(s: DeskState) -> str:
    """"The Union side wins: the table's verdict on turn 6" (the wargame decides who won)."""
    if s.winner is None:
        return f"A draw: the table's verdict on turn {s.turn}"
    side = side_words(s.winner)
    return f"{side[:1].upper()}{side[1:]} wins: the table's verdict on turn {s.turn}"


def delivered_words(s: DeskState) -> str:
    """"The Union side's couriers delivered 2 of 3 messages; the Confederate side's 0 of 1"."""
    parts = []
    for n, side in enumerate(s.sides):
        mine = [c for c in s.couriers.values() if c.side == side]
        got = sum(1 for c in mine if c.status == "delivered")
        who = side_words(side)
        if not mine:
            parts.append(f"{who} sent no couriers")
        elif n == 0 or not parts or "sent no" in parts[0]:
            parts.append(f"{who}'s couriers delivered {got} of {counted(len(mine), 'message')}")
        else:
            parts.append(f"{who}'s {got} of {len(mine)}")
    text = "; ".join(parts)
    return text[:1].upper() + text[1:]


def verdict(s: DeskState) -> str:
    """The whole of it, as the announcement and the log say it."""
    return f"{headline(s)}. {delivered_words(s)}"
