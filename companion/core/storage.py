"""Where Posthorn keeps its files, and how it writes them without ever leaving half a file."""

from __future__ import annotations

import errno
import os
import stat
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


def read_regular(path: Path) -> bytes:
    """The bytes of the regular file at ``path``. Anything else named like a save (a FIFO, a
    device, a folder) raises OSError instead: opened non-blocking and checked before reading,
    so a pipe with no writer cannot hang the start page."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file (a pipe, a device or a folder)", str(path))
        with os.fdopen(fd, "rb", closefd=False) as f:
            return f.read()
    finally:
        os.close(fd)


def utf8(text: str) -> bytes:
    """``text`` as UTF-8. A lone surrogate (which UTF-8 cannot hold, but a JSON string may carry)
    is written as its JSON escape, ``\\udc80``: a record then reads back exactly as it was."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        import re

        return re.sub("[\ud800-\udfff]", lambda m: f"\\u{ord(m.group()):04x}", text).encode("utf-8")


def atomic_write(path: Path, text: str | bytes) -> None:
    """Write to a temporary file beside ``path``, flush it to disk, then rename it over ``path``.

    A crash at any moment leaves either the old file or the new one, never a torn one. A
    temporary file a kill leaves behind is removed on the next start (autosave.remove_orphans).
    """
    import tempfile  # only when writing: it costs the start page (which only reads) ~10 ms

    path = Path(path)
    data = utf8(text) if isinstance(text, str) else text
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
