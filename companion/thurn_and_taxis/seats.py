"""Thurn and Taxis: one seat per player, and what each may see.

A hand is its player's alone; the table sees how many cards each holds, the display, every route,
house, carriage and bonus tile, and the discard pile (routes given up or closed and cards cut
from a hand go there face up). The deck shows only how many cards are left: its contents, with
the cards in view, would give the hands away.
"""

from __future__ import annotations

from ..core.checkpoints import copy_state
from ..core.game import Seat, Seating, shallow
from ..core.inputs import Input
from . import routes
from .scoring import scores
from .state import GameState, Player


def _player(s: GameState, seat: str) -> Player:
    return next(p for p in s.players if p.name == seat)


class ThurnAndTaxisSeating(Seating):
    def seats(self, s: GameState) -> list[Seat]:
        return [Seat(p.name, p.name) for p in s.players]

    def public_view(self, s: GameState) -> dict:
        b = s.board
        return {
            "round": s.round,
            "active": s.active.name,
            "turn": dict(vars(s.turn)),
            "display": [None if c is None else {"id": c, "name": b.name(c)} for c in s.display],
            "draw_pile": s.deck.left,
            "discard": list(s.deck.discard),
            "stacks": {k: list(v) for k, v in s.stacks.items()},
            "carriages_left": {str(k): v for k, v in s.carriages_left.items()},
            "players": [{"name": p.name, "colour": p.colour, "hand_count": len(s.hand(p)),
                         "route": [{"id": c, "name": b.name(c)} for c in p.route],
                         "houses": list(p.houses), "houses_left": s.houses_left(p),
                         "carriages": list(p.carriages), "tiles": [list(t) for t in p.tiles]}
                        for p in s.players],
            "ended_by": None if s.ended_by is None else s.players[s.ended_by].name,
            "over": s.over,
            "scores": scores(s),
            "deck_mode": s.deck_mode,
        }

    def own_view(self, s: GameState, seat: str) -> dict:
        me = _player(s, seat)
        b = s.board
        return {
            "hand": [{"id": c, "name": b.name(c), "fits": routes.fitting_ends(s, me, c)}
                     for c in sorted(s.hand(me), key=b.name)],
            "display_fits": [c for c in s.display if c is not None and routes.fit(s, me, c) is None],
        }

    def public_state(self, s: GameState) -> GameState:
        """Every hand and the deck unseen; the rest shared."""
        public = shallow(s)  # only read
        public.deck = s.deck.unseen({p.name for p in s.players})
        return public

    def blind(self, s: GameState, seat: str, reader: str | None) -> GameState:
        """``seat``'s hand dealt afresh: a card is hidden as a card in a hand, whatever else on
        the table (a house, a route, the display) bears the same city's name."""
        twin = copy_state(s)  # shares nothing that can change with the game itself
        twin.deck.redeal(seat)
        return twin

    def seat_of(self, s: GameState, inp: Input) -> str | None:
        if inp.kind == "draw" and s.refill_due():
            return None  # turning up a card for the display is the table's, not a player's
        return s.active.name


SEATING = ThurnAndTaxisSeating()
