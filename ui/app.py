"""Entry point. Headless commands go to companion.cli before Qt is imported, so `posthorn
replay` and `posthorn check-pack` start fast and work without a display.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in ("replay", "check-pack", "serve"):
        from companion import cli

        return cli.main(argv)
    parser = argparse.ArgumentParser(prog="posthorn", description="A companion for tabletop games "
                                     "of mail, couriers and messengers. Headless: posthorn replay "
                                     "RECORD, posthorn check-pack DIR.")
    parser.add_argument("--screenshot", nargs="+", metavar=("FILE", "RECORD"),
                        help="render the window (with RECORD loaded) to a PNG and exit")
    parser.add_argument("--size", default="1280x800", help="window size for --screenshot, e.g. 1366x768")
    parser.add_argument("--theme", choices=("light", "dark"), help="colours for --screenshot")
    parser.add_argument("--text-size", choices=("normal", "large", "larger"), help="text size for --screenshot")
    parser.add_argument("--table-mode", action="store_true", help="--screenshot in table mode")
    parser.add_argument("--self-test", action="store_true",
                        help="load every rule pack, replay the sample records, exit 0 if all is well")
    parser.add_argument("--seed", type=int, metavar="N",
                        help="roll and deal new games from seed N, reproducibly (for tests and bug reports); "
                             "without it the app's dice use the system's randomness")
    parser.add_argument("--quit-after-first-frame", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("record", nargs="?", help="a game record to open")
    args = parser.parse_args(argv)
    from companion import cli

    cli.safe_streams()
    if args.self_test:
        from companion.selftest import run

        return cli.guarded(run, "posthorn --self-test")
    if args.screenshot and len(args.screenshot) > 2:
        parser.error("--screenshot takes FILE and at most one RECORD")
    if args.screenshot:
        if not os.environ.get("QT_QPA_PLATFORM"):  # unset or empty: Qt took "" for its default, xcb
            os.environ["QT_QPA_PLATFORM"] = "offscreen"
        shown = args.screenshot[1] if len(args.screenshot) == 2 else args.record
        return cli.guarded(lambda: run_gui(args), "posthorn --screenshot", shown)
    if args.theme or args.text_size or args.table_mode:
        parser.error("--theme, --text-size and --table-mode go with --screenshot (the window has them in View)")
    return run_gui(args)


NO_DISPLAY = """posthorn: there is no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set).
  Start it from a desktop session, or over SSH with X forwarding (ssh -X), or on a virtual display:
      xvfb-run -a ./dev.sh run    (or xvfb-run -a .venv/bin/posthorn; Debian/Ubuntu: apt-get install xvfb)
  Without a window: posthorn --screenshot FILE [RECORD], posthorn replay RECORD, posthorn --self-test."""


def no_display() -> bool:
    """On Linux and the BSDs a window needs an X or Wayland display; without one Qt aborts with a
    misleading message about a missing xcb library, so say what is missing instead."""
    if not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return False
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if platform and not platform.startswith(("xcb", "wayland")):
        return False  # offscreen, vnc, eglfs...: Qt's own business
    return not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def run_gui(args) -> int:
    if not args.screenshot and no_display():
        print(NO_DISPLAY, file=sys.stderr)
        return 2
    # No garbage collection before the first frame: loading Qt makes tens of thousands of objects
    # and no garbage, so each collection there is only a delay (about 5 ms in all); the objects
    # of the start-up are then frozen out of every later collection.
    gc.disable()
    try:
        return _run_gui(args)
    finally:
        _collect_from_now_on()


def _collect_from_now_on() -> None:
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def _run_gui(args) -> int:
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication

    slot_errors: list[Exception] = []
    if args.screenshot:
        _quiet_offscreen_messages()
        _keep_slot_errors(slot_errors)
    # Fusion is the one style that draws any palette on every system (ui/looks.py)
    app = QApplication.instance() or QApplication([*sys.argv[:1], "-style", "Fusion"])
    app.setApplicationName("Posthorn")
    app.setOrganizationName("Posthorn")
    from .main_window import MainWindow

    win = MainWindow(interactive=not args.screenshot)
    win.seed_for_new_games = args.seed

    if args.screenshot:
        status = _screenshot(app, win, args)
        if slot_errors:  # past cli.guarded on the way in: raised again, it reports and exits 3
            raise slot_errors[0]
        return status
    painted = []
    if args.quit_after_first_frame:
        class FirstFrame(QObject):
            def eventFilter(self, obj, event):
                if event.type() == QEvent.Type.Paint:
                    painted.append(True)
                return False

        win.installEventFilter(FirstFrame(win))
    from .crash_dialog import CrashHandler

    crashes = CrashHandler(win).install()
    win.show()
    app.processEvents()  # the first frame, before the event loop's own imports (asyncio, qasync)
    _collect_from_now_on()
    if args.quit_after_first_frame:
        for _ in range(50):
            if painted:
                return 0
            app.processEvents()
        return 1
    if args.record:
        QTimer.singleShot(0, lambda: win.open_record(args.record))
    import asyncio

    import qasync

    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    crashes.install(loop)
    closing = asyncio.Event()
    app.aboutToQuit.connect(closing.set)
    with loop:
        loop.run_until_complete(closing.wait())
    return crashes.exit_status


def _quiet_offscreen_messages() -> None:
    """The offscreen platform warns that it cannot pass size hints to a window manager it does not
    have; that says nothing about the picture, so --screenshot keeps it off the terminal."""
    from PySide6.QtCore import qInstallMessageHandler

    def handler(_mode, _context, message: str) -> None:
        if message != "This plugin does not support propagateSizeHints()":
            print(message, file=sys.stderr)

    qInstallMessageHandler(handler)


def _keep_slot_errors(errors: list) -> None:
    """Qt hands an exception raised in a slot to sys.excepthook, not to the caller: without the
    window's crash dialog, screenshot mode keeps it to raise once the picture is taken."""
    def hook(kind, exc, tb):
        if isinstance(exc, Exception):
            errors.append(exc)
        else:  # Ctrl+C and exits keep their usual meaning
            sys.__excepthook__(kind, exc, tb)

    sys.excepthook = hook


def _screenshot(app, win, args) -> int:
    try:
        w, h = (int(x) for x in args.size.lower().split("x"))
    except ValueError:
        print(f"posthorn: --size expects WIDTHxHEIGHT, got {args.size!r}", file=sys.stderr)
        return 2
    win.warn = lambda title, text: print(f"posthorn: {title}: {text}", file=sys.stderr)
    if args.theme:  # for this picture only: the player's own choices stay as they were
        win.set_colours(args.theme, remember=False)
    if args.text_size:
        win.set_text_size(args.text_size, remember=False)
    win.resize(w, h)
    win.show()
    record = args.screenshot[1] if len(args.screenshot) == 2 else args.record  # --size may come between
    if record and not win.open_record(record):
        return 2
    if args.table_mode:
        win.set_table_mode(True, full_screen=False)  # the picture keeps the size asked for
    for _ in range(5):
        app.processEvents()
    ok = win.grab().save(args.screenshot[0])
    if not ok:
        print(f"posthorn: could not write {args.screenshot[0]}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
