"""``posthorn --self-test``: load every rule pack, replay every bundled sample record, touch the
user data folder. Headless, for installers; exit 0 only if all of it works."""

from __future__ import annotations

import sys
from importlib import resources

from . import games
from .core import records
from .core.storage import atomic_write, data_dir
from .core.violations import PosthornError
from .games import GAMES, bundled_pack


def run(out=sys.stdout) -> int:
    failures = 0
    for info in GAMES.values():
        if not info.ready:
            continue
        try:
            pack = bundled_pack(info.id)
            print(f"pack {pack.id}: OK ({len(pack.reference)} rules)", file=out)
        except PosthornError as e:
            print(f"pack {info.id}: FAILED: {e}", file=out)
            failures += 1
            continue
        samples = resources.files("rules") / info.id / "samples"
        if not samples.is_dir():
            continue
        for item in sorted(samples.iterdir(), key=lambda t: t.name):
            if not item.name.endswith(".json"):
                continue
            try:
                rec = records.parse(item.read_text(encoding="utf-8"), item.name)
                _session, verdicts = games.restore(rec, item.name, pack)
                refused = [v for v in verdicts if v.verdict == "refused"]
                if refused:
                    raise PosthornError(refused[0].line())
                print(f"sample {info.id}/{item.name}: OK ({len(verdicts)} inputs)", file=out)
            except PosthornError as e:
                print(f"sample {info.id}/{item.name}: FAILED: {e}", file=out)
                failures += 1
    try:
        probe = data_dir() / ".self-test"
        atomic_write(probe, "ok\n")
        probe.unlink()
        print(f"user data folder {data_dir()}: OK", file=out)
    except OSError as e:
        print(f"user data folder: FAILED: {e}", file=out)
        failures += 1
    print("self-test passed" if not failures else f"self-test FAILED ({failures})", file=out)
    return 0 if not failures else 1
