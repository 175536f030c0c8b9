"""How the table reads the end of a Courier Desk game (couriers.game.end): the side the table
named, in a sentence, and what became of each side's couriers. The announcement, the log line,
the result's reason and the result screen all say these same words."""

from __future__ import annotations

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
    """"Messages delivered: Union 2 of 3, Confederate 0 of 1" (short: the announcement says it
    after the headline and the table reads it from across the room)."""
    parts = []
    for side in s.sides:
        mine = [c for c in s.couriers.values() if c.side == side]
        got = sum(1 for c in mine if c.status == "delivered")
        parts.append(f"{side} {got} of {len(mine)}" if mine else f"{side} sent none")
    return "Messages delivered: " + ", ".join(parts)


def verdict(s: DeskState) -> str:
    """The whole of it, as the announcement and the log say it."""
    return f"{headline(s)}. {delivered_words(s)}"
