"""Each game's inputs, declared once: their arguments, what admits them, their check, effect and words.

A game lists its input kinds in one ``InputTable``; the kernel's ``Rules.check``, ``apply`` and
``describe`` dispatch through it, so no game writes its own dispatch or its own argument
checking. Reading an input's arguments against their declaration gives a ``Given`` (typed
values) or raises ``MalformedInput`` in one format, ``<kind>.<argument>: expected <what>, got
<value>``. The order of judgement is the same in every game:

1. the kind is one the game has, and its arguments read as declared (else ``MalformedInput``);
2. ``ended``: the game is over (a violation that stops the judgement there);
3. ``owed``: something else is owed first (a ``<game>.<...>.pending`` violation naming it);
4. the kind's ``admits``: the phase or decision that admits it (e.g. ``...turn.order``);
5. the kind's own ``check``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from .inputs import Input, thaw
from .violations import MalformedInput, Violation
from .words import UNSEEN

_ABSENT = object()  # an argument the input does not give (None is an explicit null)


def _short(value) -> str:
    text = repr(thaw(value))  # as the record wrote it: a list, not the frozen tuple
    return text if len(text) <= 60 else text[:57] + "..."


class Expected(Exception):
    """An argument's value is not what its type takes; ``what`` says what it takes."""

    def __init__(self, what: str):
        super().__init__(what)
        self.what = what


