"""Run every benchmark in turn and print their tables.

    .venv/bin/python bench/run_all.py [--quick]

Benchmarks, not tests: each compares Posthorn against a baseline measured in the same run and
prints the ratio, so the figures mean the same on a slow machine and a fast one. Exit status: 0
all within budget, 1 some figure over budget, 2 a benchmark could not run.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

BENCHMARKS = {
    "startup.py": (["--runs", "11"], ["--runs", "3"]),
    "replay.py": (["--repeats", "21"], ["--repeats", "5"]),
    "battle_odds.py": ([], ["--repeats", "5"]),
    "postman_replay.py": (["--repeats", "15"], ["--repeats", "3"]),
    "position_copy.py": ([], ["--repeats", "3"]),
    "ui_latency.py": (["-k", "40"], ["-k", "10", "--lengths", "100,1000"]),
}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs: a smoke check, not figures")
    args = parser.parse_args(argv)
    worst = 0
    for script, (full, quick) in BENCHMARKS.items():
        cmd = [sys.executable, str(HERE / script), *(quick if args.quick else full)]
        code = subprocess.run(cmd, cwd=HERE.parent, check=False).returncode
        if code not in (0, 1):
            print(f"run_all: {script} could not run (exit status {code})", file=sys.stderr)
            code = 2
        worst = max(worst, code)
        print()
    print("run_all:", {0: "all within budget", 1: "some figure is OVER budget",
                       2: "a benchmark failed to run"}[worst])
    return worst


if __name__ == "__main__":
    sys.exit(main())
