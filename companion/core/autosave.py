"""Autosave after every input: the session's listener keeps each game's record on disk.

Each game gets its own record under the user data folder's ``autosave/``, plus a journal beside
it (``<record>.journal``) that each submit, undo or redo appends one line to, so the cost of a
save does not grow with the game. The record is rewritten whole (atomically: temporary file,
flush, rename) when the game starts, every ``COMPACT_EVERY`` lines, and when it is closed; a new
journal then starts. Reading an autosave (``read``) folds its journal into the record.

Nothing acknowledged is lost to a kill at any moment: a line is handed to the operating system
before the screen redraws. A journal belongs to one version of its record (its first line holds
the record's length and CRC-32), so a kill between rewriting the record and starting the new journal
leaves an old journal that is recognised and ignored; a line cut short by a kill is the last
one, and it is ignored too (it was never acknowledged).

A record opened from elsewhere is never written back: its game continues in a new autosave file,
so the player's own file stays exactly as it was.
"""

from __future__ import annotations

import json
import os
import stat
import time
import zlib
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from . import records
from .inputs import Input
from .storage import atomic_write, autosave_dir, read_regular, utf8
from .tomlfile import too_deep
from .violations import MalformedInput, PosthornError, RecordError

JOURNAL_FORMAT = "posthorn-autosave-journal"
#: journal lines between two rewrites of the whole record
COMPACT_EVERY = 1000
#: a temporary file this old in autosave/ is left from a write that was killed
ORPHAN_AGE_S = 60.0
_ENCODE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def journal_path(path: Path) -> Path:
    path = Path(path)
    return path.with_name(path.name + ".journal")


