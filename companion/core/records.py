"""Game records: setup + inputs as versioned JSON. Saves, shared games, replays and bug reports
are all the same file, documented in ``docs/records.md``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from .inputs import CHANCE_KINDS, MAX_INPUT_DEPTH, Input
from .schema import object_pairs, read_int, tree_problem
from .storage import atomic_write, read_regular
from .tomlfile import too_deep
from .violations import (
    CannotOverride,
    MalformedInput,
    PackError,
    PosthornError,
    RecordError,
    Violation,
    firm_of,
)

if TYPE_CHECKING:  # reading a record needs no session: the start page peeks at saves before one loads
    from .packs import RulesFor
    from .session import Session

FORMAT = "posthorn-record"
_ENCODE = json.JSONEncoder(ensure_ascii=False).encode  # one encoder: json.dumps rebuilds it per call
VERSION = 1
MAX_RECORD_BYTES = 50_000_000
#: Most inputs a record may hold: an evening is a few thousand, and a game of a million would
#: take a minute and over a GB to replay; refused before parsing (docs/architecture.md).
MAX_INPUTS = 100_000
#: No game's setup or input nests more than six deep (an inline board's town terrain); deeper
#: data is refused at once, before anything recurses into it.
MAX_DEPTH = 32
#: Longest game or pack id a record may name: an id becomes a folder name when it is looked up.
MAX_ID = 64


@dataclass
class Verdict:
    """How one recorded input fared on replay."""

    number: int
    input: Input
    verdict: str  # ok | overridden | flagged | refused
    text: str
    violations: list[Violation] = field(default_factory=list)
    reason: str = ""

    def line(self) -> str:
        head = f"{self.number:4d}  {self.verdict.upper():10s} {self.text}"
        if self.verdict in ("flagged", "overridden"):
            return head + "".join(f"\n      {v.rule}: {v.reason}" for v in self.violations)
        if self.verdict == "refused":
            return head + f"\n      {self.reason}"
        return head


@dataclass
class Record:
    game: str
    pack: dict
    #: Only for a game started with an explicit seed (``--seed``, tests): None draws the app's
    #: dice and cards from the system's randomness, and the record then holds no seed at all.
    seed: int | None
    setup: dict
    inputs: list[Input]
    undone: list[dict] = field(default_factory=list)
    rolls_made: int = 0
    title: str = ""
    created: str = ""
    saved: str = ""
    #: input number (1-based, as text) -> the seat whose phone gave it; laptop inputs are absent
    seats: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> dict:
        seeded = {"seed": self.seed, "rolls_made": self.rolls_made} if self.seed is not None else {}
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "title": self.title,
            "pack": self.pack,
            **seeded,
            "created": self.created,
            "saved": self.saved,
            "setup": self.setup,
            "inputs": [i.to_json() for i in self.inputs],
            "undone": self.undone,
            **({"seats": self.seats} if self.seats else {}),
        }

    def dumps(self) -> str:
        """The record as JSON a person can read: one key a line, one input a line.

        Written with the compact (C) encoder line by line: ``indent=`` makes Python fall back to
        its slow encoder, and autosaving a long game spent most of its time there.
        """
        one = _ENCODE
        lines = []
        for key, value in self.to_json().items():
            if key in ("inputs", "undone") and value:
                items = ",\n".join(f"  {one(v)}" for v in value)
                lines.append(f" {one(key)}: [\n{items}\n ]")
            else:
                lines.append(f" {one(key)}: {one(value)}")
        return "{\n" + ",\n".join(lines) + "\n}\n"


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def record_of(session: Session, title: str = "", created: str = "") -> Record:
    undone: list[dict] = []
    last_undo: dict[int, dict] = {}  # id(entry) -> its latest undone item, marked if redone
    live = 0
    for line in session.journal:
        if line.event in ("input", "redo"):
            live = line.entry.number
            if line.event == "redo" and id(line.entry) in last_undo:
                last_undo.pop(id(line.entry))["redone"] = True
        elif line.event == "undo":
            live = line.entry.number - 1
            item = {"after": live, "text": line.entry.text, "input": line.entry.input.to_json()}
            undone.append(item)
            last_undo[id(line.entry)] = item
    seats = {str(n): e.seat for n, e in enumerate(session.entries, 1) if e.seat}
    return Record(session.rules.game_id, session.pack.describe(), session.seed, session.setup,
                  session.inputs, undone, session.bag.rolls_made, title,
                  created or now(), now(), seats)


def save(session: Session, path: Path, title: str = "", created: str = "") -> Record:
    rec = record_of(session, title, created)
    atomic_write(Path(path), rec.dumps())
    return rec


# -- loading -------------------------------------------------------------------------------------
def parse(text: str, path: str = "record") -> Record:
    """Validate the JSON of a record; raise RecordError naming where the problem is."""
    try:
        data = json.loads(text, object_pairs_hook=object_pairs)
    except json.JSONDecodeError as e:
        raise RecordError(path, f"line {e.lineno}, column {e.colno}", f"not valid JSON: {e.msg}") from None
    except RecursionError:
        line = too_deep(text, MAX_DEPTH)
        raise RecordError(path, f"line {line}" if line else "(top level)",
                          f"nested more than {MAX_DEPTH} deep; expected a record") from None
    except ValueError:  # an integer longer than Python converts: parsed again to find its key
        # (only then: a parse_int hook would slow every record's parse for this rare file)
        data = json.loads(text, object_pairs_hook=object_pairs, parse_int=read_int)
    if not isinstance(data, dict):
        raise RecordError(path, "(top level)", "expected a JSON object")
    # each input is walked once, under an input's own (stricter) limit, and not again when it is
    # built (``walked``); the rest of the record here
    inputs_given = type(data.get("inputs")) is list
    problem = tree_problem({k: v for k, v in data.items() if k != "inputs"} if inputs_given else data, MAX_DEPTH)
    if problem is None and inputs_given:
        problem = _inputs_problem(data["inputs"])
    if problem is not None:
        raise RecordError(path, *problem)
    if data.get("format") != FORMAT:
        raise RecordError(path, "format", f"expected \"{FORMAT}\"; this is not a Posthorn record")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError(path, "version", "expected a whole number")
    shown = version if abs(version) < 10**9 else "of many digits"
    if version > VERSION:
        raise RecordError(path, "version", f"record version {shown} is newer than this Posthorn reads "
                                           f"(it expects at most {VERSION}); update Posthorn")
    if version < 1:
        raise RecordError(path, "version", f"unknown record version {shown}; expected 1 to {VERSION}")

    def need(key, kind, label):
        if key not in data:
            raise RecordError(path, key, f"missing; expected {label}")
        v = data[key]
        if not isinstance(v, kind) or isinstance(v, bool) and kind is not bool:
            raise RecordError(path, key, f"expected {label}")
        return v

    game = need("game", str, "the game's id")
    if not 0 < len(game) <= MAX_ID:
        raise RecordError(path, "game", f"expected a game's id (at most {MAX_ID} characters)")
    pack = need("pack", dict, "an object with the pack's id, version and hash")
    for k in ("id", "hash"):
        if not isinstance(pack.get(k), str):
            raise RecordError(path, f"pack.{k}", "expected text")
    if not 0 < len(pack["id"]) <= MAX_ID:
        raise RecordError(path, "pack.id", f"expected a pack's id (at most {MAX_ID} characters), "
                                           f"found {len(pack['id'])} characters")
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError(path, "seed", "expected a whole number (or no seed at all)")
    setup = need("setup", dict, "an object")
    raw_inputs = need("inputs", list, "a list of inputs")
    if len(raw_inputs) > MAX_INPUTS:
        raise RecordError(path, "inputs", _too_many(len(raw_inputs)))
    inputs = []
    for i, raw in enumerate(raw_inputs):
        try:
            inputs.append(Input.from_json(raw, f"inputs[{i}]", walked=True))
        except MalformedInput as e:
            # the message starts with the key path of the bad field, e.g. "inputs[3].args: ..."
            where, _, what = str(e).partition(": ")
            raise RecordError(path, where, what) from None
    undone = data.get("undone", [])
    if not isinstance(undone, list) or not all(isinstance(u, dict) for u in undone):
        raise RecordError(path, "undone", "expected a list of objects")
    rolls = data.get("rolls_made", 0)
    if not isinstance(rolls, int) or isinstance(rolls, bool) or rolls < 0:
        raise RecordError(path, "rolls_made", "expected a whole number, 0 or more")
    title = data.get("title", "")
    return Record(game, pack, seed, setup, inputs, undone, rolls,
                  title if isinstance(title, str) else "",
                  str(data.get("created", "")), str(data.get("saved", "")),
                  _seats(data.get("seats", {}), len(inputs), path))


def _inputs_problem(raw_inputs: list) -> tuple[str, str] | None:
    """Where an input nests too deep or holds what is no text or number (``tree_problem`` under
    an input's own limit, ``MAX_INPUT_DEPTH``), as ``(key path, what is wrong)``, or None."""
    for i, raw in enumerate(raw_inputs):
        problem = tree_problem(raw, MAX_INPUT_DEPTH)
        if problem is not None:
            place, what = problem
            return f"inputs[{i}]{'' if place == '(top level)' else '.' + place}", what
    return None


def _seats(seats, count: int, path: str) -> dict[str, str]:
    """Which phone gave which input (docs/records.md, "seats")."""
    if not isinstance(seats, dict):
        raise RecordError(path, "seats", "expected an object of input numbers and seat ids")
    for number, seat in seats.items():
        if not (number.isdigit() and number.isascii() and 1 <= int(number) <= count):
            raise RecordError(path, f"seats.{number[:20]}", f"expected an input number from 1 to {count}")
        if not isinstance(seat, str) or not 0 < len(seat) <= MAX_ID:
            raise RecordError(path, f"seats.{number}", f"expected a seat's id (at most {MAX_ID} characters)")
    return dict(seats)


def read(path: Path) -> Record:
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_RECORD_BYTES:
            raise RecordError(str(path), "", f"file is {size} bytes; a record is at most {MAX_RECORD_BYTES}")
        raw = read_regular(path)
    except OSError as e:
        raise RecordError(str(path), "", f"cannot be read: {e.strerror or e}") from None
    # every input has a "kind" key: counted in the bytes, a huge game is refused before the
    # JSON parser builds it (which alone would take hundreds of MB)
    kinds = raw.count(b'"kind"')
    if kinds > MAX_INPUTS + 1000:  # room for setup objects that have a kind of their own
        raise RecordError(str(path), "inputs", _too_many(kinds, about=True))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise RecordError(str(path), f"byte {e.start}", "not UTF-8 text") from None
    return parse(text, str(path))


def _too_many(n: int, about: bool = False) -> str:
    return (f"{'about ' if about else ''}{n:,} inputs; Posthorn opens a game of at most {MAX_INPUTS:,} "
            "inputs (split a longer one into several records)")


def restore(record: Record, rules_for: RulesFor, path: str = "record", pack=None) -> tuple[Session, list[Verdict]]:
    """Rebuild the session a record describes, with each input's verdict; ``rules_for`` finds
    the record's game (``companion.games.rules_for``).

    Inputs that break a rule without an override in the record are *flagged* and inputs that
    cannot apply at all are *refused*; neither changes the state, and the rest still replays.
    """
    from .session import JournalLine, Session

    try:
        rules = rules_for(record.game, "")
    except PackError as e:
        raise RecordError(path, "game", e.what) from None
    try:
        pack = pack or _pack_for(record, rules_for)
    except PackError as e:
        raise RecordError(path, "pack.id", str(e)) from None
    if pack.game != record.game:
        raise RecordError(path, "pack.id", f"pack '{pack.id}' is for the game '{pack.game}', "
                                           f"not '{record.game}'")
    try:
        session = Session(rules, pack, record.setup, record.seed, rolls_made=_rolls_made(record))
    except MalformedInput as e:
        raise RecordError(path, "setup", str(e)) from None
    verdicts = []
    session._marks.coming = len(record.inputs)
    for n, inp in enumerate(record.inputs, 1):
        try:
            # read once, then judged, worded and applied from that reading (describe may
            # assume the arguments passed the check)
            given = rules.read(session.state, inp)
            violations = rules.check(session.state, inp, given)
            text = rules.describe(session.state, inp, given, session.public_state())
        except PosthornError as e:
            verdicts.append(Verdict(n, inp, "refused", inp.kind, reason=str(e)))
            continue
        if violations and not inp.override:
            verdicts.append(Verdict(n, inp, "flagged", text, violations))
            continue
        if firm_of(violations):  # overridden in the record, but no table may override it
            reason = f"{path}, input {n}: {CannotOverride(inp.kind, firm_of(violations))}"
            verdicts.append(Verdict(n, inp, "refused", text, violations, reason=reason))
            continue
        entry = session._apply(inp.with_override(v.rule for v in violations), tuple(violations), text,
                               in_place=True, given=given)  # a fold nobody holds yet
        if str(n) in record.seats:
            entry = session.entries[-1] = session.by_seat(entry, record.seats[str(n)])
        session.journal.append(JournalLine("input", entry))
        verdicts.append(Verdict(n, inp, "overridden" if violations else "ok", text, violations))
    session._marks.coming = None
    _restore_undone(session, record)
    return session, verdicts


def _rolls_made(record: Record) -> int:
    """The app rolls and draws a seeded game has made: at least those on record, whatever the
    file says, so a hand-edited count cannot bring old results back. An input undone and then
    redone was rolled once: its undone entry is marked ``redone`` and counts only in the inputs."""
    used = sum(1 for i in record.inputs if i.is_chance and i.source == "app") + sum(
        1 for u in record.undone if isinstance(u.get("input"), dict) and u["input"].get("source") == "app"
        and u["input"].get("kind") in CHANCE_KINDS and u.get("redone") is not True)
    return max(record.rolls_made, used)


def _restore_undone(session: Session, record: Record) -> None:

    """Put undone inputs back into the journal where they happened (display only).

    Undos made one after another (``after`` = n, n-1, ...) form a run: their inputs were live
    together, so the run shows as those inputs in order, then their undos in the order made, then
    the redos of those marked ``redone`` (each the live input it became again, so the log reads
    as it did and saving the restored game keeps the mark). A run goes after the last journal
    line that leaves at most its lowest ``after`` inputs live. Every well-formed undone entry is
    shown, so saving the restored game keeps all of them.
    """
    from .session import Entry, JournalLine

    runs: list[list[tuple[int, Input, str, bool]]] = []
    prev = None
    for u in record.undone:
        after = u.get("after")
        try:
            if not isinstance(after, int) or isinstance(after, bool) or after < 0:
                raise MalformedInput("undone.after: expected a whole number, 0 or more")
            inp = Input.from_json(u.get("input"), "undone")
        except MalformedInput:
            prev = None  # malformed: skipped, as docs/records.md says
            continue
        text = u.get("text")
        item = (after, inp, text if isinstance(text, str) else inp.kind, u.get("redone") is True)
        if prev is not None and after == prev - 1:
            runs[-1].append(item)
        else:
            runs.append([item])
        prev = after
    lines = list(session.journal)
    replayed = {id(ln) for ln in lines}
    redid: dict[int, tuple[Entry, JournalLine]] = {}  # after -> entry the last run redid, its line
    for run in runs:
        entries, fresh, redone, anchors = {}, [], [], []
        for after, inp, text, again in run:
            live = session.entries[after] if after < len(session.entries) else None
            if after in redid and redid[after][0].input == inp:
                # undone again after its redo: the same entry, shown after that redo
                entry, line = redid[after]
                anchors.append(line)
            else:
                fresh.append(after)
                entry = live if again and live is not None and live.input == inp else Entry(after + 1, inp, text)
            entries[after] = entry
            if again:
                redone.append(entry)
        shown = [JournalLine("input", entries[after]) for after in sorted(fresh)]
        shown += [JournalLine("undo", entries[after]) for after, *_ in run]
        redos = [JournalLine("redo", e) for e in reversed(redone)]
        # a redone input is shown by its redo: its own line from the replay goes
        lines = [ln for ln in lines if not (id(ln) in replayed and any(ln.entry is e for e in redone))]
        # placed after those redos as they stand once the replayed lines went (an index taken
        # before would land the run before a redo and lose its mark on the next save)
        pos = max((lines.index(a) + 1 for a in anchors), default=None)
        if pos is None:
            low = min(entries)
            pos = 0
            for i in range(len(lines) - 1, -1, -1):
                line = lines[i]
                live_count = line.entry.number - 1 if line.event == "undo" else line.entry.number
                if live_count <= low:
                    pos = i + 1
                    break
        lines[pos:pos] = shown + redos
        redid = {ln.entry.number - 1: (ln.entry, ln) for ln in redos}
    session.journal[:] = lines


def _pack_for(record: Record, rules_for: RulesFor):
    from .packs import find_pack

    return find_pack(record.pack["id"], rules_for, record.pack.get("hash"))
