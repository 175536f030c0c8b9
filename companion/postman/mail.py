"""Cards coming and going: the deal, the Mail phase (postman.mail.draw, postman.mail.limit),
random discards (Confusion, Break Morale) and the hand limit."""

from __future__ import annotations

from ..core.game import DrawRequest
from ..core.violations import MalformedInput, Violation
from ..core.words import counted
from . import words
from .state import OTHER, PostmanState
from .town_view import side_words, sides_own


def draw_request(state: PostmanState) -> DrawRequest | None:
    t = state.pos
    if t.discards_owed:
        side = t.discards_owed[0]
        hand = state.hand(side)
        return DrawRequest(f"discard a random card from {sides_own(side)} hand", tuple(hand),
                           "postman.card.confusion", who=OTHER[side], takes="random_discard")
    if t.draws_owed:
        side = t.draws_owed[0]
        deck = state.deck(side)
        pile = deck.cards_left() or sorted(deck.discard, key=str)
        why = "deal a card to" if t.phase == "deal" else "draw a card for"
        return DrawRequest(f"{why} {side_words(side)}", tuple(pile), "postman.mail.draw", who=side)
    return None


def check_draw(state: PostmanState, card: str) -> list[Violation]:
    request = draw_request(state)
    if request is None:  # postman.draw.none: firm, for no hand is owed the card
        return [Violation("postman.draw.none", "no card is to be drawn now: no side is owed one",
                          firm=True)]
    if card not in request.choices:
        # never where the card is instead: a hand is hidden, and a refusal must not point into it
        what = "discarded from that hand" if state.pos.discards_owed else "drawn now"
        raise MalformedInput(f"draw.card: {words.card(card)} cannot be {what}; check the card typed")
    return []


def apply_draw(state: PostmanState, card) -> None:
    t = state.pos
    if t.discards_owed:
        side = t.discards_owed.pop(0)
        state.deck(side).play(side, card)
        return
    side = t.draws_owed.pop(0)
    deck = state.deck(side)
    if deck.left == 0:
        deck.reshuffle()
    deck.draw(card, side)
    if t.phase == "mail":
        t.drawn += 1
    if t.phase == "deal" and not t.draws_owed:
        t.turn, t.phase, t.active = 1, "move", "postmen"


def over_limit(state: PostmanState, side: str) -> int:
    return max(0, len(state.hand(side)) - state.catalog.tables["mail"]["hand_limit"])


def check_discard(state: PostmanState, side: str, cards: list[str]) -> list[Violation]:
    hand = list(state.hand(side))
    for c in cards:
        if c not in hand:
            raise MalformedInput(f"discard.cards: the {side} do not hold {c}")
        hand.remove(c)
    t = state.pos
    out = []
    if t.phase != "mail" or t.active != side:
        out.append(Violation("postman.mail.limit", "cards are discarded in your own Mail phase"))
    elif t.drawn >= state.catalog.tables["mail"]["draw"]:
        excess = over_limit(state, side)
        if len(cards) > excess:
            out.append(Violation("postman.mail.limit",
                                 f"only {counted(excess, 'card')} over the limit of {state.catalog.tables['mail']['hand_limit']}"))
    elif any(state.catalog.cards[c].side == side for c in cards):
        out.append(Violation("postman.mail.limit", "before drawing, only cards of the other colour may be discarded"))
    return out


def apply_discard(state: PostmanState, side: str, cards: list) -> None:
    for c in cards:
        state.deck(side).play(side, c)
