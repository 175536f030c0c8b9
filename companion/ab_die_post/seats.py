"""Ab die Post!: one seat per player. The spare parts lie face up (the game is open), so every
view holds every hand; a seat's own part adds what only it acts on: its draw odds."""

from __future__ import annotations

from ..core.game import Seat, Seating
from ..core.inputs import Input
from . import odds
from .state import RaceState


class AbDiePostSeating(Seating):
    def seats(self, s: RaceState) -> list[Seat]:
        return [Seat(p, p) for p in s.players]

    def public_view(self, s: RaceState) -> dict:
        return s.to_json()

    def own_view(self, s: RaceState, seat: str) -> dict:
        return {
            "hand": sorted(s.hand(seat)),
            "points": s.points_in_hand(seat),
            "threes": s.threes(seat),
            "bust_chance": float(odds.bust_chance(s, seat)),
            "card_chances": {str(v): float(c) for v, c in odds.card_chances(s).items()},
        }

    def seat_of(self, s: RaceState, inp: Input) -> str | None:
        player = inp.args.get("player")
        if inp.kind in ("pay", "keep_card") and isinstance(player, str) and player in s.planes:
            return player
        if inp.kind == "pay" and s.payments:
            return s.payments[0].player
        if inp.kind == "keep_card" and s.keeping:
            return s.keeping[0]
        return s.current


SEATING = AbDiePostSeating()
