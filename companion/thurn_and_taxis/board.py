"""The board and pieces of a Thurn and Taxis pack, read and checked once per pack.

``board.toml`` holds provinces, cities and roads; ``pieces.toml`` the game's numbers, carriages,
bonus stacks and officials; ``switches.toml`` the open points with the German original as
default. The roads become a networkx graph through ``companion.core.maps.load_map`` (which refuses
unknown cities, duplicate roads in either direction and a map in pieces); the rules then use a
plain neighbour table, so replays never touch networkx.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cached_property

from ..core.maps import load_map
from ..core.schema import Spec, check
from ..core.violations import MalformedInput, PackError

OFFICIALS = ("postmaster", "postal_carrier", "administrator", "cartwright")
STACK_KINDS = ("province_group", "all_provinces", "route_length", "game_end")
FALLBACKS = ("next_lower", "cascade", "none")

_ID = Spec(str)
BOARD_SPEC = Spec(dict, fields={
    "board": Spec(dict, fields={"width": Spec(float, lo=1), "height": Spec(float, lo=1)}),
    "province": Spec(list, min_items=1, item=Spec(dict, fields={
        "id": _ID, "name": Spec(str), "colour": Spec(str),
        "colour_name": Spec(str, required=False),
        "cities": Spec(int, lo=1, hi=100), "bonus_group": Spec(str)})),
    "city": Spec(list, min_items=3, item=Spec(dict, fields={
        "id": _ID, "name": Spec(str), "province": Spec(str),
        "x": Spec(float), "y": Spec(float), "degree": Spec(int, lo=0, required=False)})),
    "road": Spec(list, min_items=1, item=Spec(dict, fields={"from": Spec(str), "to": Spec(str)})),
})
PIECES_SPEC = Spec(dict, fields={
    "game": Spec(dict, fields={
        "players_min": Spec(int, lo=2, hi=8), "players_max": Spec(int, lo=2, hi=8),
        "houses_per_player": Spec(int, lo=1, hi=200), "cards_per_city": Spec(int, lo=1, hi=20),
        "city_cards": Spec(int, lo=1), "display_size": Spec(int, lo=1, hi=20),
        "min_route_to_close": Spec(int, lo=1, hi=20), "hand_after_closing": Spec(int, lo=0, hi=50),
        "cartwright_bonus": Spec(int, lo=0, hi=20), "bonus_tiles": Spec(int, lo=0),
        "player_colours": Spec(list, item=Spec(str), min_items=2)}),
    "carriage": Spec(list, min_items=1, item=Spec(dict, fields={
        "length": Spec(int, lo=1, hi=50), "points": Spec(int, lo=0, hi=100),
        "copies": Spec(int, lo=1, hi=20)})),
    "bonus_stack": Spec(list, min_items=1, item=Spec(dict, fields={
        "id": _ID, "name": Spec(str), "kind": Spec(str, choices=STACK_KINDS),
        "provinces": Spec(list, item=Spec(str), required=False),
        "excluded_provinces": Spec(list, item=Spec(str), required=False),
        "min_length": Spec(int, lo=1, hi=50, required=False),
        "values": Spec(list, item=Spec(int, lo=0, hi=100), min_items=1)})),
    "official": Spec(list, item=Spec(dict, fields={
        "id": Spec(str, choices=OFFICIALS), "name": Spec(str), "de": Spec(str), "effect": Spec(str)})),
})
SWITCHES_SPEC = Spec(dict, fields={"switches": Spec(dict, fields={
    "all_provinces_excludes_baiern": Spec(bool),
    "route_stack_fallback": Spec(str, choices=FALLBACKS)})})


@dataclass(frozen=True)
class Province:
    id: str
    name: str
    colour: str
    bonus_group: str
    cities: tuple[str, ...]


@dataclass(frozen=True)
class City:
    id: str
    name: str
    province: str
    x: float
    y: float


@dataclass(frozen=True)
class Stack:
    id: str
    name: str
    kind: str
    values: tuple[int, ...]
    provinces: tuple[str, ...] = ()
    excluded: tuple[str, ...] = ()
    min_length: int = 0


@dataclass(frozen=True)
class Board:
    width: float
    height: float
    provinces: dict[str, Province]
    cities: dict[str, City]
    neighbours: dict[str, frozenset[str]]
    roads: tuple[tuple[str, str], ...]
    carriages: dict[int, tuple[int, int]]   # length -> (points, copies), in taking order
    stacks: dict[str, Stack]
    officials: dict[str, dict]
    game: dict
    switches: dict

    def city_cards(self) -> list[str]:
        return [c for c in self.cities for _ in range(self.game["cards_per_city"])]

    def name(self, city: str) -> str:
        return self.cities[city].name if city in self.cities else str(city)

    @cached_property
    def _city_keys(self) -> dict[str, str]:
        # every spelling of every city, built once: reading a card is a lookup (legal_inputs
        # reads thousands); the first city in board order wins a spelling two could share
        keys: dict[str, str] = {}
        for c in self.cities.values():
            for key in (c.id, _fold(c.name), _fold(_ascii(c.name))):
                keys.setdefault(key, c.id)
        return keys

    def find_city(self, value) -> str | None:
        """The city id for an id, a printed name or an ASCII spelling ("Zurich", "zuerich")."""
        if not isinstance(value, str):
            return None
        return self._city_keys.get(_fold(value))

    def city_id(self, value, where: str) -> str:
        found = self.find_city(value)
        if found is None:
            raise MalformedInput(f"{where}: {value!r} is not a city of the board")
        return found

    def stacks_of(self, kind: str) -> list[Stack]:
        return [s for s in self.stacks.values() if s.kind == kind]


def _ascii(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()


def _fold(text: str) -> str:
    return text.strip().casefold()


_CACHE: dict[str, Board] = {}


def board_of(pack) -> Board:
    """The pack's board, built once per pack content (undo replays from the setup often)."""
    board = _CACHE.get(pack.hash)
    if board is None:
        board = _CACHE[pack.hash] = build(pack)
    return board


