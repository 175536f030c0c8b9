"""Game > Phones at the table: turn the phone server on for the open game, one QR code per seat
and one for the board, which seats are connected, and a new link for a seat on demand.

The server (companion/phones/server.py) runs on the window's own qasync loop; it belongs to the
open game's Table and stops when that game closes. Nothing here is loaded until the menu item is
chosen, so start-up pays nothing for it.
"""

from __future__ import annotations

import asyncio
import io

from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from companion.phones.guard import exposure, lan_address
from companion.phones.tokens import BOARD

QR_PIXELS = 180


def qr_pixmap(url: str, pixels: int = QR_PIXELS) -> QPixmap:
    import segno

    buf = io.BytesIO()
    segno.make(url, error="m").save(buf, kind="png", scale=8, border=2)
    pix = QPixmap()
    pix.loadFromData(buf.getvalue(), "PNG")
    return pix.scaled(pixels, pixels, Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.FastTransformation)


def server_of(table):
    """The phone server running for ``table``'s game, or None while phones are off."""
    return getattr(table, "phone_server", None)


def addresses() -> list[str]:
    """Where the server may listen: the LAN address first (the default), then loopback."""
    lan = lan_address()
    return [lan] + [a for a in ("127.0.0.1",) if a != lan]


async def turn_on(table, host: str):
    from companion.phones.server import PhoneServer

    server = PhoneServer(table.session, host, 0)
    await server.start()
    table.phone_server = server
    # off when the game closes: the Table goes with its game
    table.destroyed.connect(lambda *_: asyncio.ensure_future(server.stop()))
    return server


async def turn_off(table) -> None:
    server = server_of(table)
    if server is not None:
        table.phone_server = None
        await server.stop()


class SeatCard(QWidget):
    """One seat's (or the board's) QR code, its link, whether a phone is on it, and Re-issue."""

    def __init__(self, name: str, key: str, dialog: PhonesDialog):
        super().__init__()
        self.key, self.dialog = key, dialog
        lay = QVBoxLayout(self)
        self.title = QLabel(f"<b>{name}</b>")
        self.qr = QLabel()
        self.qr.setFixedSize(QR_PIXELS + 8, QR_PIXELS + 8)
        self.qr.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.status = QLabel()
        self.url = ""
        self.copy = QPushButton("Copy link")
        self.copy.setToolTip("For a device that cannot scan the code")
        self.copy.clicked.connect(self._copy)
        self.reissue = QPushButton("New link")
        self.reissue.setToolTip("Make a new code for this seat; the old link stops working at once")
        self.reissue.clicked.connect(lambda: dialog.reissue(key))
        for w in (self.title, self.qr, self.status, self.copy, self.reissue):
            lay.addWidget(w)
        lay.addStretch(1)

    def show_link(self, url: str, connected: int) -> None:
        if url != self.url:
            self.url = url
            self.qr.setPixmap(qr_pixmap(url))
            self.copy.setToolTip(url)
        self.status.setText(f"\u25cf {connected} connected" if connected else "\u25cb not connected")

    def _copy(self) -> None:
        from PySide6.QtGui import QGuiApplication

        QGuiApplication.clipboard().setText(self.url)


class PhonesDialog(QDialog):
    def __init__(self, table, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Phones at the table")
        self.table = table
        self.cards: dict[str, SeatCard] = {}
        self.pending: asyncio.Future | None = None
        lay = QVBoxLayout(self)
        self.intro = QLabel()
        self.intro.setWordWrap(True)
        lay.addWidget(self.intro)
        row = QHBoxLayout()
        self.address = QComboBox()
        self.address.addItems(addresses())
        self.address.setToolTip("The address phones reach this laptop at (the local network by default)")
        self.toggle = QPushButton()
        self.toggle.clicked.connect(self._toggle)
        row.addWidget(QLabel("Listen on"))
        row.addWidget(self.address, 1)
        row.addWidget(self.toggle)
        lay.addLayout(row)
        self.grid_box = QWidget()
        self.grid = QGridLayout(self.grid_box)
        lay.addWidget(self.grid_box)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.refresh()

    # -- on and off ------------------------------------------------------------------------------
    def _toggle(self) -> None:
        if server_of(self.table) is None:
            self.pending = asyncio.ensure_future(self._on())
        else:
            self.pending = asyncio.ensure_future(self._off())

    async def _on(self) -> None:
        from companion.core.violations import PosthornError

        try:
            server = await turn_on(self.table, self.address.currentText())
        except PosthornError as e:
            self.intro.setText(f"Phones could not be turned on: {e}")
            return
        server.on_connections.append(lambda _now: self.refresh())
        self.refresh()

    async def _off(self) -> None:
        await turn_off(self.table)
        self.refresh()

    def reissue(self, key: str) -> None:
        server = server_of(self.table)
        if server is not None:
            server.reissue(key)
            self.refresh()

    # -- drawing ---------------------------------------------------------------------------------
    def refresh(self) -> None:
        server = server_of(self.table)
        on = server is not None
        self.toggle.setText("Turn phones off" if on else "Turn phones on")
        self.address.setEnabled(not on)
        self.grid_box.setVisible(on)
        if not on:
            self.intro.setText("Each player scans their seat's code with their phone's camera and "
                               "plays their own hand there; the laptop keeps the game. Phones and "
                               "this laptop must be on the same network.")
            return
        warning = exposure(server.host)
        self.intro.setText((f"<b>Warning:</b> {warning}. " if warning else "")
                           + "Scan your seat's code. Keep the codes to yourselves: a code opens "
                             "that seat's hand.")
        links = [(key, name, url) for key, name, url in server.seat_links()]
        links.append((BOARD, "Board (for a tablet or a TV)", server.board_link()))
        connected = server.connected()
        for i, (key, name, url) in enumerate(links):
            card = self.cards.get(key)
            if card is None:
                card = self.cards[key] = SeatCard(name, key, self)
                self.grid.addWidget(card, i // 3, i % 3)
            card.show_link(url, connected.get(key, 0))
        self.adjustSize()


def open_for(win) -> PhonesDialog | None:
    """Show the open game's phones dialog (one per game; it closes with the game)."""
    table = win.table
    if table is None:
        win.warn("Phones at the table", "Start or open a game first: phones join the game that is open.")
        return None
    dialog = getattr(table, "phones_dialog", None)
    if dialog is None:
        dialog = table.phones_dialog = PhonesDialog(table, win)
        table.destroyed.connect(dialog.close)
    dialog.show()
    dialog.raise_()
    return dialog