def is_number(value) -> bool:
    """A JSON number that is a real quantity: no true/false, no infinity or NaN (an int of any
    size is one; math.isfinite would overflow on it)."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return True
    return isinstance(value, float) and math.isfinite(value)


# -- argument types -------------------------------------------------------------------------------
class ArgType:
    """What one argument takes: ``read`` returns the typed value or raises ``Expected``."""

    what = "a value"

    def read(self, value, state) -> Any:
        return value


class Text(ArgType):
    """Words of the table (a name, a message): non-empty, trimmed, at most ``max_len`` long."""

    def __init__(self, max_len: int = 200):
        self.max_len = max_len
        self.what = f"text of at most {max_len} characters"

    def read(self, value, state) -> str:
        if not isinstance(value, str) or not value.strip() or len(value) > self.max_len:
            raise Expected(self.what)
        return value.strip()


class Name(ArgType):
    """The id of something (a unit, a town, a card): text, read as it is."""

    what = "a name (text)"

    def read(self, value, state) -> str:
        if not isinstance(value, str):
            raise Expected(self.what)
        return value


class Flag(ArgType):
    what = "true or false"

    def read(self, value, state) -> bool:
        if not isinstance(value, bool):
            raise Expected(self.what)
        return value


#: a bound of a Number: fixed, or what the state says (a game's own number of river zones)
Bound = float | Callable[[Any], float] | None


class Number(ArgType):
    """A number between ``lo`` and ``hi`` (either may be open, or given by the state);
    ``whole`` refuses fractions; ``noun`` names it in messages ("a river zone from 1 to 6")."""

    def __init__(self, lo: Bound = None, hi: Bound = None, whole: bool = False, noun: str = ""):
        self.lo, self.hi, self.whole = lo, hi, whole
        self.noun = noun or ("a whole number" if whole else "a number")
        self.fixed = not callable(lo) and not callable(hi)
        self.what = self._what(lo, hi) if self.fixed else f"{self.noun} in this game's range"

    def _what(self, lo, hi) -> str:
        if lo is not None and hi is not None:
            return f"{self.noun} from {lo:g} to {hi:g}"
        if lo is not None:
            return f"{self.noun} of at least {lo:g}"
        if hi is not None:
            return f"{self.noun} of at most {hi:g}"
        return self.noun

    def read(self, value, state) -> float:
        lo, hi = self.lo, self.hi
        if not self.fixed:
            lo = lo(state) if callable(lo) else lo
            hi = hi(state) if callable(hi) else hi
        if (not is_number(value) or (self.whole and value != int(value))
                or (lo is not None and value < lo) or (hi is not None and value > hi)):
            raise Expected(self.what if self.fixed else self._what(lo, hi))
        return int(value) if self.whole else value


class OneOf(ArgType):
    """One of a fixed list, or of a list the state gives (``choices(state)``). ``exact``: the
    value's own type is the choice's (true is not 1, nor 1.0); ``what`` words the choices
    for messages instead of listing them."""

    def __init__(self, choices: Collection | Callable[[Any], Collection], noun: str = "",
                 what: str = "", exact: bool = False):
        self.choices = choices
        self.noun = noun
        self.exact = exact
        self.given_what = what
        self.what = what or (f"one of {', '.join(map(str, choices))}" if not callable(choices)
                             else f"one of the {noun or 'choices'}")

    def read(self, value, state):
        choices = self.choices(state) if callable(self.choices) else self.choices
        try:
            ok = value in choices
        except TypeError:  # an unhashable value asked of a set or dict
            ok = False
        if ok and self.exact:
            ok = any(type(c) is type(value) and c == value for c in choices)
        if not ok:
            raise Expected(self.given_what or (f"one of {', '.join(map(str, choices))}"
                                               if len(choices) <= 12 else self.what))
        return value


class Ref(ArgType):
    """The id of something the state holds now (a courier, a commander, a board's space):
    ``lookup(state)`` gives the ids (anything ``in`` answers), or None when the state keeps no
    such things (a race without a board): the value is then taken as given, for the kind's
    check to ignore. ``say(state)`` may word the message from the state."""

    def __init__(self, lookup: Callable[[Any], Collection | None], noun: str,
                 say: Callable[[Any], str] | None = None):
        self.lookup = lookup
        self.noun = noun
        self.what = f"the id of a {noun}"
        self.say = say

    def read(self, value, state):
        ids = self.lookup(state)
        if ids is None:
            return thaw(value)
        if not isinstance(value, str) or value not in ids:
            raise Expected(self.say(state) if self.say is not None else self.what)
        return value


class Named(ArgType):
    """Something the state knows by more than one spelling (a city by its id, its printed name
    or an ASCII spelling): ``find(state, value)`` gives its id, or None for no such thing."""

    def __init__(self, find: Callable[[Any, Any], str | None], what: str):
        self.find = find
        self.what = what

    def read(self, value, state) -> str:
        found = self.find(state, value)
        if found is None:
            raise Expected(self.what)
        return found


class Either(ArgType):
    """A value one of several types reads (the first that does): a path's last item is a
    space of the board or the goal."""

    def __init__(self, *types: ArgType, what: str = ""):
        self.types = types
        self.what = what or " or ".join(t.what for t in types)

    def read(self, value, state):
        for t in self.types:
            try:
                return t.read(value, state)
            except Expected:
                continue
        raise Expected(self.what)


class ByState(ArgType):
    """An argument whose type the state decides: ``choose(state)`` gives it (what a draw shows
    is a ball while the indicator is owed, a card otherwise)."""

    def __init__(self, choose: Callable[[Any], ArgType], what: str):
        self.choose = choose
        self.what = what

    def read(self, value, state):
        return self.choose(state).read(value, state)


class ListOf(ArgType):
    """A list whose every item is read by ``item`` (the last by ``last`` when given); at least
    ``min_len`` long; ``unique``: no item (as read) twice; ``what`` words it for messages."""

    def __init__(self, item: ArgType, min_len: int = 0, noun: str = "", unique: bool = False,
                 max_len: int | None = None, last: ArgType | None = None, what: str = ""):
        self.item, self.min_len, self.unique, self.max_len = item, min_len, unique, max_len
        self.last = last
        size = (f" ({min_len} to {max_len})" if min_len and max_len is not None
                else f" (at least {min_len})" if min_len else f" (at most {max_len})" if max_len is not None else "")
        self.what = what or (f"a list of {noun or 'values'}" + size + (" (each once)" if unique else ""))

    def read(self, value, state) -> list:
        if (not isinstance(value, list | tuple) or len(value) < self.min_len
                or (self.max_len is not None and len(value) > self.max_len)):
            raise Expected(self.what)
        out = []
        read, last, end = self.item.read, self.last, len(value) - 1
        try:
            for i, x in enumerate(value):
                out.append(last.read(x, state) if last is not None and i == end else read(x, state))
        except Expected:
            raise Expected(self.what) from None
        if self.unique and len(set(out)) != len(out):
            raise Expected(self.what)
        return out


class DieValues(ArgType):
    """The faces a roll showed: a list of whole numbers (the roll owed judges their range)."""

    what = "a list of die values"

    def read(self, value, state) -> list:
        if not isinstance(value, list | tuple) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            raise Expected(self.what)
        return list(value)


class Data(ArgType):
    """Free JSON data whose shape the kind's own check reads (a card's varying targets), given
    to it as plain JSON data."""

    what = "data"

    def read(self, value, state) -> Any:
        return thaw(value)


# -- declarations ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Arg:
    name: str
    type: ArgType
    required: bool = True
    default: Any = None


def arg(name: str, type_: ArgType, required: bool = True, default: Any = None) -> Arg:
    return Arg(name, type_, required, default)


def optional(name: str, type_: ArgType, default: Any = None) -> Arg:
    return Arg(name, type_, False, default)


class Given(dict):
    """An input's arguments as its declaration read them; ``inp`` is the input itself.

    A dict (read-only by use, never written once read): the checks of ``legal_inputs`` read
    its items many thousand times, and a dict's lookup costs no Python call."""

    __slots__ = ("inp",)

    def __init__(self, inp: Input, values: Mapping | Iterable = ()):
        super().__init__(values)
        self.inp = inp

    @property
    def kind(self) -> str:
        return self.inp.kind

    @property
    def source(self) -> str | None:
        return self.inp.source

    def __repr__(self) -> str:
        return f"Given({self.inp.kind}, {dict(self)!r})"


