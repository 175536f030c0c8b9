"""The Postman's board: forty-odd towns joined by roads, read from a pack's ``maps/NAME.toml``.

The seed publishes no map: every table draws its own. A map file (the format is in
``docs/maps.md``) extends the ``[[town]]``/``[[road]]`` shape of ``companion.core.maps`` with a
``[map]`` table naming the Post Town and the Holnist Base Camp, and with the town sizes, terrain
tags and map-edge marks the rules need::

    [map]
    name = "Three valleys"
    post_town = "pineview"
    base_camp = "camp"
    min_start_distance = 3      # optional; the seed's "at least 3 spaces"

    [[town]]
    id = "pineview"
    name = "Pineview"
    size = "small"              # small, medium or large
    terrain = ["forest", "mountains"]   # any of forest, water (a lake or river), mountains
    edge = true                 # optional: a map-edge town for California Postman
    x = 280                     # optional drawing position
    y = 232

    [[road]]
    from = "pineview"
    to = "oakridge"

Loading checks the shape of every entry, then the board as a whole: town ids are slugs and
unique, every road joins two different towns that exist and is given once, every town can be
reached, the Post Town and the Base Camp are towns at least ``min_start_distance`` spaces apart,
and at least one town is a map-edge town. Each problem is a PackError naming the file, the key
path (``road[3].to``) and what is wrong.

networkx is imported by ``companion.core.maps`` inside the functions that build graphs, never
when this module is imported.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from ..core import maps as core_maps
from ..core.schema import Spec, check
from ..core.tomlfile import read_toml
from ..core.violations import MalformedInput, PackError

if TYPE_CHECKING:
    import networkx

SIZES = ("small", "medium", "large")
TERRAIN = ("forest", "water", "mountains")
DEFAULT_MIN_START_DISTANCE = 3

# What a town's size and terrain do to the dice (size modifiers, Militia caps, sneak and
# defence modifiers) is the pack's, in tables.toml ([towns], [terrain]); the rules read it there.

_SLUG = re.compile(r"[a-z0-9]+(?:[-_][a-z0-9]+)*")

TOWN_SPEC = Spec(dict, fields={
    "id": Spec(str),
    "name": Spec(str, blank=False),  # shown on the board and in every log line
    "size": Spec(str, choices=SIZES),
    "terrain": Spec(list, item=Spec(str), required=False),
    "edge": Spec(bool, required=False),
    # a drawing position; the schema refuses a number past NUMBER_LIMIT before float() overflows
    "x": Spec(float, required=False),
    "y": Spec(float, required=False),
    "note": Spec(str, required=False),
})

ROAD_SPEC = Spec(dict, fields={
    "from": Spec(str),
    "to": Spec(str),
    "tags": Spec(list, item=Spec(str), required=False),
})

HEAD_SPEC = Spec(dict, fields={
    "name": Spec(str),
    "description": Spec(str, required=False),
    "post_town": Spec(str),
    "base_camp": Spec(str),
    "min_start_distance": Spec(int, lo=1, hi=100, required=False),
})

BOARD_SPEC = Spec(dict, fields={
    "map": HEAD_SPEC,
    "town": Spec(list, item=TOWN_SPEC, min_items=1),
    "road": Spec(list, item=ROAD_SPEC, required=False),
})


@dataclass(frozen=True, slots=True)
class Town:
    id: str
    name: str
    size: str
    terrain: frozenset[str]
    edge: bool = False
    x: float | None = None
    y: float | None = None


@dataclass(frozen=True, eq=False, repr=False)
class Board:
    """A checked map: towns by id (in file order), the road graph (frozen) and the start towns."""

    name: str
    towns: Mapping[str, Town]
    post_town: str
    base_camp: str
    graph: networkx.Graph
    description: str = ""
    min_start_distance: int = DEFAULT_MIN_START_DISTANCE
    file: str = "map"

    def __repr__(self) -> str:
        return (f"<Board {self.name!r} from {self.file}: {len(self.towns)} towns, "
                f"{self.graph.number_of_edges()} roads>")

    # -- looking things up -----------------------------------------------------------------------
    def town(self, town_id: str) -> Town:
        """The town with this id; MalformedInput if the map has none."""
        try:
            return self.towns[town_id]
        except (KeyError, TypeError):
            raise MalformedInput(f"there is no town {town_id!r} on the map") from None

    def neighbours(self, town_id: str) -> tuple[str, ...]:
        """Towns one road away, sorted by id."""
        self.town(town_id)
        return tuple(sorted(self.graph.neighbors(town_id)))

    def adjacent(self, a: str, b: str) -> bool:
        """Whether a road joins towns ``a`` and ``b`` (both must be on the map)."""
        self.town(a)
        self.town(b)
        return self.graph.has_edge(a, b)

    def distance(self, a: str, b: str) -> int:
        """Spaces between two towns: the fewest roads on a path from ``a`` to ``b``."""
        self.town(a)
        self.town(b)
        return core_maps.distance(self.graph, a, b)

    def shortest_path(self, a: str, b: str) -> tuple[str, ...]:
        """One shortest road path from ``a`` to ``b``, both ends included."""
        import networkx

        self.town(a)
        self.town(b)
        return tuple(networkx.shortest_path(self.graph, a, b))

    def first_bad_step(self, path: Sequence[str]) -> tuple[int, str] | None:
        """Where a path of town ids leaves the roads: ``(index, reason)`` for the first town of
        ``path`` that is not on the map or not one road from the town before it; None if every
        step follows a road. A path of one town (staying put) is fine; an empty one is not."""
        if isinstance(path, str) or not isinstance(path, Sequence) or not path:
            return 0, "expected a path of at least one town id"
        for i, tid in enumerate(path):
            if not isinstance(tid, str) or tid not in self.towns:
                return i, f"there is no town {tid!r} on the map"
            if i and not self.graph.has_edge(path[i - 1], tid):
                return i, f"no road joins '{path[i - 1]}' and '{tid}'"
        return None

    def path_ok(self, path: Sequence[str]) -> bool:
        """Whether every step of ``path`` follows a road (see first_bad_step for why not)."""
        return self.first_bad_step(path) is None

    def edge_towns(self) -> tuple[str, ...]:
        """Ids of the map-edge towns (California Postman), in file order."""
        return tuple(t.id for t in self.towns.values() if t.edge)

    def defends_in_mountains(self, town_id: str) -> bool:
        """Whether defenders in the town get the mountains' +1 to their attack rolls."""
        return "mountains" in self.town(town_id).terrain


