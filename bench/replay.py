"""Replay benchmark: load a 1,000-input Courier Desk game, and one input checked, applied and
autosaved, each against a baseline measured in the same run.

The game is played by a seeded random table: it follows ``Session.next_steps()`` (move the
couriers it offers, make the owed rolls, end the turn) and in each battle phase sends couriers and
moves commanders at random, with now and then an input that breaks a rule and is overridden.

- load: ``games.restore(records.read(path))`` of the saved record (budget 50 ms); baseline:
  reading the same file and ``json.loads`` of it.
- one input: ``Session.submit`` with the app's autosave (``autosave.Autosaver``: a journal line
  per input, the whole record every 1,000) to a temporary file, on top of the loaded 1,000-input
  game (budget 10 ms median); baseline: ``storage.atomic_write`` of that record's text alone
  (the disk write every input paid when each autosave rewrote the record).

    .venv/bin/python bench/replay.py [--inputs N] [--repeats N] [--seed N]

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
from companion.core import autosave as autosave_mod
from companion.core import records
from companion.core.inputs import Input, roll
from companion.core.session import Session
from companion.core.storage import atomic_write
from companion.couriers.rules import RULES
from companion.games import bundled_pack

LOAD_BUDGET_MS = 50.0
INPUT_BUDGET_MS = 10.0

ROSTER = [
    ("Gen. Meade", "Blue", "army", "Taneytown"),
    ("Gen. Hancock", "Blue", "corps", "Cemetery Ridge"),
    ("Gen. Gibbon", "Blue", "division", None),
    ("Col. Vincent", "Blue", "brigade", None),
    ("Col. Chamberlain", "Blue", "brigade", None),
    ("Gen. Lee", "Grey", "army", "Seminary Ridge"),
    ("Gen. Longstreet", "Grey", "corps", None),
    ("Gen. Hood", "Grey", "division", None),
    ("Gen. Law", "Grey", "brigade", None),
    ("Col. Oates", "Grey", "brigade", None),
]


class Table:
    """A seeded random table that always has a next input for the session."""

    def __init__(self, session: Session, seed: int):
        self.s = session
        self.rng = random.Random(seed)
        self.setup_inputs = self._setup()
        self.sent_this_turn = False

    def _setup(self) -> list[Input]:
        out = []
        for name, side, rank, hq in ROSTER:
            cid = name.split()[-1].lower()
            out.append(Input("add_commander", {"name": name, "side": side, "rank": rank, "id": cid}))
            if hq:
                out.append(Input("declare_hq", {"commander": cid, "place": hq, "building": True}))
        out.append(Input("start_game"))
        return out

    def next_input(self) -> tuple[Input, bool]:
        """The next input and whether the table overrides the rules it breaks."""
        s, rng = self.s, self.rng
        n = len(s.entries)
        if n < len(self.setup_inputs):
            return self.setup_inputs[n], False
        request = s.pending_roll()
        if request is not None:
            if rng.random() < 0.5:
                return roll(s.bag.roll(request.dice), "app"), False
            return roll([rng.randint(1, request.dice.sides) for _ in range(request.dice.count)], "table"), False
        state = s.state
        if state.phase == "battle":
            commanders = list(state.commanders.values())
            r = rng.random()
            if r < 0.35:
                sender = rng.choice(commanders)
                mates = [c for c in commanders if c.side == sender.side and c.id != sender.id]
                recipient = rng.choice(mates)
                return Input("send_courier", {"sender": sender.id, "recipient": recipient.id,
                                              "message": f"Orders for turn {state.turn}: hold fast"}), False
            if r < 0.55:
                cmd = rng.choice(commanders)
                return Input("move_commander", {"commander": cmd.id, "building": rng.random() < 0.3}), False
            if r < 0.62:
                with_hq = [c for c in commanders if c.hq and not c.at_hq]
                if with_hq:
                    return Input("return_to_hq", {"commander": rng.choice(with_hq).id}), False
            if r < 0.66:
                cmd = rng.choice(commanders)
                return Input("establish_hq", {"commander": cmd.id, "place": f"Farm {state.turn}"}), True
            return Input("begin_courier_step"), False
        steps = s.next_steps()
        if rng.random() < 0.03:
            live = [c for c in state.couriers.values() if not c.finished]
            if live:
                return Input("capture", {"courier": rng.choice(live).id}), False
        for step in steps:
            if step.kind == "attempt_location":
                return Input("attempt_location", dict(step.args)), False
        moves = [st for st in steps if st.kind == "move_courier"]
        if moves and rng.random() < 0.9:
            step = rng.choice(moves)
            near = rng.choice([None, None, 1.5, 3.0, 8.0, 20.0])
            return Input("move_courier", {**step.args, "speed": rng.choice(["officer", "double"]),
                                          "nearest_enemy": near,
                                          "arrives": rng.random() < 0.35}), False
        return Input("end_turn"), False

    def play(self) -> None:
        inp, override = self.next_input()
        outcome = self.s.submit(inp, override=override)
        if not outcome.accepted:
            raise RuntimeError(f"the benchmark table played an input that was kept out: {inp} "
                               f"{outcome.violations}")


def build_game(n_inputs: int, seed: int) -> Session:
    session = Session(RULES, bundled_pack("couriers"), {"sides": ["Blue", "Grey"]}, seed)
    desk = Table(session, seed)
    while len(session.entries) < n_inputs:
        desk.play()
    return session


def median_ms(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def measure(n_inputs: int, repeats: int, seed: int) -> int:
    with tempfile.TemporaryDirectory(prefix="posthorn-bench-") as tmp:
        path = Path(tmp) / "game.json"
        t0 = time.perf_counter()
        session = build_game(n_inputs, seed)
        built_s = time.perf_counter() - t0
        records.save(session, path, title=f"benchmark, {n_inputs} inputs")
        size_kib = path.stat().st_size / 1024

        restored, verdicts = games.restore(records.read(path), str(path))
        bad = [v for v in verdicts if v.verdict not in ("ok", "overridden")]
        if bad or restored.rules.state_json(restored.state) != session.rules.state_json(session.state):
            print(f"replay: the saved game did not replay to the same state ({len(bad)} bad verdict(s))",
                  file=sys.stderr)
            return 2
        overridden = sum(v.verdict == "overridden" for v in verdicts)

        load_ms = median_ms(lambda: games.restore(records.read(path), str(path)), repeats)
        json_ms = median_ms(lambda: json.loads(path.read_text(encoding="utf-8")), repeats)

        # One input on top of the loaded game, autosaved after every change as the app does.
        autosave = Path(tmp) / "autosave.json"
        autosave_mod.Autosaver(restored, autosave)(restored)
        desk = Table(restored, seed + 1)
        desk.setup_inputs = []
        per_input = []
        for _ in range(max(repeats, 50)):
            inp, override = desk.next_input()
            t = time.perf_counter()
            outcome = restored.submit(inp, override=override)
            per_input.append(time.perf_counter() - t)
            if not outcome.accepted:
                print(f"replay: input kept out: {inp} {outcome.violations}", file=sys.stderr)
                return 2
        input_ms = statistics.median(per_input) * 1000
        text = records.record_of(restored).dumps()
        write_ms = median_ms(lambda: atomic_write(autosave, text), max(repeats, 50))

    print(f"replay: {n_inputs}-input Courier Desk game ({overridden} overridden), {size_kib:.0f} KiB record, "
          f"built in {built_s * 1000:.0f} ms; medians of {repeats} (one input: {max(repeats, 50)})")
    rows = [
        ("load 1,000-input game (read+restore)", "json.loads of the file", json_ms, load_ms, LOAD_BUDGET_MS),
        ("one input checked+applied+autosaved", "atomic_write of the record", write_ms, input_ms,
         INPUT_BUDGET_MS),
    ]
    print(table(["", "posthorn", "budget", "", "baseline (same run)", "", "ratio"],
                [(name, f"{m:.2f} ms", f"{budget:.0f} ms", "ok" if m <= budget else "OVER",
                  base, f"{b:.2f} ms", f"{m / b:.1f}x")
                 for name, base, b, m, budget in rows]))
    return 0 if load_ms <= LOAD_BUDGET_MS and input_ms <= INPUT_BUDGET_MS else 1


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=1000, help="inputs in the game (default 1000)")
    parser.add_argument("--repeats", type=int, default=21, help="timed repeats (default 21)")
    parser.add_argument("--seed", type=int, default=1851, help="seed of the random table")
    args = parser.parse_args(argv)
    return measure(args.inputs, max(1, args.repeats), args.seed)


if __name__ == "__main__":
    sys.exit(main())
