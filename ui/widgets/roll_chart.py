"""The chart of the owed roll: the chances the rules will judge it by, read from its request.

Summed dice (or one die) chart each total, the ones that meet the target in the outcome's colour;
dice judged one by one chart how many of them succeed, one chart per side that rolls them
(``companion/core/roll_targets.odds_charts``). With no roll owed there is no chart.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QSizePolicy, QWidget

from companion.core.dice import RollRequest
from companion.core.roll_targets import OddsChart, odds_charts

from ..palette import colour

GOOD, BAD, MISSED, COUNT = "odds.win", "odds.lose", "odds.none", "chart.count"  # palette names
CHART_HEIGHT = 110


class RollChart(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.charts: list[OddsChart] = []
        self.good_when_met = True
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setAccessibleName("Chances of the owed roll")
        self.setVisible(False)

    def set_request(self, request: RollRequest | None) -> None:
        self.charts = odds_charts(request) if request is not None else []
        self.good_when_met = request.success if request is not None else True
        self.setFixedHeight(CHART_HEIGHT * len(self.charts))
        self.setVisible(bool(self.charts))
        words = "; ".join(f"{c.title}: " + ", ".join(f"{b.label} {b.chance * 100:.1f}%" for b in c.bars)
                          for c in self.charts)
        self.setAccessibleDescription(words)
        self.setToolTip(words)
        self.update()

    def bar_colour(self, met: bool | None):
        if met is None:
            return colour(COUNT)
        if not met:
            return colour(MISSED)
        return colour(GOOD if self.good_when_met else BAD)

    def paintEvent(self, _event):
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        for i, chart in enumerate(self.charts):
            self._paint_one(p, chart, QRectF(0, i * CHART_HEIGHT, self.width(), CHART_HEIGHT))
        p.end()

    def _paint_one(self, p: QPainter, chart: OddsChart, box: QRectF) -> None:
        fm = p.fontMetrics()
        line = fm.height()
        text = self.palette().text().color()
        p.setPen(text)
        p.drawText(QRectF(box.left() + 4, box.top(), box.width() - 8, line),
                   Qt.AlignmentFlag.AlignLeft, fm.elidedText(chart.title, Qt.TextElideMode.ElideRight,
                                                             int(box.width() - 8)))
        if any(fm.horizontalAdvance(b.label) > (box.width() - 8) / len(chart.bars) for b in chart.bars):
            self._paint_rows(p, chart, box.adjusted(4, line + 4, -4, 0))
            return
        top = box.top() + 2 * line + 2  # the title, then room for the bars' percentages
        plot_h = max(10.0, box.bottom() - line - 6 - top)
        slot = (box.width() - 8) / len(chart.bars)
        highest = max(b.chance for b in chart.bars) or 1.0
        for j, b in enumerate(chart.bars):
            x = box.left() + 4 + j * slot
            h = plot_h * b.chance / highest
            p.fillRect(QRectF(x + slot * 0.12, top + plot_h - h, slot * 0.76, h), self.bar_colour(b.met))
            p.setPen(text)
            p.drawText(QRectF(x, top + plot_h + 2, slot, line), Qt.AlignmentFlag.AlignCenter, b.label)
            share = f"{b.chance * 100:.0f}%" if b.chance >= 0.005 else ""
            if share and fm.horizontalAdvance(share) <= slot:
                p.drawText(QRectF(x, top + plot_h - h - line, slot, line), Qt.AlignmentFlag.AlignCenter, share)

    def _paint_rows(self, p: QPainter, chart: OddsChart, box: QRectF) -> None:
        """Outcomes named in words (a duel's): one row each, its words, a bar and its chance."""
        fm = p.fontMetrics()
        row = min(fm.height() + 6.0, box.height() / len(chart.bars))
        words_w = max(fm.horizontalAdvance(b.label) for b in chart.bars) + 8
        share_w = fm.horizontalAdvance("100%") + 6
        room = max(10.0, box.width() - words_w - share_w)
        for j, b in enumerate(chart.bars):
            y = box.top() + j * row
            p.setPen(self.palette().text().color())
            p.drawText(QRectF(box.left(), y, words_w, row), Qt.AlignmentFlag.AlignVCenter, b.label)
            p.fillRect(QRectF(box.left() + words_w, y + 3, room * b.chance, row - 6), self.bar_colour(b.met))
            p.drawText(QRectF(box.left() + words_w + room * b.chance + 4, y, share_w, row),
                       Qt.AlignmentFlag.AlignVCenter, f"{b.chance * 100:.0f}%")
