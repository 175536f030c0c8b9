"""The real window killed with SIGKILL at random moments while it plays: on the next start the
newest autosave loads, with every input the screen had shown (at most the one change being made
at the kill more or less), and the temporary files a kill left are removed.

Slow (a few minutes): ``./dev.sh test -m slow tests/ui/test_kill.py``.
"""

from __future__ import annotations

import json
import os
import random
import selectors
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DRIVER = ROOT / "tests" / "ui" / "kill_driver.py"
KILLS = int(os.environ.get("POSTHORN_KILLS", "25"))


def play_until_killed(env, seed: int, rng: random.Random) -> list[list]:
    """Start the driver, let it acknowledge a random number of changes, SIGKILL it at a random
    moment; the live inputs of every ACK it printed."""
    proc = subprocess.Popen([sys.executable, str(DRIVER), str(seed)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
    acks: list[list] = []
    wanted = rng.randint(1, 40)
    sel = selectors.DefaultSelector()
    sel.register(proc.stdout, selectors.EVENT_READ)
    deadline = time.monotonic() + 120
    try:
        while len(acks) < wanted and time.monotonic() < deadline:
            if not sel.select(timeout=5):
                continue
            line = proc.stdout.readline()
            if not line:
                break
            word, _, rest = line.partition(" ")
            assert word in ("PATH", "ACK"), line
            if word == "ACK":
                acks.append(json.loads(rest))
        time.sleep(rng.random() * 0.02)  # a random moment: mid-input, mid-save, mid-paint
    finally:
        proc.send_signal(signal.SIGKILL)
        rest = proc.stdout.read()  # what it said before it died counts as acknowledged too
        proc.wait()
        sel.close()
        proc.stdout.close()
    for line in rest.splitlines():
        word, _, payload = line.partition(" ")
        if word == "ACK" and payload.endswith("]"):
            acks.append(json.loads(payload))
    assert proc.returncode == -signal.SIGKILL
    return acks


def one_change_from(saved: list, shown: list) -> bool:
    """The save holds what was shown, or that and the one change under way at the kill."""
    return saved == shown or saved[:-1] == shown or saved == shown[:-1]


@pytest.mark.slow
def test_killed_at_random_moments_the_newest_autosave_has_every_acknowledged_input(data_dir):
    from companion import games
    from companion.core import autosave

    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", POSTHORN_DATA_DIR=str(data_dir))
    rng = random.Random(1851)
    shown_total = 0
    for kill in range(KILLS):
        acks = play_until_killed(env, 7, rng)
        assert acks, f"kill {kill}: the window acknowledged nothing"
        # the start page of the next start: orphans a kill left are old by then (aged here)
        folder = data_dir / "autosave"
        for tmp in folder.glob(".*.tmp"):
            old = time.time() - 3600
            os.utime(tmp, (old, old))
        found, problem = autosave.latest()
        assert problem is None and found is not None, problem
        assert not list(folder.glob(".*.tmp")), "orphaned temporary files are removed on start"
        saved = [i.to_json() for i in autosave.read(found.path).inputs]
        assert one_change_from(saved, acks[-1]), (kill, len(saved), len(acks[-1]))
        session, verdicts = games.restore(autosave.read(found.path), str(found.path))
        assert all(v.verdict == "ok" for v in verdicts)
        assert len(list(folder.glob("*.json"))) == 1, "the game went on in its own autosave"
        shown_total += len(acks)
    assert shown_total >= KILLS
