"""The active player's hand in front of the map, as tall as the hand or its cover needs and no
taller, the same height covered and shown.

The shared hand panel (ui/widgets/hand_panel.py) says "Pass the laptop to Anna.", a blank line and
"Anna: click here to see your hand." on a cover at least 110 px tall: at 1280x720 in the larger
type that left the map 160 px at a hand-off, and in table mode the cover's second line was cut at
its bottom (#14). Here the cover says it in two lines with no blank line between, the panel
takes the height its words or its cards need, and the map has the rest of the column. The height
is the most of both the panel has needed at this width and type, so the map does not move when
the cover goes or comes back (a hand-off), nor when a card is drawn into a row already kept.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent

from companion.core.words import capital

from ..widgets.hand_panel import CardItem, HandPanel


class TableHand(HandPanel):
    def __init__(self, title: str = "Hand", columns: int = 5, parent=None):
        self._kept = 0  # the most height the cards have needed at this type (0: count afresh)
        super().__init__(title, columns, parent)

    def _update_cover(self) -> None:
        super()._update_cover()
        if self.owner is not None:
            who = self.owner
            self.cover_label.setText(f"Pass the laptop to {who}.\n{capital(who)}: click here to see your "
                                     f"{self.title.lower()}.")
            self.cover_button.setAccessibleName(self.cover_label.text())
        self._fit()

    def set_hand(self, owner: str | None, items: list[CardItem], accent: str | None = None,
                 nobody: str = "", note: str = "") -> None:
        super().set_hand(owner, items, accent, nobody, note)
        self._fit()

    def need(self, width: int) -> int:
        """The height the cover's words want at ``width`` or the cards kept, whichever is more."""
        # at least a row of cards: the first card drawn into an empty hand must not move the map
        row = self.hide_button.sizeHint().height() + 8 + max(34, self.hide_button.sizeHint().height())
        cards = max(self.stack.widget(1).sizeHint().height(), row)
        self._kept = max(self._kept, cards)
        return max(self.cover_button.heightForWidth(width), self._kept)

    def _fit(self) -> None:
        if not hasattr(self, "stack"):
            return
        need = self.need(self.width())
        if self.minimumHeight() != need or self.maximumHeight() != need:
            self.setFixedHeight(need)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._fit()

    def event(self, event) -> bool:
        done = super().event(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange, QEvent.Type.Show,
                            QEvent.Type.LayoutRequest):
            if event.type() != QEvent.Type.LayoutRequest:
                self._kept = 0  # another type: the cards' rows are measured afresh
            self._fit()
        return done
