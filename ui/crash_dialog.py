"""An internal error in the window: a report and a dialog instead of dying.

Qt hands an exception raised in a slot to ``sys.excepthook`` and the asyncio loop hands one
raised in a task to its exception handler; both end here. The report goes to the user data
folder (companion/core/crash.py), one line goes to stderr, and a dialog says it is a bug, where
the report is, and that the game's autosave is safe: every input was written before the error,
so the game can be played on or resumed.
"""

from __future__ import annotations

import sys

from companion.core import crash


def _critical(window, title: str, text: str) -> None:
    from PySide6.QtWidgets import QMessageBox  # made only for a crash: not before the first frame

    QMessageBox.critical(window, title, text)


class CrashHandler:
    def __init__(self, window):
        self.window = window
        self.reports: list = []
        #: shows the dialog; tests replace it
        self.show = lambda title, text: _critical(window, title, text)

    def install(self, loop=None) -> CrashHandler:
        sys.excepthook = self.excepthook
        if loop is not None:
            loop.set_exception_handler(self.loop_exception)
        return self

    @property
    def exit_status(self) -> int:
        """3 if an internal error happened while the window was open, so scripts can tell."""
        return crash.INTERNAL_ERROR if self.reports else crash.OK

    def excepthook(self, kind, exc, tb) -> None:
        if not isinstance(exc, Exception):  # Ctrl+C and exits keep their usual meaning
            sys.__excepthook__(kind, exc, tb)
            return
        self.handle(exc)

    def loop_exception(self, loop, context) -> None:
        exc = context.get("exception")
        if isinstance(exc, Exception):
            self.handle(exc)
        else:
            loop.default_exception_handler(context)

    def handle(self, exc: Exception) -> None:
        record = self._record()
        path = crash.write_report(exc, "posthorn (window)", record)
        self.reports.append(path)
        print(crash.crash_line(path), file=sys.stderr)
        where = f"A report was written to\n{path}" if path else "No report could be written (is the disk full?)."
        saved = (f"\n\nYour game is safe: every input is in its autosave ({record})." if record else "")
        try:
            self.show("Posthorn: an internal error (a bug)",
                      f"Something went wrong inside Posthorn. This is a bug in Posthorn, not "
                      f"something you did.\n\n{where}\n\nPlease send it with a bug report.{saved}")
        except Exception:  # noqa: BLE001 - a dialog that fails must not recurse into this hook
            pass

    def _record(self) -> str | None:
        table = getattr(self.window, "table", None)
        autosaver = getattr(table, "autosaver", None)
        return str(autosaver.path) if autosaver is not None else None
