"""Small pieces of the words every game says: a count with its noun ("1 card", "3 houses")."""

from __future__ import annotations


def counted(n: int, one: str, many: str | None = None) -> str:
    """"1 house", "2 houses": never "house(s)" where a person reads it."""
    return f"{n} {one if n == 1 else many or one + 's'}"
