"""Autosave after every input: the session's listener writes the record atomically.

Each game gets its own file under the user data folder's ``autosave/``. A record opened from
elsewhere is never written back: its game continues in a new autosave file, so the player's own
file stays exactly as it was.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from . import records
from .storage import autosave_dir
from .violations import PosthornError


class Autosaver:
    def __init__(self, session, path: Path | None = None, title: str = "", created: str = ""):
        self.created = created or records.now()
        self.title = title
        if path is None:
            stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
            path = autosave_dir() / f"{session.rules.game_id}-{stamp}.json"
        self.path = Path(path)
        self.error: str | None = None
        session.listeners.append(self)

    def __call__(self, session) -> None:
        try:
            records.save(session, self.path, self.title, self.created)
            self.error = None
        except OSError as e:  # a full disk must not end the game: the screen shows the problem
            self.error = f"autosave to {self.path} failed: {e.strerror or e}"


@dataclass(frozen=True)
class SavedGame:
    path: Path
    game: str
    title: str
    saved: str
    inputs: int


def peek(path: Path) -> SavedGame:
    """The few facts the start page shows about a save, without replaying it."""
    rec = records.read(path)
    return SavedGame(Path(path), rec.game, rec.title, rec.saved, len(rec.inputs))


def latest() -> tuple[SavedGame | None, str | None]:
    """The newest autosave and, if the newest could not be read, why (it is left untouched)."""
    files = sorted(autosave_dir().glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    problem = None
    for f in files:
        try:
            return peek(f), problem
        except (PosthornError, json.JSONDecodeError) as e:
            problem = problem or str(e)
    return None, problem
