"""Headless commands: ``posthorn replay RECORD`` and ``posthorn check-pack DIR``. No Qt here.

Exit codes: 0 success; 1 the record replayed but some inputs were flagged or refused; 2 the file
could not be used at all (the message says what and where).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .core.violations import PosthornError

HEADLESS = ("replay", "check-pack")


def replay(path: str, out=None, as_json: bool = False) -> int:
    from .core import records

    out = out or sys.stdout  # looked up now, so redirecting sys.stdout works

    try:
        rec = records.read(Path(path))
        session, verdicts = records.restore(rec, path)
    except PosthornError as e:
        print(f"posthorn replay: {e}", file=sys.stderr)
        return 2
    if as_json:
        json.dump({
            "verdicts": [{"number": v.number, "verdict": v.verdict, "text": v.text,
                          "violations": [x.to_json() for x in v.violations],
                          **({"reason": v.reason} if v.reason else {})} for v in verdicts],
            "state": session.rules.state_json(session.state),
        }, out, indent=1, ensure_ascii=False)
        out.write("\n")
    else:
        print(f"{rec.title or rec.game}: {len(verdicts)} input(s), pack {rec.pack.get('id')}", file=out)
        if session.pack.hash != rec.pack.get("hash"):
            print(f"note: pack content differs from the one the game was played with ({session.pack.hash})", file=out)
        for v in verdicts:
            print(v.line(), file=out)
        print("final state:", file=out)
        json.dump(session.rules.state_json(session.state), out, indent=1, ensure_ascii=False)
        out.write("\n")
    bad = sum(v.verdict in ("flagged", "refused") for v in verdicts)
    return 1 if bad else 0


def check_pack(path: str, out=None) -> int:
    from .core.packs import load_pack

    out = out or sys.stdout

    try:
        pack = load_pack(path)
    except PosthornError as e:
        print(f"posthorn check-pack: {e}", file=sys.stderr)
        return 2
    print(f"{pack.title} ({pack.id}, game {pack.game}, version {pack.version}): OK", file=out)
    print(f"content hash {pack.hash}; {len(pack.reference)} rule(s) in the reference", file=out)
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="posthorn")
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("replay", help="replay a game record and print each input's verdict")
    r.add_argument("record")
    r.add_argument("--json", action="store_true", help="print verdicts and state as one JSON document")
    c = sub.add_parser("check-pack", help="validate a rule pack folder")
    c.add_argument("folder")
    args = parser.parse_args(argv)
    try:
        if args.command == "replay":
            return replay(args.record, as_json=args.json)
        return check_pack(args.folder)
    except BrokenPipeError:  # `posthorn replay game.json | head`: the reader has had enough
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
