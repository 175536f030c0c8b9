"""The real window playing a Courier Desk game by itself, for the kill test (test_kill.py).

Run as its own process: it resumes the newest autosave (or starts a new game), then submits
inputs, undoes and redoes one at a time the way the window's buttons do, and after each change
has been repainted prints ``ACK`` and the live inputs as JSON: what the screen has shown the
table. The test kills it with SIGKILL at a random moment.

    python tests/ui/kill_driver.py SEED
"""

from __future__ import annotations

import json
import os
import random
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from companion.core import autosave  # noqa: E402
from companion.core.inputs import Input, roll  # noqa: E402

ROSTER = (("meade", "Meade", "Blue", "army"), ("hancock", "Hancock", "Blue", "corps"),
          ("lee", "Lee", "Grey", "army"), ("hood", "Hood", "Grey", "division"))


def next_input(session, rng: random.Random) -> Input:
    state = session.state
    n = len(session.entries)
    if n < len(ROSTER):
        cid, name, side, rank = ROSTER[n]
        return Input("add_commander", {"id": cid, "name": name, "side": side, "rank": rank})
    request = session.pending_roll()
    if request is not None:
        return roll([rng.randint(1, request.dice.sides) for _ in range(request.dice.count)], "table")
    if state.phase == "battle" and rng.random() < 0.4:
        sender, recipient = rng.choice([("meade", "hancock"), ("lee", "hood"), ("hood", "lee")])
        return Input("send_courier", {"sender": sender, "recipient": recipient,
                                      "message": f"Orders {n} \u2014 hold the ridge"})
    steps = session.next_steps()
    rng.shuffle(steps)
    for step in steps:
        args = dict(step.args)
        if step.kind == "move_courier":
            args.update(speed=rng.choice(["officer", "double"]), arrives=rng.random() < 0.4)
        inp = Input(step.kind, args)
        try:
            if not session.check(inp):
                return inp
        except Exception:  # a step that needs more than its arguments: try another
            continue
    return Input("start_game") if state.phase == "setup" else Input("end_turn")


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
    rng = random.Random(seed)
    while True:
        s = win.table.session
        r = rng.random()
        if s.can_undo and r < 0.08:
            win.undo()
        elif s.can_redo and r < 0.2:
            win.redo()
        else:
            out = win.table.submit(next_input(s, rng))
            if out is None or not out.accepted:
                print("REFUSED", flush=True)
                return 3
        app.processEvents()
        win.repaint()
        if win.table.autosaver.error:
            print("WARN", win.table.autosaver.error, flush=True)
        print("ACK", json.dumps([e.input.to_json() for e in s.entries]), flush=True)


if __name__ == "__main__":
    sys.exit(main())
