"""Verdicts on inputs, and the errors a bad input or a bad file raises.

Two kinds of wrong, as python-chess keeps them apart:
- a *violation* is a real table action that breaks a rule; the table may override it, and the
  log then records the input together with the rule it broke;
- a *firm* violation is one the table may not override: the input is real and ``why_not``
  answers it like any other, but playing it anyway would undo what the state is owed (an
  answer to a retreat offer while the roll that decides that offer is still owed);
- a *malformed* input names nothing that exists or carries values that cannot be (a courier that
  was never sent, a die showing 7); it is refused outright and never enters the log.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Violation:
    rule: str
    reason: str
    #: the table may not override it (``Session.submit(..., override=True)`` refuses it)
    firm: bool = False

    def __str__(self) -> str:
        return f"{self.reason} [{self.rule}]"

    def to_json(self) -> dict:
        out: dict = {"rule": self.rule, "reason": self.reason}
        if self.firm:
            out["firm"] = True
        return out


class PosthornError(Exception):
    """Base of every error the core raises on purpose; its text is meant for a player."""


class MalformedInput(PosthornError):
    """An input that cannot be applied at all (not overridable)."""


class CannotOverride(MalformedInput):
    """An override asked for an input whose violations include a firm one: it is refused as a
    malformed input is (nothing logged, nothing changed), and the message names the rule."""

    def __init__(self, kind: str, firm: list[Violation]):
        self.violations = firm
        rules = ", ".join(v.rule for v in firm)
        super().__init__(f"{kind}: {'; '.join(v.reason for v in firm)} [{rules}]; "
                         "this rule cannot be overridden")


def firm_of(violations) -> list[Violation]:
    """The violations among ``violations`` the table may not override."""
    return [v for v in violations if v.firm]


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
