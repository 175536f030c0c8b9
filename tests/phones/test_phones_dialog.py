"""Game > Phones at the table in the window: turned on for the open game on the qasync loop, one
QR code per seat and the board's, who is connected, a new link per seat, off when the game
closes. The server listens on loopback only here."""

from __future__ import annotations

import asyncio
import os

import pytest
from postman.kit import BOARD

pytest.importorskip("PySide6")


@pytest.fixture
def loop(qapp):
    import qasync

    loop = qasync.QEventLoop(qapp)
    asyncio.set_event_loop(loop)
    yield loop
    asyncio.set_event_loop(None)


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("POSTHORN_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("POSTHORN_SETTINGS_DIR", str(tmp_path / "settings"))
    from ui.main_window import MainWindow

    win = MainWindow()
    win.warnings = []
    win.warn = lambda title, text: win.warnings.append(text)
    qtbot.addWidget(win)
    win.show()
    return win


def test_phones_dialog_turns_the_server_on_shows_codes_and_goes_off_with_the_game(window, qtbot, loop):
    from PySide6.QtCore import Qt

    from ui.phones_dialog import server_of

    window.actions_["phones"].trigger()
    assert window.warnings and "open a game" in window.warnings[-1]
    assert window.new_game("postman", {"board": BOARD}, seed=1)
    window.actions_["phones"].trigger()
    dialog = window.table.phones_dialog
    assert dialog.isVisible() and dialog.toggle.text() == "Turn phones on"
    assert server_of(window.table) is None  # off by default
    dialog.address.setCurrentText("127.0.0.1")
    qtbot.mouseClick(dialog.toggle, Qt.MouseButton.LeftButton)
    loop.run_until_complete(dialog.pending)
    server = server_of(window.table)
    assert server is not None and server.host == "127.0.0.1"
    assert list(dialog.cards) == ["postmen", "holnists", "\x00board"]
    for key, card in dialog.cards.items():
        assert not card.qr.pixmap().isNull() and card.url == server.url(key)
        assert card.status.text().endswith("not connected")

    async def phone():
        import aiohttp

        async with aiohttp.ClientSession() as http:
            ws = await http.ws_connect(server.url("holnists").replace("http", "ws").replace("/seat/", "/ws/"),
                                       origin=f"http://127.0.0.1:{server.port}")
            first = await ws.receive_json(timeout=5)
            seen = dialog.cards["holnists"].status.text()
            old = dialog.cards["holnists"].url
            qtbot.mouseClick(dialog.cards["holnists"].reissue, Qt.MouseButton.LeftButton)
            await ws.receive(timeout=5)
            return first, seen, old, ws.close_code

    first, seen, old, code = loop.run_until_complete(phone())
    assert first["seat"] == "holnists" and seen == "\u25cf 1 connected"
    assert code == 4403 and dialog.cards["holnists"].url == server.url("holnists") != old
    if os.environ.get("POSTHORN_SHOTS"):
        dialog.grab().save(os.path.join(os.environ["POSTHORN_SHOTS"], "phones-dialog.png"))

    session = window.table.session
    window.close_game()
    for _ in range(20):
        qtbot.wait(20)
        loop.run_until_complete(asyncio.sleep(0.01))
    assert server._on_change not in session.listeners and server._runner is None
