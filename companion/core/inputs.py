"""Inputs: everything that happens at the table, as small values that print and parse.

An input is a player's action, a decision asked of a player, or a chance outcome (a die roll, a
drawn card, a ball from an indicator). Chance inputs carry their ``source``: ``app`` when the
app rolled or dealt, ``table`` when a player typed what the table's own dice or cards showed.

An input is an immutable value, like a chess move: its arguments are ``Args``, a mapping that
cannot be changed (its lists are tuples, its objects ``Args`` in turn), so an input is hashable,
equal to another with the same content, and prints back to its record form (``str`` and
``Input.parse``; ``to_json`` gives that form as plain JSON data).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NoReturn

from .schema import tree_problem
from .violations import MalformedInput

#: How deep an input's arguments may nest (the deepest a game uses is about four): deeper data
#: from a phone or a file is refused before any game reads it.
MAX_INPUT_DEPTH = 24

#: Kinds of input decided by chance. Undoing one asks first, so undo cannot be used to peek.
CHANCE_KINDS = frozenset({"roll", "draw"})
SOURCES = ("app", "table")


#: values that are immutable already (most arguments: ids, numbers, flags)
_PLAIN = frozenset({str, int, float, bool, type(None)})


def freeze(value: Any) -> Any:
    """JSON data as immutable values: a list becomes a tuple, an object ``Args``."""
    kind = type(value)
    if kind in _PLAIN or kind is Args:
        return value
    if kind is list or kind is tuple:
        # most lists hold ids or numbers only: asked of their types at C speed
        return tuple(value) if _PLAIN.issuperset(map(type, value)) else tuple(map(freeze, value))
    if isinstance(value, Mapping):
        return _frozen(value)
    if isinstance(value, list | tuple):
        return tuple(map(freeze, value))
    return value


def _frozen(data: Mapping) -> Args:
    """``Args`` of ``data`` built without a Python-level ``__init__``: every input built (the
    candidates behind ``legal_inputs`` are thousands a click) passes through here."""
    out = dict.__new__(Args)
    dict.update(out, data)
    if not _PLAIN.issuperset(map(type, dict.values(out))):
        for key, value in dict.items(out):
            if type(value) not in _PLAIN:
                dict.__setitem__(out, key, freeze(value))
    out._hash = None
    return out


def thaw(value: Any) -> Any:
    """Frozen data back as plain JSON data (fresh lists and dicts the caller may change)."""
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    if isinstance(value, Args):
        return {k: thaw(v) for k, v in value.items()}
    return value


class Args(dict):
    """An input's arguments: a mapping that cannot be changed, hashed and compared by content.

    A dict underneath (every change refused), so reading an argument costs what a dict's
    lookup does (the checks behind ``legal_inputs`` read them many thousand times) and the
    JSON encoder writes it as it is."""

    __slots__ = ("_hash",)

    def __init__(self, data: Mapping | None = None):
        super().__init__(data or ())
        for key, value in dict.items(self):  # most values are plain: only the others are frozen
            if type(value) not in _PLAIN:
                dict.__setitem__(self, key, freeze(value))
        self._hash: int | None = None

    def __hash__(self) -> int:  # type: ignore[override]
        if self._hash is None:
            self._hash = hash(frozenset(self.items()))
        return self._hash

    def __eq__(self, other: object) -> bool:
        # equal by content to the same arguments written as plain JSON data (lists, dicts)
        if isinstance(other, Mapping) and not isinstance(other, Args):
            other = Args(other)
        return dict.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def _refuse(self, *args, **kwargs) -> NoReturn:
        raise TypeError("an input's arguments cannot be changed: build a new Input")

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __copy__(self) -> Args:
        return self

    def __deepcopy__(self, memo) -> Args:
        return self

    def __reduce__(self):
        return (Args, (dict(self),))

    def __repr__(self) -> str:
        return f"Args({dict.__repr__(self)})"


@dataclass(frozen=True)
class Input:
    """One input: its kind, its arguments (``Args``, frozen from any mapping given), where a
    chance outcome came from, and the rules it was knowingly played against. Equal by content
    and hashed by it (the dataclass's own ``==`` and ``hash`` over frozen fields), so an input
    is a set member or a dict key (legal_inputs, the random playout's choices)."""

    kind: str
    #: any mapping given is frozen into ``Args`` (its lists into tuples) when the input is built
    args: Mapping[str, Any] = field(default_factory=Args)
    source: str | None = None
    #: Rule ids this input was knowingly played against (an explicit override at the table).
    override: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if type(self.args) is not Args:
            object.__setattr__(self, "args", _frozen(self.args))
        if type(self.override) is not tuple:
            object.__setattr__(self, "override", tuple(self.override))

    @classmethod
    def parse(cls, text: str, where: str = "input") -> Input:
        """The input ``str(inp)`` printed (its record form, one JSON object)."""
        try:
            data = json.loads(text)
        except ValueError as e:
            raise MalformedInput(f"{where}: not JSON ({e})") from None
        return cls.from_json(data, where)

    @property
    def is_chance(self) -> bool:
        return self.kind in CHANCE_KINDS

    def with_override(self, rules) -> Input:
        """This input played against ``rules`` (itself when it says so already: a replay asks
        this of every input)."""
        rules = tuple(rules)
        return self if rules == self.override else Input(self.kind, self.args, self.source, rules)

    def to_json(self) -> dict:
        out: dict = {"kind": self.kind}
        if self.args:
            out["args"] = thaw(self.args)
        if self.source:
            out["source"] = self.source
        if self.override:
            out["override"] = list(self.override)
        return out

    @classmethod
    def from_json(cls, data, where: str = "input", walked: bool = False) -> Input:
        """Build an input from record JSON; raise MalformedInput naming the bad field.
        ``walked``: ``data`` was found sound already (``tree_problem`` under MAX_INPUT_DEPTH:
        a record walks all its inputs before it builds any)."""
        if not isinstance(data, dict):
            raise MalformedInput(f"{where}: expected an object with a 'kind', got {_short(data)}")
        # text that is not proper Unicode (a lone surrogate a JSON escape can make) would enter
        # the session, be saved escaped and make the next read refuse the whole save: refused
        # here, where records, journals and phones all build their inputs
        problem = None if walked else tree_problem(data, MAX_INPUT_DEPTH)
        if problem is not None:
            place, what = problem
            raise MalformedInput(f"{where}{'' if place == '(top level)' else '.' + place}: {what}")
        unknown = set(data) - {"kind", "args", "source", "override"}
        if unknown:
            raise MalformedInput(f"{where}: unknown field(s) {sorted(unknown)}")
        kind = data.get("kind")
        if not isinstance(kind, str) or not kind:
            raise MalformedInput(f"{where}.kind: expected a non-empty string, got {_short(kind)}")
        args = data.get("args", {})
        if not isinstance(args, dict):
            raise MalformedInput(f"{where}.args: expected an object, got {_short(args)}")
        source = data.get("source")
        if source is not None and source not in SOURCES:
            raise MalformedInput(f"{where}.source: expected one of {SOURCES}, got {_short(source)}")
        override = data.get("override", [])
        if not isinstance(override, list) or not all(isinstance(r, str) for r in override):
            raise MalformedInput(f"{where}.override: expected a list of rule ids, got {_short(override)}")
        return cls(kind, args, source, tuple(override))

    def __str__(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True)


def roll(values, source: str = "app") -> Input:
    return Input("roll", {"values": list(values)}, source)


def draw(card, source: str = "app") -> Input:
    return Input("draw", {"card": card}, source)


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
