"""Ab die Post!'s state: the spare-part deck and open hands, the planes, the hurricane indicator,
the passenger and the score track.

The board's geometry is not known (the flight companion booklet was never found), so a plane is
kept as what the rules need: on the start field or in the air, its lane, its river zone counted
from this flight's start airport, and how many of the passenger's two flank spaces it has passed.
With an optional board (``board.py``) the plane also has its exact space, and the lane, zone and
flank spaces follow from the spaces it flies.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Literal

from ..core.deck import Deck
from ..core.schema import Spec
from ..core.violations import MalformedInput

if TYPE_CHECKING:  # board.py reads LANES from here
    from .board import Board

LANES = ("inner", "middle", "outer")  # nearest the airport first: placing order within a zone
COLOURS = ("green", "blue", "red", "yellow")
HURRICANE = "black"
BALLS = COLOURS + (HURRICANE,)
VALUES = (1, 2, 3)
RED_THREE = 3
DRAW_MODES = ("multi", "single")
TIED_PLANES = ("share", "further")
STRAIGHT_FLIGHT = ("every_move", "from_start")
#: Settings a pack may leave out (packs copied before they existed), with their defaults.
OPTIONAL_SETTINGS = {"straight_flight": "every_move"}
MIN_PLAYERS, MAX_PLAYERS = 2, 6

_SETTINGS_FIELDS = {
    "draw_mode": Spec(str, choices=DRAW_MODES),
    "target_score": Spec(int, lo=1, hi=200),
    "river_zones": Spec(int, lo=2, hi=40),
    "first_half_zones": Spec(int, lo=1, hi=39),
    "tied_planes": Spec(str, choices=TIED_PLANES),
    "start_field_keeps_card": Spec(bool),
    "straight_flight": Spec(str, choices=STRAIGHT_FLIGHT, required=False),
}
#: The whole-number settings' ranges, as the pack schema allows them (a setup dialog's spin boxes).
SETTING_RANGES = {k: (int(v.lo), int(v.hi)) for k, v in _SETTINGS_FIELDS.items()
                  if v.lo is not None and v.hi is not None}

_MIX = Spec(dict, fields={c: Spec(int, lo=0, hi=20) for c in BALLS} | {"house_rule": Spec(bool, required=False)})

PACK_SPEC = Spec(dict, fields={
    "settings": Spec(dict, fields=_SETTINGS_FIELDS),
    "spare_parts": Spec(dict, fields={
        "total": Spec(int, lo=1, hi=500),
        "counts": Spec(dict, fields={str(v): Spec(int, lo=0, hi=500) for v in VALUES}),
        "three_limit": Spec(int, lo=1, hi=50),
        "min_points_to_fly": Spec(int, lo=0, hi=100),
    }),
    "wind_table": Spec(dict, fields={c: Spec(int, lo=0, hi=30) for c in COLOURS}),
    "ball_mix": Spec(dict, extra_keys=True, values=_MIX),
    "hurricane_cost": Spec(dict, fields={lane: Spec(int, lo=0, hi=100) for lane in LANES}),
    "scoring": Spec(dict, fields={
        "place_points": Spec(list, item=Spec(int, lo=0, hi=100), min_items=1),
        "passenger_bonus": Spec(int, lo=0, hi=100),
    }),
})


@dataclass(frozen=True)
class Settings:
    """The pack's numbers with this game's setup choices on top."""

    draw_mode: str
    target_score: int
    river_zones: int
    first_half_zones: int
    tied_planes: str
    start_field_keeps_card: bool
    straight_flight: str
    card_counts: dict[int, int]
    three_limit: int
    min_points_to_fly: int
    wind: dict[str, int]
    balls: dict[str, int]
    house_mix: bool
    costs: dict[str, int]
    place_points: tuple[int, ...]
    passenger_bonus: int

    @classmethod
    def from_pack(cls, data: dict, players: int, chosen: dict, board=None) -> Settings:
        if not isinstance(chosen, dict):
            raise MalformedInput("setup.settings: expected an object")
        base = data["settings"]
        unknown = sorted(set(chosen) - set(_SETTINGS_FIELDS) - {"card_counts"})
        if unknown:
            raise MalformedInput(f"setup.settings.{unknown[0]}: unknown setting; expected one of "
                                 f"{', '.join(list(_SETTINGS_FIELDS) + ['card_counts'])}")
        values = {}
        for key, spec in _SETTINGS_FIELDS.items():
            v = chosen.get(key, base.get(key, OPTIONAL_SETTINGS.get(key)))
            if board is not None and key in ("river_zones", "first_half_zones"):
                have = getattr(board, key)
                if key in chosen and chosen[key] != have:
                    raise MalformedInput(f"setup.settings.{key}: the board '{board.name}' has {have}; "
                                         "leave the setting out or give the board's number")
                v = have
            ok = isinstance(v, spec.kind) and (spec.kind is bool or not isinstance(v, bool))
            if ok and spec.choices is not None:
                ok = v in spec.choices
            if ok and spec.lo is not None:
                ok = spec.lo <= v <= spec.hi
            if not ok:
                raise MalformedInput(f"setup.settings.{key}: expected {spec.expected()}, got {v!r}")
            values[key] = v
        if values["tied_planes"] == "further" and board is None:
            if "tied_planes" in chosen:
                raise MalformedInput("setup.settings.tied_planes: 'further' needs a board (setup.board) "
                                     "to know which plane is further along; without one use 'share'")
            values["tied_planes"] = "share"  # a pack default: without spaces, tied planes share
        if values["first_half_zones"] >= values["river_zones"]:
            raise MalformedInput("setup.settings.first_half_zones: must be fewer than the river zones")
        parts = data["spare_parts"]
        counts = chosen.get("card_counts", parts["counts"])
        if not isinstance(counts, dict) or set(counts) != {str(v) for v in VALUES} or not all(
                isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in counts.values()):
            raise MalformedInput("setup.settings.card_counts: expected whole numbers for the cards 1, 2 and 3")
        if sum(counts.values()) != parts["total"]:
            raise MalformedInput(f"setup.settings.card_counts: the cards add up to {sum(counts.values())},"
                                 f" but the deck has {parts['total']}")
        mix = data["ball_mix"].get(str(players))
        if mix is None:
            raise MalformedInput(f"setup.players: this pack loads no hurricane indicator for {players} players")
        return cls(
            card_counts={int(k): n for k, n in counts.items()},
            three_limit=parts["three_limit"], min_points_to_fly=parts["min_points_to_fly"],
            wind=dict(data["wind_table"]), balls={c: mix[c] for c in BALLS},
            house_mix=bool(mix.get("house_rule", False)), costs=dict(data["hurricane_cost"]),
            place_points=tuple(data["scoring"]["place_points"]),
            passenger_bonus=data["scoring"]["passenger_bonus"], **values)

    def ball_choices(self) -> tuple[str, ...]:
        """The loaded balls as a multiset, for a draw with replacement (ab_die_post.indicator)."""
        return tuple(c for c in BALLS for _ in range(self.balls[c]))


@dataclass
class Plane:
    player: str
    in_air: bool = False
    lane: str | None = None
    zone: int = 0           # river zone from this flight's start airport; 0 on the start field
    flanks: int = 0         # passenger flank spaces (outer lane) passed or landed on, 0 to 2
    at_goal: bool = False
    space: str | None = None  # with a board: the space id (i3, m7, o12); None off the track

    @property
    def air_lane(self) -> str:
        """The lane of a plane in the air (every plane in the air flies in one)."""
        if self.lane is None:
            raise MalformedInput(f"{self.player}'s plane is in no lane")
        return self.lane

    def to_start(self) -> None:
        self.in_air, self.lane, self.zone, self.flanks, self.at_goal = False, None, 0, 0, False
        self.space = None

    def to_json(self, board: bool) -> dict:
        out = asdict(self)
        if not board:
            del out["space"]
        return out


@dataclass
class Payment:
    """A hurricane bill a plane in the air still owes (ab_die_post.hurricane.cost)."""

    player: str
    lane: str
    cost: int


@dataclass
class FlightResult:
    flight: int
    places: dict[str, int]          # player -> place (1 = first); planes on the start field absent
    points: dict[str, int]          # player -> points this flight, passenger included
    passenger: str | None


#: A turn begins in "turn", draws in "drawing", asks the indicator's ball in "indicator", then
#: "move" or "hurricane" (bills to pay); "keep" is a flight's end, "over" the game's.
Phase = Literal["turn", "drawing", "indicator", "move", "hurricane", "keep", "over"]


@dataclass
class RaceState:
    settings: Settings
    players: tuple[str, ...]
    deck: Deck
    planes: dict[str, Plane]
    scores: dict[str, int]
    current: str
    flight: int = 1
    #: turn | drawing | indicator | move | hurricane | keep | over
    phase: Phase = "turn"
    drawn_this_turn: int = 0
    ball: str | None = None             # the ball showing in the indicator's window
    passenger: str | None = None        # who holds the passenger card; None: on the board
    payments: list[Payment] = field(default_factory=list)
    grounded: list[str] = field(default_factory=list)  # sent back by the last hurricane
    keeping: list[str] = field(default_factory=list)  # players still to choose the card they keep
    last_points: dict[str, int] = field(default_factory=dict)
    results: list[FlightResult] = field(default_factory=list)
    #: (player, why) of a turn the rules ended: "bust" (third red 3) or "single" (one card drawn)
    ended: tuple[str, str] | None = None
    winners: tuple[str, ...] = ()
    #: how often each player went bust (ab_die_post.parts.bust), counted where the rules decide it
    busts: dict[str, int] = field(default_factory=dict)
    #: The optional board (``board.Board``); None when the players enter lane, zone and flanks.
    board: Board | None = None

    @property
    def drawn_board(self) -> Board:
        """The board, where only a game played on one asks (a move to a landing space)."""
        if self.board is None:
            raise MalformedInput("this game is played without a board")
        return self.board

    @property
    def outward(self) -> bool:
        """Odd flights fly from the board's start field to its airport, even flights back."""
        return self.flight % 2 == 1

    def hand(self, player) -> list[int]:
        if player not in self.planes:
            raise MalformedInput(f"there is no player '{player}'")
        return self.deck.hands[player]

    def points_in_hand(self, player) -> int:
        return sum(self.hand(player))

    def threes(self, player) -> int:
        return self.hand(player).count(RED_THREE)

    def next_player(self, player: str) -> str:
        i = self.players.index(player)
        return self.players[(i + 1) % len(self.players)]

    def to_json(self) -> dict:
        return {
            "flight": self.flight,
            "phase": self.phase,
            "current": self.current,
            "drawn_this_turn": self.drawn_this_turn,
            "ball": self.ball,
            "passenger": self.passenger,
            "players": list(self.players),
            "scores": dict(self.scores),
            "last_points": dict(self.last_points),
            "deck": {"draw_pile": sorted(self.deck.draw_pile.elements()),
                     "discard": sorted(self.deck.discard),
                     "hands": {p: sorted(h) for p, h in self.deck.hands.items()},
                     "reshuffles": self.deck.reshuffles},
            "planes": {p: pl.to_json(self.board is not None) for p, pl in self.planes.items()},
            "payments": [asdict(p) for p in self.payments],
            "grounded": list(self.grounded),
            "keeping": list(self.keeping),
            "results": [asdict(r) for r in self.results],
            "ended": list(self.ended) if self.ended else None,
            "winners": list(self.winners),
            # the balls loaded in the hurricane indicator for this many players (ab_die_post.indicator)
            "indicator": dict(self.settings.balls),
            "settings": {"draw_mode": self.settings.draw_mode,
                         "target_score": self.settings.target_score,
                         "river_zones": self.settings.river_zones,
                         "first_half_zones": self.settings.first_half_zones,
                         "house_mix": self.settings.house_mix},
        } | ({"board": {"name": self.board.name, "tied_planes": self.settings.tied_planes,
                        "straight_flight": self.settings.straight_flight}}
             if self.board is not None else {})
