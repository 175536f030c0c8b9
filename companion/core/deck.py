"""Decks and hands, the same whether the app deals or the table draws real cards.

A draw is a chance input naming the card drawn. With a virtual deck the app picks that card at
random from what is left (``DiceBag.pick``); with a physical deck a player types the card they
turned over. Either way the core only checks that the card is still in the draw pile, so the
pile is a multiset, not an ordered stack: an order would be a secret the app does not have when
the cards are real.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .violations import MalformedInput
from .words import UNSEEN


@dataclass
class Deck:
    name: str
    draw_pile: Counter = field(default_factory=Counter)
    discard: list = field(default_factory=list)
    hands: dict[str, list] = field(default_factory=dict)
    reshuffles: int = 0

    @classmethod
    def of(cls, name: str, cards, seats=()) -> Deck:
        return cls(name, Counter(cards), [], {s: [] for s in seats})

    @property
    def left(self) -> int:
        return sum(self.draw_pile.values())

    def cards_left(self) -> list:
        return sorted(self.draw_pile.elements(), key=str)

    def total_cards(self) -> int:
        """Every card the deck owns, wherever it is: the conservation invariant of tests."""
        return self.left + len(self.discard) + sum(len(h) for h in self.hands.values())

    def hand(self, seat: str) -> list:
        try:
            return self.hands[seat]
        except KeyError:
            raise MalformedInput(f"{self.name}: there is no seat '{seat}'") from None

    def draw(self, card, seat: str | None = None) -> None:
        """Take ``card`` from the draw pile, into ``seat``'s hand (or nowhere, for a display)."""
        try:
            there = self.draw_pile[card] > 0
        except TypeError:  # a list or table from a record's JSON is never a card
            there = False
        if not there:
            raise MalformedInput(f"{self.name}: {card} is not in the draw pile")
        hand = self.hand(seat) if seat is not None else None  # refuse an unknown seat first
        self.draw_pile[card] -= 1
        if self.draw_pile[card] == 0:
            del self.draw_pile[card]
        if hand is not None:
            hand.append(card)

    def redeal(self, seat: str) -> None:
        """``seat``'s hand back into the draw pile and as many cards drawn again, other cards first:
        the stand-in hand of an edge check (companion/phones/messages.py)."""
        hand = self.hand(seat)
        old, n = list(hand), len(hand)
        self.draw_pile.update(hand)
        hand.clear()
        for card in sorted(self.draw_pile.elements(), key=lambda c: (c in old, str(c)))[:n]:
            self.draw(card, seat)

    def unseen(self, seats) -> Deck:
        """This deck as the table sees it: the draw pile and the hands of ``seats`` as so many
        ``UNSEEN`` cards (the counts stay, the cards are gone); the discard pile lies face up."""
        left = self.left
        pile: Counter = Counter.__new__(Counter)  # an empty Counter with no Python __init__ call
        if left:  # set, not Counter({...}): building a Counter from a dict costs 20 times more,
            pile[UNSEEN] = left  # and the log's words ask for this once an input
        return Deck(self.name, pile, list(self.discard),
                    {s: [UNSEEN] * len(h) if s in seats else list(h) for s, h in self.hands.items()},
                    self.reshuffles)

    def play(self, seat: str, card, to_discard: bool = True) -> None:
        hand = self.hand(seat)
        if card not in hand:
            raise MalformedInput(f"{self.name}: {seat} does not hold {card}")
        hand.remove(card)
        if to_discard:
            self.discard.append(card)

    def reshuffle(self) -> None:
        """The discard pile becomes the draw pile (the usual 'when the deck is empty')."""
        self.draw_pile.update(self.discard)
        self.discard.clear()
        self.reshuffles += 1

    def to_json(self) -> dict:
        return {
            "draw_pile": self.left,
            "discard": list(self.discard),
            "hands": {s: list(h) for s, h in self.hands.items()},
        }
