"""Which cards a hand may play now and on what: each card lit or not with the reason, and every
target its own rule accepts (postman.card.window, postman.card.<effect>).

Read from ``cards.window_open`` and ``cards.check_play``; nothing here changes the state.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.violations import MalformedInput
from . import cards
from .state import PostmanState
from .steps import ALLOWED, blocking
from .town_view import side_words, unit_order

#: The arguments a card needs beside itself (see cards.check_play).
NEEDS = {"pony_express": ("unit",), "deliver_the_mail": ("unit", "to"), "california_postman": ("town",),
         "rough_terrain": ("town",), "forced_march": ("town",), "narrow_escape": ("unit", "to"),
         "brutality": ("unit",), "luck": ("die",)}


@dataclass(frozen=True)
class CardView:
    id: str
    name: str
    text: str
    effect: str
    playable: bool
    why_not: str = ""
    needs: tuple[str, ...] = ()


def hand_view(state: PostmanState, side: str) -> list[CardView]:
    """The side's hand, each card lit when it may be played now on some target."""
    block = blocking(state)
    waiting = block is not None and "play_card" not in ALLOWED[block]
    out = []
    for cid in sorted(state.hand(side), key=card_order):
        card = state.catalog.cards[cid]
        needs = NEEDS.get(card.effect, ())
        why = ""
        if card.side != side:
            why = "the other side's colour: dead weight in this hand"
        elif state.pos.winner and card.effect != "luck":  # Luck may still reroll the deciding die
            why = f"the game is over: {side_words(state.pos.winner)} have won"
        elif waiting:
            why = "first the cards owed must be drawn"
        else:
            why = cards.window_open(state, card, side, {}) or ""
            if not why and card.effect != "luck" and not card_targets(state, side, cid):
                why = "nothing to play it on now" if needs else _effect_problem(state, side, cid)
        out.append(CardView(cid, card.name, card.text, card.effect, not why, why, needs))
    return out


def discarding(state: PostmanState, side: str, steps) -> bool:
    """Whether ``side`` must now discard down to the hand limit (a card click discards it)."""
    return any(st.kind == "discard" and st.who == side for st in steps)


def playable_cards(state: PostmanState, side: str) -> list[CardView]:
    return [c for c in hand_view(state, side) if c.playable]


#: Rules besides its own that judge where a card's target may go (postman.card.narrow_escape
#: retreats by postman.move.retreat: one road away, no Holnists there).
TARGET_RULES = {"narrow_escape": ("postman.move.retreat",)}


def card_targets(state: PostmanState, side: str, cid: str) -> list[dict]:
    """Every choice of target the card's own rule accepts now, as play_card arguments."""
    card = state.catalog.cards[cid]
    needs = NEEDS.get(card.effect, ())
    if not needs:
        return [] if _effect_problem(state, side, cid) else [{}]
    units = sorted(state.pos.units, key=lambda u: unit_order(state.pos.units[u]))
    if card.effect == "brutality":
        units.append("militia")
    towns = list(state.board.towns)
    if needs == ("die",):
        return [{"die": i} for i in range(len(state.pos.last_roll))]
    if needs == ("unit",):
        options = [{"unit": u} for u in units]
    elif needs == ("town",):
        options = [{"town": x} for x in towns]
    else:
        options = [{"unit": u, "to": x} for u in units for x in towns]
    # a target breaks the card's own rule, or (Narrow Escape) the retreat rules it moves by
    rules = {f"postman.card.{card.effect}", *TARGET_RULES.get(card.effect, ())}
    out = []
    for args in options:
        try:
            found = cards.check_play(state, {"card": cid, "side": side, **args})
        except (MalformedInput, KeyError):
            continue
        if not any(v.rule in rules for v in found):
            out.append(args)
    return out


def _effect_problem(state: PostmanState, side: str, cid: str) -> str:
    """Why the card's own rule refuses it now with no target named ("" if it does not)."""
    rule = f"postman.card.{state.catalog.cards[cid].effect}"
    found = cards.check_play(state, {"card": cid, "side": side})
    return next((v.reason for v in found if v.rule == rule), "")


def card_order(cid: str) -> tuple:
    """Sort key for a hand: by suit (hearts, diamonds, clubs, spades), then by rank."""
    return ("HDCS".index(cid[-1]), ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K").index(cid[:-1]))


#: Card windows that answer a roll or a battle step (the rest open with a phase of a turn).
RESPONSE_WINDOWS = ("roll", "battle", "retreat", "sneak", "casualties", "own_type", "own_recruit_roll")


def answers_open(state: PostmanState, after_roll: bool = True) -> list[str]:
    """The kinds of card (by name) that may answer now, right after a roll: Luck on that roll,
    and any card whose window is open before the next one (Resistance or Cowed after the Militia
    roll, Ambush, Trap, Firepower or Brutality before the attack dice, Organization on a Type
    roll...). The one-click Resolve stops here so the table can play one.

    Hand privacy (postman.card.hand): the answer never depends on who holds what. A card kind
    counts while any card of it is not in its side's discard pile, the only place a card is known
    to be out of play; so a pause says nothing about a hand, and the table pauses as often with
    Luck in the Postmen's hand as without it. Luck is counted after every roll for the same reason,
    though the rules keep its reroll only when the Postmen hold it (``t.before_roll``)."""
    out = []
    seen = set()
    for cid, card in state.catalog.cards.items():
        if card.window not in RESPONSE_WINDOWS or card.effect in seen:
            continue
        if cid in state.deck(card.side).discard:
            continue
        if card.effect == "luck":
            open_now = after_roll and bool(state.pos.last_roll)
        else:
            open_now = cards.window_open(state, card, card.side, {}) is None and \
                bool(card_targets(state, card.side, cid))
        if open_now:
            seen.add(card.effect)
            out.append(card.name)
    return out


def spying(state: PostmanState) -> str | None:
    """The side that played Spies this turn and may now look at the other's hand
    (postman.card.spies), or None."""
    t = state.pos
    spied = t.effects.get("spied")
    return t.active if spied == [t.turn, t.active] and not t.winner else None
