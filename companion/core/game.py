"""The shape every game's rules take, so one session, log and record serve all four games.

A game is a fold: ``new_state(pack, setup)`` then ``apply`` for each input. ``check`` is pure
and answers the violations an input would commit (an empty list is OK); it raises
``MalformedInput`` for inputs that name nothing real. ``apply`` may assume ``check`` did not
raise, but must also cope with an input whose violations the table overrode.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .dice import RollRequest
from .input_table import Given, InputTable
from .inputs import Args, Input
from .violations import MalformedInput, Violation


@dataclass(frozen=True)
class DrawRequest:
    """A card (or ball, or tile) the table must draw now, from what is left to draw.

    ``choices`` lists every item that could come up, with repeats for copies (a multiset); the
    app draws one of them at random for a virtual deck, or the table types what it drew.
    ``replace`` is true when the item goes back after the draw (a ball in a shaker). ``takes``
    says what the draw is for, for a screen to read (never ``purpose``'s words): "draw" (from
    what is left to draw) or "random_discard" (one picked at random from a hand, thrown away).
    """

    purpose: str
    choices: tuple
    rule: str
    who: str | None = None
    replace: bool = False
    takes: str = "draw"

    def chance(self, item) -> float:
        return self.choices.count(item) / len(self.choices) if self.choices else 0.0


@dataclass(frozen=True)
class Step:
    """Something the table must (or may) do now.

    ``kind`` is the input kind that does it; ``args`` are known arguments (the courier to move),
    frozen into ``Args`` as an input's are: a step is a value the screens, the phones and the
    tests share, hashed and compared by content; ``roll`` is set when the step is a roll, with
    target, modifiers and odds.
    """

    text: str
    kind: str
    who: str | None = None
    args: Mapping[str, Any] = field(default_factory=Args)
    roll: RollRequest | None = None
    draw: DrawRequest | None = None
    required: bool = True

    def __post_init__(self) -> None:
        if type(self.args) is not Args:
            object.__setattr__(self, "args", Args(self.args))


_WORDS_ERRORS = (KeyError, TypeError, AttributeError, IndexError, ValueError)


def setup_names(seats) -> tuple[str, ...]:
    """The names in a setup's list of seats, each a name or an object with a ``name``; () for
    anything else (a saved file may say anything)."""
    if not isinstance(seats, list | tuple):
        return ()
    names = [s.get("name") if isinstance(s, dict) else s for s in seats]
    return tuple(n for n in names if isinstance(n, str))

@dataclass(frozen=True)
class GameResult:
    """How a game ended: who won (several on a shared win, none on a draw), the scores where
    the game keeps any, and why it ended, in words with the rule id that ended it."""

    winners: tuple[str, ...]
    reason: str
    rule: str
    scores: tuple[tuple[str, int], ...] = ()

    def to_json(self) -> dict:
        return {"winners": list(self.winners), "reason": self.reason, "rule": self.rule,
                "scores": dict(self.scores)}


class Rules(ABC):
    #: Stable id used in records and pack files.
    game_id: str = ""
    title: str = ""

    @abstractmethod
    def new_state(self, pack, setup: dict):
        """The state before any input; raise MalformedInput if ``setup`` is unusable."""

    #: The game's input kinds, declared once (companion/core/input_table.py): ``check``,
    #: ``apply`` and ``describe`` dispatch through it.
    inputs: InputTable

    def read(self, state, inp: Input) -> Given:
        """``inp``'s arguments read against ``state`` as its kind declares them (MalformedInput
        when they are not what it takes): ``check``, ``describe``, ``before_said`` and ``apply``
        each take this reading, so a submit reads its input once."""
        return self.inputs.read(state, inp)[1]

    def check(self, state, inp: Input, given: Given | None = None) -> list[Violation]:
        """The rules ``inp`` would break now (empty: it may be played); MalformedInput when it
        names nothing real or its arguments are not what its kind takes. ``given``: its reading
        against this very state (``read``), when made already."""
        return self.inputs.check(state, inp, given)

    def apply(self, state, inp: Input, given: Given | None = None) -> None:
        self.inputs.apply(state, inp, given)

    @abstractmethod
    def next_steps(self, state) -> list[Step]: ...

    def describe(self, state, inp: Input, given: Given | None = None, public=None) -> str:
        """The input in words, for the log, read against the state *before* it applies; the words
        see only what the table sees of the state and the input (``public``: ``public_state``
        of ``state``, when built already)."""
        return self.inputs.describe(state, inp, self.public_state(state) if public is None else public, given)

    @abstractmethod
    def state_json(self, state) -> dict: ...

    #: The game's words for what each input did: a module with ``before(state, inp)`` (a small,
    #: cheap value taken before the input applies) and ``said(before, state, inp)``.
    outcome_words: Any = None

    def before_said(self, state, inp: Input, given: Given | None = None, public=None) -> object:
        """What ``said`` compares after the input: the words' own facts of the state before it,
        and the input as the table saw it (both from the public state and input only; ``given``
        and ``public`` as for ``describe``)."""
        words = self.outcome_words
        if words is None:
            return None
        seen = self.inputs.public_input(state, inp, given)
        try:
            return words.before(self.public_state(state) if public is None else public, seen), seen
        except _WORDS_ERRORS:
            return None

    def said(self, before, state, inp: Input, public=None) -> str:
        """The outcome of ``inp`` just applied, in the table's words ("Sneak failed: Rider 1
        stops in Canyonville"); the log and the announcement both show it. "" when the input's
        own words say it all. Words that fail never stop the input. ``before`` is what
        ``before_said`` took; the words read the public state after (``public``, when built
        already), and the public input."""
        words = self.outcome_words
        if words is None or before is None:
            return ""
        facts, seen = before
        try:
            return words.said(facts, self.public_state(state) if public is None else public, seen)
        except _WORDS_ERRORS:
            return ""

    def players(self, setup: dict) -> tuple[str, ...]:
        """The names of the seats a setup gives, read from the setup alone (a saved game's
        players, listed before any pack is loaded); a game whose seats the rules fix names them
        whatever the setup says. Each game declares its own (``setup_names`` reads a list)."""
        return ()

    @abstractmethod
    def result(self, state) -> GameResult | None:
        """How the game ended, or None while it goes on."""

    @property
    def open_kinds(self) -> frozenset[str]:
        """Input kinds whose arguments are the table's own words (a name, a message, a place):
        never enumerated by ``candidates``, since no list holds them."""
        inputs = getattr(self, "inputs", None)
        return inputs.open_kinds if inputs is not None else frozenset()

    @abstractmethod
    def candidates(self, state) -> Iterable[Input]:
        """Every decision worth asking ``check`` about now: a finite list that holds every legal
        input (``legal_inputs`` keeps those that break no rule). Chance inputs are not listed:
        ``pending_roll`` and ``pending_draw`` say what is owed, the app or the table answers."""

    def legal_inputs(self, state) -> list[Input]:
        """The decisions the table may take now without breaking a rule."""
        out = []
        for inp in self.candidates(state):
            try:
                if not self.check(state, inp):
                    out.append(inp)
            except MalformedInput:
                continue
        return out

    def deciding(self, state) -> str | None:
        """The seat whose decision or roll is owed now; None when it is the whole table's."""
        for step in self.next_steps(state):
            if step.required:
                return step.who
        return None

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

    # -- seats and what each may see (companion/<game>/seats.py) ------------------------------
    #: The game's seats and views; a game sets it with one line in its rules class.
    seating: Seating | None = None

    def seats(self, state) -> list[Seat]:
        """The places at the table whose hidden information is their own, in turn order."""
        return self.seating.seats(state) if self.seating is not None else []

    def public_state(self, state):
        """The state as anyone at the table sees it, for the log's words: every seat's hidden
        things (hands, the draw pile, sealed orders) are ``UNSEEN`` (companion/core/words.py).
        Only read, and shares what is public with ``state``."""
        return self.seating.public_state(state) if self.seating is not None else state

    def public_view(self, state) -> dict:
        """What anyone at the table may see now, as plain JSON data: the game's public facts,
        its seats and what is owed next, by whom."""
        return {"game": self.game_id, "seats": [s.to_json() for s in self.seats(state)],
                **(self.seating.public_view(state) if self.seating is not None else {}),
                "steps": public_steps(self.next_steps(state))}

    def view(self, state, seat: str) -> dict:
        """What ``seat`` may see now: the public view and, under ``own``, its hidden things."""
        if self.seating is None or seat not in {s.id for s in self.seating.seats(state)}:
            raise MalformedInput(f"{self.title or self.game_id} has no seat '{seat}'")
        return {**self.public_view(state), "seat": seat, "own": self.seating.own_view(state, seat)}

    def seat_of(self, state, inp: Input) -> str | None:
        """The seat whose input ``inp`` is, or None for an input of the whole table."""
        return self.seating.seat_of(state, inp) if self.seating is not None else None

    def blind(self, state, seat: str, reader: str | None):
        return self.seating.blind(state, seat, reader) if self.seating is not None else None


