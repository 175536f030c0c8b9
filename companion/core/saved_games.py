"""The saved games the start page lists: every autosave with its game, title, players, time and
length; renamed in place, or put away with the journal beside it.

Reading tolerates anything in the folder: a file that cannot be read is listed with the reason
(and left exactly as it was), never a crash, and a file deleted meanwhile is simply not listed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from . import autosave, records
from .storage import atomic_write, autosave_dir
from .violations import PosthornError

if TYPE_CHECKING:
    from .packs import RulesFor


@dataclass(frozen=True)
class SavedGameRow:
    path: Path
    game: str = ""
    title: str = ""
    players: tuple[str, ...] = ()
    saved: str = ""       # ISO 8601 in UTC, as the record has it
    inputs: int = 0
    problem: str | None = None  # why the file cannot be opened; the other fields are then empty

    @property
    def local_time(self) -> str:
        return local_time(self.saved)


def _read(path: Path) -> records.Record:
    return autosave.read(path)  # with its journal's newest inputs folded in


def players_of(game: str, setup, rules_for: RulesFor | None = None) -> tuple[str, ...]:
    """The players a saved game's setup seats, as its game's rules name them (``Rules.players``;
    ``rules_for`` finds them, ``companion.games.rules_for``); () for a game not known here or a
    setup that names nobody."""
    if rules_for is None or not isinstance(setup, dict):
        return ()
    try:
        return rules_for(game, "").players(setup)
    except (PosthornError, AttributeError, KeyError, TypeError, ValueError):
        return ()


def row(path: Path, rules_for: RulesFor | None = None) -> SavedGameRow:
    try:
        rec = _read(path)
    except (PosthornError, json.JSONDecodeError, OSError, UnicodeError, ValueError) as e:
        return SavedGameRow(Path(path), problem=str(e) or type(e).__name__)
    return SavedGameRow(Path(path), rec.game, rec.title, players_of(rec.game, rec.setup, rules_for),
                        rec.saved, len(rec.inputs))


def list_saved(folder: Path | None = None, rules_for: RulesFor | None = None) -> list[SavedGameRow]:
    """Every autosave, the newest first, with the players ``rules_for``'s games name."""
    folder = autosave_dir() if folder is None else folder
    autosave.remove_orphans(folder)
    try:
        files = list(folder.glob("*.json"))
    except OSError:
        return []
    dated = [(when, f) for f in files if (when := autosave.changed_at(f)) is not None]
    return [row(f, rules_for) for _when, f in sorted(dated, key=lambda d: (d[0], d[1].name), reverse=True)]


def rename(path: Path, title: str) -> None:
    """Give a saved game a new title: the record is rewritten whole (its journal folded in)."""
    path = Path(path)
    rec = _read(path)
    rec.title = title.strip()
    atomic_write(path, rec.dumps())
    try:
        autosave.journal_path(path).unlink()  # its lines are in the record now
    except FileNotFoundError:
        pass


def files_of(path: Path) -> list[Path]:
    """The files of one saved game: its record and, if there is one, its journal."""
    path = Path(path)
    return [p for p in (path, autosave.journal_path(path)) if p.exists()]


def local_time(saved: str) -> str:
    """A record's UTC time in the computer's own time zone, e.g. "1 Dec 2026, 09:51"."""
    try:
        when = datetime.fromisoformat(saved)
    except (TypeError, ValueError):
        return "unknown time"
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    local = when.astimezone()
    return f"{local.day} {local:%b %Y, %H:%M}"
