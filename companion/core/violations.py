"""Verdicts on inputs, and the errors a bad input or a bad file raises.

Two kinds of wrong, as python-chess keeps them apart:
- a *violation* is a real table action that breaks a rule; the table may override it, and the
  log then records the input together with the rule it broke;
- a *malformed* input names nothing that exists or carries values that cannot be (a courier that
  was never sent, a die showing 7); it is refused outright and never enters the log.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Violation:
    rule: str
    reason: str

    def __str__(self) -> str:
        return f"{self.reason} [{self.rule}]"

    def to_json(self) -> dict:
        return {"rule": self.rule, "reason": self.reason}


class PosthornError(Exception):
    """Base of every error the core raises on purpose; its text is meant for a player."""


class MalformedInput(PosthornError):
    """An input that cannot be applied at all (not overridable)."""


class DiceError(MalformedInput):
    """A die value that no die of that kind can show."""


class FileProblem(PosthornError):
    """A file that cannot be used, with where in it the problem lies."""

    def __init__(self, path: str, where: str, what: str):
        self.path = str(path)
        self.where = where
        self.what = what
        place = f"{self.path}, at {where}" if where else self.path
        super().__init__(f"{place}: {what}")


class PackError(FileProblem):
    """A rule pack that fails validation: file, key path and what was expected."""


class RecordError(FileProblem):
    """A game record (save) that cannot be loaded."""