class Autosaver:
    def __init__(self, session, path: Path | None = None, title: str = "", created: str = ""):
        self.created = created or records.now()
        self.title = title
        if path is None:
            stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
            path = autosave_dir() / f"{session.rules.game_id}-{stamp}.json"
        self._fd: int | None = None
        self._path = Path(path)
        self._lines = 0
        self._journal_len = 0
        self.error: str | None = None
        session.listeners.append(self)

    @property
    def path(self) -> Path:
        return self._path

    @path.setter
    def path(self, value: Path) -> None:  # saving elsewhere from now on: the next save is whole
        self._close_journal()
        self._path = Path(value)

    def __call__(self, session) -> None:
        try:
            change = session.last_change
            if (self._fd is None or self._lines >= COMPACT_EVERY or change is None
                    or change.journal_start != self._journal_len):
                self.compact(session)
            else:
                os.write(self._fd, self._lines_of(session, change))
                self._lines += len(change.lines)
                self._journal_len = len(session.journal)
            self.error = None
        except OSError as e:  # a full disk must not end the game: the screen shows the problem
            self._close_journal()  # the next save is whole again
            self.error = f"autosave to {self.path} failed: {e.strerror or e}"

    def compact(self, session) -> None:
        """Rewrite the whole record atomically and start a new journal for it."""
        self._close_journal()
        rec = records.record_of(session, self.title, self.created)
        data = utf8(rec.dumps())
        atomic_write(self.path, data)
        head = {"format": JOURNAL_FORMAT, "record": _fingerprint(data)}
        journal = journal_path(self.path)
        atomic_write(journal, _ENCODE(head) + "\n")
        self._fd = os.open(journal, os.O_WRONLY | os.O_APPEND)
        self._lines = 0
        self._journal_len = len(session.journal)

    def close(self, session=None) -> None:
        """The game is closed: fold the journal into the record (a failure keeps the journal)."""
        if session is not None and self._fd is not None:
            try:
                self.compact(session)
            except OSError as e:
                self.error = f"autosave to {self.path} failed: {e.strerror or e}"
        self._close_journal()

    def _close_journal(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            try:
                os.close(fd)
            except OSError:
                pass

    @staticmethod
    def _lines_of(session, change) -> bytes:
        live = len(session.entries)
        out = []
        for line in change.lines:
            # "after": how many inputs are live besides this one (an undo's, as in a record)
            after = live - 1 if line.event in ("input", "redo") else live
            out.append(_ENCODE({"event": line.event, "after": after, "input": line.entry.input.to_json(),
                                "text": line.entry.text, "rolls_made": session.bag.rolls_made,
                                "saved": records.now(),
                                **({"seat": line.entry.seat} if line.entry.seat else {})}) + "\n")
        return utf8("".join(out))


def read(path: Path) -> records.Record:
    """The autosave at ``path`` with its journal folded in (RecordError if it cannot be used)."""
    path = Path(path)
    rec = records.read(path)
    journal = journal_path(path)
    try:
        size = journal.stat().st_size
        if size > records.MAX_RECORD_BYTES:
            raise RecordError(str(journal), "", f"file is {size} bytes; a journal is at most "
                              f"{records.MAX_RECORD_BYTES}")
        raw = read_regular(journal)
        base = read_regular(path)
    except FileNotFoundError:
        return rec
    except OSError as e:
        raise RecordError(str(journal), "", f"cannot be read: {e.strerror or e}") from None
    lines = raw.split(b"\n")
    lines.pop()  # the text after the last newline: empty, or a line a kill cut short
    if not lines:
        return rec
    try:
        head = _line(lines[0])
    except ValueError as e:
        raise RecordError(str(journal), "line 1", f"not a journal of this record ({e})") from None
    if not isinstance(head, dict) or head.get("format") != JOURNAL_FORMAT:
        raise RecordError(str(journal), "line 1", f"expected a \"{JOURNAL_FORMAT}\" header")
    if head.get("record") != _fingerprint(base):
        return rec  # the record was rewritten after this journal was started: already in it
    for n, raw_line in enumerate(lines[1:], 2):
        _fold(rec, raw_line, str(journal), n)
    return rec


def _fingerprint(data: bytes) -> str:
    """Which version of a record a journal belongs to: its length and CRC-32 (a kill leaves an
    older or a newer record beside a journal, never a forged one; zlib loads in no time, where
    hashlib's OpenSSL cost the start page 20 ms)."""
    return f"{len(data)}:{zlib.crc32(data):08x}"


def _line(raw: bytes):
    """One journal line's JSON, its nesting checked before the parser sees it (as a record's
    is): a line of a hundred thousand brackets would make json.loads raise RecursionError,
    which no reader of saves expects, and the start page would offer no resume at all."""
    text = raw.decode("utf-8")
    if too_deep(text, records.MAX_DEPTH):
        raise ValueError(f"nested more than {records.MAX_DEPTH} deep; expected one input")
    return json.loads(text)


def _fold(rec: records.Record, raw: bytes, where: str, n: int) -> None:
    try:
        line = _line(raw)
        if not isinstance(line, dict):
            raise ValueError("expected a JSON object")
        event, after = line.get("event"), line.get("after")
        inp = Input.from_json(line.get("input"), f"line {n}.input")
    except (ValueError, MalformedInput) as e:
        raise RecordError(where, f"line {n}", f"not a journal line: {e}") from None
    live = len(rec.inputs)
    if event in ("input", "redo") and after == live:
        rec.inputs.append(inp)
        seat = line.get("seat")
        if isinstance(seat, str) and 0 < len(seat) <= records.MAX_ID:
            rec.seats[str(live + 1)] = seat
        if event == "redo":  # its undone entry is marked, as records.record_of marks it
            wanted = inp.to_json()
            for u in reversed(rec.undone):
                if u.get("after") == after and u.get("input") == wanted and not u.get("redone"):
                    u["redone"] = True
                    break
    elif event == "undo" and after == live - 1 and live:
        rec.inputs.pop()
        rec.seats.pop(str(live), None)
        text = line.get("text")
        rec.undone.append({"after": after, "text": text if isinstance(text, str) else inp.kind,
                           "input": inp.to_json()})
    else:
        raise RecordError(where, f"line {n}", f"a {event!r} after {after!r} inputs does not follow "
                                               f"the {live} inputs before it")
    rolls = line.get("rolls_made")
    if isinstance(rolls, int) and not isinstance(rolls, bool) and rolls >= 0:
        rec.rolls_made = max(rec.rolls_made, rolls)
    if isinstance(line.get("saved"), str):
        rec.saved = line["saved"]


@dataclass(frozen=True)
class SavedGame:
    path: Path
    game: str
    title: str
    saved: str
    inputs: int


def peek(path: Path) -> SavedGame:
    """The few facts the start page shows about a save."""
    rec = read(path)
    return SavedGame(Path(path), rec.game, rec.title, rec.saved, len(rec.inputs))


def changed_at(path: Path) -> float | None:
    """When the save last changed (its record or its journal); None if it is gone."""
    try:
        st = path.stat()
    except OSError:  # deleted since it was listed, or a link to nothing
        return None
    if not stat.S_ISREG(st.st_mode):  # a FIFO or a folder named *.json is no save (and would block)
        return None
    when = st.st_mtime
    try:
        return max(when, journal_path(path).stat().st_mtime)
    except OSError:
        return when


def latest() -> tuple[SavedGame | None, str | None]:
    """The newest autosave and, if the newest could not be read, why (it is left untouched)."""
    folder = autosave_dir()
    remove_orphans(folder)
    dated = [(when, f) for f in folder.glob("*.json") if (when := changed_at(f)) is not None]
    problem = None
    for _when, f in sorted(dated, key=lambda d: d[0], reverse=True):
        try:
            return peek(f), problem
        except (PosthornError, json.JSONDecodeError) as e:
            if f.exists():  # a save deleted meanwhile is no problem of the player's
                problem = problem or str(e)
    return None, problem


def remove_orphans(folder: Path) -> list[Path]:
    """Remove temporary files a killed write left in ``folder`` (older than ORPHAN_AGE_S)."""
    removed = []
    now = time.time()
    for tmp in folder.glob(".*.tmp"):
        try:
            if now - tmp.lstat().st_mtime >= ORPHAN_AGE_S:
                tmp.unlink()
                removed.append(tmp)
        except OSError:  # gone already, or not ours to remove: the next start tries again
            pass
    return removed
