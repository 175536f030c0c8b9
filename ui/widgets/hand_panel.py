"""A player's hand behind a privacy screen, for any game with private cards.

While covered, the panel shows only "Pass the laptop to <owner>"; the owner clicks to reveal the
cards. A new owner (the next player's turn) covers it again. Cards are plain items: an id (sent
back when the card is clicked), a label, whether it is lit (playable now) and a tooltip. An
unlit card can still be clicked, so the game can say why it does not fit.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from companion.core.words import capital

from .. import looks


@dataclass(frozen=True)
class CardItem:
    id: str
    label: str
    lit: bool = True
    tooltip: str = ""
    colour: str | None = None  # the card's edge, e.g. its suit or province: a palette name or "#rrggbb"


class HandPanel(QFrame):
    card_clicked = Signal(str)
    revealed = Signal(str)

    def __init__(self, title: str = "Hand", columns: int = 4, parent=None):
        super().__init__(parent)
        self.title = title
        self.columns = columns
        self.owner: str | None = None
        self.buttons: list[QPushButton] = []
        self.items: list[CardItem] = []
        self._shown: tuple | None = None
        self.rebuilds = 0

        # A push button never wraps its text, so the words are a wrapped label laid on the button:
        # at a large text size "Pass the laptop to ..." breaks onto lines instead of running off.
        self.cover_button = _Cover()
        self.cover_button.setObjectName("handCover")
        looks.sheet(self.cover_button, "#handCover { background: {cover}; border-radius: 6px; }"
                    " #handCover QLabel { background: transparent; color: {cover.text};"
                    " font-size: {size:heading}; }")
        self.cover_button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.cover_label = QLabel()
        self.cover_label.setWordWrap(True)
        self.cover_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.cover_label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        on_cover = QVBoxLayout(self.cover_button)
        on_cover.setContentsMargins(10, 10, 10, 10)
        on_cover.addWidget(self.cover_label)
        self.cover_button.clicked.connect(self.reveal)

        self.heading = QLabel()
        looks.bold(self.heading)
        self.hide_button = QPushButton("Hide")
        self.hide_button.setToolTip("Cover the hand before passing the laptop on")
        self.hide_button.clicked.connect(self.cover)
        self.empty = QLabel("No cards")
        looks.tone(self.empty, "muted")
        self.grid = QGridLayout()
        self.grid.setSpacing(4)
        for c in range(columns):  # a lone card keeps its width instead of filling the row
            self.grid.setColumnStretch(c, 1)
        head = QHBoxLayout()
        head.addWidget(self.heading, 1)
        head.addWidget(self.hide_button)
        shown = QWidget()
        col = QVBoxLayout(shown)
        col.setContentsMargins(0, 0, 0, 0)
        col.addLayout(head)
        col.addWidget(self.empty)
        col.addLayout(self.grid)
        col.addStretch(1)

        self.stack = QStackedWidget()
        self.stack.addWidget(self.cover_button)
        self.stack.addWidget(shown)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.stack)
        self._update_cover()

    @property
    def is_revealed(self) -> bool:
        return self.stack.currentIndex() == 1

    def set_hand(self, owner: str | None, items: list[CardItem], accent: str | None = None,
                 nobody: str = "", note: str = "") -> None:
        """Show ``owner``'s cards (covered again if the owner changed); ``accent`` colours the owner.
        With no owner the cover says ``nobody`` (the game is over), else to pass the laptop on;
        ``note`` follows the heading. The same hand again is left as it is (``rebuilds`` counts
        the times the cards were built afresh)."""
        shown = (owner, tuple(items), accent, nobody, note)
        if shown == self._shown:
            return
        self._shown = shown
        self.rebuilds += 1
        self.nobody = nobody
        if owner != self.owner:
            self.owner = owner
            self.cover()
        self.items = list(items)
        while len(self.buttons) > len(self.items):  # hidden at once: deleteLater waits for the event loop
            b = self.buttons.pop()
            self.grid.removeWidget(b)
            b.hide()
            b.deleteLater()
        for i, item in enumerate(self.items):
            if i == len(self.buttons):
                b = QPushButton()
                b.setMinimumHeight(34)
                b.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
                b.clicked.connect(lambda _=False, i=i: self.card_clicked.emit(self.items[i].id))
                self.grid.addWidget(b, i // self.columns, i % self.columns)
                self.buttons.append(b)
            # a card's button is kept and only what changed is set (a new style sheet is dear)
            b = self.buttons[i]
            if b.text() != item.label:
                b.setText(item.label)
            if b.toolTip() != item.tooltip:
                b.setToolTip(item.tooltip)
            style = _card_style(item)
            if b.property("paletteSheet") != style:
                looks.sheet(b, style)
        self.empty.setVisible(not self.items)
        self.heading.setText((f"{possessive(owner)} {self.title.lower()} ({len(self.items)})" if owner else self.title)
                             + note)
        looks.sheet(self.heading, f"font-weight: 600; color: {_ref(accent)};" if accent else "font-weight: 600;")
        self._update_cover()

    def reveal(self) -> None:
        if self.owner is not None:
            self._show(1)
            self.revealed.emit(self.owner)

    def cover(self) -> None:
        self._show(0)

    def _show(self, index: int) -> None:
        """The page not shown asks for no room: the cards' width never widens the cover."""
        for i in range(self.stack.count()):
            policy = QSizePolicy.Policy.Expanding if i == index else QSizePolicy.Policy.Ignored
            self.stack.widget(i).setSizePolicy(policy, policy)
        self.stack.setCurrentIndex(index)

    def _update_cover(self) -> None:
        who = self.owner or "the next player"
        if self.owner is None and getattr(self, "nobody", ""):
            self.cover_label.setText(self.nobody)
        else:
            self.cover_label.setText(f"Pass the laptop to {who}.\n\n{capital(who)}: click here to see your "
                                      f"{self.title.lower()}.")
        self.cover_button.setAccessibleName(self.cover_label.text())
        self.cover_button.setEnabled(self.owner is not None)


class _Cover(QPushButton):
    """The cover button, as tall as its wrapped words need (a button's own size ignores them)."""

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        lay = self.layout()
        m = lay.contentsMargins()
        label = lay.itemAt(0).widget()
        return label.heightForWidth(width - m.left() - m.right()) + m.top() + m.bottom()


def possessive(name: str) -> str:
    """"Anna's", "the Holnists'" (never "Holnists's")."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _ref(colour: str) -> str:
    """A colour for a palette-filled style sheet: "#rrggbb" as it is, a palette name as {name}."""
    return colour if colour.startswith("#") else "{" + colour + "}"


def _card_style(item: CardItem) -> str:
    edge = _ref(item.colour or "card.edge")
    if item.lit:
        return ("QPushButton { font-weight: 600; background: {card.face}; color: {card.ink};"
                f" border: 2px solid {edge}; border-left: 8px solid {edge}; border-radius: 4px; }}"
                " QPushButton:hover { background: {chosen}; color: {chosen.text}; }")
    return ("QPushButton { background: {card.idle}; color: {card.idle.text}; border: 1px solid {border};"
            f" border-left: 8px solid {edge}; border-radius: 4px; }}")

