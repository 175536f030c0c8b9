"""The one place under the table where a notice appears: the flag banner, the announcement, and a
screen's own summary (the Postman's phase summary). Its height is reserved whether a notice shows
or not, so the phase bar, the board and the buttons never move when one comes or goes. One
notice shows at a time, the newest; one longer than the slot scrolls inside it (the announcement
first steps down to smaller named sizes to fit). While none shows, it says what the status bar
would (the last autosave). Shared by the four games; it knows none of them.

In table mode the slot floats (``set_floating``): it leaves the window's layout, so the board
takes its rows down to the window's bottom, and a notice is drawn over the table's bottom edge
while it shows, in table mode's own type; the layout never changes, so nothing moves under it.
The idle line is then said in the window's corner (``corner``) instead. A notice that ``grows``
(the announcement) may then rise above the reserved lines, up to a third of what it floats over,
to keep the phase bar's type for longer words; risen, it takes a click (which hides it) rather
than let it through to a table it hides.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QLabel, QSizePolicy, QVBoxLayout, QWidget

from .. import looks
from ..looks import LOOKS, WEIGHTS
from .columns import ScrollingColumn

#: the room round a notice's text: its frame's margins and border
FRAME = 18
#: a window at least this tall keeps every notice's reserved lines; a shorter one (1280x720,
#: 1366x768) keeps one line of each, and longer words step down a size or scroll
TALL = 900
#: floating, how much of what it floats over a notice that grows may cover while it shows: its
#: bottom third, where most words fit in the phase bar's type or its step line's (#14)
GROWS_TO = 1 / 3


class NoticeSlot(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("notices")
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.inner = QWidget()
        self._inner = QVBoxLayout(self.inner)
        self._inner.setContentsMargins(0, 0, 0, 0)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(ScrollingColumn(self.inner))
        # while no notice shows, the slot says what the status bar would (the last autosave):
        # the window needs no status bar row of its own under the table
        self.idle = looks.tone(QLabel(), "muted")
        self.idle.setWordWrap(True)
        self.idle.setContentsMargins(6, 4, 6, 4)
        self._resting = ""
        self._inner.addWidget(self.idle)
        #: each notice with the named text size and the lines of it reserved for it
        self.notices: list[tuple[QWidget, str, int]] = []
        self.tall = True
        self._probe = QLabel()  # never shown: measures the reserved lines as a notice's label would
        self._probe.setWordWrap(True)
        #: the height reserved for the tallest notice (the slot's own height unless it floats)
        self.need = 0
        #: the height the shown notice takes while floating (``need``, or more for one that grows)
        self.risen = 0
        self._placing = self._again = False
        #: table mode: drawn over the table's bottom edge, out of its layout (``set_floating``)
        self.floating = False
        #: a line elsewhere (the menu bar's corner) that says the idle line while the slot floats
        self.corner: CornerLine | None = None
        self.reserve()

    def window_resized(self, height: int) -> None:
        """The window's height changed (never a notice): the reserved lines may change with it."""
        tall = height >= TALL
        if tall != self.tall:
            self.tall = tall
            self.reserve()

    def add(self, notice: QWidget, size: str = "body", lines: int = 2) -> None:
        """Show ``notice`` here from now on; the slot keeps ``lines`` of text at the named
        ``size`` (ui/looks.py) for it, whatever its text is now."""
        self._inner.insertWidget(self._inner.indexOf(self.idle), notice)
        notice.installEventFilter(self)
        self.notices.append((notice, size, lines))
        if self.floating and getattr(notice, "passes_clicks", False):
            notice.let_clicks_through(True)
        self.reserve()

    def remove(self, notice: QWidget) -> None:
        for entry in [e for e in self.notices if e[0] is notice]:
            self.notices.remove(entry)
            notice.removeEventFilter(self)
            self._inner.removeWidget(notice)
        self.reserve()

    def reserve(self) -> None:
        """As tall as the tallest notice's reserved lines, whichever shows: measured in the
        named sizes, so a notice's own text (or a smaller size chosen to fit it) never moves it."""
        need = 0
        for notice, size, lines in self.notices:
            font = QFont(QApplication.font())
            font.setPointSizeF(LOOKS.points(size) if LOOKS.base_points else font.pointSizeF())
            font.setWeight(QFont.Weight(WEIGHTS.get(size, 700 if size != "body" else 400)))
            # measured as a wrapped label measures its lines (a line's height can pass its spacing)
            self._probe.setFont(font)
            self._probe.setText("\n".join(["Xy"] * (lines if self.tall else 1)))
            need = max(need, self._probe.heightForWidth(10_000) + FRAME)
            least = getattr(notice, "least_height", None)  # its buttons may be taller than a line
            if least is not None:
                need = max(need, least())
        self.need = need
        self._place()

    def set_floating(self, on: bool) -> None:
        """Float over the bottom edge of the widget the slot is in (table mode), out of its
        layout (the caller takes it out and puts it back), or stand in the layout again."""
        if on == self.floating:
            return
        self.floating = on
        if on:
            self.parentWidget().installEventFilter(self)
        else:
            self.parentWidget().removeEventFilter(self)
            self._let_clicks_through(False)
        for notice, _t, _l in self.notices:
            if getattr(notice, "passes_clicks", False):
                notice.let_clicks_through(on)
        self._idle_when_empty()
        self.reserve()

    def _place(self) -> None:
        """The slot's height: the reserved one in the layout; floating, the reserved one while a
        notice shows (or more, risen) and none otherwise, at the bottom of the widget it floats over.
        Its own resize fits the notice, which may rise: that asks for one more placing, after
        this one, never inside it (Qt would finish the outer geometry over the inner one)."""
        if self._placing:
            self._again = True
            return
        self._placing = True
        try:
            for _ in range(3):  # the rise depends on the words and the room, not on this height
                self._again = False
                self._place_once()
                if not self._again:
                    break
        finally:
            self._placing = False

    def _place_once(self) -> None:
        shown = self.shown()
        high = self.need
        if self.floating:
            high = 0 if shown is None else max(self.need, self.risen if getattr(shown, "grows", False) else 0)
        if self.minimumHeight() != high or self.maximumHeight() != high:
            self.setFixedHeight(high)
        if self.floating:
            room = self._floats_in()
            self.setGeometry(room.left(), room.bottom() + 1 - high, room.width(), high)
            self.raise_()
            # a notice that asks nothing of the table (the announcement) lets clicks through to
            # the buttons under it: it goes with the next input, which such a click makes; risen
            # over more than its lines, it hides what the click would reach, so it takes it
            passes = bool(getattr(shown, "passes_clicks", False)) and high <= self.need
            self._let_clicks_through(passes)
            if shown is not None and hasattr(shown, "let_clicks_through"):
                shown.let_clicks_through(passes)

    def _floats_in(self):
        """The rectangle of what the slot floats over that it may cover: inside its layout's margins."""
        over = self.parentWidget()
        room = over.contentsRect()
        lay = over.layout()
        return room.marginsRemoved(lay.contentsMargins()) if lay is not None else room

    def _let_clicks_through(self, on: bool) -> None:
        # Qt's enums are built after the first frame (bench/startup.py)
        from PySide6.QtCore import Qt

        if self.testAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents) != on:
            self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, on)

    def say_idle(self, text: str) -> None:
        """What the slot shows while no notice does (the status bar's message); when a passing
        message's time is up (``text`` empty), the line it rests on again (``rest``)."""
        self.idle.setText(text or self._resting)
        self._say_in_corner(text or self._resting)

    def rest(self, text: str) -> None:
        """The line the idle slot keeps (the last autosave): a status message passes, this stays."""
        self._resting = text
        self.idle.setText(text)
        self._say_in_corner(text)

    def _say_in_corner(self, text: str) -> None:
        if self.corner is not None and self.corner.words() != text:
            self.corner.setText(text)

    def say_in(self, corner: CornerLine) -> None:
        """``corner`` says the idle line from now on too (its owner shows it while the slot floats)."""
        self.corner = corner
        corner.setText(self.idle.text())

    def _idle_when_empty(self) -> None:
        self.idle.setVisible(self.shown() is None and not self.floating)

    def shown(self) -> QWidget | None:
        return next((n for n, _t, _l in self.notices if n.isVisibleTo(self.inner)), None)

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:  # a new text size, or table mode
            self.reserve()

    def eventFilter(self, obj, event) -> bool:
        if obj is self.parentWidget():  # floating: it keeps to the bottom of what it floats over
            if event.type() == QEvent.Type.Resize and self.floating:
                self._place()
            return False
        if event.type() == QEvent.Type.Show:
            for other, _t, _l in self.notices:  # the newest notice is the one shown
                if other is not obj and not other.isHidden():
                    other.hide()
            self.idle.hide()
            self._place()
            self._fit(obj)
        elif event.type() == QEvent.Type.Hide:
            self._idle_when_empty()
            self._place()
        elif event.type() == QEvent.Type.LayoutRequest and obj is self.shown():
            self._fit(obj)  # new words in a notice already shown
        return False

    def _fit(self, notice: QWidget) -> None:
        fit = getattr(notice, "fit_height", None)
        if fit is None:
            return
        grows = self.floating and getattr(notice, "grows", False)
        room = max(self.need, int(self._floats_in().height() * GROWS_TO)) if grows else self.need
        fit(room - FRAME, self.inner.width())
        risen = min(room, notice.words_height(self.inner.width()) + FRAME) if grows else 0
        if risen != self.risen:  # once per new words or size: placing it resizes it, which fits again
            self.risen = risen
            self._place()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        shown = self.shown()
        if shown is not None:
            self._fit(shown)



class CornerLine(QLabel):
    """The idle line said in the window's corner while the slot floats (table mode): as wide as
    the longest autosave line in its type, so new words each input lay nothing out again (a
    widget of fixed size asks its layout for nothing); longer words (an autosave's error) are
    cut with "…" and said whole in its tooltip."""

    WIDEST = "Saved automatically after input 00000"

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("savedLine")
        looks.tone(self, "muted")
        self.setContentsMargins(8, 0, 8, 0)
        self._words = ""
        self._fit()

    def setText(self, text: str) -> None:  # noqa: N802 (Qt's name)
        self._words = text
        self._show_words()

    def words(self) -> str:
        return self._words

    def _show_words(self) -> None:
        from PySide6.QtCore import Qt

        room = self.width() - 16
        shown = self.fontMetrics().elidedText(self._words, Qt.TextElideMode.ElideRight, room)
        super().setText(shown)
        self.setToolTip(self._words if shown != self._words else "")

    def _fit(self) -> None:
        self.setFixedWidth(self.fontMetrics().horizontalAdvance(self.WIDEST) + 16)
        self._show_words()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._fit()
