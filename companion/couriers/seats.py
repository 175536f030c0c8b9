"""The Courier Desk: one seat per side, and what each may see.

A courier's orders are sealed: its own side wrote them and may read them; the other side reads
them only once the courier is captured (couriers.capture). Everything else on the desk (the
roster, headquarters, where each courier is and how it fares) is the whole table's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, replace

from ..core.game import Seat, Seating, shallow
from ..core.inputs import Input
from ..core.words import UNSEEN
from .riders import orders_open
from .state import Courier, DeskState, courier_json

_BY_COMMANDER = ("declare_hq", "move_commander", "return_to_hq", "establish_hq")
_BY_COURIER = ("move_courier", "attempt_location")


class _SealedCourier(Courier):
    """A courier as the table sees it: everything it is, and its ``message`` only once its orders
    are open (couriers.capture), else ``UNSEEN``. It shares the courier's own attributes (its
    ``__dict__``), so it is never stale and costs no copy."""

    message = property(lambda self: self.__dict__["message"] if orders_open(self) else UNSEEN)

    @classmethod
    def of(cls, courier: Courier) -> Courier:
        sealed = object.__new__(cls)
        # past the frozen dataclass's own __setattr__ (a Python call): this is made for every
        # courier each time the words read the roster
        object.__setattr__(sealed, "__dict__", courier.__dict__)
        return sealed


class _SealedCouriers(Mapping):
    """A game's couriers as the table sees them, each wrapped (``_SealedCourier``) as it is read.
    It holds nothing but the game's own dict: no wrapper outlives the line that read it, and no
    cache is shared between games or sessions (two desks played at once, or a closed game kept
    alive by the last one asked about). Made in O(1) for every log line, however long the
    evening; a line reads only the few couriers it names."""

    __slots__ = ("_couriers",)

    def __init__(self, couriers: dict[str, Courier]):
        self._couriers = couriers

    def __getitem__(self, cid: str) -> Courier:
        return _SealedCourier.of(self._couriers[cid])

    def get(self, cid, default=None):
        # without Mapping's own get (a try around __getitem__): the words ask it for every
        # courier riding, twice an input
        c = self._couriers.get(cid)
        return default if c is None else _SealedCourier.of(c)

    def __contains__(self, cid: object) -> bool:
        return cid in self._couriers

    def __iter__(self):
        return iter(self._couriers)

    def __len__(self) -> int:
        return len(self._couriers)


class CourierSeating(Seating):
    def seats(self, s: DeskState) -> list[Seat]:
        return [Seat(side, side) for side in s.sides]

    def public_view(self, s: DeskState) -> dict:
        couriers = {}
        for cid, c in s.couriers.items():
            item = courier_json(c)
            item["message"] = c.message if orders_open(c) else None
            item["sealed"] = not orders_open(c)
            couriers[cid] = item
        return {
            "turn": s.turn,
            "phase": s.phase,
            "sides": list(s.sides),
            "commanders": {k: asdict(c) for k, c in s.commanders.items()},
            "couriers": couriers,
            "pending": asdict(s.pending) if s.pending else None,
        }

    def own_view(self, s: DeskState, seat: str) -> dict:
        return {"orders": {cid: c.message for cid, c in s.couriers.items() if c.side == seat}}

    def public_state(self, s: DeskState) -> DeskState:
        public = shallow(s)  # only read: no dataclass __init__ per log line
        public.couriers = _SealedCouriers(s.couriers)  # read only: the words never write it
        return public

    def blind(self, s: DeskState, seat: str, reader: str | None) -> DeskState | None:
        """Each sealed order of ``seat``'s couriers rewritten: an order is secret as the orders
        of its courier, not as a word that may stand anywhere else (a name, a side)."""
        sealed = [cid for cid, c in s.couriers.items() if c.side == seat != reader and not orders_open(c)]
        if not sealed:
            return None
        couriers = dict(s.couriers)
        for cid in sealed:
            couriers[cid] = replace(couriers[cid], message=f"[stand-in] {couriers[cid].message}")
        return replace(s, couriers=couriers)

    def seat_of(self, s: DeskState, inp: Input) -> str | None:
        a = inp.args
        k = inp.kind
        if k == "add_commander" and a.get("side") in s.sides:
            return a["side"]
        if k == "send_courier":
            return self._commander_side(s, a.get("sender"))
        if k in _BY_COMMANDER:
            return self._commander_side(s, a.get("commander"))
        if k in _BY_COURIER:
            return self._courier_side(s, a.get("courier"))
        if k == "capture":
            side = self._courier_side(s, a.get("courier"))
            enemies = [x for x in s.sides if x != side]
            return enemies[0] if side is not None and len(enemies) == 1 else None
        if k == "roll" and s.pending is not None:
            return s.couriers[s.pending.courier].side
        return None  # the turn's own steps (start, courier step, end) are the whole table's

    @staticmethod
    def _commander_side(s: DeskState, cid) -> str | None:
        c = s.commanders.get(cid) if isinstance(cid, str) else None
        return c.side if c is not None else None

    @staticmethod
    def _courier_side(s: DeskState, cid) -> str | None:
        c = s.couriers.get(cid) if isinstance(cid, str) else None
        return c.side if c is not None else None


SEATING = CourierSeating()
