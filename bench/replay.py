"""Replay benchmark: load a 1,000-input Courier Desk game, and one input checked, applied and
autosaved, each against a baseline measured in the same run.

The game is the tests' one random playout (tests/playout.py) on a ten-commander roster with
three headquarters: it picks among ``legal_inputs()``, makes the owed rolls with the app's dice
or the table's, and in each battle phase sends couriers with orders now and then; it never ends
the game (``end_game``), so the game reaches its length.

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

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # the random playout lives with the tests
    sys.path.insert(0, str(ROOT))

from companion import games  # noqa: E402
from companion.core import autosave as autosave_mod  # noqa: E402
from companion.core import records  # noqa: E402
from companion.core.inputs import Input  # noqa: E402
from companion.core.session import Session  # noqa: E402
from companion.core.storage import atomic_write  # noqa: E402
from companion.couriers.rules import RULES  # noqa: E402
from companion.games import bundled_pack  # noqa: E402
from tests.playout import Playout  # noqa: E402

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
#: the input that would end the benchmark's game before its length
NEVER = ("end_game",)


def roster_inputs() -> list[Input]:
    out = []
    for name, side, rank, hq in ROSTER:
        cid = name.split()[-1].lower()
        out.append(Input("add_commander", {"name": name, "side": side, "rank": rank, "id": cid}))
        if hq:
            out.append(Input("declare_hq", {"commander": cid, "place": hq, "building": True}))
    out.append(Input("start_game"))
    return out


def orders(session: Session, rng: random.Random) -> list[Input]:
    """What this table says now and then beside the session's legal inputs: in a battle phase,
    a courier with orders to a commander of the same side; in a courier step with no courier
    left to move, the end of the turn (as a table moves on once its couriers have ridden)."""
    state = session.state
    if state.phase != "battle":
        riding = any(st.kind in ("move_courier", "attempt_location") for st in session.next_steps())
        return [] if riding or state.phase == "setup" else [Input("end_turn")]
    commanders = list(state.commanders.values())
    sender = rng.choice(commanders)
    mates = [c for c in commanders if c.side == sender.side and c.id != sender.id]
    return [Input("send_courier", {"sender": sender.id, "recipient": rng.choice(mates).id,
                                   "message": f"Orders for turn {state.turn}: hold fast"})]


def table_for(session: Session, seed: int, via=None) -> Playout:
    return Playout(session, random.Random(seed), table_dice=0.5, words=orders, words_rate=0.6,
                   avoid=NEVER, via=via)


def build_game(n_inputs: int, seed: int) -> Session:
    session = Session(RULES, bundled_pack("couriers"), {"sides": ["Blue", "Grey"]}, seed)
    for inp in roster_inputs():
        session.submit(inp)
    player = table_for(session, seed)
    while len(session.entries) < n_inputs:
        if not player.step():
            raise RuntimeError(f"the benchmark's game stopped at {len(session.entries)} inputs")
    return session


class Timed:
    """The session's submit, timed: the one-input figure is the submit alone, not the random
    table's choosing."""

    def __init__(self, session: Session):
        self.session, self.times = session, []

    def submit(self, inp: Input):
        t = time.perf_counter()
        out = self.session.submit(inp)
        self.times.append(time.perf_counter() - t)
        return out

    def undo(self):
        return self.session.undo()

    def redo(self):
        return self.session.redo()


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
        timed = Timed(restored)
        desk = table_for(restored, seed + 1, via=timed)
        while len(timed.times) < max(repeats, 50):
            desk.step()
        input_ms = statistics.median(timed.times) * 1000
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
