"""An optional board for groups that want Posthorn to know the exact spaces (ab_die_post.move.*).

No source gives the real board's geometry (the flight companion booklet was never found), so a
board is a file the group writes from its own box: the three lanes as lists of spaces, the river
zone each space lies in, the two outer-lane spaces either side of the passenger, and the
cross-links where a plane may change lanes. ``rules/ab_die_post/maps/illustrative.toml`` is an
*illustrative* board that fits what is known; it is not the real one. The format, in full, is in
``docs/games/ab_die_post.md``::

    [board]
    name = "Our board"
    start = "Start field"          # optional: names of the two ends of the route
    goal = "Airport"
    first_half_zones = 3           # optional: zones 1 to this are the first half (default half)
    passenger = ["o12", "o13"]     # the two outer-lane spaces either side of the passenger
    links = [["i1", "m2"], ["m1", "o2"]]   # cross-links: two spaces in neighbouring lanes

    [lanes]                        # the river zone of each space, from the start field on
    inner = [1, 1, 2, 2]           # spaces i1, i2, i3, i4
    middle = [1, 1, 1, 2, 2, 2]    # m1 to m6
    outer = [1, 1, 1, 1, 2, 2, 2, 2]

Space ids are the lane's initial and the space's number counted from the first flight's start
field (``i1``, ``m7``, ``o12``). The next flight flies the same spaces the other way.

Movement on a board: each step is one space of the wind table's distance. A step goes to the
next space along the plane's lane (from the start airport onto a lane's first space, from a
lane's last space onto the goal airport) or over a cross-link into the neighbouring lane. Planes
fly forward: a step along a lane never goes back, a cross-link never leads into an earlier river
zone, and no space is flown over twice in one move. The first and last step of a move go along a
lane (ab_die_post.move.straight).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType

from ..core.schema import Spec, check
from ..core.tomlfile import read_toml
from ..core.violations import PackError
from .state import LANES

MAX_BOARD_BYTES = 200_000
MAX_SPACES = 200
START, GOAL = "start", "goal"
PREFIX = {lane: lane[0] for lane in LANES}  # inner -> i, middle -> m, outer -> o
_LANE_OF_PREFIX = {v: k for k, v in PREFIX.items()}

BOARD_SPEC = Spec(dict, fields={
    "board": Spec(dict, fields={
        "name": Spec(str),
        "description": Spec(str, required=False),
        "illustrative": Spec(bool, required=False),
        "start": Spec(str, required=False),
        "goal": Spec(str, required=False),
        "first_half_zones": Spec(int, lo=1, hi=39, required=False),
        "passenger": Spec(list, item=Spec(str), min_items=2),
        "links": Spec(list, item=Spec(list, item=Spec(str), min_items=2), required=False),
    }),
    "lanes": Spec(dict, fields={lane: Spec(list, item=Spec(int, lo=1, hi=40), min_items=1)
                                for lane in LANES}),
})


@dataclass(frozen=True, eq=False)
class Board:
    """A checked board. Zones here are counted from the first flight's start field (end A)."""

    name: str
    lanes: MappingProxyType      # lane -> tuple of zones, space 1 first
    links: MappingProxyType      # space id -> tuple of linked space ids
    passenger: tuple[str, str]   # the two outer-lane flank spaces
    river_zones: int
    first_half_zones: int
    start: str = "Start field"
    goal: str = "Airport"
    description: str = ""
    illustrative: bool = False
    file: str = "board"

    def __repr__(self) -> str:
        sizes = ", ".join(f"{lane} {len(z)}" for lane, z in self.lanes.items())
        return f"<Board {self.name!r}: {sizes} spaces, {self.river_zones} river zones>"

    # -- spaces --------------------------------------------------------------------------------
    def spaces(self) -> list[str]:
        return [space_id(lane, i) for lane in LANES for i in range(1, len(self.lanes[lane]) + 1)]

    @cached_property
    def _index(self) -> dict[str, tuple[str, int, int]]:
        """space id -> (lane, number, zone from end A)."""
        return {space_id(lane, i): (lane, i, z) for lane in LANES for i, z in enumerate(self.lanes[lane], 1)}

    def has(self, space) -> bool:
        return isinstance(space, str) and space in self._index

    def __contains__(self, space) -> bool:  # a space's id is "in" the board (an input's Ref)
        return self.has(space)

    def lane_of(self, space: str) -> str:
        return self._index[space][0]

    def number_of(self, space: str) -> int:
        return self._index[space][1]

    def board_zone(self, space: str) -> int:
        return self._index[space][2]

    def zone(self, space: str, outward: bool) -> int:
        """The river zone counted from this flight's start airport."""
        z = self.board_zone(space)
        return z if outward else self.river_zones + 1 - z

    def progress(self, space: str, outward: bool) -> int:
        """How many spaces along its lane from this flight's start airport (1 = the first)."""
        lane, n, _ = self._index[space]
        return n if outward else len(self.lanes[lane]) + 1 - n

    def end_names(self, outward: bool) -> tuple[str, str]:
        """(take-off airport, goal airport) for a flight in this direction."""
        return (self.start, self.goal) if outward else (self.goal, self.start)

    # -- steps ---------------------------------------------------------------------------------
    def steps(self, node: str, outward: bool) -> tuple[tuple[str, bool], ...]:
        """(next node, along a lane?) for every step forward from ``node`` (a space id, START or
        GOAL) on a flight in this direction."""
        return self._steps[outward].get(node, ())

    @cached_property
    def _steps(self) -> dict[bool, dict[str, tuple[tuple[str, bool], ...]]]:
        table = {}
        for outward in (True, False):
            out = {START: tuple((space_id(lane, 1 if outward else len(self.lanes[lane])), True)
                                for lane in LANES)}
            for node, (lane, n, _) in self._index.items():
                nxt = n + 1 if outward else n - 1
                here = self.zone(node, outward)
                out[node] = ((space_id(lane, nxt) if 1 <= nxt <= len(self.lanes[lane]) else GOAL, True),
                             *((other, False) for other in self.links.get(node, ())
                               if self.zone(other, outward) >= here))
            table[outward] = out
        return table

    def step_kind(self, a: str, b: str, outward: bool) -> bool | None:
        """True for a step along a lane, False for a cross-link, None if ``b`` is no step from ``a``."""
        for node, along in self.steps(a, outward):
            if node == b:
                return along
        return None


