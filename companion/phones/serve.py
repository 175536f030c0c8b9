"""``posthorn serve [RECORD] [--host H] [--port P]``: the phone server without a window.

It serves RECORD's game (continued in a new autosave, as the window does) or, without one, the
newest autosave (continued in place). It prints ``SEAT <seat name> <url>`` for every seat and
``BOARD <url>``, then serves until interrupted (Ctrl+C or SIGTERM).
"""

from __future__ import annotations

import asyncio
import signal
import sys
from pathlib import Path

from .. import games
from ..core import autosave
from ..core.autosave import Autosaver, latest
from ..core.violations import PosthornError
from .guard import exposure, lan_address


def _game(record: str | None):
    """The session to serve and its autosaver."""
    if record is None:
        saved, problem = latest()
        if saved is None:
            raise PosthornError("no game to serve: give a record, or start one in the window first"
                                + (f" (the newest autosave cannot be read: {problem})" if problem else ""))
        path, continue_file = saved.path, True
    else:
        path, continue_file = Path(record), False
    rec = autosave.read(path)  # its journal's newest inputs too: the next compaction keeps them
    session, verdicts = games.restore(rec, str(path))
    bad = [v for v in verdicts if v.verdict in ("flagged", "refused")]
    if bad:
        continue_file = False  # the file keeps what it had; the game goes on in a new autosave
    autosaver = Autosaver(session, path if continue_file else None, rec.title, rec.created)
    if not continue_file:
        autosaver(session)
    return session, autosaver, bad


async def _serve(session, host: str | None, port: int, allow_public: bool, out) -> None:
    from .server import PhoneServer

    server = PhoneServer(session, host, port, allow_public=allow_public)
    await server.start()
    if server.warning:
        print(f"WARNING: {server.warning}", file=sys.stderr, flush=True)
    for _seat, name, url in server.seat_links():
        print(f"SEAT {name} {url}", file=out)
    print(f"BOARD {server.board_link()}", file=out, flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):  # Windows: Ctrl+C raises KeyboardInterrupt
            pass
    try:
        await stop.wait()
    finally:
        await server.stop()


def serve(record: str | None, host: str | None, port: int, allow_public: bool = False, out=None) -> int:
    out = out or sys.stdout
    warning = exposure(host or lan_address())
    if warning and not allow_public:  # before the game is opened: a refusal writes no autosave
        print(f"posthorn serve: {warning}; choose a LAN address, or give --public to allow it",
              file=sys.stderr)
        return 2
    try:
        session, autosaver, bad = _game(record)
    except PosthornError as e:
        print(f"posthorn serve: {e}", file=sys.stderr)
        return 2
    for v in bad:
        print(f"left out: {v.line()}", file=sys.stderr)
    print(f"autosaving to {autosaver.path}", file=sys.stderr)
    try:
        asyncio.run(_serve(session, host, port, allow_public, out))
    except PosthornError as e:
        print(f"posthorn serve: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        pass
    return 0
