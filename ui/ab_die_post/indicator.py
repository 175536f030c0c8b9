"""The hurricane indicator: a ball in a window. "Shake" lets the app draw a ball (with a short
animation when the qasync loop runs, as the dice tray does); the colour buttons record the ball
the table's own device showed. Either way it is one chance input (ab_die_post.indicator)."""

from __future__ import annotations

import asyncio
import random

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPainter, QPen, QPixmap, QRadialGradient
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from companion.ab_die_post.view import BALLS

from .. import looks
from ..palette import BALL_COLOURS
from ..palette import colour as palette_colour


def ball_icon(colour: str) -> QIcon:
    pix = QPixmap(14, 14)
    pix.fill(Qt.GlobalColor.transparent)
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(QPen(palette_colour("ball.edge"), 1))
    p.setBrush(QColor(BALL_COLOURS[colour]))
    p.drawEllipse(1, 1, 12, 12)
    p.end()
    return QIcon(pix)


class BallView(QWidget):
    """The indicator's window with the ball in it (empty before a shake)."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.ball: str | None = None
        self.setMinimumSize(56, 56)

    def sizeHint(self):
        return QSize(64, 64)

    def set_ball(self, ball: str | None) -> None:
        self.ball = ball
        self.setToolTip(ball or "no ball showing")
        self.update()

    def paintEvent(self, _event):
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        side = min(self.width(), self.height()) - 6
        x, y = (self.width() - side) / 2, (self.height() - side) / 2
        p.setPen(QPen(palette_colour("indicator.rim"), 2))
        p.setBrush(palette_colour("indicator.face"))
        p.drawEllipse(int(x), int(y), int(side), int(side))
        if self.ball:
            inner = side * 0.8
            ix, iy = x + (side - inner) / 2, y + (side - inner) / 2
            grad = QRadialGradient(ix + inner * 0.35, iy + inner * 0.35, inner * 0.7)
            base = QColor(BALL_COLOURS[self.ball])
            grad.setColorAt(0, base.lighter(170))
            grad.setColorAt(1, base)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(grad)
            p.drawEllipse(int(ix), int(iy), int(inner), int(inner))
        p.end()


class IndicatorPanel(QWidget):
    shake = Signal(str)   # the ball the app drew for the table, after the animation
    seen = Signal(str)    # the ball the table's device showed

    def __init__(self, parent=None):
        super().__init__(parent)
        self.animate = True
        self.choices: tuple = ()
        self.pick = random.choice  # replaced by the screen with the session's seeded bag
        self.ball = BallView()
        self.title = QLabel("Hurricane indicator")
        looks.bold(self.title)
        self.odds = QLabel("")
        self.odds.setWordWrap(True)
        self.shake_button = QPushButton("Shake the indicator")
        self.shake_button.setToolTip("Posthorn draws a ball from the loaded balls (they go back in)")
        self.colour_buttons = {}
        self.grid = grid = QGridLayout()
        grid.setSpacing(4)
        self.device_words = QLabel("Or the ball your device showed:")
        grid.addWidget(self.device_words, 0, 0, 1, 5)
        for i, colour in enumerate(BALLS):
            b = QPushButton(ball_icon(colour), colour)
            b.clicked.connect(lambda _=False, c=colour: self.seen.emit(c))
            self.colour_buttons[colour] = b
            grid.addWidget(b, 1, i)
        self.in_table_mode = False
        top = QHBoxLayout()
        top.addWidget(self.ball)
        col = QVBoxLayout()
        col.addWidget(self.title)
        col.addWidget(self.odds)
        top.addLayout(col, 1)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addLayout(top)
        self.shake_row = QVBoxLayout()
        self.shake_row.addWidget(self.shake_button)
        lay.addLayout(self.shake_row)
        lay.addLayout(grid)
        lay.addStretch(1)
        self.shake_button.clicked.connect(self._shake_clicked)

    def set_table_mode(self, on: bool) -> None:
        """In table mode the title goes (the phase bar names the step in its type) and the shake
        sits beside the device's balls, their words in the tips: the page has a quarter of a
        short column's height, under the players' table."""
        self.title.setVisible(not on)
        self.device_words.setVisible(not on)
        if on == self.in_table_mode:
            return
        self.in_table_mode = on
        (self.shake_row if on else self.grid).removeWidget(self.shake_button)
        for b in self.colour_buttons.values():
            self.grid.removeWidget(b)
        if on:
            self.grid.addWidget(self.shake_button, 1, 0)
        else:
            self.shake_row.addWidget(self.shake_button)
        for i, b in enumerate(self.colour_buttons.values()):
            self.grid.addWidget(b, 1, i + (1 if on else 0))

    def set_request(self, choices: tuple, odds_text: str, ball: str | None) -> None:
        """``choices``: the loaded balls when a shake is owed, else empty (the buttons rest)."""
        self.choices = tuple(choices)
        self.odds.setText(odds_text)
        self.ball.set_ball(ball)
        for b in [self.shake_button, *self.colour_buttons.values()]:
            b.setEnabled(bool(self.choices))
        for colour, b in self.colour_buttons.items():
            b.setVisible(colour in self.choices or not self.choices)

    def _shake_clicked(self) -> None:
        if not self.choices:
            return
        try:
            asyncio.get_running_loop()
            running = True
        except RuntimeError:
            running = False
        if self.animate and running:
            self.shake_button.setEnabled(False)
            asyncio.ensure_future(self._tumble())
        else:
            self.shake.emit(self.pick(list(self.choices)))

    async def _tumble(self) -> None:
        """The balls rattle in the window; the real ball comes from the session's bag."""
        for _ in range(10):
            self.ball.set_ball(random.choice(self.choices))
            await asyncio.sleep(0.05)
        self.shake.emit(self.pick(list(self.choices)))