def build(pack) -> Board:
    src = pack.source
    data = {}
    for name, spec in (("board", BOARD_SPEC), ("pieces", PIECES_SPEC), ("switches", SWITCHES_SPEC)):
        if name not in pack.data:
            raise PackError(f"{src}/{name}.toml", "", "missing: Thurn and Taxis needs this file")
        check(pack.data[name], spec, f"{src}/{name}.toml")
        data[name] = pack.data[name]
    b, p = data["board"], data["pieces"]
    bfile, pfile = f"{src}/board.toml", f"{src}/pieces.toml"

    provinces = _unique(b["province"], "province", bfile)
    cities = _unique(b["city"], "city", bfile)
    for i, c in enumerate(b["city"]):
        if c["province"] not in provinces:
            raise PackError(bfile, f"city[{i}].province", f"unknown province {c['province']!r}")
    graph = _graph(b, bfile)
    for i, c in enumerate(b["city"]):
        if "degree" in c and graph.degree(c["id"]) != c["degree"]:
            raise PackError(bfile, f"city[{i}].degree", f"{c['name']} has {graph.degree(c['id'])} "
                            f"road(s) in the road list, not {c['degree']}")
    prov = {}
    for i, pr in enumerate(b["province"]):
        members = tuple(c["id"] for c in b["city"] if c["province"] == pr["id"])
        if len(members) != pr["cities"]:
            raise PackError(bfile, f"province[{i}].cities",
                            f"{pr['name']} has {len(members)} cities on the board, not {pr['cities']}")
        prov[pr["id"]] = Province(pr["id"], pr["name"], pr["colour"], pr["bonus_group"], members)
    game = p["game"]
    if len(cities) * game["cards_per_city"] != game["city_cards"]:
        raise PackError(pfile, "game.city_cards", f"{len(cities)} cities x {game['cards_per_city']} "
                        f"cards make {len(cities) * game['cards_per_city']}, not {game['city_cards']}")
    if game["players_min"] > game["players_max"] or len(game["player_colours"]) < game["players_max"]:
        raise PackError(pfile, "game.player_colours", "expected a colour for every player up to players_max")
    stacks = _stacks(p, prov, game, pfile)
    for i, pr in enumerate(b["province"]):
        g = pr["bonus_group"]
        if g and (g not in stacks or pr["id"] not in stacks[g].provinces):
            raise PackError(bfile, f"province[{i}].bonus_group",
                            f"expected a province_group stack that lists {pr['id']!r}, found {g!r}")
    carriages = _carriages(p, game, pfile)
    officials = {o["id"]: o for o in p["official"]}
    if sorted(officials) != sorted(OFFICIALS):
        raise PackError(pfile, "official", f"expected the four officials {', '.join(OFFICIALS)}")
    neighbours = {c: frozenset(graph.neighbors(c)) for c in cities}
    return Board(float(b["board"]["width"]), float(b["board"]["height"]), prov,
                 {c["id"]: City(c["id"], c["name"], c["province"], float(c["x"]), float(c["y"]))
                  for c in b["city"]},
                 neighbours, tuple((r["from"], r["to"]) for r in b["road"]), carriages, stacks,
                 officials, dict(game), dict(data["switches"]["switches"]))


