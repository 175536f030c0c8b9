"""Cards: the draw prompt (the app deals, or the table types the card it drew from its own deck)
and each side's hand behind its own privacy screen, playable cards lit with their effect."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCompleter,
    QFrame,
    QGridLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from companion.core.words import counted
from companion.postman import view as q

from .. import looks
from ..widgets.columns import ScrollingColumn
from ..widgets.hand_panel import CardItem, HandPanel

SUIT = {"H": "\u2665", "D": "\u2666", "C": "\u2663", "S": "\u2660"}


def card_label(cid: str, name: str) -> str:
    return f"{cid[:-1]}{SUIT[cid[-1]]} {name}"


class DrawPrompt(QFrame):
    """A card the table must draw now: ``deal`` for the app's deck, ``typed`` for a real one."""

    deal = Signal()
    deal_all = Signal()
    typed = Signal(str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("drawPrompt")
        looks.panel(self, "info")
        self.text = QLabel()
        self.text.setWordWrap(True)
        looks.bold(self.text)
        self.deal_button = QPushButton("Draw from the app's deck")
        self.all_button = QPushButton("Deal all")
        self.all_button.setToolTip("Every card owed now, from the app's deck")
        self.entry = QLineEdit()
        self.entry.setPlaceholderText("or type the card: QH, 10S")
        self.entry.setToolTip("A real deck: type the card that was drawn and press Enter")
        self.enter_button = QPushButton("Enter")
        grid = QGridLayout(self)
        grid.setContentsMargins(8, 6, 8, 6)
        grid.addWidget(self.text, 0, 0, 1, 3)
        grid.addWidget(self.deal_button, 1, 0, 1, 2)
        grid.addWidget(self.all_button, 1, 2)
        grid.addWidget(self.entry, 2, 0, 1, 2)
        grid.addWidget(self.enter_button, 2, 2)
        self.deal_button.clicked.connect(self.deal)
        self.all_button.clicked.connect(self.deal_all)
        self.entry.returnPressed.connect(self._typed)
        self.enter_button.clicked.connect(self._typed)

    def set_request(self, request, owed: int) -> None:
        if (request, owed) == getattr(self, "_shown", ()):
            return  # the same draw still owed: its completer and words stay
        self._shown = (request, owed)
        self.setVisible(request is not None)
        if request is None:
            return
        purpose = request.purpose[:1].upper() + request.purpose[1:]
        more = f" ({counted(owed, 'card')} owed)" if owed > 1 else ""
        self.text.setText(purpose + more)
        random_discard = request.takes == "random_discard"
        self.deal_button.setText("Pick one at random" if random_discard else "Draw from the app's deck")
        self.all_button.setVisible(owed > 1)
        self.entry.setPlaceholderText("or type the card: 5S" if random_discard
                                      else "or type the card: QH, 10S")
        # complete against the whole deck, never the request's choices: for a random discard those
        # are the opponent's hand, and the cards left in a shared deck give away both hands
        self.entry.setCompleter(None if random_discard else QCompleter(ALL_CARDS, self.entry))

    def _typed(self) -> None:
        text = self.entry.text().strip().upper()
        if text:
            self.entry.clear()
            self.typed.emit(text)


ALL_CARDS = [f"{rank}{suit}" for suit in "HDCS"
             for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]


class CardsPanel(QWidget):
    card_clicked = Signal(str, str)  # side, card id
    HELP = ("Lit cards may be played now; hover one for its effect. Click a card to play it; a card "
            "that needs a target asks for it on the map.")

    def __init__(self, parent=None):
        super().__init__(parent)
        self.draw = DrawPrompt()
        self.hands = {side: HandPanel("Cards", columns=2) for side in ("postmen", "holnists")}
        self.help = QLabel(self.HELP)
        self.help.setWordWrap(True)
        looks.tone(self.help, "muted")
        # the panel scrolls rather than squeeze the covers' wrapped words at a large text size
        inner = QWidget()
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(ScrollingColumn(inner))
        lay = QVBoxLayout(inner)
        lay.addWidget(self.draw)
        for side, hand in self.hands.items():
            hand.card_clicked.connect(lambda cid, s=side: self.card_clicked.emit(s, cid))
            lay.addWidget(hand, 1)
        lay.addWidget(self.help)

    def set_hand(self, side: str, cards, deck_left: int, extra_tip=None, discard=False,
                 answering: bool = False) -> None:
        """``cards``: CardView rows from view.hand_view; ``discard``: the side is over
        the hand limit, so every card is lit and a click discards it; ``answering``: the side is
        not the one whose turn it is, so once it has played a card its hand is covered again
        (the laptop goes back)."""
        ids = [c.id for c in cards]
        before = getattr(self, "_held", {}).get(side)
        self._held = {**getattr(self, "_held", {}), side: ids}
        if answering and before is not None and any(c not in ids for c in before):
            self.hands[side].cover()
        items = []
        for c in cards:
            if discard:
                items.append(CardItem(c.id, card_label(c.id, c.name), True,
                                      f"{c.name}: {c.text}.\nClick to discard it (hand limit).", "card.edge"))
                continue
            tip = f"{card_label(c.id, c.name)}: {c.text}."
            tip += "\nPlayable now." if c.playable else f"\nNot now: {c.why_not}."
            if extra_tip and c.id in extra_tip:
                tip += "\n" + extra_tip[c.id]
            colour = "card.ink.red" if c.id[-1] in "HD" else "card.ink"
            items.append(CardItem(c.id, card_label(c.id, c.name), c.playable, tip, colour))
        self.hands[side].set_hand(q.side_name(side), items, f"side.{side}",
                                  note=" \u2014 over the limit: click cards to discard" if discard else "")
        self.hands[side].setToolTip(f"{counted(deck_left, 'card')} left to draw")

    def cover_all(self) -> None:
        for hand in self.hands.values():
            hand.cover()
