"""Replay benchmark for The Postman: load a 1,000-input game (budget 50 ms), against a baseline
measured in the same run (reading the record's JSON).

The game is played on the default 40-town map by a seeded random table that follows
``Session.next_steps()``: it moves random stacks along random roads, fights every battle, recruits,
rolls the militia, draws and discards, with the app's dice. If a leader falls before 1,000 inputs
the table starts a new game with the next seed.

    .venv/bin/python bench/postman_replay.py [--inputs N] [--repeats N] [--seed N]

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

from companion import games
from companion.core import records
from companion.core.inputs import Input
from companion.core.session import Session
from companion.games import bundled_pack
from companion.postman.rules import RULES

LOAD_BUDGET_MS = 50.0


def next_input(s: Session, rng: random.Random) -> bool:
    """Make one input; False when the game is over."""
    state = s.state
    t = state.pos
    if t.winner:
        return False
    steps = s.next_steps()
    first = steps[0]
    if first.draw is not None:
        s.deal()
    elif first.roll is not None:
        s.roll()
    elif first.kind == "retreat":
        s.submit(Input("stay", {}))
    elif first.kind == "casualties":
        side = first.args["side"]
        b = t.battle
        need = __import__("companion.postman.battle", fromlist=["x"]).casualties_needed(state, side)
        units = sorted((u for u in state.units_in(b.town, side)), key=lambda u: state.unit_type(u).leader)
        chosen = [u.id for u in units][:need]
        chosen += ["militia"] * (need - len(chosen))
        s.submit(Input("casualties", {"side": side, "units": chosen}))
    elif first.kind == "battle_retreat":
        b = t.battle
        for town in state.board.neighbours(b.town):
            if not s.check(Input("battle_retreat", {"to": town})):
                s.submit(Input("battle_retreat", {"to": town}))
                break
    elif t.phase == "move" and rng.random() < 0.7:
        stacks = {}
        for u in t.units.values():
            if u.side == t.active and u.id not in t.moved and not u.fresh:
                stacks.setdefault(u.town, []).append(u.id)
        if stacks:
            town = rng.choice(sorted(stacks))
            path = [rng.choice(state.board.neighbours(town))]
            move = Input("move", {"units": stacks[town], "path": path})
            if not s.check(move):
                s.submit(move)
                return True
        s.submit(Input("end_phase", {}))
    else:
        for step in steps:
            inp = Input(step.kind, dict(step.args))
            if step.kind == "discard":
                hand = s.state.hand(step.args["side"])
                inp = Input("discard", {"side": step.args["side"], "cards": hand[: len(hand) - 7]})
            if step.kind in ("move", "none"):
                continue
            if not s.check(inp):
                s.submit(inp)
                return True
        s.submit(Input("end_phase", {}))
    return True


def play(inputs: int, seed: int) -> Session:
    pack = bundled_pack("postman")
    for attempt in range(50):
        s = Session(RULES, pack, {}, seed + attempt)
        rng = random.Random(seed + attempt)
        while len(s.entries) < inputs and next_input(s, rng):
            pass
        if len(s.entries) >= inputs:
            return s
    raise SystemExit("no game lasted long enough")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--inputs", type=int, default=1000)
    ap.add_argument("--repeats", type=int, default=15)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    s = play(args.inputs, args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "postman.json"
        records.save(s, path)
        load, base = [], []
        for _ in range(args.repeats):
            t0 = time.perf_counter()
            rec = records.read(path)
            session, verdicts = games.restore(rec, str(path))
            load.append((time.perf_counter() - t0) * 1000)
            t0 = time.perf_counter()
            json.loads(path.read_text())
            base.append((time.perf_counter() - t0) * 1000)
        assert RULES.state_json(session.state) == RULES.state_json(s.state)
    ms, b = statistics.median(load), statistics.median(base)
    ok = ms <= LOAD_BUDGET_MS
    print(f"The Postman: replay of a {len(s.entries)}-input game, median of {args.repeats}")
    print(table(["measure", "posthorn", "baseline", "ratio", "budget", ""],
                [("load and replay", f"{ms:.1f} ms", f"{b:.2f} ms json.loads", f"{ms / b:.1f}x",
                  f"{LOAD_BUDGET_MS:.0f} ms", "ok" if ok else "OVER")]))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
