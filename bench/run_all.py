"""Run every benchmark in turn, print their tables, then every budget's verdict.

    .venv/bin/python bench/run_all.py [--quick] [--clock cpu|wall]

Benchmarks, not tests: each compares Posthorn against a baseline measured in the same run and
prints the ratio, so the figures mean the same on a slow machine and a fast one. The UI latency
benchmark runs with a bounded number of inputs per length (``-k``), so the whole run takes
minutes. It and the start-up benchmark judge their budgets on CPU time (``--clock cpu``, the
default here: the machine is shared) unless ``--clock wall`` is given. bench/installed.py is
left out: it needs a built .deb (packaging/build.py).

At the end every line of a benchmark's tables that carries a verdict (``ok`` or ``OVER``) is
printed again under its benchmark, with the benchmark's exit status. Exit status: 0 all within
budget, 1 some figure over budget, 2 a benchmark could not run.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

#: the UI latency benchmark's games at full length, all four (the Postman's 5,000-input game is
#: bench/playouts.py's LongPostman, about 150 s of CPU to build)
UI_GAMES = "couriers,postman,thurn_and_taxis,ab_die_post"
#: inputs timed per length: the issue's own forty (at twenty the p95 is the second-slowest click
#: of twenty and swung by 5 ms from run to run, and missed the Postman's costly ends of phase)
UI_K = "40"

BENCHMARKS = {
    "startup.py": (["--runs", "11"], ["--runs", "3"]),
    "replay.py": (["--repeats", "21"], ["--repeats", "5"]),
    "battle_odds.py": ([], ["--repeats", "5"]),
    "postman_replay.py": (["--repeats", "15"], ["--repeats", "3"]),
    "position_copy.py": ([], ["--repeats", "3"]),
    "ui_latency.py": (["-k", UI_K, "--games", UI_GAMES], ["-k", "10", "--lengths", "100,1000"]),
}
#: the benchmarks that can judge on CPU time (``--clock``)
CLOCKED = ("startup.py", "ui_latency.py", "postman_replay.py")
STATUS = {0: "within budget", 1: "OVER budget", 2: "could not run"}
VERDICT = re.compile(r"(?:^|\s)(ok|OVER)(?:\s|$)")


def run_one(script: str, args: list[str]) -> tuple[int, list[str]]:
    """Run one benchmark, its output shown as it comes; its exit status and its verdict lines."""
    cmd = [sys.executable, str(HERE / script), *args]
    proc = subprocess.Popen(cmd, cwd=HERE.parent, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    verdicts = []
    for line in proc.stdout:
        print(line, end="", flush=True)
        if VERDICT.search(line):
            verdicts.append(" ".join(line.split()))
    code = proc.wait()
    if code not in (0, 1):
        print(f"run_all: {script} could not run (exit status {code})", file=sys.stderr)
        code = 2
    return code, verdicts


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs: a smoke check, not figures")
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                        help="the time the start-up, UI latency and Postman replay budgets are judged on (default cpu)")
    args = parser.parse_args(argv)
    results = {}
    for script, (full, quick) in BENCHMARKS.items():
        extra = ["--clock", args.clock] if script in CLOCKED else []
        results[script] = run_one(script, [*(quick if args.quick else full), *extra])
        print()
    print("run_all: every budget's verdict")
    for script, (code, verdicts) in results.items():
        print(f"  {script}: {STATUS[code]}")
        for line in verdicts:
            print(f"    {line}")
    worst = max(code for code, _v in results.values())
    print("run_all:", {0: "all within budget", 1: "some figure is OVER budget",
                       2: "a benchmark failed to run"}[worst])
    return worst


if __name__ == "__main__":
    sys.exit(main())
