"""The score track: one marker per player on a strip from 0 to the target (ab_die_post.game.end),
and the last flight's result beside it."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QWidget

from ..palette import PLANE_COLOURS, colour


class ScoreTrack(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.scores: list[tuple[str, int]] = []
        self.target = 15
        self.setMinimumHeight(46)

    def sizeHint(self):
        return QSize(400, 50)

    def set_scores(self, scores: list[tuple[str, int]], target: int) -> None:
        self.scores, self.target = scores, target
        self.setToolTip(", ".join(f"{p} {n}" for p, n in scores) + f" (target {target})")
        self.update()

    def paintEvent(self, _event):
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        top = 0
        spaces = max(self.target, max((n for _, n in self.scores), default=0)) + 1
        cell = (self.width() - 2) / spaces
        h = self.height() - 18
        for i in range(spaces):
            rect = QRectF(1 + i * cell, top, cell, h)
            past = i >= self.target
            p.setPen(QPen(colour("track.edge"), 1))
            p.setBrush(colour("track.past" if past else ("track.free" if i % 5 else "track.zone")))
            p.drawRect(rect)
        # markers: players on the same space stack side by side
        on_space: dict[int, list[int]] = {}
        for idx, (_, n) in enumerate(self.scores):
            on_space.setdefault(n, []).append(idx)
        for n, idxs in on_space.items():
            size = min(cell * 0.8 / max(1, len(idxs)) * 1.6, h * 0.5, 14)
            for k, idx in enumerate(idxs):
                x = 1 + n * cell + cell / 2 + (k - (len(idxs) - 1) / 2) * size * 0.7 - size / 2
                y = top + (h - size) / 2 + (k % 2) * size * 0.3
                p.setPen(QPen(colour("piece.edge"), 1))
                p.setBrush(QColor(PLANE_COLOURS[idx % len(PLANE_COLOURS)]))
                p.drawEllipse(QRectF(x, y, size, size))
        p.setPen(colour("muted"))
        for i in range(0, spaces, 5):
            if abs(i - self.target) < 3:
                continue  # the target's own label says it
            p.drawText(QRectF(1 + i * cell, h, cell * 3, 16), Qt.AlignmentFlag.AlignLeft, str(i))
        p.setPen(colour("track.note"))
        p.drawText(QRectF(1 + self.target * cell - 60, h, cell + 60, 16), Qt.AlignmentFlag.AlignRight,
                   f"{self.target} wins")
        p.end()
