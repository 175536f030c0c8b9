"""Replay benchmark for The Postman: load a 1,000-input game (budget 50 ms), against a baseline
measured in the same run (reading the record's JSON).

The game is played on the default 40-town map by the tests' one random playout
(tests/playout.py): it picks among ``legal_inputs()`` (moves, battles, recruits, cards, draws
and discards), mostly what ``next_steps`` suggests, and makes the owed rolls with the app's dice
or the table's. If a leader falls before 1,000 inputs it starts a new game with the next seed.

    .venv/bin/python bench/postman_replay.py [--inputs N] [--repeats N] [--seed N] [--clock wall|cpu]

``--clock cpu`` times the process's CPU (``time.process_time``), both the load and the baseline:
on a machine others load too, the wall time says more about them than about the replay.

Exit status: 0 within budget, 1 over budget.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from common import table  # bench/common.py (the script's folder is on sys.path)

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # the random playout lives with the tests
    sys.path.insert(0, str(ROOT))

from companion import games  # noqa: E402
from companion.core import records  # noqa: E402
from companion.core.session import Session  # noqa: E402
from companion.games import bundled_pack  # noqa: E402
from companion.postman.rules import RULES  # noqa: E402
from tests.playout import Playout  # noqa: E402

LOAD_BUDGET_MS = 50.0


def play(inputs: int, seed: int) -> Session:
    pack = bundled_pack("postman")
    for attempt in range(50):
        s = Session(RULES, pack, {}, seed + attempt)
        player = Playout(s, random.Random(seed + attempt))
        while len(s.entries) < inputs and player.step():
            pass
        if len(s.entries) >= inputs:
            return s
    raise SystemExit("no game lasted long enough")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--inputs", type=int, default=1000)
    ap.add_argument("--repeats", type=int, default=15)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="judge the budget on wall time or on this process's CPU time")
    args = ap.parse_args()
    clock = time.perf_counter if args.clock == "wall" else time.process_time
    s = play(args.inputs, args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "postman.json"
        records.save(s, path)
        load, base = [], []
        for _ in range(args.repeats):
            t0 = clock()
            rec = records.read(path)
            session, verdicts = games.restore(rec, str(path))
            load.append((clock() - t0) * 1000)
            t0 = clock()
            json.loads(path.read_text())
            base.append((clock() - t0) * 1000)
        assert RULES.state_json(session.state) == RULES.state_json(s.state)
    ms, b = statistics.median(load), statistics.median(base)
    ok = ms <= LOAD_BUDGET_MS
    print(f"The Postman: replay of a {len(s.entries)}-input game, median of {args.repeats} ({args.clock} time)")
    print(table(["measure", "posthorn", "baseline", "ratio", "budget", ""],
                [("load and replay", f"{ms:.1f} ms", f"{b:.2f} ms json.loads", f"{ms / b:.1f}x",
                  f"{LOAD_BUDGET_MS:.0f} ms", "ok" if ok else "OVER")]))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
