"""A battle's exact odds as one bar: win / retreat / surrender / lose, from the Postmen's side."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QSizePolicy, QWidget

from companion.core.words import percent

from ..palette import colour

#: (outcome, words, palette colour of its part of the bar)
PARTS = (("win", "Postmen win", "odds.win"), ("retreat", "Postmen retreat", "odds.retreat"),
         ("surrender", "Postmen surrender", "odds.surrender"), ("lose", "Postmen lose", "odds.lose"),
         ("no_battle", "no battle", "odds.none"))
#: the parts light enough to need dark figures
LIGHT_PARTS = ("odds.retreat", "odds.surrender", "odds.none")


class OddsBar(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.odds: dict[str, float] = {}
        self.setMinimumHeight(26)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:
        return QSize(260, 28)

    def set_odds(self, odds: dict[str, float] | None) -> None:
        self.odds = dict(odds or {})
        self.setToolTip(self.text())
        self.update()

    def text(self) -> str:
        return "   ".join(f"{label}: {percent(self.odds[key])}" for key, label, _c in PARTS
                          if self.odds.get(key, 0) > 0.0005)

    def legend(self) -> str:
        """The same odds in one short line under the bar."""
        parts = [f"{label.removeprefix('Postmen ')} {percent(self.odds[key])}" for key, label, _c in PARTS
                 if self.odds.get(key, 0) > 0.0005]
        return "Postmen: " + " \u00b7 ".join(parts) if parts else ""

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        w, h = self.width(), self.height()
        if not self.odds:
            p.setPen(colour("muted"))
            p.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "no odds now")
            return
        x = 0.0
        for key, _label, part in PARTS:
            share = self.odds.get(key, 0.0)
            if share <= 0:
                continue
            width = share * w
            rect = QRectF(x, 0, width, h)
            p.fillRect(rect, colour(part))
            label = percent(share)
            if p.fontMetrics().horizontalAdvance(label) + 6 <= width:
                p.setPen(colour("odds.text.dark" if part in LIGHT_PARTS else "odds.text"))
                p.drawText(rect, Qt.AlignmentFlag.AlignCenter, label)
            x += width
