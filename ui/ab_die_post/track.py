"""The score track: one marker per player on a strip from 0 to the target (ab_die_post.game.end),
and the last flight's result beside it."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QWidget

from ..palette import PLANE_COLOURS, colour, scheme

#: the palette's tones of the target's words and of the numbers under the track
TARGET_TONE, NUMBER_TONE = "track.note", "muted"


class ScoreTrack(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.scores: list[tuple[str, int]] = []
        self.target = 15
        self._strip = QPixmap()
        self._painted = None
        self.paints = 0  # strips painted anew, for the tests

    def _label_height(self) -> float:
        return QFontMetricsF(self.font()).height() + 2  # the numbers under the track grow with the text

    def minimumSizeHint(self):
        return QSize(200, int(28 + self._label_height()))

    def sizeHint(self):
        return QSize(400, int(32 + self._label_height()))

    def set_scores(self, scores: list[tuple[str, int]], target: int) -> None:
        if (scores, target) == (self.scores, self.target):
            return  # an input that scored nothing leaves the strip as it is
        self.scores, self.target = scores, target
        self.setToolTip(", ".join(f"{p} {n}" for p, n in scores) + f" (target {target})")
        self.update()

    def paintEvent(self, _event):
        # up to 200 spaces of strip: painted once per look of it, then copied
        ratio = self.devicePixelRatioF()
        key = (self.size(), ratio, tuple(self.scores), self.target, scheme(), self.font().key())
        if key != self._painted:
            self._strip = QPixmap(self.size() * ratio)
            self._strip.setDevicePixelRatio(ratio)
            self._strip.fill(Qt.GlobalColor.transparent)
            self._paint(self._strip)
            self._painted = key
            self.paints += 1
        p = QPainter(self)
        p.drawPixmap(0, 0, self._strip)
        p.end()

    def _paint(self, device) -> None:
        p = QPainter(device)
        p.setFont(self.font())
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        top = 0
        spaces = max(self.target, max((n for _, n in self.scores), default=0)) + 1
        cell = (self.width() - 2) / spaces
        h = self.height() - self._label_height()
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
        for box, text, flags, tone in self._labels():
            p.setPen(colour(tone))
            p.drawText(box, flags, text)
        p.end()

    def text_boxes(self) -> list:
        """The numbers under the track and the target's words, as (box, text, font, flags)."""
        return [(box, text, self.font(), flags) for box, text, flags, _tone in self._labels()]

    def _labels(self) -> list:
        """The words under the track as (box, text, flags, tone): the target's words stand out
        (the score the rules end the game at, ab_die_post.game.end), the numbers are muted."""
        spaces = max(self.target, max((n for _, n in self.scores), default=0)) + 1
        cell = (self.width() - 2) / spaces
        fm = QFontMetricsF(self.font())
        line = self._label_height()
        y = self.height() - line
        left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
        wins = f"{self.target} wins"
        wide = fm.horizontalAdvance(wins) + 2
        x_wins = min(1 + (self.target + 1) * cell, self.width() - 1) - wide
        out = [(QRectF(x_wins, y, wide, line), wins, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop,
                TARGET_TONE)]
        for i in range(0, spaces, 5):
            text = str(i)
            box = QRectF(1 + i * cell, y, fm.horizontalAdvance(text) + 2, line)
            if box.right() < x_wins - 4:  # the target's own words say it
                out.append((box, text, left, NUMBER_TONE))
        return out
