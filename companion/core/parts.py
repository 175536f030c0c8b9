"""Which parts of a game's state a change touched, found by the kernel without the game's help.

A part is a field of the state's dataclass (``"display"``, ``"players"``) and, for a field that
holds a dataclass of its own on both sides, each of its fields too, as ``"field.sub"``
(``"turn.taken"``, ``"pos.units"``). Parts are compared by value (``==``), so a part that holds
something without value equality reads as changed every time: a screen that trusts the answer
redraws too often, never too seldom.

``"field.*"`` says a field changed as a whole, not split into fields (it holds a list, a
number, or a dataclass on one side only), so every ``"field.sub"`` counts as changed; ``"*"`` says the state could not be split into parts
(it is no dataclass), so every part counts as changed.
"""

from __future__ import annotations

import dataclasses

#: every part changed (the state has no fields to tell apart)
EVERY = "*"


def changed_parts(before, after) -> frozenset[str]:
    """The parts that differ between two states of one game (see the module's doc)."""
    if before is after:
        return frozenset()
    if not _splits(before, after):
        return frozenset() if before == after else frozenset({EVERY})
    out: set[str] = set()
    for f in dataclasses.fields(before):
        a, b = getattr(before, f.name), getattr(after, f.name)
        if a is b or a == b:
            continue
        out.add(f.name)
        if _splits(a, b):
            out.update(f"{f.name}.{g.name}" for g in dataclasses.fields(a)
                       if getattr(a, g.name) != getattr(b, g.name))
        else:
            out.add(f"{f.name}.*")
    return frozenset(out)


def touched(parts: frozenset[str], *names: str) -> bool:
    """True when any of ``names`` (``"field"`` or ``"field.sub"``) is among ``parts``, counting a
    field changed as a whole (``"field.*"``) and a state with no parts (``"*"``)."""
    if EVERY in parts:
        return True
    for name in names:
        if name in parts:
            return True
        head, dot, _sub = name.partition(".")
        if dot and f"{head}.*" in parts:
            return True
    return False


def _splits(a, b) -> bool:
    """Both are instances of one dataclass type, so they compare field by field."""
    return type(a) is type(b) and dataclasses.is_dataclass(a) and not isinstance(a, type)
