"""Inputs: everything that happens at the table, as small values that print and parse.

An input is a player's action, a decision asked of a player, or a chance outcome (a die roll, a
drawn card, a ball from an indicator). Chance inputs carry their ``source``: ``app`` when the
app rolled or dealt, ``table`` when a player typed what the table's own dice or cards showed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from .schema import tree_problem
from .violations import MalformedInput

#: How deep an input's arguments may nest (the deepest a game uses is about four): deeper data
#: from a phone or a file is refused before any game reads it.
MAX_INPUT_DEPTH = 24

#: Kinds of input decided by chance. Undoing one asks first, so undo cannot be used to peek.
CHANCE_KINDS = frozenset({"roll", "draw"})
SOURCES = ("app", "table")


@dataclass(frozen=True)
class Input:
    kind: str
    args: dict = field(default_factory=dict)
    source: str | None = None
    #: Rule ids this input was knowingly played against (an explicit override at the table).
    override: tuple[str, ...] = ()

    def __hash__(self) -> int:
        # equal by content (the dataclass's ``==``), so hashed by its record form: an input
        # can be a set member or a dict key (legal_inputs, the random playout's choices)
        return hash(str(self))

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
        return Input(self.kind, self.args, self.source, tuple(rules))

    def to_json(self) -> dict:
        out: dict = {"kind": self.kind}
        if self.args:
            out["args"] = self.args
        if self.source:
            out["source"] = self.source
        if self.override:
            out["override"] = list(self.override)
        return out

    @classmethod
    def from_json(cls, data, where: str = "input") -> Input:
        """Build an input from record JSON; raise MalformedInput naming the bad field."""
        if not isinstance(data, dict):
            raise MalformedInput(f"{where}: expected an object with a 'kind', got {_short(data)}")
        # text that is not proper Unicode (a lone surrogate a JSON escape can make) would enter
        # the session, be saved escaped and make the next read refuse the whole save: refused
        # here, where records, journals and phones all build their inputs
        problem = tree_problem(data, MAX_INPUT_DEPTH)
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
