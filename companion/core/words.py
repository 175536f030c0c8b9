"""Small pieces of the words every game says: a count with its noun ("1 card", "3 houses"), whose
it is ("the Postmen's hand", "the Holnists' turn"), a chance ("67%", "2.8%"), and what stands in
the words' view of the game for what the table cannot see."""

from __future__ import annotations

from typing import SupportsFloat


def counted(n: int, one: str, many: str | None = None) -> str:
    """"1 house", "2 houses": never "house(s)" where a person reads it."""
    return f"{n} {one if n == 1 else many or one + 's'}"


def possessive(name: str, plural: bool = False) -> str:
    """"Anna's", "the Postmen's", "the Holnists'": a plural that ends in s takes the apostrophe alone."""
    return f"{name}'" if plural and name.endswith("s") else f"{name}'s"


def on_dice(target: int, dice) -> str:
    """A number to roll as a table says it, the dice in brackets: "12 (2d6)" when only the
    highest total will do, else "10+ (2d6)" (``dice`` knows its ``highest`` total)."""
    return f"{target}{'' if target >= dice.highest else '+'} ({dice})"


def ordinal(n: int) -> str:
    """"1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st"."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def capital(text: str) -> str:
    """``text`` to start a line ("the Postmen win" -> "The Postmen win"); the rest as it is."""
    return text[:1].upper() + text[1:]


def percent(chance: SupportsFloat) -> str:
    """A chance the one way every screen, log and phone writes it: whole percents from 10% to 90%,
    one decimal below and above ("2.8%", "97.2%"), where a whole percent would hide a real
    difference; never "0%" or "100%" for what may or may not happen."""
    p = round(float(chance) * 100, 9)  # 1 - 1e-12 is a certainty, not 99.9%
    if p <= 0 or p >= 100:
        return "0%" if p <= 0 else "100%"
    if 10 <= round(p) <= 90:
        return f"{p:.0f}%"
    return f"{min(max(p, 0.1), 99.9):.1f}%"


class Unseen:
    """What the table cannot see (a card in a hand or the draw pile, sealed orders, a card drawn
    into a hand), in the state and the input the log's words are built from
    (``Rules.public_state``). It names nothing: a word function that reads it gets no card."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "UNSEEN"

    __str__ = __repr__


#: the one stand-in for every unseen thing (hashable: a draw pile counts it)
UNSEEN = Unseen()
