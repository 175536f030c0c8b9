"""Battle odds benchmark: the full distribution of a 10-against-10 Postman battle, against a
baseline measured in the same run.

Every timed call is cold: ``battle_odds`` keeps nothing between calls, and each call gets fresh
unit lists. Sides (hit chances from the Fight stats, no cards):

- Postmen: 4 Postal Riders (1/6), 4 Postmen Cavalry (1/2), 2 Town Militia (1/6).
- Holnists: 6 Regiments (2/3), 3 Patrols (1/3), the General (5/6).

Rows: neither side can retreat (both rounds, every state), retreat possible for both, and the same
battle with Rule Number 7 and the Postman in place of a Rider. Budget 20 ms median for each. The
exact (Fraction) mode is shown for reference, with no budget. Baselines: a plain Python loop of
10^5 float multiplications, and ``round_odds`` for 1 against 1.

    .venv/bin/python bench/battle_odds.py [--repeats N]

Exit status: 0 within budget, 1 over budget.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from fractions import Fraction

from common import table  # bench/common.py (the script's folder is on sys.path)

from companion.postman.odds import Fighter, battle_odds, round_odds

BUDGET_MS = 20.0


def sides(exact: bool = False, postman: bool = False):
    n = Fraction if exact else float
    postmen = ([Fighter("Postal Rider", n(1) / 6) for _ in range(3 if postman else 4)]
               + [Fighter("Postmen Cavalry", n(1) / 2) for _ in range(4)]
               + [Fighter("Town Militia", n(1) / 6, militia=True) for _ in range(2)])
    if postman:
        postmen.append(Fighter("The Postman", n(2) / 6, leader=True))
    holnists = ([Fighter("Holnist Regiment", n(2) / 3) for _ in range(6)]
                + [Fighter("Holnist Patrol", n(1) / 3) for _ in range(3)]
                + [Fighter("The General", n(5) / 6, leader=True)])
    return postmen, holnists


def median_ms(fn, repeats: int) -> tuple[float, float]:
    """Median and slowest of ``repeats`` calls, in milliseconds."""
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000, max(times) * 1000


def float_loop():
    x = 1.0
    for _ in range(100_000):
        x *= 1.000001
    return x


def measure(repeats: int) -> int:
    def battle(retreat: bool, rule7: bool = False, exact: bool = False):
        def call():
            postmen, holnists = sides(exact, postman=rule7)
            return battle_odds(postmen, holnists, postmen_can_retreat=retreat,
                               holnists_can_retreat=retreat, rule7=rule7, exact=exact)
        return call

    loop_ms, _ = median_ms(float_loop, repeats)
    one_ms, _ = median_ms(lambda: round_odds([Fighter("Rider", 1 / 6)],
                                             [Fighter("Patrol", 1 / 3)]), max(repeats, 1000))
    rows = [
        ("10v10, no retreat (2 rounds)", battle(False), BUDGET_MS),
        ("10v10, both may retreat", battle(True), BUDGET_MS),
        ("10v10, no retreat, Rule Number 7", battle(False, rule7=True), BUDGET_MS),
        ("10v10, no retreat, exact Fractions", battle(False, exact=True), None),
    ]
    results = []
    for name, fn, budget in rows:
        fn()  # import-time and first-call effects out of the figures
        med, worst = median_ms(fn, repeats if budget else max(3, repeats // 10))
        results.append((name, med, worst, budget))
    odds = battle(False)().summary()
    print(f"battle_odds: cold calls, median of {repeats} (exact: {max(3, repeats // 10)}); "
          f"10v10 no retreat, Postmen's view: "
          + ", ".join(f"{bar} {p:.1%}" for bar, p in odds.items()))
    print(table(
        ["", "posthorn", "slowest", "budget", "", "ratio to 10^5 float *",
         "ratio to round_odds 1v1"],
        [(name, f"{m:.2f} ms", f"{w:.2f} ms", f"{b:.0f} ms" if b else "-",
          ("ok" if m <= b else "OVER") if b else "", f"{m / loop_ms:.2f}x",
          f"{m / one_ms:.0f}x")
         for name, m, w, b in results]))
    print(f"baselines (same run): 10^5 float multiplications in a Python loop {loop_ms:.2f} ms; "
          f"round_odds 1v1 {one_ms * 1000:.1f} us")
    return 0 if all(m <= b for _, m, _, b in results if b) else 1


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=101, help="timed calls (default 101)")
    args = parser.parse_args(argv)
    return measure(max(1, args.repeats))


if __name__ == "__main__":
    sys.exit(main())