Check = Callable[[Any, Given], list[Violation]]
Effect = Callable[[Any, Given], None]
Words = Callable[[Any, Given], str]


def _no_violations(state, given: Given) -> list[Violation]:
    return []


@dataclass(frozen=True)
class InputKind:
    """One kind of input: its arguments, what admits it, its check, its effect and its words.

    ``open`` marks a kind whose arguments are the table's own words (a name, a message): no
    list holds them, so ``Rules.candidates`` never enumerates it. ``extra`` lets a kind carry
    arguments it does not declare (kept for what records wrote before the declaration).
    ``well_formed(state, given)`` raises MalformedInput when the arguments, each read as
    declared, do not make one input together or name what the state does not hold (a blocked
    move that also names its landing, cards the named player does not hold); it runs as part of
    the reading, so before anything else is judged.
    """

    name: str
    args: tuple[Arg, ...]
    apply: Effect
    words: Words | str
    check: Check = _no_violations
    admits: Check | None = None
    open: bool = False
    extra: bool = False
    #: judged even after the game's end (``ended`` is not asked): only what the end itself
    #: leaves open, such as a card that rerolls the deciding die
    after_end: Callable[[Any, Given], bool] | None = None
    well_formed: Effect | None = None
    hidden: Callable[[Any, Given], Collection[str]] | None = None


def kind(name: str, *args: Arg, apply: Effect, words: Words | str, check: Check = _no_violations,
         admits: Check | None = None, open: bool = False, extra: bool = False,
         after_end: Callable[[Any, Given], bool] | None = None,
         well_formed: Effect | None = None,
         hidden: Callable[[Any, Given], Collection[str]] | None = None) -> InputKind:
    return InputKind(name, tuple(args), apply, words, check, admits, open, extra, after_end, well_formed,
                     hidden)


Stop = Callable[[Any, Given], Violation | None]


