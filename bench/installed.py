"""The installed app: size of the .deb and of what it unpacks to, and its start against a bare
PySide6 window from the venv.

    python3 packaging/build.py                      # makes dist/posthorn_VERSION_ARCH.deb
    .venv/bin/python bench/installed.py [DEB] [--runs N]

Sizes: the .deb file; the app folder it puts in /opt/posthorn; everything it installs (its
Installed-Size). Start: ``posthorn --quit-after-first-frame`` (the installed /usr/bin/posthorn if
this .deb's version is installed, otherwise the same files unpacked from the .deb into a temporary
folder) against ``python bench/bare_window.py`` run with this Python (the budget), and against
the same app from the venv (``python -m ui.app``: what packaging itself adds), interleaved after
one warm-up each, both offscreen, wall time from spawn to exit (bench/startup.py's method). Budgets:
the .deb under 45 MB, the start at most 1.3x the bare window.

Exit status: 0 within budget, 1 over budget, 2 no .deb or a child failed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from common import table  # bench/common.py (the script's folder is on sys.path)
from startup import ChildFailed, run_once

ROOT = Path(__file__).resolve().parent.parent
DEB_BUDGET_MB = 45.0
START_BUDGET = 1.3


def tree_size(folder: Path) -> int:
    return sum(p.lstat().st_size for p in folder.rglob("*") if not p.is_dir())


def deb_field(deb: Path, field: str) -> str:
    return subprocess.run(["dpkg-deb", "-f", str(deb), field], check=True, capture_output=True,
                          text=True).stdout.strip()


def installed_version() -> str | None:
    r = subprocess.run(["dpkg-query", "-W", "-f=${Status} ${Version}", "posthorn"],
                       capture_output=True, text=True)
    if r.returncode != 0 or not r.stdout.startswith("install ok installed"):
        return None
    return r.stdout.split()[-1]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deb", nargs="?", type=Path, help="the .deb (default: the newest in dist/)")
    parser.add_argument("--runs", type=int, default=11, help="interleaved runs of each (default 11)")
    args = parser.parse_args(argv)
    deb = args.deb or max((ROOT / "dist").glob("posthorn_*.deb"), key=os.path.getmtime, default=None)
    if deb is None or not deb.is_file():
        print("installed: no .deb: build one first with `python3 packaging/build.py`", file=sys.stderr)
        return 2

    with tempfile.TemporaryDirectory(prefix="posthorn-installed-") as tmp:
        unpacked = Path(tmp) / "root"
        subprocess.run(["dpkg-deb", "-x", str(deb), str(unpacked)], check=True)
        deb_mb = deb.stat().st_size / 1e6
        app_mb = tree_size(unpacked / "opt" / "posthorn") / 1e6
        all_mb = int(deb_field(deb, "Installed-Size")) * 1024 / 1e6
        if installed_version() == deb_field(deb, "Version") and Path("/usr/bin/posthorn").exists():
            app_cmd, where = ["/usr/bin/posthorn"], "installed /usr/bin/posthorn"
        else:
            app_cmd, where = [str(unpacked / "opt" / "posthorn" / "posthorn")], "unpacked from the .deb"
        app_cmd.append("--quit-after-first-frame")
        bare_cmd = [sys.executable, str(ROOT / "bench" / "bare_window.py")]
        venv_cmd = [sys.executable, "-m", "ui.app", "--quit-after-first-frame"]
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", POSTHORN_DATA_DIR=str(Path(tmp) / "data"))

        try:
            for cmd in (bare_cmd, venv_cmd, app_cmd):
                run_once(cmd, env)
            bare_t, app_t, venv_t, bare_m, app_m, ratios, packaging = [], [], [], [], [], [], []
            for _ in range(max(1, args.runs)):
                bt, bm = run_once(bare_cmd, env)
                at, am = run_once(app_cmd, env)
                vt, _vm = run_once(venv_cmd, env)
                bare_t.append(bt)
                app_t.append(at)
                venv_t.append(vt)
                bare_m.append(bm)
                app_m.append(am)
                ratios.append(at / bt)
                packaging.append(at / vt)
        except ChildFailed as e:
            print(f"installed: a run failed: {e}", file=sys.stderr)
            return 2

    ratio = statistics.median(ratios)
    mem_ratio = statistics.median(app_m) / statistics.median(bare_m)
    print(f"installed app ({deb.name}, {where}); {args.runs} interleaved runs each, medians")
    print(table(["size", "MB", "budget", ""], [
        (".deb file", f"{deb_mb:.1f}", f"< {DEB_BUDGET_MB:.0f}", "ok" if deb_mb < DEB_BUDGET_MB else "OVER"),
        ("app folder (/opt/posthorn)", f"{app_mb:.1f}", "", ""),
        ("everything installed", f"{all_mb:.1f}", "", ""),
    ]))
    print()
    print(table(["start (spawn to first frame, exit)", "installed", "baseline", "ratio", "budget", ""], [
        ("against the bare window", f"{statistics.median(app_t) * 1000:.0f} ms",
         f"{statistics.median(bare_t) * 1000:.0f} ms", f"{ratio:.2f}x", f"{START_BUDGET:.1f}x",
         "ok" if ratio <= START_BUDGET else "OVER"),
        ("same app from the venv (what packaging adds)", f"{statistics.median(app_t) * 1000:.0f} ms",
         f"{statistics.median(venv_t) * 1000:.0f} ms", f"{statistics.median(packaging):.2f}x", "", ""),
        ("peak memory (ru_maxrss)", f"{statistics.median(app_m) / 1024:.1f} MiB",
         f"{statistics.median(bare_m) / 1024:.1f} MiB", f"{mem_ratio:.2f}x", "", ""),
    ]))
    return 0 if deb_mb < DEB_BUDGET_MB and ratio <= START_BUDGET else 1


if __name__ == "__main__":
    sys.exit(main())