@dataclass(frozen=True)
class Seat:
    """One place at the table with hidden information of its own: a side or a player."""

    id: str
    name: str

    def to_json(self) -> dict:
        return {"id": self.id, "name": self.name}


class Seating(ABC):
    """A game's seats and what each may see. A view is plain JSON data built only from what its
    reader may know: a hand is never in the public view, nor is anything that would let a
    reader work it out (the draw pile's contents, a draw's choices)."""

    @abstractmethod
    def seats(self, state) -> list[Seat]: ...

    @abstractmethod
    def public_view(self, state) -> dict:
        """The public facts; the kernel adds the game, the seats and the steps owed."""

    @abstractmethod
    def own_view(self, state, seat: str) -> dict:
        """What only ``seat`` may see (its hand, its sealed orders) and what it may do now."""

    @abstractmethod
    def seat_of(self, state, inp: Input) -> str | None:
        """Whose input ``inp`` is, read against the state before it; None: the whole table's."""

    def public_state(self, state):
        """``state`` with every seat's hidden things unseen by the whole table, for the log's
        words (``Rules.public_state``). By default each seat blinded in turn; a game whose
        hidden things are few overrides it with a cheaper copy that holds ``UNSEEN`` instead."""
        for seat in self.seats(state):
            state = self.blind(state, seat.id, None) or state
        return state

    def blind(self, state, seat: str, reader: str | None):
        """A copy of ``state`` in which ``seat``'s hidden things that ``reader`` (None: anyone)
        may not know are others (a hand dealt afresh, sealed orders rewritten), or None when
        there are none. The copy shares everything else with ``state`` and is only read: a
        message for ``reader`` built from it must be the same as one built from ``state``."""
        return None


def shallow(state):
    """A new object of ``state``'s type sharing every attribute with it, for a public state that
    replaces one or two (``copy.copy`` goes through pickling's protocol: slower, per log line)."""
    twin = object.__new__(type(state))
    twin.__dict__.update(state.__dict__)
    return twin


def public_steps(steps: list[Step]) -> list[dict]:
    """What is owed now and by whom, in words: never a draw's choices (they are the draw pile)."""
    out = []
    for st in steps:
        item: dict = {"text": st.text, "kind": st.kind, "who": st.who, "args": dict(st.args),
                      "required": st.required}
        if st.roll is not None:
            r = st.roll
            item["roll"] = {"dice": str(r.dice), "count": r.dice.count, "sides": r.dice.sides,
                            "purpose": r.purpose, "target": r.target, "who": r.who}
        if st.draw is not None:
            item["draw"] = {"purpose": st.draw.purpose, "who": st.draw.who}
        out.append(item)
    return out
