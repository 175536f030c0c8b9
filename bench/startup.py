"""Start-up benchmark: Posthorn's first frame and peak memory against a bare PySide6 window.

Both run as child processes the same way (this Python, QT_QPA_PLATFORM=offscreen, cwd the repo),
both exit right after their first frame is painted: ``python -m ui.app --quit-after-first-frame``
and ``python bench/bare_window.py``. Runs are interleaved (bare, app, bare, app, ...) after one
warm-up each, so a busy moment of the machine hits both alike. Wall time is from spawn to exit;
peak memory is the child's ru_maxrss from os.wait4. Budgets (DESIGN.md): 1.5x for both.

    .venv/bin/python bench/startup.py [--runs N]

Exit status: 0 within budget, 1 over budget, 2 a child failed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import table  # bench/common.py (the script's folder is on sys.path)

ROOT = Path(__file__).resolve().parent.parent
BUDGET = 1.5
TIMEOUT = 60.0


class ChildFailed(Exception):
    pass


def run_once(cmd: list[str], env: dict) -> tuple[float, int]:
    """Spawn ``cmd``; return (wall seconds to exit, peak RSS in KiB). Raise ChildFailed."""
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL, stderr=err)
        deadline = start + TIMEOUT
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                proc.kill()
                os.wait4(proc.pid, 0)
                proc.returncode = -9
                raise ChildFailed(f"did not exit within {TIMEOUT:.0f} s (is the first frame ever painted?)")
            time.sleep(0.001)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            err.seek(0)
            tail = err.read().decode("utf-8", "replace").strip().splitlines()[-8:]
            raise ChildFailed(f"exited with status {proc.returncode}" +
                              "".join(f"\n    {line}" for line in tail))
    return wall, usage.ru_maxrss


def measure(runs: int, app_module: str = "ui.app") -> int:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    data_dir = tempfile.mkdtemp(prefix="posthorn-bench-")
    env["POSTHORN_DATA_DIR"] = data_dir  # no saves to resume, nothing of the user's touched
    bare_cmd = [sys.executable, str(ROOT / "bench" / "bare_window.py")]
    app_cmd = [sys.executable, "-m", app_module, "--quit-after-first-frame"]

    try:
        run_once(bare_cmd, env)
    except ChildFailed as e:
        print(f"startup: the bare PySide6 window failed, so there is no baseline: {e}", file=sys.stderr)
        return 2
    try:
        run_once(app_cmd, env)
    except ChildFailed as e:
        print(f"startup: the app failed to start ({' '.join(app_cmd[1:])}): {e}", file=sys.stderr)
        return 2

    bare_t, app_t, bare_m, app_m, ratios = [], [], [], [], []
    for _ in range(runs):
        try:
            bt, bm = run_once(bare_cmd, env)
            at, am = run_once(app_cmd, env)
        except ChildFailed as e:
            print(f"startup: a run failed: {e}", file=sys.stderr)
            return 2
        bare_t.append(bt)
        app_t.append(at)
        bare_m.append(bm)
        app_m.append(am)
        ratios.append(at / bt)

    time_ratio = statistics.median(ratios)
    mem_ratio = statistics.median(app_m) / statistics.median(bare_m)
    rows = [
        ("first frame (wall, spawn to exit)", f"{statistics.median(bare_t) * 1000:.0f} ms",
         f"{statistics.median(app_t) * 1000:.0f} ms", time_ratio),
        ("peak memory (ru_maxrss)", f"{statistics.median(bare_m) / 1024:.1f} MiB",
         f"{statistics.median(app_m) / 1024:.1f} MiB", mem_ratio),
    ]
    print(f"start-up, {runs} interleaved runs each, medians (ratio of time: median of per-pair ratios)")
    print(table(["", "posthorn", "bare window", "ratio", "budget", ""],
                [(name, a, b, f"{r:.2f}x", f"{BUDGET:.1f}x", "ok" if r <= BUDGET else "OVER")
                 for name, b, a, r in rows]))
    return 0 if time_ratio <= BUDGET and mem_ratio <= BUDGET else 1


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11, help="interleaved runs of each (default 11)")
    parser.add_argument("--app-module", default="ui.app",
                        help="module run with -m as the app (default ui.app)")
    args = parser.parse_args(argv)
    return measure(max(1, args.runs), args.app_module)


if __name__ == "__main__":
    sys.exit(main())
