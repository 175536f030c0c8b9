"""Where the flight board goes: under the players' table outside table mode, beside everything
in table mode.

Outside table mode the board sits under the players' table and the score track, beside the
page of the current choice. In table mode (#14) the board is what the table reads from two
metres (the planes, the passenger, the zones and lanes), and a strip under the players' table
on a 720-pixel screen drew it a third as large as the room beside them allows: so the board
takes the whole height on the left, and the players' table, the hurricane's costs and the page
of the current choice stack on the right, the column as wide as the table's words. The score
track (the table's Score column says the same) stays in that column only where it fits
with the players' words and half the column for the page.

The widgets change parent only when table mode is turned on or off, never on a click.
"""

from __future__ import annotations

from PySide6.QtWidgets import QSplitter, QWidget

from ..looks import LOOKS
from ..widgets.columns import BoardUnder, ScrollingColumn
from .models import PLAYER_COLUMN

#: outside table mode: the players' column and the page beside it share the width 3 to 2
WINDOW_SHARES = (3, 2)
#: in table mode the players' column is at most this share of the width: the board keeps the rest
MOST_COLUMN = 0.55
#: in table mode the page of the current choice keeps at least this share of the column's height
#: under the players' table (it scrolls): its buttons are for the player at the keyboard, the
#: table and the board for everyone
PAGE_SHARE = 0.25


class PlayersColumn(BoardUnder):
    """A ``BoardUnder`` whose lower widget is the flight board (outside table mode) or the page
    of the current choice (in table mode), and whose ``spare`` widget (the score track) is shown
    in table mode only when the controls keep all their words with it and the page half the height."""

    def __init__(self, column: ScrollingColumn, lower: QWidget, spare: QWidget, sharer, parent=None):
        super().__init__(column, lower, parent=parent)
        self.window_least, self.window_share = self.least, self.share
        self.spare = spare
        #: the players' table's column sharer (widgets/columns.py): its whole words set the
        #: column's width in table mode
        self.sharer = sharer
        self.split: QSplitter | None = None
        self.window_sizes: list[int] = []  # the splitter's sizes outside table mode, kept while in it
        self.table_mode = False

    def _spare_height(self) -> int:
        lay = self.column.widget().layout()
        return self.spare.sizeHint().height() + (lay.spacing() if lay is not None else 0)

    def _lay_out(self) -> None:
        self.least, self.share = (0, PAGE_SHARE) if self.table_mode else (self.window_least, self.window_share)
        if self.table_mode:
            h = self.height()
            lower = max(self.board.minimumHeight(), self.least, int(h * self.share))
            need = self._controls_height() - (self._spare_height() if self.spare.isVisible() else 0)
            # the track only where the page still gets half the column: its buttons come first
            page = max(lower, h // 2)
            fits = need + self._spare_height() <= h - page - self.gap
            if fits != self.spare.isVisible():
                self.spare.setVisible(fits)  # the column lays out again, and so this
            self._take_width()
        elif self.spare.isHidden():
            self.spare.show()
        super()._lay_out()

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
