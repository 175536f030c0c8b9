"""Where Posthorn keeps its files, and how it writes them without ever leaving half a file."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def data_dir() -> Path:
    """The user data folder (platformdirs), or ``$POSTHORN_DATA_DIR`` for tests and portable use."""
    override = os.environ.get("POSTHORN_DATA_DIR")
    if override:
        path = Path(override)
    else:
        import platformdirs

        path = Path(platformdirs.user_data_dir("Posthorn", "Posthorn"))
    path.mkdir(parents=True, exist_ok=True)
    return path


def autosave_dir() -> Path:
    path = data_dir() / "autosave"
    path.mkdir(parents=True, exist_ok=True)
    return path


def user_packs_dir() -> Path:
    path = data_dir() / "packs"
    path.mkdir(parents=True, exist_ok=True)
    return path


def atomic_write(path: Path, text: str) -> None:
    """Write to a temporary file beside ``path``, flush it to disk, then rename it over ``path``.

    A crash at any moment leaves either the old file or the new one, never a torn one.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
