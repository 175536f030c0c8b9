"""Decks and hands: draw, play, reshuffle, and no card ever appears or vanishes."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.deck import Deck
from companion.core.dice import DiceBag
from companion.core.violations import MalformedInput


def test_draw_and_play():
    deck = Deck.of("mail", ["A", "B", "B", "C"], seats=("north", "south"))
    assert deck.left == 4 and deck.cards_left() == ["A", "B", "B", "C"]
    deck.draw("B", "north")
    deck.draw("B", "south")
    assert deck.hand("north") == ["B"] and deck.cards_left() == ["A", "C"]
    with pytest.raises(MalformedInput, match="B is not in the draw pile"):
        deck.draw("B", "north")
    deck.play("north", "B")
    assert deck.hand("north") == [] and deck.discard == ["B"]
    with pytest.raises(MalformedInput, match="north does not hold B"):
        deck.play("north", "B")
    deck.play("south", "B", to_discard=False)  # e.g. a card laid on the table as a route
    assert deck.discard == ["B"] and deck.hand("south") == []


def test_unknown_seat_is_malformed():
    deck = Deck.of("mail", ["A"], seats=("north",))
    with pytest.raises(MalformedInput, match="no seat 'west'"):
        deck.draw("A", "west")
    assert deck.left == 1 and deck.total_cards() == 1  # a refused draw takes nothing
    with pytest.raises(MalformedInput, match="no seat 'west'"):
        deck.hand("west")


def test_reshuffle_moves_the_discard_back():
    deck = Deck.of("mail", ["A", "B"], seats=("north",))
    deck.draw("A", "north")
    deck.draw("B", "north")
    deck.play("north", "A")
    deck.play("north", "B")
    assert deck.left == 0
    deck.reshuffle()
    assert deck.cards_left() == ["A", "B"] and deck.discard == [] and deck.reshuffles == 1


def test_to_json_hides_the_order_of_the_pile():
    deck = Deck.of("mail", ["A", "B"], seats=("north",))
    deck.draw("A", "north")
    assert deck.to_json() == {"draw_pile": 1, "discard": [], "hands": {"north": ["A"]}}


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["draw", "play", "reshuffle"]), st.integers(0, 2),
                          st.integers(0, 10_000)), max_size=60))
def test_cards_are_conserved(actions):
    cards = ["A", "A", "B", "C", "D", "E", "F", "G"]
    seats = ("n", "e", "s")
    deck = Deck.of("mail", cards, seats=seats)
    bag = DiceBag(3)
    for action, seat_no, pick in actions:
        seat = seats[seat_no]
        if action == "draw" and deck.left:
            deck.draw(bag.pick(deck.cards_left()), seat)
        elif action == "play" and deck.hand(seat):
            hand = deck.hand(seat)
            deck.play(seat, hand[pick % len(hand)])
        elif action == "reshuffle":
            deck.reshuffle()
        assert deck.total_cards() == len(cards)
        everywhere = deck.cards_left() + deck.discard + [c for h in deck.hands.values() for c in h]
        assert sorted(everywhere) == sorted(cards)


@pytest.mark.parametrize("card", [["A"], {"card": "A"}, None, "Z"])
def test_drawing_what_is_not_a_card_is_malformed(card):
    deck = Deck.of("mail", ["A"], seats=("north",))
    with pytest.raises(MalformedInput, match="not in the draw pile"):
        deck.draw(card, "north")
    assert deck.total_cards() == 1