def _unique(items, what, file) -> dict:
    seen: dict = {}
    for i, item in enumerate(items):
        if item["id"] in seen:
            raise PackError(file, f"{what}[{i}].id", f"duplicate {what} id {item['id']!r}")
        seen[item["id"]] = item
    return seen


def _graph(b, file):
    towns = [{"id": c["id"], "name": c["name"], "x": c["x"], "y": c["y"]} for c in b["city"]]
    try:
        return load_map({"town": towns, "road": b["road"]}, file)
    except PackError as e:  # the loader says town[i]; this file says city[i]
        raise PackError(file, e.where.replace("town[", "city["), e.what.replace("town", "city")) from None


def _stacks(p, prov, game, file) -> dict[str, Stack]:
    stacks: dict[str, Stack] = {}
    total = 0
    for i, s in enumerate(p["bonus_stack"]):
        at = f"bonus_stack[{i}]"
        if s["id"] in stacks:
            raise PackError(file, f"{at}.id", f"duplicate stack id {s['id']!r}")
        if list(s["values"]) != sorted(s["values"], reverse=True):
            raise PackError(file, f"{at}.values", "expected values top first, highest on top")
        for key in ("provinces", "excluded_provinces"):
            for j, pid in enumerate(s.get(key, [])):
                if pid not in prov:
                    raise PackError(file, f"{at}.{key}[{j}]", f"unknown province {pid!r}")
        if s["kind"] == "province_group" and not s.get("provinces"):
            raise PackError(file, f"{at}.provinces", "a province_group stack needs its provinces")
        if s["kind"] == "route_length" and s.get("min_length", 0) < game["min_route_to_close"]:
            raise PackError(file, f"{at}.min_length",
                            f"expected a route length of at least {game['min_route_to_close']}")
        total += len(s["values"])
        stacks[s["id"]] = Stack(s["id"], s["name"], s["kind"], tuple(s["values"]),
                                tuple(s.get("provinces", ())), tuple(s.get("excluded_provinces", ())),
                                s.get("min_length", 0))
    for kind in ("all_provinces", "game_end"):
        if sum(st.kind == kind for st in stacks.values()) != 1:
            raise PackError(file, "bonus_stack", f"expected exactly one {kind} stack")
    if total != game["bonus_tiles"]:
        raise PackError(file, "game.bonus_tiles", f"the stacks hold {total} tiles, not {game['bonus_tiles']}")
    return stacks


def _carriages(p, game, file) -> dict[int, tuple[int, int]]:
    out: dict[int, tuple[int, int]] = {}
    expect = game["min_route_to_close"]
    for i, c in enumerate(p["carriage"]):
        if c["length"] != expect:
            raise PackError(file, f"carriage[{i}].length",
                            f"expected {expect}: carriages run in order from the shortest route closed")
        if c["copies"] < game["players_max"]:
            raise PackError(file, f"carriage[{i}].copies", "expected a copy for every player")
        out[c["length"]] = (c["points"], c["copies"])
        expect += 1
    return out
