"""The chart of the owed roll: the chances the rules will judge it by, read from its request.

Summed dice (or one die) chart each total, the ones that meet the target in the outcome's colour;
dice judged one by one chart how many of them succeed, one chart per side that rolls them
(``companion/core/roll_targets.odds_charts``). With no roll owed there is no chart.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFontMetricsF, QPainter
from PySide6.QtWidgets import QSizePolicy, QWidget

from companion.core.dice import RollRequest
from companion.core.roll_targets import OddsChart, odds_charts
from companion.core.words import percent

from ..palette import colour

GOOD, BAD, MISSED, COUNT = "odds.win", "odds.lose", "odds.none", "chart.count"  # palette names
CHART_HEIGHT = 110  # one chart's bars and their words, below its title
WRAP = Qt.TextFlag.TextWordWrap
CENTRE = int(Qt.AlignmentFlag.AlignCenter)
LEFT = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter) | int(WRAP)


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
        self._fit_height()
        self.setVisible(bool(self.charts))
        words = "; ".join(f"{c.title}: " + ", ".join(f"{b.label} {percent(b.chance)}" for b in c.bars)
                          for c in self.charts)
        self.setAccessibleDescription(words)
        self.setToolTip(words)
        self.update()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit_height()  # a narrower dock wraps the words onto more lines

    def _fit_height(self) -> None:
        self.setFixedHeight(int(sum(self._layout(c, 0.0)[0] for c in self.charts)) + 1)

    def bar_colour(self, met: bool | None):
        if met is None:
            return colour(COUNT)
        if not met:
            return colour(MISSED)
        return colour(GOOD if self.good_when_met else BAD)

    def _laid_out(self) -> list:
        out, y = [], 0.0
        for chart in self.charts:
            height, bars, texts = self._layout(chart, y)
            out.append((bars, texts))
            y += height
        return out

    def text_boxes(self) -> list:
        """The words the chart paints: (box, text, font, flags), every one whole in its box."""
        return [(box, text, self.font(), flags) for _bars, texts in self._laid_out() for box, text, flags in texts]

    def paintEvent(self, _event):
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(self.palette().text().color())
        for bars, texts in self._laid_out():
            for box, met in bars:
                p.fillRect(box, self.bar_colour(met))
            for box, text, flags in texts:
                p.drawText(box, flags, text)
        p.end()

    def _layout(self, chart: OddsChart, top: float) -> tuple[float, list, list]:
        """One chart from ``top``: its height, its bars (box, met) and its words (box, text,
        flags). The title wraps rather than be cut; outcomes named in words go one a row."""
        fm = QFontMetricsF(self.font())
        width = max(20.0, self.width() - 8.0)
        title_h = fm.boundingRect(QRectF(0, 0, width, 100_000), int(WRAP), chart.title).height()
        texts = [(QRectF(4, top, width, title_h), chart.title, int(Qt.AlignmentFlag.AlignLeft) | int(WRAP))]
        below = top + title_h + 4
        if any(fm.horizontalAdvance(b.label) > width / len(chart.bars) for b in chart.bars):
            height, bars, words = self._rows(chart, below, width, fm)
            return below - top + height, bars, texts + words
        line = fm.height()
        bars = []
        plot_top = below + line  # room for the bars' percentages
        plot_h = max(10.0, CHART_HEIGHT - 3 * line - 8)
        slot = width / len(chart.bars)
        highest = max(b.chance for b in chart.bars) or 1.0
        for j, b in enumerate(chart.bars):
            x = 4 + j * slot
            h = plot_h * b.chance / highest
            bars.append((QRectF(x + slot * 0.12, plot_top + plot_h - h, slot * 0.76, h), b.met))
            texts.append((QRectF(x, plot_top + plot_h + 2, slot, line), b.label, CENTRE))
            share = percent(b.chance) if b.chance >= 0.0005 else ""
            if share and fm.horizontalAdvance(share) <= slot:
                texts.append((QRectF(x, plot_top + plot_h - h - line, slot, line), share, CENTRE))
        return plot_top + plot_h + line + 6 - top, bars, texts

    def _rows(self, chart: OddsChart, top: float, width: float, fm: QFontMetricsF) -> tuple[float, list, list]:
        """Outcomes named in words (a duel's): one row each, its words, a bar and its chance; in a
        narrow dock the words wrap on a line of their own above the bar."""
        share_w = fm.horizontalAdvance("99.9%") + 6  # the widest chance percent() writes
        words_w = max(fm.horizontalAdvance(b.label) for b in chart.bars) + 8
        beside = words_w + share_w + 40 <= width
        bars, texts, y = [], [], top
        for b in chart.bars:
            if beside:
                row = fm.height() + 6
                texts.append((QRectF(4, y, words_w, row), b.label, LEFT))
                left = 4 + words_w
            else:
                words_h = fm.boundingRect(QRectF(0, 0, width, 100_000), int(WRAP), b.label).height()
                texts.append((QRectF(4, y, width, words_h), b.label, LEFT))
                y += words_h
                row, left = fm.height() + 6, 4.0
            room = max(10.0, width - (left - 4) - share_w)
            bars.append((QRectF(left, y + 3, room * b.chance, row - 6), b.met))
            texts.append((QRectF(left + room * b.chance + 4, y, share_w, row), percent(b.chance), LEFT))
            y += row
        return y - top, bars, texts
