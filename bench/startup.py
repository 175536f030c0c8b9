"""Start-up benchmark: Posthorn's first frame, its rendered start page and its peak memory, each
against a bare PySide6 window started the same way.

All run as child processes the same way (this Python, QT_QPA_PLATFORM=offscreen, cwd the repo):

- first frame: ``python -m ui.app --quit-after-first-frame`` against ``bench/bare_window.py``,
  both exiting right after their first frame is painted (budget 1.25x);
- start page: ``python -m ui.app --screenshot FILE`` (the start page rendered to a PNG) against
  ``bench/bare_window.py --grab FILE`` (the bare window shown, grabbed and saved; budget 1.5x);
- peak memory of the first-frame runs (budget 1.5x).

Runs are interleaved (bare, app, bare, app, ...) after one warm-up each, so a busy moment of the
machine hits both alike. The warm-up writes the modules' bytecode even where
PYTHONDONTWRITEBYTECODE is set, so the timed runs start as an installed app does. Wall time is from spawn to exit; CPU time is the child's user and
system time and peak memory its ru_maxrss, both from os.wait4. The ratio of times is the median
of the per-pair ratios. Both clocks are printed; the budgets judge wall time, or CPU time with
``--clock cpu`` (on a machine other work keeps busy the wall time includes waiting for a core).

    .venv/bin/python bench/startup.py [--runs N] [--clock wall|cpu]

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
    wall, _cpu, rss = run_timed(cmd, env)
    return wall, rss


def run_timed(cmd: list[str], env: dict) -> tuple[float, float, int]:
    """Spawn ``cmd``; return (wall seconds to exit, the child's CPU seconds (user and system),
    peak RSS in KiB). Raise ChildFailed."""
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
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def measure(runs: int, app_module: str = "ui.app", clock: str = "wall") -> int:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    # an installed app starts from its bytecode: with PYTHONDONTWRITEBYTECODE set (as some shells
    # and CI set it) every run would compile the app's modules again, and the bare window has
    # next to none to compile, so the warm-up runs below write the bytecode the timed runs read
    env.pop("PYTHONDONTWRITEBYTECODE", None)
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

    keys = ("bare_t", "app_t", "bare_c", "app_c", "bare_m", "app_m", "ratio", "cpu_ratio")
    got: dict[str, dict[str, list]] = {name: {k: [] for k in keys} for name in pairs}
    for _ in range(runs):
        for name, (bare_cmd, app_cmd) in pairs.items():
            try:
                bt, bc, bm = run_timed(bare_cmd, env)
                at, ac, am = run_timed(app_cmd, env)
            except ChildFailed as e:
                print(f"startup: a run failed ({name}): {e}", file=sys.stderr)
                return 2
            g = got[name]
            g["bare_t"].append(bt)
            g["app_t"].append(at)
            g["bare_m"].append(bm)
            g["app_m"].append(am)
            g["bare_c"].append(bc)
            g["app_c"].append(ac)
            g["ratio"].append(at / bt)
            g["cpu_ratio"].append(ac / bc)

    med = statistics.median
    judged = "ratio" if clock == "wall" else "cpu_ratio"
    rows, ok = [], True
    for name, label, budget in (("first frame", "first frame (spawn to exit)", FIRST_FRAME_BUDGET),
                                ("start page", "start page rendered (--screenshot / grab)", BUDGET)):
        g = got[name]
        r = med(g[judged])
        ok &= r <= budget
        rows.append((label, f"{med(g['app_t']) * 1000:.0f} ms", f"{med(g['bare_t']) * 1000:.0f} ms",
                     f"{med(g['ratio']):.2f}x", f"{med(g['app_c']) * 1000:.0f} ms", f"{med(g['bare_c']) * 1000:.0f} ms",
                     f"{med(g['cpu_ratio']):.2f}x", f"{budget:.2f}x", "ok" if r <= budget else "OVER"))
    g = got["first frame"]
    mem = med(g["app_m"]) / med(g["bare_m"])
    ok &= mem <= BUDGET
    rows.append(("peak memory (ru_maxrss, first frame)", f"{med(g['app_m']) / 1024:.1f} MiB",
                 f"{med(g['bare_m']) / 1024:.1f} MiB", f"{mem:.2f}x", "", "", "", f"{BUDGET:.2f}x",
                 "ok" if mem <= BUDGET else "OVER"))
    print(f"start-up, {runs} interleaved runs each, medians (ratio: median of per-pair ratios); time "
          f"judged on {clock} (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    print(table(["", "posthorn", "bare window", "ratio", "cpu posthorn", "bare window", "ratio", "budget", ""], rows))
    return 0 if ok else 1


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11, help="interleaved runs of each (default 11)")
    parser.add_argument("--app-module", default="ui.app",
                        help="module run with -m as the app (default ui.app)")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="the time the budgets judge: wall (default), or the children's CPU time "
                             "(user and system), for a machine other work keeps busy")
    args = parser.parse_args(argv)
    return measure(max(1, args.runs), args.app_module, args.clock)


if __name__ == "__main__":
    sys.exit(main())
