"""The Courier Desk's state: the roster of commanders and couriers, the turn, a pending roll."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Literal

from ..core.dice import Dice
from ..core.schema import Spec
from ..core.violations import MalformedInput

RANKS = ("army", "corps", "division", "brigade")
FINISHED = ("delivered", "lost", "captured")
STATUSES = ("in transit", "searching", "located") + FINISHED
#: Who says which unit is the next closest after a failed location roll (couriers.locate.failed):
#: Posthorn keeps no positions, so either the table confirms it on the ride, or no one checks.
NEXT_CLOSEST = ("table", "unchecked")

#: The numbers the pack bounds in its ``[ranges]`` table (a setup's officer move, a ride's nearest enemy).
RANGED = ("officer_move", "nearest_enemy")

def _range_spec(name: str) -> Spec:
    fields = {"min": Spec(float, lo=0), "max": Spec(float, lo=0)}
    if name == "nearest_enemy":  # where the ride panel's box starts (within min and max: validate_pack)
        fields["start"] = Spec(float, lo=0, required=False)  # absent (a pack made before it): nearest_enemy_start
    return Spec(dict, fields=fields)


SETTINGS_SPEC = Spec(dict, fields={
    "ranges": Spec(dict, fields={name: _range_spec(name) for name in RANGED}),
    "movement": Spec(dict, fields={
        "officer_move": Spec(float),  # within ranges.officer_move (CourierRules.validate_pack)
        "proximity": Spec(str, choices=("closest", "end")),
        "scale": Spec(str),
    }),
    "scales": Spec(dict, extra_keys=True, values=Spec(float, lo=0.01, hi=100)),
    "speeds": Spec(dict, fields={
        name: Spec(dict, fields={
            "label": Spec(str),
            "moves": Spec(float, lo=0.1, hi=10),
            "dice": Spec(str, choices=("1d6", "2d6")),
            "lost_on": Spec(int, lo=1, hi=13),
        }) for name in ("officer", "double")
    }),
    "bands": Spec(list, item=Spec(dict, fields={
        "within": Spec(float, lo=0, hi=1000),
        "step": Spec(int, lo=0, hi=12),
    })),
    "location": Spec(dict, fields={
        "dice": Spec(str, choices=("1d6", "2d6")),
        "first": Spec(int, lo=1, hi=13),
        "step": Spec(int, lo=0, hi=12),
        "minimum": Spec(int, lo=1, hi=13),
        "next_closest": Spec(str, required=False, choices=NEXT_CLOSEST),
    }),
    "headquarters": Spec(dict, fields={
        "stay_turns": Spec(int, lo=0, hi=100),
        "stay_turns_in_building": Spec(int, lo=0, hi=100),
        "ranks_without_hq": Spec(list, item=Spec(str, choices=RANKS)),
    }),
    "ranks": Spec(dict, fields={"order": Spec(list, item=Spec(str, choices=RANKS), min_items=1)}),
})


def nearest_enemy_start(data: dict) -> float:
    """Where the ride panel's nearest-enemy box starts: the pack's ``ranges.nearest_enemy.start``;
    a pack written before that key starts beyond its widest proximity band (half as far again:
    an enemy in sight but not close, 18" for the bundled bands), within the range."""
    r = data["ranges"]["nearest_enemy"]
    if "start" in r:
        return float(r["start"])
    widest = max((float(b["within"]) for b in data["bands"]), default=0.0)
    lo, hi = pack_range(data, "nearest_enemy")
    return min(max(widest * 1.5, lo), hi)


def pack_range(data: dict, name: str) -> tuple[float, float]:
    """The pack's ``ranges.<name>``: the least and the most the desk takes."""
    r = data["ranges"][name]
    return float(r["min"]), float(r["max"])


@dataclass(frozen=True)
class Speed:
    name: str
    label: str
    moves: float
    dice: Dice
    lost_on: int


@dataclass(frozen=True)
class Settings:
    """The numbers of one game: the pack's defaults with the game's own setup choices on top."""

    officer_move: float
    proximity: str
    scale: str
    scale_factor: float
    speeds: dict[str, Speed]
    bands: tuple[tuple[float, int], ...]
    location_dice: Dice
    location_first: int
    location_step: int
    location_minimum: int
    stay_turns: int
    stay_turns_in_building: int
    ranks_without_hq: tuple[str, ...]
    next_closest: str = "table"
    #: The least and most inches a ride's nearest enemy may be told (the pack's ranges.nearest_enemy).
    nearest_enemy_range: tuple[float, float] = (0.0, 0.0)
    #: Where the ride panel's nearest-enemy box starts for each courier chosen (ranges.nearest_enemy.start).
    nearest_enemy_start: float = 0.0
    #: The ranks from the highest down (ranks.order): who may have units under whose command.
    rank_order: tuple[str, ...] = RANKS

    @classmethod
    def from_pack(cls, data: dict, chosen: dict) -> Settings:
        mv = data["movement"]
        scale = chosen.get("scale", mv["scale"])
        if not isinstance(scale, str) or scale not in data["scales"]:
            raise MalformedInput(f"setup.scale: unknown scale '{scale}'; expected one of {', '.join(data['scales'])}")
        officer_move = chosen.get("officer_move", mv["officer_move"])
        lo, hi = pack_range(data, "officer_move")
        if isinstance(officer_move, bool) or not isinstance(officer_move, (int, float)) or not lo <= officer_move <= hi:
            raise MalformedInput(f"setup.officer_move: expected inches from {lo:g} to {hi:g}, got {officer_move!r}")
        proximity = chosen.get("proximity", mv["proximity"])
        if proximity not in ("closest", "end"):
            raise MalformedInput(f"setup.proximity: expected 'closest' or 'end', got {proximity!r}")
        speeds = {name: Speed(name, s["label"], float(s["moves"]), Dice.parse(s["dice"]), s["lost_on"])
                  for name, s in data["speeds"].items()}
        loc = data["location"]
        hq = data["headquarters"]
        return cls(float(officer_move), proximity, scale, float(data["scales"][scale]), speeds,
                   tuple(sorted(((float(b["within"]), b["step"]) for b in data["bands"]), reverse=True)),
                   Dice.parse(loc["dice"]), loc["first"], loc["step"], loc["minimum"],
                   hq["stay_turns"], hq["stay_turns_in_building"], tuple(hq["ranks_without_hq"]),
                   loc.get("next_closest", "table"), pack_range(data, "nearest_enemy"),
                   nearest_enemy_start(data), tuple(data["ranks"]["order"]))

    def band(self, nearest: float | None) -> tuple[float, int] | None:
        """The closest proximity band the nearest enemy is within (scaled), or None."""
        if nearest is None:
            return None
        found = None
        for within, step in self.bands:
            if nearest <= within * self.scale_factor:
                found = (within * self.scale_factor, step)
        return found

    def distance(self, speed: str) -> float:
        return self.speeds[speed].moves * self.officer_move * self.scale_factor


@dataclass
class Commander:
    id: str
    name: str
    side: str
    rank: str
    hq: str | None = None           # the place of his headquarters
    hq_in_building: bool = False
    at_hq: bool = False
    in_building: bool = False
    stayed: int = 0                 # whole turns in place (couriers.hq.establish)
    moved_turn: int = -1


@dataclass(frozen=True)
class Courier:
    """A courier and its story so far: a value, changed only by putting a changed copy on the
    roster (companion/couriers/riders.py), so a copy of the state shares every courier an input
    did not touch."""

    id: str
    side: str
    sender: str
    recipient: str
    message: str
    sent_turn: int
    status: str = "in transit"
    reached_hq: bool = False        # went to an HQ the commander had left (couriers.hq.absent)
    in_contact_turn: int = -1       # turn it reached a unit of the recipient's force, or his HQ
    moved_turn: int = -1
    located_roll_turn: int = -1
    #: location rolls per target commander (never changed in place: a new dict with the courier)
    attempts: dict[str, int] = field(default_factory=dict)
    #: The unit (a commander's id) or "hq" its last ride named (couriers.locate.failed).
    towards: str | None = None
    #: Its last location roll failed and it has not reached another unit since: it may ride only
    #: to the next closest unit of the commander's force (couriers.locate.failed).
    next_closest_only: bool = False
    #: The unit (a commander's id, or "hq") it reached on its last arrival: where it searches.
    contact: str | None = None
    #: The units where its location rolls failed, first first: it does not ride back to one
    #: while it looks for the next closest unit (couriers.locate.failed).
    searched: tuple[str, ...] = ()
    #: The turn it delivered its message, was lost or was captured.
    finished_turn: int = -1
    history: tuple[str, ...] = ()

    @property
    def finished(self) -> bool:
        return self.status in FINISHED

    def amended(self, **changes) -> Courier:
        """A copy with ``changes``, as ``dataclasses.replace`` makes it but without a call per
        field: every effect on a courier makes one (a fifth of a long record's restore)."""
        unknown = changes.keys() - _COURIER_FIELDS
        if unknown:
            raise TypeError(f"a courier has no field {', '.join(sorted(unknown))}")
        new = object.__new__(Courier)
        # past the frozen dataclass's __setattr__, as its own __init__ goes
        object.__setattr__(new, "__dict__", {**self.__dict__, **changes})
        return new


_COURIER_FIELDS = frozenset(f.name for f in fields(Courier))


@dataclass
class Pending:
    """A roll the table owes: a courier's loss roll after its move, or a location roll."""

    kind: Literal["loss", "location"]
    courier: str
    dice: str
    target: int
    arrives: bool = False
    notes: tuple[str, ...] = ()


Phase = Literal["setup", "battle", "couriers"]


@dataclass
class DeskState:
    settings: Settings
    sides: tuple[str, ...]
    turn: int = 0                   # 0: before the game begins
    phase: Phase = "setup"
    commanders: dict[str, Commander] = field(default_factory=dict)
    couriers: dict[str, Courier] = field(default_factory=dict)
    pending: Pending | None = None
    #: The table ended the game (couriers.game.end); ``winner`` is the side it named, or None.
    over: bool = False
    winner: str | None = None
    #: The ids of the couriers still on the way (neither delivered, lost nor captured), in the
    #: roster's order: kept by ``put``, the one way a courier reaches the roster, so it never
    #: disagrees with ``couriers``. What comes next, a ride's words and the desk read only these,
    #: however many couriers a long evening has finished. A tuple: a state held by someone
    #: keeps the one it had.
    riding: tuple[str, ...] = ()

    def put(self, c: Courier) -> Courier:
        """``c`` on the roster in its place (a new courier last), and among ``riding`` exactly
        while it is not finished."""
        was = self.couriers.get(c.id)
        self.couriers[c.id] = c
        if was is None:
            if not c.finished:
                self.riding = (*self.riding, c.id)
        elif c.finished and not was.finished:
            self.riding = tuple(k for k in self.riding if k != c.id)
        elif was.finished and not c.finished:  # only an override could: back in its roster place
            self.riding = tuple(k for k, o in self.couriers.items() if not o.finished)
        return c

    def riders(self) -> list[Courier]:
        """The couriers still on the way, in the roster's order."""
        return [self.couriers[k] for k in self.riding]

    @property
    def owed(self) -> Pending:
        """The roll owed now; only asked where one is."""
        if self.pending is None:
            raise MalformedInput("no roll is asked for now")
        return self.pending

    def commander(self, cid) -> Commander:
        if not isinstance(cid, str) or cid not in self.commanders:
            raise MalformedInput(f"there is no commander '{cid}'")
        return self.commanders[cid]

    def courier(self, cid) -> Courier:
        if not isinstance(cid, str) or cid not in self.couriers:
            raise MalformedInput(f"there is no courier '{cid}'")
        return self.couriers[cid]

    def to_json(self) -> dict:
        return {
            "turn": self.turn,
            "phase": self.phase,
            "sides": list(self.sides),
            "settings": {"officer_move": self.settings.officer_move, "scale": self.settings.scale,
                         "proximity": self.settings.proximity,
                         "next_closest": self.settings.next_closest},
            "commanders": {k: asdict(c) for k, c in self.commanders.items()},
            "couriers": {k: courier_json(c) for k, c in self.couriers.items()},
            "pending": asdict(self.pending) if self.pending else None,
            "over": self.over,
            "winner": self.winner,
        }


def courier_json(c: Courier) -> dict:
    """A courier as JSON writes it: its history and searched units as lists."""
    out = asdict(c)
    out["history"], out["searched"] = list(c.history), list(c.searched)
    return out
