"""What the phone tests share: a Postman game on the small test board, a phone server on
loopback (in this thread's loop for the test client, or in a thread of its own for a browser),
and headless Chromium pointed at it. Nothing here talks to any address but 127.0.0.1."""

from __future__ import annotations

import asyncio
import os
import shutil
import tempfile
import threading
from concurrent.futures import Future

from postman.kit import BOARD, pack

from companion.core.inputs import Input, draw
from companion.core.session import Session
from companion.phones.server import PhoneServer
from companion.postman.rules import RULES

POSTMEN = ["QH", "KH", "AD", "5D", "KD"]
HOLNISTS = ["KC", "AS", "5S", "JS", "QS"]
LOOPBACK = "127.0.0.1"


def postman_game(postmen=POSTMEN, holnists=HOLNISTS, seed: int = 11) -> Session:
    """A Postman game dealt and at the Postmen's Move phase."""
    s = Session(RULES, pack(), {"board": BOARD}, seed)
    for card in list(postmen) + list(holnists):
        assert s.submit(draw(card, "table")).accepted
    return s


def play(session: Session, kind: str, **args):
    out = session.submit(Input(kind, args))
    assert out.accepted, out.violations
    return out


class ThreadedServer:
    """A PhoneServer on its own event loop in a thread, for a browser to reach. The laptop's
    session is touched only on that loop (``call``), as the window touches it only on its own."""

    def __init__(self, session: Session):
        self.session = session
        self.loop = asyncio.new_event_loop()
        self.server = PhoneServer(session, LOOPBACK, 0)
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        asyncio.run_coroutine_threadsafe(self.server.start(), self.loop).result(10)

    def call(self, fn, *args):
        """Run ``fn(*args)`` on the server's loop and return its result."""
        done: Future = Future()

        def run():
            try:
                done.set_result(fn(*args))
            except BaseException as e:  # handed back to the test thread
                done.set_exception(e)

        self.loop.call_soon_threadsafe(run)
        return done.result(10)

    def close(self) -> None:
        asyncio.run_coroutine_threadsafe(self.server.stop(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


CHROMIUM, DRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
#: Everything that could make Chromium reach out to the network on its own is off.
CHROMIUM_FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--disable-extensions", "--disable-default-apps", "--no-default-browser-check",
                  "--disable-features=Translate,OptimizationHints,MediaRouter,AutofillServerCommunication",
                  "--metrics-recording-only", "--no-pings", "--hide-scrollbars")


class Phone:
    """One headless Chromium with a fresh profile, at a phone's size (390x844)."""

    def __init__(self, width: int = 390, height: int = 844, dark: bool = False):
        os.environ.setdefault("SE_OFFLINE", "true")  # Selenium Manager must not download anything
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        self.profile = tempfile.mkdtemp(prefix="posthorn-chromium-")
        opts = webdriver.ChromeOptions()
        opts.binary_location = CHROMIUM
        for flag in CHROMIUM_FLAGS:
            opts.add_argument(flag)
        opts.add_argument(f"--user-data-dir={self.profile}")
        opts.add_argument(f"--window-size={width},{height}")
        self.driver = webdriver.Chrome(service=Service(DRIVER), options=opts)
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 2, "mobile": True})
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
            {"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            shutil.rmtree(self.profile, ignore_errors=True)


def holnists_owe_a_retreat_roll(session: Session) -> None:
    """Rider 1 rides into the Base Camp; the Holnists' Patrol tries to retreat: its roll is owed
    by the Holnists (postman.move.retreat)."""
    play(session, "move", units=["rider1"], path=["mid1", "mid2", "camp"])
    play(session, "retreat", unit="patrol1", to="hill")
    assert session.seat_of(Input("roll")) == "holnists"
