"""Crash reports: an exception that no check expected is a bug in Posthorn, and says so.

Every problem with a file or an input is a PosthornError with a message for the player (exit
status 1 or 2). Anything else is an internal error: the command exits with status 3 after one
line saying it is a bug and where the report lies, and the window shows the same in a dialog and
plays on. The report (a text file in the user data folder's ``crash-reports/``) holds what a
maintainer needs: the traceback, Posthorn's and Python's versions, the platform, the command
and the record's name. It never holds the record's contents.
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from pathlib import Path

#: Exit statuses of every command (README, "Commands").
OK, FLAGGED, UNUSABLE, INTERNAL_ERROR = 0, 1, 2, 3

REPORTS = "crash-reports"


def write_report(exc: BaseException, command: str, record: str | None = None) -> Path | None:
    """Write the report of ``exc``; its path, or None if even that failed (a full disk)."""
    import platform  # only now: every command imports this module, few ever crash
    import traceback

    from .. import __version__
    from .storage import atomic_write, data_dir

    stamp = datetime.now(UTC)
    lines = [
        "Posthorn crash report: an internal error, a bug in Posthorn.",
        f"time: {stamp.isoformat(timespec='seconds')}",
        f"version: Posthorn {__version__}",
        f"python: {platform.python_version()} ({sys.executable})",
        f"platform: {platform.platform()}",
        f"command: {command}",
        f"record: {record or '(none)'}",
        "",
        "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)),
    ]
    # a traceback can quote text no file may hold (a lone surrogate): write it escaped
    text = "\n".join(lines).encode("utf-8", "backslashreplace").decode("utf-8")
    try:
        path = data_dir() / REPORTS / f"crash-{stamp.strftime('%Y%m%d-%H%M%S-%f')}.txt"
        atomic_write(path, text)
    except OSError:
        return None
    return path


def crash_line(path: Path | None) -> str:
    """The one line a command prints for an internal error."""
    where = f"a report is in {path}" if path else "no report could be written (is the disk full?)"
    return (f"posthorn: internal error: this is a bug in Posthorn, not a problem with your file; "
            f"{where}. Please send it with a bug report.")


def report(exc: BaseException, command: str, record: str | None = None, err=None) -> int:
    """Write the report, print the line to ``err`` (stderr) and answer INTERNAL_ERROR."""
    path = write_report(exc, command, record)
    print(crash_line(path), file=err or sys.stderr)
    return INTERNAL_ERROR
