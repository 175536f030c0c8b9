"""A battle's exact odds as one bar: win / retreat / surrender / lose, from the Postmen's side."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QSizePolicy, QWidget

PARTS = (("win", "Postmen win", "#2e7d32"), ("retreat", "Postmen retreat", "#c9a227"),
         ("surrender", "Postmen surrender", "#d9822b"), ("lose", "Postmen lose", "#b3261e"),
         ("no_battle", "no battle", "#9e9e9e"))


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
        return "   ".join(f"{label}: {self.odds[key] * 100:.1f}%" for key, label, _c in PARTS
                          if self.odds.get(key, 0) > 0.0005)

    def legend(self) -> str:
        """The same odds in one short line under the bar."""
        parts = [f"{label.removeprefix('Postmen ')} {self.odds[key] * 100:.1f}%" for key, label, _c in PARTS
                 if self.odds.get(key, 0) > 0.0005]
        return "Postmen: " + " \u00b7 ".join(parts) if parts else ""

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        w, h = self.width(), self.height()
        if not self.odds:
            p.setPen(QColor("#888"))
            p.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "no odds now")
            return
        x = 0.0
        for key, _label, colour in PARTS:
            share = self.odds.get(key, 0.0)
            if share <= 0:
                continue
            width = share * w
            rect = QRectF(x, 0, width, h)
            p.fillRect(rect, QColor(colour))
            if width > 34:
                p.setPen(QColor("white"))
                p.drawText(rect, Qt.AlignmentFlag.AlignCenter, f"{share * 100:.0f}%")
            x += width
