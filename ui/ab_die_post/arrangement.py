"""Where the flight board goes: under the players' table outside table mode, beside everything
in table mode.

Outside table mode the board sits under the players' table and the score track, beside the
page of the current choice. In table mode (#14) the board is what the table reads from two
metres (the planes, the passenger, the zones and lanes), and a strip under the players' table
on a 720-pixel screen drew it a third as large as the room beside them allows: so the board
takes the whole height on the left, and the players' table, the hurricane's costs and the page
of the current choice stack on the right, the column as wide as the table's words. The score
track (the table's Score column says the same) stays in that column only where it fits
with the players' words and half the column for the page. Outside table mode the last flights'
results, then the track, go where the column would otherwise scroll them under its edge above
the board (at 1280x720 in the large type the track lay 76 px under it, #14): the Score column
and the log say the same.

The widgets change parent only when table mode is turned on or off, never on a click.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QAbstractItemView, QSplitter, QWidget

from ..looks import LOOKS
from ..widgets.columns import BoardUnder, ScrollingColumn
from .models import PLAYER_COLUMN

#: outside table mode: the players' column and the page beside it share the width 3 to 2
WINDOW_SHARES = (3, 2)
#: outside table mode the board gives up height, down to this share of the window's height
#: (the least a board keeps on any screen: tests/ui/test_no_clipping.py), so every player's row
#: shows: it scales to fit, and at 1280x720 in the larger type with the docks its 180 px left
#: the players' table a row and a third (#14)
BOARD_FLOOR = 0.23
#: in table mode the players' column is at most this share of the width: the board keeps the rest
MOST_COLUMN = 0.55
#: in table mode the page of the current choice keeps at least this share of the column's height
#: under the players' table (it scrolls): its buttons are for the player at the keyboard, the
#: table and the board for everyone
PAGE_SHARE = 0.25


class PlayersColumn(BoardUnder):
    """A ``BoardUnder`` whose lower widget is the flight board (outside table mode) or the page
    of the current choice (in table mode), and whose ``spares`` (the hurricane's costs, the
    score track, then the flights' results under it) are shown only while the controls keep all
    their words with them: in table mode, where the costs always show, with half the height
    left for the page, outside it above the board."""

    def __init__(self, column: ScrollingColumn, lower: QWidget, spares: tuple[QWidget, ...], sharer,
                 parent=None):
        super().__init__(column, lower, parent=parent)
        self.window_least, self.window_share = self.least, self.share
        self.spares = spares
        self.wanted = set(spares)  # the spares the screen has words for now
        #: the players' table's column sharer (widgets/columns.py): its whole words set the
        #: column's width in table mode
        self.sharer = sharer
        self.split: QSplitter | None = None
        self.window_sizes: list[int] = []  # the splitter's sizes outside table mode, kept while in it
        self.table_mode = False
        #: the players' table's row to keep in sight (the player whose turn it is), or -1
        self.focus_row = None
        column.verticalScrollBar().rangeChanged.connect(self.show_focus)  # the rows' room changed
        #: the most height the controls and the players' table have needed at this size, looks
        #: and game: the board's height follows them, so it stays as a row wraps another way or
        #: the results take another line (#14)
        self._most = (0, 0)
        self._held_for = None
        self._dropped: set[QWidget] = set()  # the spares left out at this size: they stay out

    def hold_again(self) -> None:
        """Let go of the heights held (new looks, a new game): the next layout measures anew."""
        self._held_for = None

    def _held(self, controls: int, table: int) -> tuple[int, int]:
        if self.table_mode:  # the page under the table: it takes what the table leaves now
            return controls, table
        key = self.size()
        if key != self._held_for:
            self._held_for, self._most = key, (0, 0)
            self._dropped.clear()
        self._most = (max(self._most[0], controls), max(self._most[1], table))
        return self._most

    def _controls_height(self) -> int:
        """The controls' height as held: the most they have needed at this size; once a spare
        is left out, all the room over the board (which keeps its least height, however the
        rows wrap or the costs' lines change from click to click)."""
        need = self._held(super()._controls_height(), 0)[0]
        return need if self.table_mode or not self._dropped else max(need, self.height())

    def _base_height(self) -> int:
        """The controls' height now without the spares."""
        return super()._controls_height() - sum(self._spare_height(w) for w in self._counted() if not w.isHidden())

    def _counted(self) -> tuple[QWidget, ...]:
        """The spares that come and go with the room (in table mode the costs always show)."""
        return self.spares[1:] if self.table_mode else self.spares

    def _spare_height(self, spare: QWidget) -> int:
        lay = self.column.widget().layout()
        # at the width it has (a steady label's held lines are counted at it)
        width = spare.width() if spare.isVisible() else self.column.viewport().width()
        # (a word-wrapped label's size hint is its words in a shape of its own, not at its width)
        high = spare.heightForWidth(width) if spare.hasHeightForWidth() else spare.sizeHint().height()
        return max(high, spare.minimumHeight()) + (lay.spacing() if lay is not None else 0)

    def _room(self) -> int:
        """The height the controls may take before the column scrolls."""
        h = self.height()
        lower = max(self.board.minimumHeight(), self.least, int(h * self.share))
        if self.table_mode:  # the page keeps half the column: its buttons come first
            lower = max(lower, h // 2)
        return h - lower - self.gap

    def want(self, spare: QWidget, wanted: bool) -> None:
        """Whether ``spare`` has words to show now (the hurricane's costs: none at a flight's end)."""
        if wanted != (spare in self.wanted):
            (self.wanted.add if wanted else self.wanted.discard)(spare)
            self._show_spares()

    def _show_spares(self) -> None:
        """Each spare in turn while the controls with it fit their room, the rest hidden (each
        change lays the column out again, and so this)."""
        if self.height() <= 0:  # not laid out yet: the wanted ones, until their room is known
            for spare in self.spares:
                spare.setVisible(spare in self.wanted)
            return
        need = self._base_height()
        room = self._room()
        for spare in self.spares:
            if spare not in self.wanted:
                spare.setVisible(False)
                continue
            if self.table_mode and spare is self.spares[0]:  # the costs keep their place there
                spare.setVisible(True)
                continue
            need += self._spare_height(spare)
            fits = need <= room and (self.table_mode or spare not in self._dropped)
            if not fits:
                self._dropped.add(spare)
            if fits == spare.isHidden():
                spare.setVisible(fits)
            if not fits:
                need = room + 1  # one dropped: the later ones go too, never a gap in the order

    def _board_least(self) -> int:
        """Outside table mode the board's least height: its usual least, lowered (never under
        BOARD_FLOOR of the window's height) so the players' table shows every row above it."""
        view = self.sharer.view
        table = self._held(0, view.mapTo(self.column.widget(), view.rect().topLeft()).y() + view.maximumHeight())[1]
        floor = int(BOARD_FLOOR * self.window().height())
        return min(self.window_least, max(floor, self.height() - table - self.gap))

    def _lay_out(self) -> None:
        if self.table_mode:
            self.least, self.share = 0, PAGE_SHARE
        else:
            self.least = self._board_least()
            self.share = min(self.window_share, self.least / max(1, self.height()))
        self._show_spares()
        if self.table_mode:
            self._take_width()
        super()._lay_out()
        self.show_focus()

    def show_focus(self, *_range) -> None:
        """Where the players' rows do not all fit their room (1280x720 in the larger type, with
        the docks: a row and a third showed, #14), the rows scroll to that of the player whose
        turn it is, the next players' under it; else they show from the top."""
        view = self.sharer.view
        row = self.focus_row() if self.focus_row is not None else -1
        model = view.model()
        if row < 0 or model is None:
            view.verticalScrollBar().setValue(0)
            self.column.verticalScrollBar().setValue(0)
            return
        if view.height() < view.maximumHeight():  # the view itself is squeezed: its rows scroll
            index = model.index(row, 0)
            view.scrollTo(index, QAbstractItemView.ScrollHint.PositionAtTop)
            self._column_shows(view.visualRect(index).translated(view.viewport().mapTo(self.column.widget(),
                                                                                       QPoint(0, 0))))
            return
        view.verticalScrollBar().setValue(0)
        bar = self.column.verticalScrollBar()
        top = view.mapTo(self.column.widget(), view.rect().topLeft()).y()
        if top + view.height() <= self.column.viewport().height():
            value = 0
        else:
            value = top + view.horizontalHeader().height() + view.frameWidth() + view.rowViewportPosition(row)
        value = min(value, bar.maximum())
        if bar.value() != value:
            bar.setValue(value)

    def _column_shows(self, rect: QRect) -> None:
        """The column scrolled the least that shows ``rect`` (in its controls' coordinates)."""
        bar, high = self.column.verticalScrollBar(), self.column.viewport().height()
        value = bar.value()
        if rect.bottom() + 1 > value + high:
            value = rect.bottom() + 1 - high
        value = max(0, min(value, rect.top(), bar.maximum()))
        if bar.value() != value:
            bar.setValue(value)

    def wanted_width(self) -> int:
        """The column's width in table mode: the players' table's whole words, or its least."""
        bar = self.column.verticalScrollBar().sizeHint().width() + 2 * self.column.frameWidth()
        return max(self.minimumSizeHint().width(), self.sharer.view.maximumWidth() + bar)

    def _take_width(self) -> None:
        split = self.split
        if split is None or split.count() != 2 or split.widget(1) is not self:
            return
        total = split.width() - split.handleWidth()
        want = min(self.wanted_width(), int(total * MOST_COLUMN))
        want = max(want, self.minimumSizeHint().width())
        if abs(self.width() - want) > 2 and total > want:
            split.setSizes([total - want, want])


def arrange(split: QSplitter, column: PlayersColumn, board: QWidget, page: QWidget) -> None:
    """Put ``board`` and ``page`` where the looks want them now (table mode or not)."""
    table = LOOKS.table_mode
    if column.split is split and column.table_mode == table:
        return
    first = column.split is None  # a new screen: the splitter shares its width when first shown
    if table and not first:
        column.window_sizes = split.sizes()  # given back when table mode is left
    column.split = split
    column.table_mode = table
    # a player's name and the ✈ of whose turn it is keep one line in table mode (every row one
    # line high, where the column's width allows); outside it the docks beside need that width
    whole = (PLAYER_COLUMN,) if table else ()
    if column.sharer.whole != whole:
        column.sharer.whole = whole
        column.sharer.fit()
    lower, beside = (page, board) if table else (board, page)
    column.board = lower
    if lower.parent() is not column:
        lower.setParent(column)
    if table:
        split.insertWidget(0, beside)
        split.insertWidget(1, column)
    else:
        split.insertWidget(0, column)
        split.insertWidget(1, beside)
    for w in (board, page, column):
        if w.isHidden():  # a new parent hides a widget
            w.show()
    shares = (1, 0) if table else WINDOW_SHARES
    split.setStretchFactor(0, shares[0])
    split.setStretchFactor(1, shares[1])
    if not first and not table:  # back from table mode: the sizes it had, or the window's shares
        total = split.width() - split.handleWidth()
        left = total * shares[0] // sum(shares)
        split.setSizes(column.window_sizes or [left, total - left])
    column._lay_out()
