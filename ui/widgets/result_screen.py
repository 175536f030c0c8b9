"""The end of a game: who won and why, the final scores with their breakdown, the evening's
figures, and what to do next (new game, rematch with the same players, export the log).

It shows a ``companion.core.result.FinalReport``; the game's rules decide everything on it.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QBoxLayout,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from .. import looks
from ..looks import LOOKS
from .columns import ScrollingColumn, share_width, unbroken

#: the sizes the score table steps down through (from its own) until no side's name wraps
SCORE_SIZES = ("phase.next", "title", "heading", None)
#: the size of a cell of words (a list of units: "The Postman, Postal Rider \u00d74, Postmen
#: Cavalry"): set in the score type it wrapped to four lines and the table scrolled at 1280x720
#: larger in table mode (#14); the figures keep the score type
WORDS_SIZE = "figures"
#: in table mode the figures step down through these (from the size the scores took) until the
#: body fits its room: at 1920x1080 they stood in the figures' type over two thirds of an empty
#: screen, too small to read across the table
FIGURE_SIZES = ("phase.next", "title", WORDS_SIZE)
#: QFont::SizeResolved, the bit of a font's resolve mask that says it names its own size
SIZE_RESOLVED = 0x0002


def is_words(text: str) -> bool:
    """A cell that does not start with a figure ("6", "\u221211", "7-carriage: 10") is words."""
    first = text.strip()[:1]
    return bool(first) and not first.isdigit() and first not in "+-\u2212"


def _joined(text: str) -> str:
    """A list of words breaks only after its commas: each thing named stays whole ("Postal
    Rider / \u00d74" broke a count from what it counts, "Holnist / Patrol" a name)."""
    if not is_words(text):
        return text
    return ", ".join(unbroken(part) for part in text.split(", "))


class _Beside(QWidget):
    """The score table with the figures beside it while both fit the width, under it when not."""

    #: the least width the figures need beside the table (a name and a few words of its value)
    FIGURES_WIDE = 360

    def __init__(self, table: QWidget, figures: QWidget):
        super().__init__()
        self.table, self.figures = table, figures
        self.on_resize = None
        self.on_width = None
        self.box = QBoxLayout(QBoxLayout.Direction.LeftToRight, self)
        self.box.setContentsMargins(0, 0, 0, 0)
        self.box.setSpacing(24)
        # the table takes the room its whole text wants first (its maximum width), the figures
        # what is left
        self.box.addWidget(table, 1, Qt.AlignmentFlag.AlignTop)
        self.box.addWidget(figures, 0)

    def minimumSizeHint(self) -> QSize:
        # never wider than the body's view: a scroll area that cannot scroll sideways, given
        # contents wider than its view, laid them out at two widths by turns until Python's
        # stack ran out (the larger type in table mode, a list of units set whole)
        hint = super().minimumSizeHint()
        view = self.parentWidget()
        return QSize(min(hint.width(), view.width()), hint.height()) if view is not None else hint

    @property
    def wide(self) -> bool:
        return self.box.direction() == QBoxLayout.Direction.LeftToRight

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.on_width is not None and event.size().width() != event.oldSize().width():
            self.on_width(event.size().width())
        self.turn(event.size().width())
        if self.on_resize is not None:
            self.on_resize()  # the height its text wraps to at this width is what it asks for

    def turn(self, width: int) -> None:
        natural = min(self.table.maximumWidth(), 4000)  # the score table's whole text, unwrapped
        wide = width >= natural + self.box.spacing() + self.FIGURES_WIDE
        # beside, the figures take only what the table's whole text leaves (their own hint, a
        # wrapped value's whole line, would squeeze the table into wrapping its cells)
        rest = width - natural - self.box.spacing() if wide else 16_777_215
        if self.figures.maximumWidth() != rest:
            self.figures.setMaximumWidth(rest)
        if wide != self.wide:
            self.box.setDirection(QBoxLayout.Direction.LeftToRight if wide else QBoxLayout.Direction.TopToBottom)
            # beside: the table takes the width first; under: the figures take any height left,
            # so no gap opens between the table and them
            self.box.setStretch(0, 1 if wide else 0)
            self.box.setStretch(1, 0 if wide else 1)
            self.updateGeometry()


class _Body(ScrollingColumn):
    """As tall as everything in it where the window has the room (a scroll area's own size hint
    stops short), shorter and scrolling where it has not; then it ends under a whole line (a
    score row, a figure), never across one."""

    def __init__(self, widget: QWidget):
        super().__init__(widget)
        self.lines = lambda: []  # the bottom of each line in the widget, top to bottom
        self.on_height = None  # told when its height changes (the score table may fit another size)
        self._snapping = False
        widget.installEventFilter(self)

    def sizeHint(self) -> QSize:
        inner = self.widget()
        height = inner.heightForWidth(self.viewport().width()) if inner.hasHeightForWidth() else -1
        return QSize(super().sizeHint().width(), max(height, inner.sizeHint().height()) + 2 * self.frameWidth())

    def eventFilter(self, obj, event) -> bool:
        if obj is self.widget() and event.type() == QEvent.Type.Resize:
            self.snap()
        return super().eventFilter(obj, event)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.on_height is not None and event.size().height() != event.oldSize().height():
            self.on_height()
        self.snap()

    def snap(self) -> None:
        """Where the whole body does not fit, the view ends under the last line that shows whole
        from the top: the room under it stays empty rather than show half a line."""
        if self._snapping:
            # the new margin resized the contents, which asked again: while the window is still
            # being laid out the two answers could take turns for ever (a crash, recursing)
            return
        room = self.height() - 2 * self.frameWidth()
        whole = [y for y in self.lines() if y <= room]
        cut = room - max(whole) if self.widget().height() > room and whole else 0
        if self.viewportMargins().bottom() != cut:
            self._snapping = True
            try:
                self.setViewportMargins(0, 0, 0, cut)
            finally:
                self._snapping = False


class ResultScreen(QFrame):
    new_game = Signal()
    rematch = Signal()
    export = Signal()
    back = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("resultScreen")
        looks.panel(self, "notice")
        self.headline = QLabel()
        self.headline.setTextFormat(Qt.TextFormat.PlainText)
        looks.text_size(self.headline, "display")
        self.headline.setWordWrap(True)
        self.why = QLabel()
        self.why.setWordWrap(True)
        self.why.setTextFormat(Qt.TextFormat.PlainText)  # players' names are never markup
        looks.text_size(self.why, "heading")
        self.scores = QTableWidget()
        self.scores.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.scores.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.scores.verticalHeader().hide()
        self.scores.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.scores.setSizeAdjustPolicy(QAbstractItemView.SizeAdjustPolicy.AdjustToContents)
        self.scores.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scores.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Maximum)
        # as wide as its figures, and no wider than the window; a side's name never wraps while
        # a list of units can
        self._sharer = share_width(self.scores, whole=(0,), air=True)
        looks.text_size(self.scores, "phase.next")
        # the game's figures, one named row each ("Rolls", "12 by the app, 3 by the table")
        self.figures_title = QLabel("The game in figures")
        looks.text_size(self.figures_title, "heading")
        self.figures = QWidget()
        self.figure_rows = QGridLayout(self.figures)
        self.figure_rows.setContentsMargins(0, 0, 0, 0)
        self.figure_rows.setHorizontalSpacing(14)
        self.figure_rows.setVerticalSpacing(2)
        self.figure_rows.setColumnStretch(1, 1)
        self.buttons = {key: QPushButton(text) for key, text in (
            ("new_game", "New game"), ("rematch", "Rematch (same players)"),
            ("export", "Export the log\u2026"), ("back", "Look at the board"))}
        row = QHBoxLayout()
        for b in self.buttons.values():
            b.setMinimumHeight(34)
            looks.text_size(b, "figures")
            row.addWidget(b)
        row.addStretch(1)
        # the scores and the figures side by side where both fit, else one under the other, and
        # they scroll when the window is short (1280x720 at a large text size); the headline
        # above and the buttons right under them always show
        figures = QWidget()
        right = QVBoxLayout(figures)
        right.setContentsMargins(0, 0, 0, 0)
        right.addWidget(self.figures_title)
        right.addWidget(self.figures)
        right.addStretch(1)
        self.side_by_side = _Beside(self.scores, figures)
        self.body = _Body(self.side_by_side)
        self.body.lines = self._line_bottoms
        self.side_by_side.on_resize = self.body.updateGeometry
        self.side_by_side.on_width = self._fit_scores
        self.body.on_height = lambda: self._fit_scores(self.side_by_side.width())
        self._scores_fitted: tuple | None = None
        self._fitting = False
        self.scores.installEventFilter(self)  # a new text size or table mode restyles it
        self._refit = QTimer(self, singleShot=True, interval=0)  # (dies with the screen)
        self._refit.timeout.connect(lambda: self._fit_scores(self.side_by_side.width()))
        self.body.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        for w in (self.body.viewport(), self.side_by_side, figures):
            w.setAutoFillBackground(False)  # the panel's colour shows through
        lay = QVBoxLayout(self)
        lay.setContentsMargins(18, 14, 18, 14)
        lay.addWidget(self.headline)
        lay.addWidget(self.why)
        lay.addSpacing(6)
        lay.addWidget(self.body)
        lay.addSpacing(10)
        lay.addLayout(row)
        lay.addStretch(1)
        for key, b in self.buttons.items():
            b.clicked.connect(getattr(self, key))
        self.hide()

    def show_result(self, result) -> None:
        self.headline.setText(result.headline)
        self.why.setText(result.why)
        cols = ("",) + tuple(result.columns)
        self.scores.setColumnCount(len(cols))
        self.scores.setRowCount(len(result.scores))
        self.scores.setHorizontalHeaderLabels([c.capitalize() for c in cols])
        for r, line in enumerate(result.scores):
            for c, text in enumerate((("\u2605 " if line.winner else "") + line.name,) + tuple(line.cells)):
                item = QTableWidgetItem(_joined(text) if c else text)  # a side's name is kept whole anyway
                if c:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if line.winner:
                    f = item.font()
                    f.setBold(True)
                    item.setFont(f)
                self.scores.setItem(r, c, item)
        self._size_words(LOOKS.points(WORDS_SIZE))
        self.scores.horizontalHeader().setMinimumSectionSize(90)
        self._show_figures(result.figures)
        self._scores_fitted = None
        self._fit_scores(self.side_by_side.width())
        self._sharer.fit()  # also keeps the table as tall as its rows
        self.body.updateGeometry()
        self.setAccessibleName(f"Game over: {result.headline}")
        self.setAccessibleDescription(f"{result.headline}. {result.why}")
        self.show()

    def _fit_scores(self, width: int) -> None:
        """The largest of the table's own and smaller sizes at which every side's name stays on
        one line in ``width`` pixels (table mode's type at 1280x720 wrapped "The / Postmen")."""
        if self._fitting:  # a resize its own new sizes caused: fitted again once this one ends
            self._refit.start()
            return
        self._fitting = True
        try:
            self._fit_scores_now(width)
        finally:
            self._fitting = False

    def _fit_scores_now(self, width: int) -> None:
        own = LOOKS.points("phase.next")
        key = (width, self._body_room(), own, self.scores.rowCount(), tuple(
            self.scores.item(r, 0).text() for r in range(self.scores.rowCount()) if self.scores.item(r, 0)))
        if (key, self.scores.font().pointSizeF()) == self._scores_fitted or width <= 0:
            return
        sizes = [s for s in SCORE_SIZES if LOOKS.points(s or "body") <= own]
        room = self._body_room()
        for size in sorted(sizes, key=lambda s: -LOOKS.points(s or "body")):
            looks.text_size(self.scores, size)
            self._size_words(min(LOOKS.points(WORDS_SIZE), LOOKS.points(size or "body")))
            if self._sharer.whole_fits(width) and (room <= 0 or self._sharer.height_at(width) <= room):
                break
        self.scores.setProperty("textsize", "phase.next")  # a new text size starts from its own again
        # "title" and "heading" are bold sizes: in them every side's row read as the winner's
        font = self.scores.font()
        font.setWeight(QFont.Weight.Normal)
        self.scores.setFont(font)
        self._size_headings(min(LOOKS.points(WORDS_SIZE), font.pointSizeF()))
        self._scores_fitted = (key, self.scores.font().pointSizeF())
        self._sharer.fit()  # its whole width in this size, then beside the figures or over them
        self.side_by_side.turn(width)
        self._fit_figures(width, room)

    def _fit_figures(self, width: int, room: int) -> None:
        """In table mode, the largest of FIGURE_SIZES, no larger than the scores, at which the
        body fits its room; else the figures' own type."""
        top = self.scores.font().pointSizeF()
        sizes = [s for s in FIGURE_SIZES if LOOKS.points(s) <= top] if LOOKS.table_mode else []
        # judged in the body's own width, not the contents' (which the sizes chosen change): a
        # figure's name too wide for it would widen the contents, which then fit the larger
        # size, and the two widths took turns for ever
        port = self.body.viewport().width()
        for size in sizes or [WORDS_SIZE]:
            self._size_figures(size)
            self.side_by_side.turn(port)
            fits = self.side_by_side.minimumSizeHint().width() <= port
            if size == WORDS_SIZE or fits and (room <= 0 or self._body_height(port) <= room):
                break

    def _size_figures(self, size: str) -> None:
        """The figures in ``size``, each name bold; their title a step above them."""
        title = "heading" if size == WORDS_SIZE else size
        if self.figures_title.property("textsize") != title:
            looks.text_size(self.figures_title, title)
        for name, value in self.figure_widgets():
            for label in (name, value):
                if label.property("textsize") != size:
                    looks.text_size(label, size)
                    font = label.font()
                    font.setBold(label is name)
                    label.setFont(font)

    def _body_height(self, width: int) -> int:
        inner = self.side_by_side
        return inner.heightForWidth(width) if inner.hasHeightForWidth() else inner.sizeHint().height()

    def _size_headings(self, points: float) -> None:
        """The columns' headings in the figures' type: a heading keeps the platform's header
        font, not its table's, so in table mode "Units left" stayed body-sized under scores
        set twice as large."""
        head = self.scores.horizontalHeader()
        for w in (head, head.viewport()):  # it measures in its own font and paints in its viewport's
            if w.font().pointSizeF() != points:
                font = QFont(w.font())
                font.setPointSizeF(points)
                w.setFont(font)

    def _size_words(self, points: float) -> None:
        """Every cell of words (not a side's name) in ``points``, never larger than the figures."""
        for r in range(self.scores.rowCount()):
            for c in range(1, self.scores.columnCount()):
                item = self.scores.item(r, c)
                if item is None or not is_words(item.text()):
                    continue
                font = item.font()  # a bare font (no size of its own) reads as the app's size
                if not font.resolveMask() & SIZE_RESOLVED or font.pointSizeF() != points:
                    font.setPointSizeF(points)
                    item.setFont(font)

    def _body_room(self) -> int:
        """The height the body may grow to: its own and the free room under the buttons."""
        free = self.layout().itemAt(self.layout().count() - 1).geometry().height()
        return self.body.height() + free - 2 * self.body.frameWidth()

    def eventFilter(self, obj, event) -> bool:
        if obj is self.scores and event.type() == QEvent.Type.FontChange:
            self._refit.start()
        return False

    def _show_figures(self, figures) -> None:
        while self.figure_rows.count():
            item = self.figure_rows.takeAt(0)
            old = item.widget()
            if old is not None:  # gone now, not at the next turn of the event loop (a grab
                old.hide()       # before then drew the last game's rows over these)
                old.setParent(None)
                old.deleteLater()
        for row, (name, value) in enumerate(figures):
            for col, text in enumerate((name, value)):
                label = QLabel(text)
                label.setTextFormat(Qt.TextFormat.PlainText)
                label.setWordWrap(col == 1)
                looks.text_size(label, "figures")
                if col == 0:
                    font = label.font()
                    font.setBold(True)
                    label.setFont(font)
                self.figure_rows.addWidget(label, row, col, Qt.AlignmentFlag.AlignTop)
        self.figures_title.setVisible(bool(figures))

    def _line_bottoms(self) -> list[int]:
        """The bottom of each line of the body (the score table's heading and rows, each text line
        of the figures; not the figures' title, which ends no line of its own), in the body's own
        coordinates, top to bottom."""
        inner, table = self.side_by_side, self.scores
        top = table.mapTo(inner, table.rect().topLeft()).y() + table.frameWidth()
        y = top + table.horizontalHeader().height()
        bottoms = [y]
        for row in range(table.rowCount()):
            y += table.rowHeight(row)
            bottoms.append(y)
        bottoms[-1] += table.frameWidth()
        for row in range(self.figure_rows.rowCount() if self.figure_rows.count() else 0):
            labels = [self.figure_rows.itemAtPosition(row, col) for col in (0, 1)]
            labels = [c.widget() for c in labels if c is not None and c.widget() is not None]
            if labels and all(w.isVisibleTo(inner) for w in labels):
                # each line of a wrapped value ends a line; the row under its taller half
                top = min(w.mapTo(inner, w.rect().topLeft()).y() for w in labels)
                bottom = max(w.mapTo(inner, w.rect().bottomLeft()).y() + 1 for w in labels)
                step = max(1, labels[-1].fontMetrics().lineSpacing())
                bottoms += [y for y in range(top + step, bottom, step) if bottom - y >= step // 2]
                bottoms.append(bottom)
        return sorted(bottoms)

    def figure_widgets(self) -> list[tuple[QLabel, QLabel]]:
        """The figures' labels, name and value, row by row."""
        rows = self.figure_rows.rowCount() if self.figure_rows.count() else 0
        out = []
        for row in range(rows):
            cells = [self.figure_rows.itemAtPosition(row, col) for col in (0, 1)]
            if all(c is not None and c.widget() is not None for c in cells):
                out.append((cells[0].widget(), cells[1].widget()))
        return out

    def figure_texts(self) -> list[tuple[str, str]]:
        """The figures as shown, name and value, row by row."""
        return [(name.text(), value.text()) for name, value in self.figure_widgets()]
