"""The shape every game's rules take, so one session, log and record serve all four games.

A game is a fold: ``new_state(pack, setup)`` then ``apply`` for each input. ``check`` is pure
and answers the violations an input would commit (an empty list is OK); it raises
``MalformedInput`` for inputs that name nothing real. ``apply`` may assume ``check`` did not
raise, but must also cope with an input whose violations the table overrode.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field

from .dice import RollRequest
from .inputs import Input
from .violations import Violation


@dataclass(frozen=True)
class DrawRequest:
    """A card (or ball, or tile) the table must draw now, from what is left to draw.

    ``choices`` lists every item that could come up, with repeats for copies (a multiset); the
    app draws one of them at random for a virtual deck, or the table types what it drew.
    ``replace`` is true when the item goes back after the draw (a ball in a shaker).
    """

    purpose: str
    choices: tuple
    rule: str
    who: str | None = None
    replace: bool = False

    def chance(self, item) -> float:
        return self.choices.count(item) / len(self.choices) if self.choices else 0.0


@dataclass(frozen=True)
class Step:
    """Something the table must (or may) do now.

    ``kind`` is the input kind that does it; ``args`` are known arguments (the courier to move);
    ``roll`` is set when the step is a roll, with target, modifiers and odds.
    """

    text: str
    kind: str
    who: str | None = None
    args: dict = field(default_factory=dict)
    roll: RollRequest | None = None
    draw: DrawRequest | None = None
    required: bool = True


class Rules(ABC):
    #: Stable id used in records and pack files.
    game_id: str = ""
    title: str = ""

    @abstractmethod
    def new_state(self, pack, setup: dict):
        """The state before any input; raise MalformedInput if ``setup`` is unusable."""

    @abstractmethod
    def check(self, state, inp: Input) -> list[Violation]: ...

    @abstractmethod
    def apply(self, state, inp: Input) -> None: ...

    @abstractmethod
    def next_steps(self, state) -> list[Step]: ...

    @abstractmethod
    def describe(self, state, inp: Input) -> str:
        """The input in words, for the log, read against the state *before* it applies."""

    @abstractmethod
    def state_json(self, state) -> dict: ...

    def pending_roll(self, state) -> RollRequest | None:
        for step in self.next_steps(state):
            if step.roll is not None:
                return step.roll
        return None

    def pending_draw(self, state) -> DrawRequest | None:
        for step in self.next_steps(state):
            if step.draw is not None:
                return step.draw
        return None

    def validate_pack(self, pack) -> None:
        """Raise PackError if ``pack.data`` does not fit this game (file, key path, expected)."""
        return None  # a game with no data of its own accepts any pack

    def rule_ids(self) -> frozenset[str]:
        """Every rule id this game's checks can cite (a pack's reference must explain each)."""
        return frozenset()