def space_id(lane: str, n: int) -> str:
    return f"{PREFIX[lane]}{n}"


def parse_space(space, board: Board) -> tuple[str, int] | None:
    """(lane, number) of a space id on ``board``, or None."""
    if not isinstance(space, str) or len(space) < 2 or space[0] not in _LANE_OF_PREFIX:
        return None
    digits = space[1:]
    if not digits.isascii() or not digits.isdigit() or digits[0] == "0":
        return None
    lane, n = _LANE_OF_PREFIX[space[0]], int(digits)
    return (lane, n) if n <= len(board.lanes[lane]) else None


# -- loading ---------------------------------------------------------------------------------------
def load_board(data, file: str = "board") -> Board:
    """Check TOML-shaped board ``data`` and build its Board; raise PackError (file, key path, what
    was expected) at the first problem."""
    check(data, BOARD_SPEC, file)
    head, lanes = data["board"], data["lanes"]
    total = sum(len(z) for z in lanes.values())
    if total > MAX_SPACES:
        raise PackError(file, "lanes", f"{total} spaces; expected at most {MAX_SPACES}")
    for lane in LANES:
        zones = lanes[lane]
        if zones[0] != 1:
            raise PackError(file, f"lanes.{lane}[0]",
                            f"expected zone 1 (the lane's first space, next to the start field), found {zones[0]}")
        for i in range(1, len(zones)):
            if zones[i] not in (zones[i - 1], zones[i - 1] + 1):
                raise PackError(file, f"lanes.{lane}[{i}]",
                                f"expected zone {zones[i - 1]} or {zones[i - 1] + 1} (zones grow by one "
                                f"river at a time towards the goal), found {zones[i]}")
    last = {lane: lanes[lane][-1] for lane in LANES}
    river_zones = max(last.values())
    for lane in LANES:
        if last[lane] != river_zones:
            raise PackError(file, f"lanes.{lane}[{len(lanes[lane]) - 1}]",
                            f"expected zone {river_zones} (every lane ends in the last river zone, next "
                            f"to the goal airport), found {last[lane]}")
    if river_zones < 2:
        raise PackError(file, "lanes", "expected at least 2 river zones; every space is in zone 1")
    half = head.get("first_half_zones", river_zones // 2)
    if half >= river_zones:
        raise PackError(file, "board.first_half_zones",
                        f"expected fewer than the board's {river_zones} river zones, found {half}")
    shape = Board("", MappingProxyType({k: tuple(lanes[k]) for k in LANES}), MappingProxyType({}),
                  ("", ""), river_zones, half)

    def known(space: str, where: str) -> tuple[str, int]:
        parsed = parse_space(space, shape)
        if parsed is None:
            sizes = ", ".join(f"{PREFIX[k]}1 to {PREFIX[k]}{len(lanes[k])}" for k in LANES)
            raise PackError(file, where, f"unknown space {space!r}; expected a space id ({sizes})")
        return parsed

    flanks = head["passenger"]
    if len(flanks) != 2:
        raise PackError(file, "board.passenger",
                        f"expected the 2 outer-lane spaces either side of the passenger, found {len(flanks)}")
    parsed = [known(sp, f"board.passenger[{i}]") for i, sp in enumerate(flanks)]
    for i, (lane, _) in enumerate(parsed):
        if lane != "outer":
            raise PackError(file, f"board.passenger[{i}]",
                            f"expected an outer-lane space (o...), found {flanks[i]!r} in the {lane} lane")
    if abs(parsed[0][1] - parsed[1][1]) != 1:
        raise PackError(file, "board.passenger[1]",
                        f"expected the outer-lane space next to {flanks[0]!r} (the passenger sits "
                        f"between its two flank spaces), found {flanks[1]!r}")

    links: dict[str, list[str]] = {}
    seen: dict[frozenset, int] = {}
    for i, pair in enumerate(head.get("links", [])):
        if len(pair) != 2:
            raise PackError(file, f"board.links[{i}]",
                            f"expected two space ids (a cross-link joins two spaces), found {len(pair)}")
        ends = [known(sp, f"board.links[{i}][{j}]") for j, sp in enumerate(pair)]
        gap = abs(LANES.index(ends[0][0]) - LANES.index(ends[1][0]))
        if gap != 1:
            what = "the same lane" if gap == 0 else "the inner and the outer lane"
            raise PackError(file, f"board.links[{i}][1]",
                            f"expected a space in a lane next to {pair[0]!r}'s (inner-middle or "
                            f"middle-outer), found {pair[1]!r} in {what}")
        zones = [lanes[lane][n - 1] for lane, n in ends]
        if abs(zones[0] - zones[1]) > 1:
            raise PackError(file, f"board.links[{i}][1]",
                            f"expected a space in zone {zones[0]} or next to it, found {pair[1]!r} in zone {zones[1]}")
        key = frozenset(pair)
        if key in seen:
            raise PackError(file, f"board.links[{i}]",
                            f"duplicate cross-link {pair[0]} - {pair[1]} (already given as board.links[{seen[key]}])")
        seen[key] = i
        links.setdefault(pair[0], []).append(pair[1])
        links.setdefault(pair[1], []).append(pair[0])

    return Board(head["name"], shape.lanes, MappingProxyType({k: tuple(v) for k, v in links.items()}),
                 (flanks[0], flanks[1]), river_zones, half, head.get("start", "Start field"),
                 head.get("goal", "Airport"), head.get("description", ""),
                 head.get("illustrative", False), file)


def board_from_file(path) -> Board:
    """Read a board TOML file; errors name the file and the line or key path."""
    return load_board(read_toml(path, MAX_BOARD_BYTES), str(path))


def board_file(pack, name: str) -> str:
    return f"{pack.source}/maps/{name}.toml"


def board_from_pack(pack, name: str) -> Board:
    """The pack's board ``maps/NAME.toml``; errors name that file."""
    boards = pack.data.get("maps", {})
    if name not in boards:
        have = ", ".join(sorted(boards)) or "none"
        raise PackError(board_file(pack, name), "", f"missing: the pack has no board '{name}' (its boards: {have})")
    return _cached(pack.source, pack.hash, name, pack)


_CACHE: dict[tuple[str, str, str], tuple[dict, Board]] = {}


def _cached(source: str, digest: str, name: str, pack) -> Board:
    """Boards of a pack are checked once per pack version (undo replays call new_state often);
    a pack whose data was changed in memory (a test's copy) is checked again."""
    key = (source, digest, name)
    data = pack.data["maps"][name]
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is data:
        return hit[1]
    board = load_board(data, board_file(pack, name))
    if len(_CACHE) > 32:
        _CACHE.clear()
    _CACHE[key] = (data, board)
    return board
