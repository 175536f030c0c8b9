"""Start-up benchmark: Posthorn's first frame, its rendered start page and its peak memory, each
against a bare PySide6 window started the same way.

All run as child processes the same way (this Python, QT_QPA_PLATFORM=offscreen, cwd the repo):

- first frame: ``python -m ui.app --quit-after-first-frame`` against ``bench/bare_window.py``,
  both exiting right after their first frame is painted (budget 1.25x);
- start page: ``python -m ui.app --screenshot FILE`` (the start page rendered to a PNG) against
  ``bench/bare_window.py --grab FILE`` (the bare window shown, grabbed and saved; budget 1.5x);
- peak memory of the first-frame runs (budget 1.5x).

Runs are interleaved (bare, app, bare, app, ...) after one warm-up each, so a busy moment of the
machine hits both alike. Wall time is from spawn to exit; peak memory is the child's ru_maxrss
from os.wait4. The ratio of times is the median of the per-pair ratios.

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
BUDGET = 1.5  # start page and memory
FIRST_FRAME_BUDGET = 1.25
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
    shot = str(Path(data_dir) / "shot.png")
    pairs = {
        "first frame": ([sys.executable, str(ROOT / "bench" / "bare_window.py")],
                        [sys.executable, "-m", app_module, "--quit-after-first-frame"]),
        "start page": ([sys.executable, str(ROOT / "bench" / "bare_window.py"), "--grab", shot],
                       [sys.executable, "-m", app_module, "--screenshot", shot, "--size", "1280x800"]),
    }
    for name, (bare_cmd, app_cmd) in pairs.items():  # a warm-up of each, and a check both work
        for who, cmd in (("the bare PySide6 window", bare_cmd), ("the app", app_cmd)):
            try:
                run_once(cmd, env)
            except ChildFailed as e:
                print(f"startup: {who} failed ({name}: {' '.join(cmd[1:])}): {e}", file=sys.stderr)
                return 2

    got: dict[str, dict[str, list]] = {name: {"bare_t": [], "app_t": [], "bare_m": [], "app_m": [], "ratio": []}
                                       for name in pairs}
    for _ in range(runs):
        for name, (bare_cmd, app_cmd) in pairs.items():
            try:
                bt, bm = run_once(bare_cmd, env)
                at, am = run_once(app_cmd, env)
            except ChildFailed as e:
                print(f"startup: a run failed ({name}): {e}", file=sys.stderr)
                return 2
            g = got[name]
            g["bare_t"].append(bt)
            g["app_t"].append(at)
            g["bare_m"].append(bm)
            g["app_m"].append(am)
            g["ratio"].append(at / bt)

    med = statistics.median
    rows, ok = [], True
    for name, label, budget in (("first frame", "first frame (wall, spawn to exit)", FIRST_FRAME_BUDGET),
                                ("start page", "start page rendered (--screenshot / grab)", BUDGET)):
        g = got[name]
        r = med(g["ratio"])
        ok &= r <= budget
        rows.append((label, f"{med(g['app_t']) * 1000:.0f} ms", f"{med(g['bare_t']) * 1000:.0f} ms", r, budget))
    g = got["first frame"]
    mem = med(g["app_m"]) / med(g["bare_m"])
    ok &= mem <= BUDGET
    rows.append(("peak memory (ru_maxrss, first frame)", f"{med(g['app_m']) / 1024:.1f} MiB",
                 f"{med(g['bare_m']) / 1024:.1f} MiB", mem, BUDGET))
    print(f"start-up, {runs} interleaved runs each, medians (ratio of time: median of per-pair ratios)")
    print(table(["", "posthorn", "bare window", "ratio", "budget", ""],
                [(name, a, b, f"{r:.2f}x", f"{budget:.2f}x", "ok" if r <= budget else "OVER")
                 for name, a, b, r, budget in rows]))
    return 0 if ok else 1


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11, help="interleaved runs of each (default 11)")
    parser.add_argument("--app-module", default="ui.app",
                        help="module run with -m as the app (default ui.app)")
    args = parser.parse_args(argv)
    return measure(max(1, args.runs), args.app_module)


if __name__ == "__main__":
    sys.exit(main())
