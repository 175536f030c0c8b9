"""The baseline for bench/startup.py: a bare PySide6 window that exits right after its first frame.

It starts the way ``posthorn --quit-after-first-frame`` does (a QApplication, a QMainWindow shown,
an event filter that quits once the window's first Paint event has been handled), with nothing
of Posthorn loaded, so the ratio of the two is what Posthorn itself costs. With ``--grab FILE``
it renders itself to a PNG and exits instead, as ``posthorn --screenshot FILE`` does.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow


class QuitAfterFirstFrame(QObject):
    """Quit once the watched window has painted: the event filter sees the Paint event before the
    window handles it, so the quit is queued and runs after the frame is done."""

    def __init__(self, app: QApplication, parent: QObject):
        super().__init__(parent)
        self.app = app
        self.painted = False

    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint and not self.painted:
            self.painted = True
            QTimer.singleShot(0, self.app.quit)
        return False


def main() -> int:
    app = QApplication(sys.argv[:1])
    win = QMainWindow()
    win.setWindowTitle("bare window")
    win.setCentralWidget(QLabel("first frame"))
    win.resize(1280, 800)
    if sys.argv[1:2] == ["--grab"]:  # shown, events processed, grabbed and saved: a screenshot
        win.show()
        for _ in range(5):
            app.processEvents()
        return 0 if win.grab().save(sys.argv[2]) else 1
    watcher = QuitAfterFirstFrame(app, win)
    win.installEventFilter(watcher)
    win.show()
    app.exec()
    return 0 if watcher.painted else 1


if __name__ == "__main__":
    sys.exit(main())
