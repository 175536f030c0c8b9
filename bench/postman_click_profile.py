"""Where a Postman click's time goes (#12), to choose what to make faster; not a benchmark (the
figures judged are bench/ui_latency.py's).

The long game is built as the benchmark builds it (bench/playouts.py, the same seed) and kept
under ``--keep`` so a second run skips the build; each length is opened in the main window at
1366x768, its last K inputs undone and submitted again one by one through ``Table.submit``,
as the benchmark does. Printed per length: CPU p95 of the clicks, how many paint events and
layout requests each widget class received over the K clicks, and with ``--profile`` the
functions that took the most time in them (cProfile, cumulative).

    .venv/bin/python bench/postman_click_profile.py --lengths 100,1000 [-k 40] [--profile] [--op input|undo|redo]
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("POSTHORN_DATA_DIR", tempfile.mkdtemp(prefix="posthorn-bench-profile-"))

from playouts import BUILDERS  # noqa: E402  (puts the repository on sys.path)
from ui_latency import SIZE, p95, quiet_platform, write_record  # noqa: E402

from tests.ui import frames  # noqa: E402


def records(lengths: list[int], seed: int, keep: Path) -> dict[int, Path]:
    keep.mkdir(parents=True, exist_ok=True)
    paths = {n: keep / f"postman-{seed}-{n}.json" for n in lengths}
    missing = [n for n, p in paths.items() if not p.exists()]
    if missing:
        t0 = time.perf_counter()
        session = BUILDERS["postman"](max(missing), seed)
        print(f"built {len(session.entries)} inputs in {time.perf_counter() - t0:.1f} s", file=sys.stderr)
        for n in missing:
            write_record(session, n, paths[n])
    return paths


def timing_app():
    """The application, timing each paint event it delivers (CPU ms by widget class): Qt paints
    a widget's children after the widget, each by its own event, so the times do not nest."""
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication

    class Timing(QApplication):
        def __init__(self, argv):
            super().__init__(argv)
            self.on = False
            self.paint_ms: Counter[str] = Counter()

        def notify(self, obj, event):
            if not self.on or event.type() != QEvent.Type.Paint:
                return super().notify(obj, event)
            c0 = time.process_time()
            try:
                return super().notify(obj, event)
            finally:
                self.paint_ms[_name(obj)] += (time.process_time() - c0) * 1000

    return Timing(sys.argv[:1])


def counting(app):
    """An application-wide event filter counting paints and layout requests by class name."""
    from PySide6.QtCore import QEvent, QObject

    class Counting(QObject):
        def __init__(self):
            super().__init__()
            self.on = False
            self.watch = os.environ.get("WATCH_PAINTS", "")
            self.seen: list[str] = []
            self.paints: Counter[str] = Counter()
            self.layouts: Counter[str] = Counter()

        def eventFilter(self, obj, event):
            if self.on:
                kind = event.type()
                if kind == QEvent.Type.Paint:
                    self.paints[_name(obj)] += 1
                    if self.watch and self.watch in _name(obj):
                        r = event.rect()
                        owner = obj
                        while owner is not None and not owner.objectName():
                            owner = owner.parent()
                        owner = owner or obj
                        self.seen.append(f"{_name(obj)}[{owner.objectName()}] {r.x()},{r.y()} {r.width()}x{r.height()}"
                                         f" of {obj.width()}x{obj.height()}")
                elif kind == QEvent.Type.LayoutRequest:
                    self.layouts[_name(obj)] += 1
            return False

    c = Counting()
    app.installEventFilter(c)
    return c


def _name(obj) -> str:
    parent = obj.parent()
    own = type(obj).__name__
    return f"{type(parent).__name__}>{own}" if own in ("QWidget", "QScrollBar") and parent else own


def measure(app, path: Path, k: int, op: str, profile: bool, counter, only: set) -> None:
    from ui.main_window import MainWindow

    win = MainWindow()
    win.confirm = lambda *_a: True
    win.resize(*SIZE)
    win.show()
    assert win.open_record(path)
    frames.settle(app)
    frames.full_render(win)
    s = win.table.session
    screen = win.screen_widget
    screen.stack.view.setObjectName("town")
    screen.battle.view.setObjectName("battle")
    k = min(k, len(s.entries) - 1)
    for _ in range(k):
        win.undo()
    frames.settle(app)
    again = [e.input for e in reversed(s._redo)]
    if op == "input":
        steps = [lambda inp=inp: win.table.submit(inp, bool(inp.override)) for inp in again]
    elif op == "redo":
        steps = [win.redo] * k
    else:
        for _ in range(k):
            win.redo()
        frames.settle(app)
        steps = [win.undo] * k
    prof = cProfile.Profile() if profile else None
    times, parts = [], []
    kinds = [inp.kind for inp in again] if op == "input" else [op] * k
    counter.on = app.on = True
    for kind, step in zip(kinds, steps, strict=True):
        c0 = time.process_time()
        if prof and (not only or kind in only):
            prof.enable()
        step()
        c1 = time.process_time()
        frames.settle(app)
        if prof:
            prof.disable()
        times.append((time.process_time() - c0) * 1000)
        if counter.watch:
            print(f"{kind} {times[-1]:.0f}: {'; '.join(counter.seen)}")
            counter.seen.clear()
        parts.append(((c1 - c0) * 1000, (time.process_time() - c1) * 1000))
    counter.on = app.on = False
    print(f"\n== {path.name}: {op} CPU median {sorted(times)[len(times) // 2]:.1f} p95 {p95(times):.1f} ms "
          f"(slowest {', '.join(f'{t:.1f}' for t in sorted(times)[-4:])})")
    slow = sorted(range(len(times)), key=times.__getitem__)[-6:]
    print("slowest (kind: the call, then the settle):",
          "; ".join(f"{kinds[i]} {parts[i][0]:.1f}+{parts[i][1]:.1f}" for i in slow))
    print("all, in order:", " ".join(f"{kinds[i][:6]}:{times[i]:.0f}" for i in range(len(times))))
    print("paints:", ", ".join(f"{n} {c}" for n, c in counter.paints.most_common(14)))
    print("layouts:", ", ".join(f"{n} {c}" for n, c in counter.layouts.most_common(10)))
    print("paint ms:", ", ".join(f"{n} {c:.0f}" for n, c in app.paint_ms.most_common(14)))
    app.paint_ms.clear()
    counter.paints.clear()
    counter.layouts.clear()
    if prof:
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats("cumulative").print_stats(45)
        print(out.getvalue())
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(25)
        print(out.getvalue())
    win.close_game()
    win.close()
    win.deleteLater()
    app.processEvents()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lengths", default="100,1000")
    parser.add_argument("-k", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1851)
    parser.add_argument("--op", choices=("input", "undo", "redo"), default="input")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--kind", default="", help="profile only the inputs of these kinds (comma-separated)")
    parser.add_argument("--keep", type=Path, default=Path(tempfile.gettempdir()) / "posthorn-click-profile")
    args = parser.parse_args(argv)
    quiet_platform()
    app = timing_app()
    counter = counting(app)
    lengths = [int(x) for x in args.lengths.split(",")]
    for path in records(lengths, args.seed, args.keep).values():
        measure(app, path, args.k, args.op, args.profile, counter, set(filter(None, args.kind.split(","))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
