"""Copy benchmark: the copies what-if queries read, against ``copy.deepcopy`` of the same state
measured in the same run.

- The Postman's ``Position.snapshot`` (what Luck restores, postman.card.luck: taken before every
  roll the Postmen could reroll; the seat views' copy) of a position 500 inputs into a game on the
  40-town map (bench/postman_replay.py's random table). Budget: at most half of deepcopy.
- Thurn and Taxis's ``blind`` twin (a hand dealt afresh, for the seat views) of a four-player game
  200 inputs in. Budget: at most half of deepcopy of the same state.

    .venv/bin/python bench/position_copy.py [--repeats N] [--seed N]

Exit status: 0 within budget, 1 over budget.
"""

from __future__ import annotations

import argparse
import copy
import statistics
import sys
import time
from dataclasses import replace

import postman_replay  # bench/postman_replay.py
from common import table  # bench/common.py (the script's folder is on sys.path)
from playouts import thurn_and_taxis  # bench/playouts.py


def per_call_us(fn, calls: int, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        for _ in range(calls):
            fn()
        times.append((time.perf_counter() - t0) / calls * 1e6)
    return statistics.median(times)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=9)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    pos = postman_replay.play(500, args.seed).state.pos
    pos = replace(pos, before_roll=None)  # what a snapshot copies
    snap = per_call_us(pos.snapshot, 200, args.repeats)
    deep = per_call_us(lambda: copy.deepcopy(pos), 50, args.repeats)
    taxis = thurn_and_taxis(200, args.seed)
    state, seat = taxis.state, taxis.state.players[0].name
    blind = per_call_us(lambda: taxis.rules.blind(state, seat, None), 200, args.repeats)
    whole = per_call_us(lambda: copy.deepcopy(state), 50, args.repeats)
    rows = [("Postman Position.snapshot", f"{snap:.0f} us", f"deepcopy {deep:.0f} us",
             f"{snap / deep:.2f}x", "0.5x", "ok" if snap <= deep / 2 else "OVER"),
            ("Thurn and Taxis blind twin", f"{blind:.0f} us", f"deepcopy {whole:.0f} us",
             f"{blind / whole:.2f}x", "0.5x", "ok" if blind <= whole / 2 else "OVER")]
    print("Copies for what-if queries, median per call")
    print(table(["copy", "posthorn", "baseline", "ratio", "budget", ""], rows))
    return 0 if all(r[-1] == "ok" for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
