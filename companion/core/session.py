"""The table session: a game's inputs, its state, undo/redo, and who is told of each change.

The state is always ``fold(apply, inputs, new_state(setup))``. Undo drops the last input and
replays; redo re-adds it. An undone die roll or card draw stays in the journal (and the record),
so the log shows that it happened; the screen asks before undoing one (``undo_crosses_chance``).

Every submit, undo and redo makes a new state object and leaves the one before it exactly as it
was: a state someone holds (a screen's "before", a what-if, a test) never changes under it. Only
a fold nobody sees yet (a record being restored, ``replay_state``) applies in place.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from .checkpoints import Checkpoints, copy_state
from .dice import DiceBag, RollRequest
from .game import GameResult, Rules, Seat, Step
from .input_table import Given
from .inputs import Input, draw, roll
from .parts import EVERY, changed_parts, touched
from .violations import CannotOverride, MalformedInput, Violation, firm_of


class NotYourSeat(MalformedInput):
    """A seat's phone gave an input that belongs to another seat (or to no seat it holds)."""


@dataclass(frozen=True)
class Entry:
    """One input in the log, with the words for it and the rules it was played against."""

    number: int
    input: Input
    text: str
    violations: tuple[Violation, ...] = ()
    #: The seat whose phone gave the input; None when it was given at the laptop.
    seat: str | None = None
    #: What the input did, in the rules' words (``Rules.said``); also the end of ``text``.
    said: str = field(default="", compare=False)

    @property
    def verdict(self) -> str:
        return "overridden" if self.violations else "ok"


@dataclass(frozen=True)
class JournalLine:
    """A line of the visible log: an input, or an undo/redo of one."""

    event: str  # "input" | "undo" | "redo"
    entry: Entry


#: the parts of a change (``Change.parts``): the game state, the log, the owed roll or draw
STATE, LOG, ROLL, DRAW = "state", "log", "roll", "draw"


@dataclass(frozen=True)
class Change:
    """What one submit, undo or redo changed, handed to every listener (Anki's ``OpChanges``).

    A screen redraws from it only what it touched: the log appends ``lines`` (and restyles the
    earlier lines at ``restyled``: an undo strikes its input's line through, a redo clears it; no
    line is ever taken out); the dice tray redraws when the owed roll changed (ROLL in
    ``parts``); a panel redraws when a part of the state it shows is in ``state_parts``
    (``changed``), which the kernel finds by comparing the state before and after
    (``companion/core/parts.py``), so no game has to say what its inputs touch.
    """

    event: str  # "input" | "undo" | "redo"
    added: tuple[Entry, ...] = ()    # entries that became live
    removed: tuple[Entry, ...] = ()  # entries no longer live
    #: the journal lines this change added, the first at index ``journal_start``
    lines: tuple[JournalLine, ...] = ()
    journal_start: int = 0
    parts: frozenset[str] = frozenset()
    #: the parts of the state that differ before and after: the state's fields, and
    #: ``"field.sub"`` inside a field that is a dataclass (``companion/core/parts.py``)
    state_parts: frozenset[str] = frozenset()
    #: the journal indexes of earlier lines whose look this change altered (struck or revived)
    restyled: tuple[int, ...] = ()

    @property
    def kinds(self) -> frozenset[str]:
        """The kinds of the inputs added or removed."""
        return frozenset(e.input.kind for e in self.added + self.removed)

    def touches(self, *parts: str) -> bool:
        return any(p in self.parts for p in parts)

    def changed(self, *state_parts: str) -> bool:
        """True when any of the named parts of the state (``"display"``, ``"turn.seat"``) changed."""
        return touched(self.state_parts, *state_parts)


@dataclass
class Outcome:
    """What ``submit`` did: the entry recorded, or the violations that kept it out."""

    entry: Entry | None
    violations: list[Violation] = field(default_factory=list)

    @property
    def accepted(self) -> bool:
        return self.entry is not None


