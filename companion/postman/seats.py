"""The Postman's two seats, the Postmen and the Holnists, and what each may see.

A hand is its side's alone (postman.card.hand); the table sees how many cards it holds, the
discard piles and every card once played. The draw piles show only how many cards are left. A
side that played Spies this turn may look at the other hand (postman.card.spies).
"""

from __future__ import annotations

from dataclasses import replace

from ..core.checkpoints import copy_state
from ..core.deck import Deck
from ..core.game import Seat, Seating, shallow
from ..core.inputs import Input
from .inputs import INPUTS
from .state import OTHER, PostmanState

SEATS = (Seat("postmen", "Postmen"), Seat("holnists", "Holnists"))
SIDES = tuple(seat.id for seat in SEATS)
#: Inputs given by the side named in their ``side`` argument.
_BY_SIDE_ARG = ("play_card", "discard", "casualties")


def _card(s: PostmanState, cid: str) -> dict:
    card = s.catalog.cards[cid]
    return {"id": cid, "name": card.name, "text": card.text, "effect": card.effect, "side": card.side}


def _hand(s: PostmanState, side: str) -> list[dict]:
    return [_card(s, c) for c in sorted(s.hand(side), key=_card_order)]


def _card_order(cid: str) -> tuple:
    ranks = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    return ("HDCS".index(cid[-1]), ranks.index(cid[:-1]))


def _spying(s: PostmanState) -> str | None:
    t = s.pos
    return t.active if t.effects.get("spied") == [t.turn, t.active] and not t.winner else None


class PostmanSeating(Seating):
    def seats(self, state: PostmanState) -> list[Seat]:
        return list(SEATS)

    def public_view(self, s: PostmanState) -> dict:
        t = s.pos
        towns = s.board.towns
        return {
            "turn": t.turn, "active": t.active, "phase": t.phase, "winner": t.winner,
            "units": [{"id": u.id, "kind": u.kind, "name": s.unit_type(u).name, "side": u.side,
                       "town": u.town, "town_name": towns[u.town].name if u.town in towns else u.town,
                       "fresh": u.fresh} for u in sorted(t.units.values(), key=lambda u: u.id)],
            "militia": {k: v for k, v in sorted(t.militia.items()) if v},
            "hand_counts": {side: len(s.hand(side)) for side in ("postmen", "holnists")},
            "draw_pile": {side: s.deck(side).left for side in ("postmen", "holnists")},
            "discard": {side: [_card(s, c) for c in s.deck(side).discard] for side in ("postmen", "holnists")},
            "battles_left": list(t.battles_left),
            "battle": None if t.battle is None else {"town": t.battle.town, "step": t.battle.step,
                                                     "round": t.battle.round},
            "last_battle": None if t.last_battle is None else t.last_battle.result,
            "last_roll": list(t.last_roll),
            "effects": {k: v for k, v in sorted(t.effects.items()) if k != "variants"},
            "spying": _spying(s),
        }

    def own_view(self, s: PostmanState, seat: str) -> dict:
        out: dict = {"hand": _hand(s, seat)}
        if _spying(s) == seat:
            out["spied_hand"] = _hand(s, OTHER[seat])
        return out

    def public_state(self, s: PostmanState) -> PostmanState:
        """Both hands and the draw piles unseen (a shared deck copied once); Luck's position
        before the roll is dropped, its hands being the same secrets."""
        pos = shallow(s.pos)
        unseen: dict[int, Deck] = {}
        for d in s.pos.decks.values():
            if id(d) not in unseen:
                unseen[id(d)] = d.unseen(SIDES)
        pos.decks = {side: unseen[id(d)] for side, d in s.pos.decks.items()}
        pos.before_roll = None
        public = shallow(s)
        public.pos = pos
        return public

    def blind(self, s: PostmanState, seat: str, reader: str | None) -> PostmanState | None:
        if reader is not None and _spying(s) == reader:
            return None  # the spy may look at the other hand this turn (postman.card.spies)
        # the board is shared, the position copied whole: with Luck's before_roll, or the twin
        # would show Luck unplayable where the seat sees it playable (postman.card.luck)
        twin = replace(s, pos=copy_state(s.pos))
        twin.pos.decks[seat].redeal(seat)
        return twin

    def seat_of(self, s: PostmanState, inp: Input) -> str | None:
        # asked of inputs still being built too (a casualty form before its units are picked):
        # each argument is read on its own, as INPUTS declares it
        t = s.pos
        k = inp.kind
        side = INPUTS.value(s, inp, "side")
        if k in _BY_SIDE_ARG and side is not None:
            return side
        if k == "play_card":
            card = INPUTS.value(s, inp, "card")
            return s.catalog.cards[card].side if card is not None else t.active
        if k == "draw":
            owed = t.discards_owed or t.draws_owed
            return owed[0] if owed else None
        if k == "roll":
            return t.due.side if t.due is not None else None
        if k in ("retreat", "stay") and t.offer is not None:
            return t.offer.side
        if k == "battle_retreat" and t.battle is not None:
            return t.battle.retreating
        return t.active


SEATING = PostmanSeating()
