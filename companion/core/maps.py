"""Map graphs for the map games: towns joined by roads, read from a pack's TOML.

A map file holds ``[[town]]`` and ``[[road]]`` entries::

    [[town]]
    id = "pinecrest"        # stable id, used by roads, saves and inputs
    name = "Pine Crest"
    size = 2                # optional whole number (0 to 100)
    tags = ["city"]         # optional list of text
    x = 120.0               # optional position for drawing
    y = 48.5

    [[road]]
    from = "pinecrest"
    to = "bend"
    tags = ["mountain"]     # optional

Loading checks the shape of every entry and then the map as a whole: no two towns share an id, a
road joins two different towns that exist, no road is given twice (in either direction) and every
town can be reached from every other. Each problem is a PackError naming the file, the key path
(``road[3].to``) and what is wrong, as for any other pack file.

networkx costs about 140 ms to import, so it is imported inside the functions that need it, never
at module level: the first window must not wait for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .schema import Spec, check
from .tomlfile import read_toml
from .violations import MalformedInput, PackError

if TYPE_CHECKING:
    import networkx

MAX_MAP_BYTES = 2_000_000

TOWN_SPEC = Spec(dict, fields={
    "id": Spec(str),
    "name": Spec(str),
    "size": Spec(int, lo=0, hi=100, required=False),
    "tags": Spec(list, item=Spec(str), required=False),
    "x": Spec(float, required=False),
    "y": Spec(float, required=False),
})

ROAD_SPEC = Spec(dict, fields={
    "from": Spec(str),
    "to": Spec(str),
    "tags": Spec(list, item=Spec(str), required=False),
})

#: Other top-level tables (a ``[map]`` title, say) are left to the game that reads the file.
MAP_SPEC = Spec(dict, extra_keys=True, fields={
    "town": Spec(list, item=TOWN_SPEC, min_items=1),
    "road": Spec(list, item=ROAD_SPEC, required=False),
})


def load_map(data: dict, file: str = "map") -> networkx.Graph:
    """Build the map graph from TOML-shaped ``data``; raise PackError at the first problem.

    Nodes are town ids with the attributes ``name``, ``size`` (or None), ``tags`` (a tuple),
    ``x`` and ``y`` (floats or None) and ``where`` (``town[i]``). Edges carry ``tags`` and
    ``where`` (``road[i]``). ``graph.graph["file"]`` is ``file``.
    """
    import networkx

    check(data, MAP_SPEC, file)
    graph = networkx.Graph(file=file)
    first_at: dict[str, int] = {}
    for i, town in enumerate(data["town"]):
        tid = town["id"]
        if not tid.strip():
            raise PackError(file, f"town[{i}].id", "expected a town id, found empty text")
        if tid in first_at:
            raise PackError(file, f"town[{i}].id",
                            f"duplicate town id '{tid}' (already used by town[{first_at[tid]}])")
        first_at[tid] = i
        graph.add_node(tid, name=town["name"], size=town.get("size"),
                       tags=tuple(town.get("tags", ())),
                       x=_float(town.get("x")), y=_float(town.get("y")), where=f"town[{i}]")

    roads_at: dict[frozenset, int] = {}
    for i, road in enumerate(data.get("road", [])):
        ends = road["from"], road["to"]
        for key, tid in zip(("from", "to"), ends, strict=True):
            if tid not in first_at:
                raise PackError(file, f"road[{i}].{key}",
                                f"unknown town '{tid}'; expected the id of a [[town]]")
        if ends[0] == ends[1]:
            raise PackError(file, f"road[{i}].to", f"a road from '{ends[0]}' to itself")
        pair = frozenset(ends)
        if pair in roads_at:
            raise PackError(file, f"road[{i}]",
                            f"duplicate road between '{ends[0]}' and '{ends[1]}' "
                            f"(already given as road[{roads_at[pair]}])")
        roads_at[pair] = i
        graph.add_edge(*ends, tags=tuple(road.get("tags", ())), where=f"road[{i}]")

    _check_connected(graph, data["town"], file)
    return graph


def _float(value) -> float | None:
    return None if value is None else float(value)


def _check_connected(graph: networkx.Graph, towns: list[dict], file: str) -> None:
    import networkx

    start = towns[0]["id"]
    reached = networkx.node_connected_component(graph, start)
    if len(reached) == graph.number_of_nodes():
        return
    cut_off = [t["id"] for t in towns if t["id"] not in reached]
    first = cut_off[0]
    raise PackError(file, graph.nodes[first]["where"],
                    f"town '{first}' cannot be reached by road from '{start}' "
                    f"({len(cut_off)} town(s) cut off); every town must be connected")


def load_map_file(path) -> networkx.Graph:
    """Read a map TOML file and build its graph; errors name the file and line or key path."""
    return load_map(read_toml(path, MAX_MAP_BYTES), str(path))


def load_pack_maps(pack) -> dict[str, networkx.Graph]:
    """Every map of a rule pack: ``maps/NAME.toml``, which load_pack reads into
    ``pack.data["maps"][NAME]``, as graphs by NAME; errors name ``PACK/maps/NAME.toml``."""
    maps = pack.data.get("maps", {})
    return {name: load_map(data, f"{pack.source}/maps/{name}.toml") for name, data in sorted(maps.items())}


def distance(graph: networkx.Graph, a: str, b: str) -> int:
    """Spaces between two towns: the fewest roads on a path from ``a`` to ``b``.

    Raises MalformedInput if either town is not on the map or no road path joins them.
    """
    import networkx

    for town in (a, b):
        if town not in graph:
            raise MalformedInput(f"there is no town '{town}' on the map")
    try:
        return networkx.shortest_path_length(graph, a, b)
    except networkx.NetworkXNoPath:
        raise MalformedInput(f"no road joins '{a}' and '{b}'") from None


def check_min_distance(graph: networkx.Graph, a: str, b: str, n: int, file: str, where: str) -> int | None:
    """Raise PackError(file, where, ...) unless towns ``a`` and ``b`` are at least ``n`` spaces apart.

    For pack data such as starting towns that must lie some way from each other. Returns the
    distance, or None when no road joins them (which is as far apart as can be).
    """
    for town in (a, b):
        if town not in graph:
            raise PackError(file, where, f"unknown town '{town}'; expected the id of a town on the map")
    try:
        d = distance(graph, a, b)
    except MalformedInput:
        return None
    if d < n:
        raise PackError(file, where,
                        f"'{a}' and '{b}' are {d} space(s) apart; expected at least {n}")
    return d