MAX_TOWNS = 300


def load_board(data: dict, file: str = "map") -> Board:
    """Check TOML-shaped map ``data`` and build its Board; raise PackError at the first problem."""
    check(data, BOARD_SPEC, file)
    for key, most in (("town", MAX_TOWNS), ("road", MAX_TOWNS * 6)):
        if len(data.get(key, [])) > most:  # a board comes inline in records: keep it table-sized
            raise PackError(file, key, f"more than {most} entries; a board of this game is far smaller")
    towns: dict[str, Town] = {}
    for i, entry in enumerate(data["town"]):
        tid = entry["id"]
        if not _SLUG.fullmatch(tid):
            raise PackError(file, f"town[{i}].id",
                            f"expected a slug (lower-case letters and digits, words joined by "
                            f"'-' or '_'), found {tid!r}")
        terrain = entry.get("terrain", [])
        for j, tag in enumerate(terrain):
            where = f"town[{i}].terrain[{j}]"
            if tag not in TERRAIN:
                hint = "; a lake or river is 'water'" if tag.lower() in ("lake", "river") else ""
                raise PackError(file, where, f"unknown terrain {tag!r}; expected one of "
                                             f"{', '.join(TERRAIN)}{hint}")
            if tag in terrain[:j]:
                raise PackError(file, where, f"terrain {tag!r} is given twice")
        if tid not in towns:  # a duplicate id is reported by the graph check below
            towns[tid] = Town(tid, entry["name"], entry["size"], frozenset(terrain),
                              entry.get("edge", False), _float(entry.get("x")), _float(entry.get("y")))

    # The core map check reports duplicate ids, roads to unknown towns or to themselves,
    # duplicate roads and towns cut off, with the same key paths as this file.
    graph = core_maps.load_map(
        {"town": [{"id": t["id"], "name": t["name"]} for t in data["town"]],
         "road": [{"from": r["from"], "to": r["to"], "tags": r.get("tags", [])}
                  for r in data.get("road", [])]},
        file)
    for tid, town in towns.items():
        graph.nodes[tid].update(size=town.size, terrain=town.terrain, tags=tuple(sorted(town.terrain)),
                                edge=town.edge, x=town.x, y=town.y)

    head = data["map"]
    for key in ("post_town", "base_camp"):
        if head[key] not in towns:
            raise PackError(file, f"map.{key}",
                            f"unknown town {head[key]!r}; expected the id of a [[town]]")
    post, base = head["post_town"], head["base_camp"]
    need = head.get("min_start_distance", DEFAULT_MIN_START_DISTANCE)
    import networkx

    path = networkx.shortest_path(graph, post, base)
    if len(path) - 1 < need:
        raise PackError(file, "map.post_town",
                        f"the Post Town '{post}' is {len(path) - 1} space(s) from the Holnist Base "
                        f"Camp '{base}' ({' - '.join(path)}); expected at least {need}")

    if not any(t.edge for t in towns.values()):
        raise PackError(file, "town",
                        "no town is marked edge = true; California Postman needs at least one "
                        "map-edge town to place its Rider in")

    return Board(name=head["name"], towns=MappingProxyType(towns), post_town=post, base_camp=base,
                 graph=networkx.freeze(graph), description=head.get("description", ""),
                 min_start_distance=need, file=file)


def board_from_pack(pack, name: str = "default") -> Board:
    """The pack's map ``maps/NAME.toml`` as a Board; errors name ``PACK/maps/NAME.toml``."""
    maps = pack.data.get("maps", {})
    if not isinstance(name, str):  # setup.map of a record: a list or a table is no map's name
        raise PackError("setup.map", "", f"expected the name of one of the pack's maps "
                                         f"({', '.join(sorted(maps)) or 'none'}), found "
                                         f"{ {list: 'a list', dict: 'an object'}.get(type(name), repr(name)[:40])}")
    file = f"{pack.source}/maps/{name}.toml"
    if name not in maps:
        have = ", ".join(sorted(maps)) or "none"
        raise PackError(file, "", f"missing: the pack has no map '{name}' (its maps: {have})")
    return load_board(maps[name], file)


def boards_from_pack(pack) -> dict[str, Board]:
    """Every map of the pack by name, each checked; for validating a pack as a whole."""
    return {name: board_from_pack(pack, name) for name in sorted(pack.data.get("maps", {}))}


def board_from_file(path) -> Board:
    """Read a map TOML file and build its Board; errors name the file and the line or key path."""
    return load_board(read_toml(path, core_maps.MAX_MAP_BYTES), str(path))


def _float(value) -> float | None:
    return None if value is None else float(value)
