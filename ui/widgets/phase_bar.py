"""The phase bar: whose turn and which part of it, what the table must do next, and the button
that moves the game on (it refuses, through the session, to skip a step that must be done).

Its colours are the palette's "panel" and its type the window's "phase" size, so it is the first
thing to grow with the text size and in table mode (ui/looks.py)."""

from __future__ import annotations

import re

from PySide6.QtCore import QEvent, QSize, QTimer, Signal
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStyle,
    QStyleOptionButton,
    QWidget,
)

from .. import looks
from .steady import SteadyHeight

#: between the turn and its steps in a rich ``where`` (PhaseBar.set_phase)
STEPS_MARK = " &nbsp; "


class PhaseBar(QFrame):
    advance = Signal(str)  # the input kind of the step the button stands for
    #: the most of the window's height the bar's words take before they step down in size
    SHARE = 0.34
    #: the least room the words keep beside the buttons, in average characters of the heading's
    #: type: narrower, and the turn and phase take the bar's whole width, the steps to do and
    #: the buttons sharing the line under it (at 1280x720 in the larger type the Postman's
    #: "Turn 2 · the Postmen Move › Fight ›" wrapped a word a line beside its three controls)
    LEAST_WORDS = 34
    #: the tallest the button grows for a click target beyond the one line its type needs
    TARGET = 40

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("phaseBar")
        looks.panel(self, "panel")
        lay = self._lay = QGridLayout(self)
        lay.setContentsMargins(12, 8, 12, 8)
        lay.setVerticalSpacing(6)
        lay.setColumnStretch(0, 1)
        self.where = looks.text_size(QLabel(), "phase")
        self.where.setWordWrap(True)
        self.next = looks.text_size(QLabel(), "phase.next")
        self.next.setWordWrap(True)
        # the steps to do take one line, then three, then two: the bar keeps the most it has
        # needed, so the table under it does not move (and is not painted again) at each click
        self._steady = (SteadyHeight(self.where), SteadyHeight(self.next))
        self.button = looks.text_size(QPushButton(), "phase.next")
        # a screen's own controls go before the button (add_control); the stretch keeps them at
        # the right
        self.controls = QHBoxLayout()
        self._extra: list[QWidget] = []
        self.controls.addStretch(1)
        self.controls.addWidget(self.button)
        self._place(stacked=False)
        self.stacked = False
        self._arranged_for: tuple[int, int] | None = None
        self._kind = ""
        self._turn = self._steps = ""
        self.button.clicked.connect(lambda: self.advance.emit(self._kind))
        self._fit_button()
        self.button.installEventFilter(self)
        self._fitting = False
        self._holding = False
        self._watched = None  # the window whose height the words are fitted to
        for label in (self.where, self.next):
            label.installEventFilter(self)

    def add_control(self, widget: QWidget) -> None:
        """A screen's own control (a one-click step, a box), left of the button and after the
        controls added before it."""
        self.controls.insertWidget(self.controls.count() - 1, widget)
        self._extra.append(widget)  # kept here: a wrapped layout item outlives its C++ object
        widget.installEventFilter(self)  # shown or hidden: room for it beside the words?
        self._arrange()

    def _arrange(self) -> None:
        """Words and buttons side by side while the words keep LEAST_WORDS characters of room;
        else the buttons under the words. Once under them they stay there at this width and type
        (a one-click step that comes and goes would otherwise make the bar change its shape at a
        click); another width or type decides afresh."""
        fm = QFontMetrics(self.where.font())
        key = (self.contentsRect().width(), fm.averageCharWidth())
        room = key[0] - 24 - self._controls_width()
        stacked = room < self.LEAST_WORDS * fm.averageCharWidth()
        if key == self._arranged_for:
            stacked = stacked or self.stacked
        self._arranged_for = key
        if stacked != self.stacked:
            self._place(stacked)
            for label in self._steady:
                label.label.setMinimumHeight(0)  # another shape: the lines are counted afresh

    def _place(self, stacked: bool) -> None:
        """Side by side: the turn over the steps, the buttons beside both. Stacked: the turn
        across the whole bar, the steps and the buttons on the line under it."""
        lay = self._lay
        for item in (self.where, self.next):
            lay.removeWidget(item)
        lay.removeItem(self.controls)
        if stacked:
            lay.addWidget(self.where, 0, 0, 1, 2)
            lay.addWidget(self.next, 1, 0)
            lay.addLayout(self.controls, 1, 1)
        else:
            lay.addWidget(self.where, 0, 0)
            lay.addWidget(self.next, 1, 0)
            lay.addLayout(self.controls, 0, 1, 2, 1)
        self.stacked = stacked

    def _controls_width(self) -> int:
        kept = self.button.isVisible() or self.button.sizePolicy().retainSizeWhenHidden()
        widths = [max(self.button.minimumWidth(), self.button.sizeHint().width()) if kept else 0]
        for w in self._extra:
            if not w.isHidden():
                widths.append(w.sizeHint().width())
        return sum(widths) + 6 * len(widths)

    def set_phase(self, where: str, todo: list[str], button: str | None, kind: str = "",
                  steps: str = "") -> None:
        """``where``: whose turn; ``steps``: the turn's steps, the one now marked (rich text).
        A rich ``where`` without ``steps`` is split at its first STEPS_MARK, the Postman's
        "Turn 1 · the Holnists &nbsp; Move › Fight › Recruit › Mail"."""
        if not steps and STEPS_MARK in where and "<" in where:
            where, steps = where.split(STEPS_MARK, 1)
        self._turn, self._steps = where, steps
        self._say_where()
        self.next.setText("\n".join(todo) if todo else "")
        for label in self._steady:
            label.hold()
        self._kind = kind
        self.button.setVisible(button is not None)
        self.button.setText(button or "")
        self._arrange()
        self._fit_type()

    def eventFilter(self, obj, event) -> bool:
        kind = event.type()
        if obj is self.button and kind == QEvent.Type.FontChange:
            self._fit_button()
            if not self._fitting:
                self._fit_type()
        elif kind == QEvent.Type.FontChange and obj in (self.where, self.next) and not self._fitting:
            self._fit_type()  # another text size or table mode: the full type is tried again
        elif obj is self._watched and kind == QEvent.Type.Resize:
            self._fit_type()
        elif kind in (QEvent.Type.Show, QEvent.Type.Hide) and obj is not self._watched:
            self._arrange()
        return False

    def showEvent(self, event) -> None:
        super().showEvent(event)
        window = self.window()
        if window is not self._watched and window is not self:
            if self._watched is not None:
                self._watched.removeEventFilter(self)
            self._watched = window
            window.installEventFilter(self)
        self._fit_type()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._arrange()
            self._fit_type()

    def _fit_type(self) -> None:
        """The words at their size (table mode's two-metre type at the larger text size) unless,
        in table mode, they would take more than SHARE of the window's height: then they step down
        together, never under the heading size, so the bar never clips its own words nor pushes
        the board out of sight."""
        window = self._watched
        if self._fitting or window is None or not self.isVisible():
            return
        self._fitting = True
        try:
            full = {self.where: looks.LOOKS.points("phase"), self.next: looks.LOOKS.points("phase.next"),
                    self.button: looks.LOOKS.points("phase.next")}
            least = looks.LOOKS.points("heading")
            scale = 1.0
            while True:
                for label, points in full.items():
                    _point_size(label, max(least, points * scale))
                self._say_where()  # the steps' type follows the words owed
                self._arrange()
                # the button steps down with the words: it grows with its type (_fit_button)
                room = self.contentsRect().width() - 24 - self._controls_width()
                if not looks.LOOKS.table_mode or room <= 0 or \
                        self._words_height(room) <= self.SHARE * window.height() or \
                        all(max(least, p * scale) <= least for p in full.values()):
                    break
                scale *= 0.9
        finally:
            self._fitting = False
        self._hold_soon()

    def _hold_soon(self) -> None:
        """The words' lines counted again at the new type or width, once the steady labels have
        let go of the old count: without a count a wrapped label asks for its height at its
        narrowest, and the window grows for it (table mode left again)."""
        if not self._holding:
            self._holding = True
            QTimer.singleShot(0, self, self._hold_again)

    def _hold_again(self) -> None:
        self._holding = False
        for label in self._steady:
            label.hold()

    def _say_where(self) -> None:
        """The turn in the heading's type, then its steps in the type of what is owed (#14): at
        1280x720 in table mode the Postman's "Turn 1 · the Holnists Move ›" took a line of
        display type and "Fight › Recruit › Mail" a second. The steps break nowhere, so they
        follow the turn on its line when they fit there and take the next line whole when not."""
        text = self._turn
        if self._steps:
            points = round(self.next.font().pointSizeF(), 1)
            text += (f"{STEPS_MARK}<span style='font-size:{points}pt;font-weight:normal'>"
                     f"{_unbroken(self._steps)}</span>")
        if self.where.text() != text:
            self.where.setText(text)

    def _words_height(self, beside: int) -> int:
        """The bar's height with its words ``beside`` pixels wide beside the buttons."""
        if self.stacked:  # the turn on the whole width, the steps beside the buttons
            whole = beside + self._controls_width()
            high = [self.where.heightForWidth(whole) if self.where.text() else 0,
                    max(self.next.heightForWidth(beside) if self.next.text() else 0, self.button.minimumHeight())]
        else:
            high = [label.heightForWidth(beside) for label in (self.where, self.next) if label.text()]
        return sum(high) + 16 + 6 * (len(high) - 1)

    def _fit_button(self) -> None:
        """The button grows with its type, so a larger text size never clips its words: a
        target 1.8 lines of its type tall up to TARGET px, and past that the one line it says.
        At 1.8 lines in table mode it stood 39 px taller than the steps' line beside it, and a
        screen that keeps its room while it is hidden (Thurn and Taxis' End turn) kept an empty
        band under the steps (#14)."""
        fm = self.button.fontMetrics()
        one_line = self.button.style().sizeFromContents(
            QStyle.ContentsType.CT_PushButton, _button_option(self.button), QSize(0, fm.height()),
            self.button).height()
        self.button.setMinimumWidth(max(170, fm.horizontalAdvance("n") * 15))
        self.button.setMinimumHeight(max(34, one_line, min(int(fm.height() * 1.8), self.TARGET)))


def _point_size(label: QWidget, points: float) -> None:
    points = round(points, 1)
    if abs(label.font().pointSizeF() - points) > 0.05:
        font = QFont(label.font())
        font.setPointSizeF(points)
        label.setFont(font)


def _button_option(button: QPushButton) -> QStyleOptionButton:
    option = QStyleOptionButton()
    option.initFrom(button)
    return option


def _unbroken(rich: str) -> str:
    """``rich`` with no break between its words: every space outside a tag made a hard one."""
    return re.sub(r"(<[^>]*>)| ", lambda m: m.group(1) or "&nbsp;", rich)
