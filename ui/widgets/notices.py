"""The one place above the table where a notice appears: the flag banner, the announcement, and a
screen's own summary (the Postman's phase summary). Its height is reserved whether a notice shows
or not, so the phase bar, the board and the buttons never move when one comes or goes. One
notice shows at a time, the newest; one longer than the slot scrolls inside it (the announcement
first steps down to smaller named sizes to fit). Shared by the four games; it knows none of them.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QApplication, QSizePolicy, QVBoxLayout, QWidget

from ..looks import LOOKS
from .columns import ScrollingColumn

#: the room round a notice's text: its frame's margins and border
FRAME = 22


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
        #: each notice with the named text size and the lines of it reserved for it
        self.notices: list[tuple[QWidget, str, int]] = []
        self.reserve()

    def add(self, notice: QWidget, size: str = "body", lines: int = 2) -> None:
        """Show ``notice`` here from now on; the slot keeps ``lines`` of text at the named
        ``size`` (ui/looks.py) for it, whatever its text is now."""
        self._inner.addWidget(notice)
        notice.installEventFilter(self)
        self.notices.append((notice, size, lines))
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
        for _n, size, lines in self.notices:
            font = QFont(QApplication.font())
            font.setPointSizeF(LOOKS.points(size) if LOOKS.base_points else font.pointSizeF())
            font.setBold(size != "body")
            need = max(need, lines * QFontMetrics(font).lineSpacing() + FRAME)
        if self.minimumHeight() != need or self.maximumHeight() != need:
            self.setFixedHeight(need)

    def shown(self) -> QWidget | None:
        return next((n for n, _t, _l in self.notices if n.isVisibleTo(self.inner)), None)

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:  # a new text size, or table mode
            self.reserve()

    def eventFilter(self, obj, event) -> bool:
        if event.type() == QEvent.Type.Show:
            for other, _t, _l in self.notices:  # the newest notice is the one shown
                if other is not obj and not other.isHidden():
                    other.hide()
            self._fit(obj)
        elif event.type() == QEvent.Type.LayoutRequest and obj is self.shown():
            self._fit(obj)  # new words in a notice already shown
        return False

    def _fit(self, notice: QWidget) -> None:
        fit = getattr(notice, "fit_height", None)
        if fit is not None:
            fit(self.height() - FRAME, self.inner.width())

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        shown = self.shown()
        if shown is not None:
            self._fit(shown)

