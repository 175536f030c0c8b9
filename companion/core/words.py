"""Small pieces of the words every game says: a count with its noun ("1 card", "3 houses"), and
what stands in the words' view of the game for what the table cannot see."""

from __future__ import annotations


def counted(n: int, one: str, many: str | None = None) -> str:
    """"1 house", "2 houses": never "house(s)" where a person reads it."""
    return f"{n} {one if n == 1 else many or one + 's'}"


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