def log_line(text: str, said: str) -> str:
    """The log line: the input's words, then what it did. Words that open on what the input's own
    words end with (before their targets) say it once: "The Postmen play Q\u2665 Ambush: the
    Postmen get +3 ...", not "... Ambush \u2192 Ambush: ..."."""
    head, colon, rest = said.partition(": ")
    named = text[:text.rindex(" (")] if text.endswith(")") and " (" in text else text  # "(on Rider 1)"
    if colon and head and named.endswith(f" {head}"):
        return f"{text}: {rest}"
    return f"{text} \u2192 {said}"


class Session:
    def __init__(self, rules: Rules, pack, setup: dict, seed: int | None = None, *, rolls_made: int = 0):
        self.rules = rules
        self.pack = pack
        self.setup = setup
        self.seed = seed
        self.bag = DiceBag(seed, rolls_made)
        self.state = rules.new_state(pack, setup)
        self.entries: list[Entry] = []
        self.journal: list[JournalLine] = []
        self._redo: list[Entry] = []
        self._marks = Checkpoints(rules, pack, setup)
        #: what the latest submit, undo or redo changed (listeners read it)
        self.last_change: Change | None = None
        self._owed = (self.pending_roll(), self.pending_draw())
        #: the state the public state below was built from (by identity) and that public state:
        #: built once per state (the log's words of an input and of the one before it share it)
        self._public: tuple[object, object] | None = None
        #: the journal index of each entry's input line (by identity), for ``Change.restyled``
        self._line_of: dict[int, int] = {}
        #: whether a change finds which parts of the state it touched (``Change.state_parts``,
        #: the state before against the state after); off, every part counts as changed
        #: (``parts.EVERY``). The state before is kept either way: each change makes a new one.
        self.tell_parts = True
        #: Called with the session after every change (autosave, screens); ``last_change`` says what.
        self.listeners: list[Callable[[Session], None]] = []

    # -- queries -----------------------------------------------------------------------------
    def check(self, inp: Input) -> list[Violation]:
        """OK (an empty list) or the rules this input would break. Raises MalformedInput."""
        return self.rules.check(self.state, inp)

    def next_steps(self) -> list[Step]:
        return self.rules.next_steps(self.state)

    def pending_roll(self) -> RollRequest | None:
        return self.rules.pending_roll(self.state)

    def public_state(self):
        """The state as the whole table sees it (``Rules.public_state``): built once per state,
        which never changes once the session made it."""
        held = self._public
        if held is not None and held[0] is self.state:
            return held[1]
        public = self.rules.public_state(self.state)
        self._public = (self.state, public)
        return public

    def why_not(self, inp: Input) -> list[Violation]:
        """The rules a well-formed input would break now (none: it may be given). An input out of
        turn or while something else is owed is a violation too, whose rule names what comes
        first; a violation the table may not override is ``firm``. Only an input naming nothing
        real raises MalformedInput."""
        return self.rules.check(self.state, inp)

    def legal_inputs(self) -> list[Input]:
        """Every decision the table may take now (the owed roll or draw is ``pending_roll`` /
        ``pending_draw``)."""
        return self.rules.legal_inputs(self.state)

    def deciding(self) -> str | None:
        """Whose decision (or roll) is owed now: a seat id, or None for the whole table."""
        return self.rules.deciding(self.state)

    def result(self) -> GameResult | None:
        """How the game ended (winners, scores, reason), or None while it goes on."""
        return self.rules.result(self.state)

    @property
    def inputs(self) -> list[Input]:
        return [e.input for e in self.entries]

    # -- changes -----------------------------------------------------------------------------
    def submit(self, inp: Input, override: bool = False) -> Outcome:
        """Check and apply ``inp``. A rule-breaking input is kept out unless ``override``; an
        override of a firm violation raises CannotOverride, and nothing is logged or changed."""
        given = self.rules.read(self.state, inp)
        violations = self.rules.check(self.state, inp, given)
        if violations and not override:
            return Outcome(None, violations)
        firm = firm_of(violations)
        if firm:
            raise CannotOverride(inp.kind, firm)
        if violations:
            inp = inp.with_override(v.rule for v in violations)
        elif inp.override:
            inp = inp.with_override(())
        before = self.state
        entry = self._apply(inp, tuple(violations), given=given)
        self._redo.clear()
        self._record("input", entry, self._parts(before))
        return Outcome(entry, violations)

    def app_roll(self) -> Input:
        """The pending roll made with the app's dice, as an input not yet submitted."""
        request = self.pending_roll()
        if request is None:
            raise MalformedInput("no roll is asked for now")
        return roll(self.bag.roll(request.dice), "app")

    def roll(self, override: bool = False) -> Outcome:
        """Roll the pending roll with the app's dice."""
        return self.submit(self.app_roll(), override)

    def pending_draw(self):
        return self.rules.pending_draw(self.state)

    def app_draw(self) -> Input:
        """The pending card (or ball) drawn from the app's virtual deck, not yet submitted."""
        request = self.pending_draw()
        if request is None or not request.choices:
            raise MalformedInput("no draw is asked for now")
        return draw(self.bag.pick(list(request.choices)), "app")

    def deal(self, override: bool = False) -> Outcome:
        """Draw the pending card (or ball) from a virtual deck with the app's generator."""
        return self.submit(self.app_draw(), override)

    def _apply(self, inp: Input, violations: tuple[Violation, ...], text: str | None = None, *,
               in_place: bool = False, given: Given | None = None) -> Entry:
        """Log ``inp`` and make the state after it: a new object (``self.state`` before it is
        left as it was), or, ``in_place``, the same one changed (a record restored: nobody
        holds its states yet). ``given``: its reading against the state now, when made."""
        rules, old = self.rules, self.state
        if given is None:
            given = rules.read(old, inp)
        elif given.inp is not inp:  # the same arguments, with the rules it overrides
            given.inp = inp
        public = self.public_state()
        if text is None:
            text = rules.describe(old, inp, given, public)
        before = rules.before_said(old, inp, given, public)
        new = old if in_place else copy_state(old)
        self._public = None  # a state changed in place is not the one it was built from
        rules.apply(new, inp, given)
        self.state = new
        said = rules.said(before, new, inp, self.public_state())
        if said:
            text = log_line(text, said)
        entry = Entry(len(self.entries) + 1, inp, text, violations, said=said)
        self.entries.append(entry)
        self._marks.passed(len(self.entries), new, kept=not in_place)
        return entry

    @property
    def can_undo(self) -> bool:
        return bool(self.entries)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def undo_name(self) -> str | None:
        return self.entries[-1].text if self.entries else None

    @property
    def redo_name(self) -> str | None:
        return self._redo[-1].text if self._redo else None

    @property
    def undo_crosses_chance(self) -> bool:
        return bool(self.entries) and self.entries[-1].input.is_chance

    def undo(self) -> Entry:
        if not self.entries:
            raise MalformedInput("nothing to undo")
        entry = self.entries.pop()
        self._redo.append(entry)
        before, self.state = self.state, self._marks.state_after(self.entries)
        self._record("undo", entry, self._parts(before))
        return entry

    def redo(self) -> Entry:
        if not self._redo:
            raise MalformedInput("nothing to redo")
        entry = self._redo.pop()
        before = self.state
        self.state = copy_state(before)
        self.rules.apply(self.state, entry.input)
        self.entries.append(entry)
        self._marks.passed(len(self.entries), self.state, kept=True)
        self._record("redo", entry, self._parts(before))
        return entry

    def _parts(self, before) -> frozenset[str]:
        """The parts of the state ``before`` that the new state changed (every part, unasked)."""
        return changed_parts(before, self.state) if self.tell_parts else frozenset({EVERY})

    def replay_state(self, entries):
        """The state after ``entries``, folded afresh (a new object nobody else holds)."""
        state = self.rules.new_state(self.pack, self.setup)
        for e in entries:
            self.rules.apply(state, e.input)
        return state

    def _record(self, event: str, entry: Entry, state_parts: frozenset[str]) -> None:
        line = JournalLine(event, entry)
        self.journal.append(line)
        restyled: tuple[int, ...] = ()
        if event == "input":
            self._line_of[id(entry)] = len(self.journal) - 1
        else:  # an undo strikes its input's line through, a redo clears it
            row = self._line_of.get(id(entry))
            if row is None:
                row = self._find_line(entry)
            restyled = () if row is None else (row,)
        owed = (self.pending_roll(), self.pending_draw())
        parts = {LOG} | ({STATE} if state_parts else set())
        if owed[0] != self._owed[0] or entry.input.kind == "roll":
            parts.add(ROLL)
        if owed[1] != self._owed[1] or entry.input.kind == "draw":
            parts.add(DRAW)
        self._owed = owed
        undone = event == "undo"
        self.last_change = Change(event, () if undone else (entry,), (entry,) if undone else (),
                                  (line,), len(self.journal) - 1, frozenset(parts), state_parts, restyled)
        self._changed()

    def _find_line(self, entry: Entry) -> int | None:
        """The journal index of ``entry``'s input line (a restored journal was not recorded here)."""
        for i in range(len(self.journal) - 1, -1, -1):
            line = self.journal[i]
            if line.event == "input" and line.entry is entry:
                self._line_of[id(entry)] = i
                return i
        return None

    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener(self)

    # -- seats -------------------------------------------------------------------------------
    def seats(self) -> list[Seat]:
        return self.rules.seats(self.state)

    def view(self, seat: str) -> dict:
        """What ``seat`` may see now (companion/<game>/seats.py)."""
        return self.rules.view(self.state, seat)

    def public_view(self) -> dict:
        return self.rules.public_view(self.state)

    def seat_of(self, inp: Input) -> str | None:
        return self.rules.seat_of(self.state, inp)

    def by_seat(self, entry: Entry, seat: str) -> Entry:
        """``entry`` as given on ``seat``'s phone: the log says so (and a record keeps it)."""
        names = {s.id: s.name for s in self.seats()}
        return replace(entry, seat=seat, text=f"{entry.text} (from {names.get(seat, seat)}'s phone)")

    def check_from(self, seat: str, inp: Input) -> None:
        """Raises as ``submit_from`` would for an input that is not ``seat``'s to give."""
        names = {s.id: s.name for s in self.seats()}
        if seat not in names:
            raise MalformedInput(f"there is no seat '{seat}'")
        if inp.override:
            raise NotYourSeat("an override is decided at the laptop, not on a phone")
        owner = self.seat_of(inp)
        if owner is not None and owner != seat:
            raise NotYourSeat(f"that input is for the seat {names.get(owner, owner)}, "
                              f"not for {names[seat]}")

    def submit_from(self, seat: str, inp: Input) -> Outcome:
        """``inp`` given on ``seat``'s own device: only its own inputs, never an override.

        An input of the whole table (``seat_of`` is None) may come from any seat. Raises
        NotYourSeat for another seat's input, MalformedInput for an unknown seat.
        """
        self.check_from(seat, inp)
        listeners, self.listeners = self.listeners, []  # told once, with the seat on the entry
        try:
            out = self.submit(inp)
        finally:
            self.listeners = listeners
        if out.entry is not None:
            entry = self.by_seat(out.entry, seat)
            self.entries[-1] = entry
            self.journal[-1] = JournalLine("input", entry)
            self._line_of[id(entry)] = self._line_of.pop(id(out.entry), len(self.journal) - 1)
            if self.last_change is not None:
                self.last_change = replace(self.last_change, added=(entry,), lines=(self.journal[-1],))
            out = Outcome(entry, out.violations)
            self._changed()
        return out
