"""The dice tray: the roll the table owes now, its odds, and two ways to make it.

"Roll" rolls the app's dice with a short animation; typing the table's own dice (``5 3`` or
``53``) and pressing Enter records them as table dice. Either way it is one input for the
session. The chart below shows the owed roll's chances from the very request the rules judge it
by; with no roll owed the tray says so and shows no chart. Slim (table mode, the window's choice:
``set_slim``), a tray with no roll owed is a line and the last dice, and gives its room to the board.
"""

from __future__ import annotations

import random

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QBoxLayout,
    QFrame,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from companion.core.dice import Dice, RollRequest
from companion.core.roll_targets import die_targets, roll_line
from companion.core.words import capital, percent

from .. import looks
from .roll_chart import RollChart

NO_ROLL = "No roll owed"
#: the slim tray's second line: how the roll will be made once one is owed
SLIM_HINT = "R rolls when one is owed"
FACES = "\u2680\u2681\u2682\u2683\u2684\u2685"
MAX_FACES = 6


def parse_typed(text: str, count: int) -> list[int] | None:
    """'5 3', '5,3' or '53' as die values; None if it cannot be read at all."""
    parts = [p for p in text.replace(",", " ").split() if p]
    if len(parts) == 1 and count > 1 and len(parts[0]) == count and parts[0].isdigit():
        parts = list(parts[0])
    try:
        return [int(p) for p in parts]
    except ValueError:
        return None


class DiceTray(QWidget):
    roll_app = Signal()
    roll_table = Signal(list)
    problem = Signal(str)
    #: the slim tray's line took another type (a text size, table mode): its width changed
    slim_width_changed = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.request: RollRequest | None = None
        self._entries: list | None = None  # the game whose dice the faces show
        self.animate = True
        self.title = QLabel(NO_ROLL)
        self.title.setWordWrap(True)
        looks.bold(self.title)
        self.title.installEventFilter(self)
        self.detail = QLabel("")
        self.detail.setWordWrap(True)
        self.slim_hint = looks.tone(QLabel(SLIM_HINT), "muted")
        self.slim_hint.setWordWrap(True)
        self.slim_hint.hide()
        #: slim: the window has the tray give way while no roll is owed (set_slim)
        self.slim = False
        self.faces = QLabel("")
        self.faces.setAlignment(Qt.AlignmentFlag.AlignCenter)
        looks.text_size(self.faces, "dice")
        self.faces.setWordWrap(True)
        self.roll_button = QPushButton("Roll dice")
        self.roll_button.setToolTip("The app rolls (Ctrl+R)")
        self.roll_button.setShortcut("Ctrl+R")
        self.typed = QLineEdit()
        self.typed.setToolTip("Type what the table's dice show and press Enter")
        self.typed.setPlaceholderText("table dice, e.g. 5 3")
        self.enter_button = QPushButton("Use table dice")
        self.typed_row = row = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        row.addWidget(self.typed, 1)
        row.addWidget(self.enter_button)
        self.chart = RollChart()
        self.line = line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        lay = QVBoxLayout(self)
        lay.addWidget(self.title)
        lay.addWidget(self.slim_hint)
        lay.addWidget(self.detail)
        lay.addWidget(self.faces)
        lay.addWidget(self.roll_button)
        lay.addLayout(row)
        lay.addWidget(line)
        lay.addWidget(self.chart)
        lay.addStretch(1)
        self.roll_button.clicked.connect(self._roll_clicked)
        self.typed.returnPressed.connect(self._typed_entered)
        self.enter_button.clicked.connect(self._typed_entered)
        self.set_request(None, [])

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._lay_out_typed(event.size().width())

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:  # another text size
            self._lay_out_typed(self.width())

    def eventFilter(self, obj, event) -> bool:
        if obj is self.title and event.type() == QEvent.Type.FontChange:
            self.slim_width_changed.emit()
        return super().eventFilter(obj, event)

    def _lay_out_typed(self, width: int) -> None:
        """The typed dice beside their button while the whole placeholder fits, else the button
        under them: the placeholder says what to type and is never cut."""
        margins = self.layout().contentsMargins()
        need = (QFontMetrics(self.typed.font()).horizontalAdvance(self.typed.placeholderText()) + 16
                + self.enter_button.sizeHint().width() + self.typed_row.spacing())
        across = width - margins.left() - margins.right() >= need
        self.typed_row.setDirection(QBoxLayout.Direction.LeftToRight if across else QBoxLayout.Direction.TopToBottom)

    def set_request(self, request: RollRequest | None, entries) -> None:
        self.request = request
        has = request is not None
        self.roll_button.setEnabled(has)
        self.typed.setEnabled(has)
        self.enter_button.setEnabled(has)
        if not has:
            self.title.setText(NO_ROLL)
            self.detail.setText("")
        else:
            self.title.setText(request.purpose[:1].upper() + request.purpose[1:])
            self.detail.setText(odds_text(request))
        self.chart.set_request(request)
        self._show_slim()
        if entries is not self._entries:  # another game: its own dice, not the last game's
            self._entries = entries
            last = next((e for e in reversed(entries) if e.input.kind == "roll"), None)
            self.show_values(last.input.args.get("values", []) if last is not None else [])

    def set_slim(self, on: bool) -> None:
        """Slim or not: a slim tray with no roll owed shows only that line and the last dice; with
        a roll owed it is the whole tray, slim or not."""
        self.slim = bool(on)
        self._show_slim()

    def slim_width(self) -> int:
        """The width the slim tray needs: its line whole, in its own type (the hint wraps)."""
        margins = self.layout().contentsMargins()
        return QFontMetrics(self.title.font()).horizontalAdvance(NO_ROLL) + margins.left() + margins.right() + 4

    def is_slim(self) -> bool:
        """True while the tray is only its line (slim, and no roll owed)."""
        return self.slim and self.request is None

    def _show_slim(self) -> None:
        whole = not self.is_slim()
        self.slim_hint.setVisible(not whole)
        for w in (self.detail, self.roll_button, self.typed, self.enter_button, self.line):
            w.setVisible(whole)

    def show_values(self, values) -> None:
        """The dice as faces; a big roll (all the Militia of a map) as a count of each face, so
        the tray never grows wider than its dock."""
        values = [v for v in values if isinstance(v, int)]
        if len(values) <= MAX_FACES:
            looks.text_size(self.faces, "dice")
            self.faces.setText(" ".join(FACES[v - 1] if 1 <= v <= 6 else str(v) for v in values))
            return
        looks.text_size(self.faces, "title")
        counts = [(face, values.count(face)) for face in range(1, 7) if values.count(face)]
        self.faces.setText(f"{len(values)} dice:  " + "   ".join(f"{FACES[f - 1]}\u00d7{n}" for f, n in counts))

    def _roll_clicked(self) -> None:
        if self.request is None:
            return
        import asyncio

        try:
            asyncio.get_running_loop()  # the qasync loop of the running app
            running = True
        except RuntimeError:
            running = False
        if self.animate and running:
            self.roll_button.setEnabled(False)
            asyncio.ensure_future(self._shake(self.request.dice))
        else:
            self.roll_app.emit()

    async def _shake(self, dice: Dice) -> None:
        """A short tumble of random faces; the real result comes from the session's dice."""
        import asyncio

        for _ in range(8):
            self.show_values([random.randint(1, dice.sides) for _ in range(dice.count)])
            await asyncio.sleep(0.04)
        self.roll_app.emit()

    def _typed_entered(self) -> None:
        if self.request is None:
            return
        values = parse_typed(self.typed.text(), self.request.dice.count)
        if values is None:
            self.problem.emit(f"'{self.typed.text()}' is not a die value: type numbers such as 5 3")
            return
        self.typed.clear()
        self.roll_table.emit(values)


