"""Headless commands: ``posthorn replay RECORD`` and ``posthorn check-pack DIR``. No Qt here.

Exit statuses (companion/core/crash.py): 0 success; 1 the record replayed but some inputs were
flagged or refused (a failed self-test check); 2 the file could not be used at all (the message
says what and where); 3 an internal error, a bug, with a crash report in the user data folder.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .core import crash

HEADLESS = ("replay", "check-pack", "serve")


def safe_streams() -> None:
    """Printing never fails on text the terminal cannot show (a file name that is not UTF-8)."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


def replay(path: str, out=None, as_json: bool = False, reveal: bool = False) -> int:
    from . import games
    from .core import autosave
    from .core.violations import PosthornError
    from .core.words import counted

    out = out or sys.stdout  # looked up now, so redirecting sys.stdout works

    try:
        rec = autosave.read(Path(path))  # an autosave's journal holds its newest inputs
        session, verdicts = games.restore(rec, path)
    except PosthornError as e:
        print(f"posthorn replay: {e}", file=sys.stderr)
        return crash.UNUSABLE
    # without --reveal, the public view: what anyone at the table may see (companion/<game>/seats.py)
    state = session.rules.state_json(session.state) if reveal else session.rules.public_view(session.state)
    if as_json:
        json.dump({
            "verdicts": [{"number": v.number, "verdict": v.verdict, "text": v.text,
                          "violations": [x.to_json() for x in v.violations],
                          **({"reason": v.reason} if v.reason else {})} for v in verdicts],
            "state": state,
            **({} if reveal else {"hidden": "the public view: hands, sealed orders and the unseen draw "
                                            "pile are left out; --reveal shows the whole state"}),
        }, out, indent=1, ensure_ascii=False)
        out.write("\n")
    else:
        print(f"{rec.title or rec.game}: {counted(len(verdicts), 'input')}, pack {rec.pack.get('id')}", file=out)
        if session.pack.hash != rec.pack.get("hash"):
            print(f"note: pack content differs from the one the game was played with ({session.pack.hash})", file=out)
        for v in verdicts:
            print(v.line(), file=out)
        if not reveal:
            print("note: the public view: hands, sealed orders and the unseen draw pile are left out; "
                  "--reveal shows the whole state", file=out)
        print("final state:", file=out)
        json.dump(state, out, indent=1, ensure_ascii=False)
        out.write("\n")
    bad = sum(v.verdict in ("flagged", "refused") for v in verdicts)
    return crash.FLAGGED if bad else crash.OK


def check_pack(path: str, out=None) -> int:
    from .core.violations import PosthornError
    from .core.words import counted
    from .games import load_pack

    out = out or sys.stdout

    try:
        pack = load_pack(path)
    except PosthornError as e:
        print(f"posthorn check-pack: {e}", file=sys.stderr)
        return crash.UNUSABLE
    print(f"{pack.title} ({pack.id}, game {pack.game}, version {pack.version}): OK", file=out)
    print(f"content hash {pack.hash}; {counted(len(pack.reference), 'rule')} in the reference", file=out)
    return 0


def _serve_command(sub) -> None:
    s = sub.add_parser("serve", help="serve a game to phones at the table, without a window")
    s.add_argument("record", nargs="?", help="the game to serve (default: the newest autosave)")
    s.add_argument("--host", help="the address to listen on (default: this machine's LAN address)")
    s.add_argument("--port", type=int, default=8765, help="the port (default 8765; 0 picks a free one)")
    s.add_argument("--public", action="store_true",
                   help="allow a public or wildcard address (anyone who can reach it and has a link plays)")


def main(argv: list[str]) -> int:
    safe_streams()
    parser = argparse.ArgumentParser(prog="posthorn")
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("replay", help="replay a game record and print each input's verdict")
    r.add_argument("record")
    r.add_argument("--json", action="store_true", help="print verdicts and state as one JSON document")
    r.add_argument("--reveal", action="store_true",
                   help="include hands, sealed orders and the draw pile (hidden by default)")
    c = sub.add_parser("check-pack", help="validate a rule pack folder")
    c.add_argument("folder")
    _serve_command(sub)
    args = parser.parse_args(argv)
    if args.command == "serve":
        from .phones.serve import serve

        return guarded(lambda: serve(args.record, args.host, args.port, args.public), "posthorn serve",
                       args.record)
    if args.command == "replay":
        return guarded(lambda: replay(args.record, as_json=args.json, reveal=args.reveal),
                       "posthorn replay", args.record)
    return guarded(lambda: check_pack(args.folder), "posthorn check-pack", args.folder)


def guarded(run, command: str, record: str | None = None) -> int:
    """Run a command; an exception no check expected is reported as a bug (exit status 3)."""
    try:
        return run()
    except BrokenPipeError:  # `posthorn replay game.json | head`: the reader has had enough
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return crash.OK
    except Exception as e:  # noqa: BLE001 - the one place every unexpected error ends
        return crash.report(e, command, record)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
