"""A small chart of this game's rolls: app dice and table dice apart, against the exact odds."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from companion.core.dice import Dice

from ..palette import colour

APP, TABLE, EXPECTED = "chart.app", "chart.table", "chart.expected"  # palette names


#: Rolls of more dice than this are judged die by die (attacks, militia): the chart shows faces.
MAX_SUMMED = 3


def tally(entries, count: int) -> tuple[dict[int, int], dict[int, int]]:
    """Sums of the recorded rolls of ``count`` d6, by source; with ``count`` 1, every die of
    every roll of more than MAX_SUMMED dice counts too (each was judged on its own)."""
    app: dict[int, int] = {}
    table: dict[int, int] = {}
    for e in entries:
        inp = e.input
        values = inp.args.get("values") if inp.kind == "roll" else None
        if not isinstance(values, list) or not all(isinstance(v, int) for v in values):
            continue
        bucket = table if inp.source == "table" else app
        if len(values) == count:
            totals = [sum(values)]
        elif count == 1 and len(values) > MAX_SUMMED:
            totals = values
        else:
            continue
        for total in totals:
            bucket[total] = bucket.get(total, 0) + 1
    return app, table


class Tally:
    """``tally`` kept up to date as a game's entries grow and shrink: an input or an undo adds or
    takes off the entries at the end, so a long game's chart is not counted from its first roll
    after every change (a replaced list, or a different entry at the same place, is counted
    afresh from where it differs)."""

    def __init__(self, count: int):
        self.count = count
        self.app: dict[int, int] = {}
        self.table: dict[int, int] = {}
        self.seen: list = []  # the entries counted, in order

    def update(self, entries) -> tuple[dict[int, int], dict[int, int]]:
        seen = self.seen
        same = min(len(seen), len(entries))
        if same and seen[same - 1] is not entries[same - 1]:  # not a list that grew or shrank at its end
            same = next((i for i in range(same) if seen[i] is not entries[i]), same)
        for e in seen[same:]:
            self._add(e, -1)
        del seen[same:]
        for e in entries[same:]:
            self._add(e, 1)
            seen.append(e)
        return dict(self.app), dict(self.table)

    def _add(self, entry, sign: int) -> None:
        app, table = tally([entry], self.count)
        for mine, theirs in ((self.app, app), (self.table, table)):
            for total, n in theirs.items():
                mine[total] = mine.get(total, 0) + sign * n
                if not mine[total]:
                    del mine[total]


class RollChart(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.dice = Dice(2, 6)
        self.app: dict[int, int] = {}
        self.table: dict[int, int] = {}
        self._tallies: dict[int, Tally] = {}
        self.setMinimumHeight(120)
        self.setMaximumHeight(180)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)

    def set_rolls(self, entries, dice: Dice) -> None:
        if dice.count > MAX_SUMMED:  # no chart of a 14-dice sum: the faces of the dice instead
            dice = Dice(1, dice.sides)
        self.dice = dice
        if dice.count not in self._tallies:
            self._tallies[dice.count] = Tally(dice.count)
        self.app, self.table = self._tallies[dice.count].update(entries)
        self.setToolTip(f"{dice}: {sum(self.app.values())} app roll(s), "
                        f"{sum(self.table.values())} table roll(s); the line is the expected share")
        self.update()

    def paintEvent(self, _event):
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        w, h = self.width(), self.height()
        fm = p.fontMetrics()
        top, bottom, left = fm.height() + 4, fm.height() + 4, 6
        plot_h = max(10, h - top - bottom)
        totals = list(range(self.dice.lowest, self.dice.highest + 1))
        expected = self.dice.distribution()
        n_app, n_table = sum(self.app.values()), sum(self.table.values())
        shares = [expected[t] for t in totals]
        for counts, n in ((self.app, n_app), (self.table, n_table)):
            if n:
                shares += [counts.get(t, 0) / n for t in totals]
        top_share = max(shares) or 1
        slot = (w - 2 * left) / len(totals)
        bar = slot * 0.38
        for i, t in enumerate(totals):
            x = left + i * slot
            for j, (counts, n, fill) in enumerate(((self.app, n_app, colour(APP)), (self.table, n_table, colour(TABLE)))):
                if n:
                    bh = plot_h * counts.get(t, 0) / n / top_share
                    p.fillRect(QRectF(x + slot * 0.1 + j * bar, top + plot_h - bh, bar, bh), fill)
            p.setPen(self.palette().text().color())
            p.drawText(QRectF(x, top + plot_h + 2, slot, fm.height()), Qt.AlignmentFlag.AlignCenter, str(t))
        p.setPen(QPen(colour(EXPECTED), 2))
        pts = [(left + (i + 0.5) * slot, top + plot_h - plot_h * expected[t] / top_share)
               for i, t in enumerate(totals)]
        for (x1, y1), (x2, y2) in zip(pts, pts[1:], strict=False):
            p.drawLine(int(x1), int(y1), int(x2), int(y2))
        p.setPen(self.palette().text().color())
        legend = f"{self.dice}   \u25a0 app {n_app}   \u25a0 table {n_table}   \u2014 expected"
        p.drawText(QRectF(left, 0, w - left, fm.height() + 2), Qt.AlignmentFlag.AlignLeft, legend)
        # colour the two squares of the legend
        x0 = left + fm.horizontalAdvance(f"{self.dice}   ")
        p.fillRect(QRectF(x0, 3, fm.horizontalAdvance("\u25a0"), fm.height() - 5), colour(APP))
        x1 = x0 + fm.horizontalAdvance(f"\u25a0 app {n_app}   ")
        p.fillRect(QRectF(x1, 3, fm.horizontalAdvance("\u25a0"), fm.height() - 5), colour(TABLE))
        p.end()