def odds_text(r: RollRequest) -> str:
    """The roll as the table reads it, from the request the rules judge it by: the face each die
    must show after every modifier, the named numbers behind it, and its chance."""
    if r.contest:  # dice compared with each other, not with targets
        return (f"{r.dice}, each way the roll can go:\n"
                + "\n".join(f"{words[:1].upper()}{words[1:]}: {percent(chance)}" for words, chance in r.contest))
    targets = die_targets(r)
    if r.per_die:  # several dice, each judged against its own number: never a sum
        lines = [f"{t.what}: {t.text()}" for t in targets[:MAX_FACES]]
        if len(targets) > MAX_FACES:
            lines.append(f"\u2026 and {len(targets) - MAX_FACES} more")
        groups = r.die_groups or ("",) * len(targets)
        expected = [f"{g + ' ' if g else ''}{sum(t.chance for t, h in zip(targets, groups, strict=False) if h == g):.1f}"
                    f" of {groups.count(g)}" for g in dict.fromkeys(groups)]  # each side's dice count apart
        return (f"{len(targets)} dice, each against its own number:\n" + "\n".join(lines)
                + f"\nExpected {r.outcome_if_met}: {', '.join(expected)}")
    chance = targets[0].chance
    return (f"{roll_line(r)}.\n"
            f"{capital(r.outcome_if_met)}: {percent(chance)}   \u00b7   {r.outcome_if_missed}: {percent(1 - chance)}")