class InputTable:
    """A game's input kinds and the one dispatch every game's inputs go through.

    ``ended(state, given)`` answers the violation when the game is over (judgement stops there)
    and ``owed(state, given)`` the one when something else must come first; ``prepare(state,
    given)`` runs before every effect (what any input clears, such as a reroll's chance) and
    ``settle(state, given)`` after it (what follows any input, such as a deck run out reshuffled).
    ``frozen_at_end``: an input the table overrides after the end changes nothing.
    ``owed_stops``: what is owed stops the judgement there, as the end does (a game whose
    admissions and checks assume nothing else is owed); the arguments are still read first.
    """

    def __init__(self, game: str, kinds: Iterable[InputKind], *, ended: Stop | None = None,
                 owed: Stop | None = None, prepare: Effect | None = None, frozen_at_end: bool = False,
                 settle: Effect | None = None, owed_stops: bool = False):
        self.game = game
        self.kinds: dict[str, InputKind] = {}
        for k in kinds:
            if k.name in self.kinds:
                raise ValueError(f"{game}: input '{k.name}' declared twice")
            self.kinds[k.name] = k
        self._arg_names = {k.name: frozenset(a.name for a in k.args) for k in self.kinds.values()}
        # each argument as plain values, so reading one costs no attribute lookups
        self._plans = {k.name: tuple((a.name, a.type.read, a.required, a.default) for a in k.args)
                       for k in self.kinds.values()}
        self.ended, self.owed, self.prepare = ended, owed, prepare
        self.frozen_at_end = frozen_at_end
        self.settle = settle
        self.owed_stops = owed_stops

    def __iter__(self) -> Iterator[InputKind]:
        return iter(self.kinds.values())

    def __contains__(self, name: object) -> bool:
        return name in self.kinds

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.kinds)

    @property
    def open_kinds(self) -> frozenset[str]:
        return frozenset(k.name for k in self if k.open)

    def kind_of(self, inp: Input) -> InputKind:
        k = self.kinds.get(inp.kind)
        if k is None:
            raise MalformedInput(f"{self.game} has no input '{inp.kind}'")
        return k

    def read(self, state, inp: Input) -> tuple[InputKind, Given]:
        """The input's kind and its arguments read as declared, or MalformedInput saying which
        argument is wrong and what it takes."""
        k = self.kinds.get(inp.kind)
        if k is None:
            raise MalformedInput(f"{self.game} has no input '{inp.kind}'")
        given = inp.args
        values = dict.__new__(Given)  # filled below; no __init__ call on this hot path
        values.inp = inp
        for name, read, required, default in self._plans[k.name]:
            value = given.get(name, _ABSENT)
            if value is _ABSENT or (value is None and not required):  # null: not given
                if required:
                    raise MalformedInput(f"{inp.kind}: missing argument '{name}'")
                values[name] = default
                continue
            try:
                values[name] = read(value, state)
            except Expected as e:
                raise MalformedInput(f"{inp.kind}.{name}: expected {e.what}, got {_short(value)}") from None
        if not self._arg_names[k.name].issuperset(given):
            unknown = sorted(set(given) - set(values))
            if not k.extra:
                raise MalformedInput(f"{inp.kind}: no argument {', '.join(map(repr, unknown))} "
                                     f"(it takes {', '.join(a.name for a in k.args) or 'none'})")
            for name in unknown:
                values[name] = thaw(given[name])
        if k.well_formed is not None:
            k.well_formed(state, values)
        return k, values

    def value(self, state, inp: Input, name: str, default: Any = None) -> Any:
        """One argument of ``inp`` read as its kind declares it, or ``default`` when the kind has
        no such argument, the input does not give it or it is not what it takes: for questions
        asked of an input not yet complete (whose it is, before a form's fields are filled)."""
        k = self.kinds.get(inp.kind)
        declared = next((a for a in k.args if a.name == name), None) if k is not None else None
        if declared is None or inp.args.get(name) is None:
            return default
        try:
            return declared.type.read(inp.args[name], state)
        except Expected:
            return default

    def _reading(self, state, inp: Input, given: Given | None) -> tuple[InputKind, Given]:
        """``read``, or the reading made already against this state (each input is read once a
        submit: judged, worded and applied from one ``Given``)."""
        if given is None:
            return self.read(state, inp)
        return self.kinds[inp.kind], given

    def check(self, state, inp: Input, given: Given | None = None) -> list[Violation]:
        k, given = self._reading(state, inp, given)
        if self.ended is not None and not (k.after_end is not None and k.after_end(state, given)):
            over = self.ended(state, given)
            if over is not None:
                return [over]
        out: list[Violation] = []
        if self.owed is not None:
            first = self.owed(state, given)
            if first is not None:
                if self.owed_stops:
                    return [first]
                out.append(first)
        if k.admits is not None:
            out += k.admits(state, given)
        return out + k.check(state, given)

    def apply(self, state, inp: Input, given: Given | None = None) -> None:
        k, given = self._reading(state, inp, given)
        if self.frozen_at_end and self.ended is not None and self.ended(state, given) is not None:
            return
        if self.prepare is not None:
            self.prepare(state, given)
        k.apply(state, given)
        if self.settle is not None:
            self.settle(state, given)

    def describe(self, state, inp: Input, public=None, given: Given | None = None) -> str:
        """The input in words; its kind's name when the words cannot be built (a log line is
        never lost to a description that fails). The arguments are read against ``state``; the
        words see only ``public`` (what the table sees of it, ``Rules.public_state``; ``state``
        when not given) and the arguments the table sees (``public_given``)."""
        try:
            k, given = self._reading(state, inp, given)
            if isinstance(k.words, str):
                return k.words
            return k.words(state if public is None else public, self._masked(state, k, given))
        except (MalformedInput, KeyError, TypeError, AttributeError, IndexError, ValueError):
            return inp.kind.replace("_", " ")

    def _masked(self, state, k: InputKind, given: Given) -> Given:
        hidden = k.hidden(state, given) if k.hidden is not None else ()
        if not hidden:
            return given
        masked = Given(given.inp, given)
        for name in hidden:
            masked[name] = UNSEEN
        return masked

    def public_input(self, state, inp: Input, given: Given | None = None) -> Input:
        """``inp`` as the table saw it given, read against ``state`` before it applies: each
        argument its kind declares ``hidden`` now is ``UNSEEN`` (an input that does not read
        keeps only its kind: nothing of it is words)."""
        try:
            k, given = self._reading(state, inp, given)
            hidden = k.hidden(state, given) if k.hidden is not None else ()
        except (MalformedInput, KeyError, TypeError, AttributeError, IndexError, ValueError):
            return Input(inp.kind, {}, inp.source, inp.override)
        if not hidden:
            return inp
        return Input(inp.kind, {**inp.args, **dict.fromkeys(hidden, UNSEEN)}, inp.source, inp.override)
