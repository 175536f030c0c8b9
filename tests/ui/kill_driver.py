"""The real window playing a Courier Desk game by itself, for the kill test (test_kill.py).

Run as its own process: it resumes the newest autosave (or starts a new game), then lets the
tests' one random playout (tests/playout.py) give inputs, undos and redos one at a time through
the window's table, the way the window's buttons do, and after each change has been repainted
prints ``ACK`` and the live inputs as JSON: what the screen has shown the table. The test kills
it with SIGKILL at a random moment.

    python tests/ui/kill_driver.py SEED
"""

from __future__ import annotations

import json
import os
import random
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # run as a script: the playout lives with the tests
    sys.path.insert(0, str(ROOT))

from companion.core import autosave  # noqa: E402
from companion.core.inputs import Input  # noqa: E402
from tests.playout import Playout  # noqa: E402

ROSTER = (("meade", "Meade", "Blue", "army"), ("hancock", "Hancock", "Blue", "corps"),
          ("lee", "Lee", "Grey", "army"), ("hood", "Hood", "Grey", "division"))
#: the game goes on until the test kills it: the table never ends it
NEVER = ("end_game",)


def orders(session, rng: random.Random) -> list[Input]:
    """The table's own words: now and then a courier with orders (a dash in them, so the
    record's text is more than ASCII)."""
    s = session.state
    pairs = [(a, b) for a, b in (("meade", "hancock"), ("lee", "hood"), ("hood", "lee"))
             if a in s.commanders and b in s.commanders]
    return [Input("send_courier", {"sender": a, "recipient": b,
                                   "message": f"Orders {len(session.entries)} \u2014 hold the ridge"})
            for a, b in pairs[:1] if rng.random() < 0.5] if pairs else []


class Buttons:
    """What the window's buttons do: submit through its table, undo and redo through the window."""

    def __init__(self, win):
        self.submit, self.undo, self.redo = win.table.submit, win.undo, win.redo


def main() -> int:
    from PySide6.QtWidgets import QApplication

    seed = int(sys.argv[1])
    autosave.COMPACT_EVERY = 7  # rewrite the whole record often, so kills land in those too
    app = QApplication(sys.argv[:1])
    from ui.main_window import MainWindow

    win = MainWindow()
    win.confirm = lambda *_a: True
    win.warn = lambda title, text: print("WARN", title, text, flush=True)
    win.resize(1366, 768)
    win.show()
    app.processEvents()
    if not win.resume() and not win.new_game("couriers", {"sides": ["Blue", "Grey"]}, seed=seed):
        return 2
    print("PATH", win.table.autosaver.path, flush=True)
    for cid, name, side, rank in ROSTER:  # the roster first, as a table sets up (after a kill, the rest)
        if win.table.session.state.phase == "setup" and cid not in win.table.session.state.commanders:
            win.table.submit(Input("add_commander", {"id": cid, "name": name, "side": side, "rank": rank}))
            shown(app, win)
    player = Playout(win.table.session, random.Random(seed), undo=0.2, table_dice=1.0, words=orders,
                     avoid=NEVER, via=Buttons(win))
    while True:
        if not player.step():
            print("STUCK", flush=True)
            return 3
        shown(app, win)


def shown(app, win) -> None:
    """Repaint, then say what the screen has shown the table."""
    app.processEvents()
    win.repaint()
    if win.table.autosaver.error:
        print("WARN", win.table.autosaver.error, flush=True)
    print("ACK", json.dumps([e.input.to_json() for e in win.table.session.entries]), flush=True)


if __name__ == "__main__":
    sys.exit(main())
