"""A Postman map being drawn in the editor: plain data in the ``docs/maps.md`` format, the map
loader's checks run on it as it changes, and the TOML text to save it as a map file.

Pure Python (no Qt): the editor dialog only draws this and turns clicks into its methods.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from ..core.maps import MAX_MAP_BYTES
from ..core.schema import Spec, check
from ..core.tomlfile import read_toml
from ..core.violations import PackError
from ..core.words import counted
from .board import SIZES, TERRAIN, load_board

#: What a map file must be to open in the editor: the map format's shapes with nearly every key
#: optional (a half-drawn map is saved too); the map loader's full checks run once it is open.
DRAFT_SPEC = Spec(dict, extra_keys=True, fields={
    "map": Spec(dict, required=False, extra_keys=True, fields={
        "name": Spec(str, required=False),
        "description": Spec(str, required=False),
        "post_town": Spec(str, required=False),
        "base_camp": Spec(str, required=False),
        "min_start_distance": Spec(int, lo=1, hi=100, required=False),
    }),
    "town": Spec(list, required=False, item=Spec(dict, extra_keys=True, fields={
        "id": Spec(str),
        "name": Spec(str),
        "size": Spec(str, choices=SIZES, required=False),
        "terrain": Spec(list, item=Spec(str, choices=TERRAIN), required=False),
        "edge": Spec(bool, required=False),
        "x": Spec(float, required=False),
        "y": Spec(float, required=False),
    })),
    "road": Spec(list, required=False, item=Spec(dict, extra_keys=True, fields={
        "from": Spec(str),
        "to": Spec(str),
    })),
})


def open_map(path) -> MapDraft:
    """The map file at ``path`` as a draft; PackError (file, key path, what was expected) if it
    cannot be read or is not shaped like a map, whatever the file holds."""
    data = read_toml(path, MAX_MAP_BYTES)
    check(data, DRAFT_SPEC, str(path))
    return MapDraft.from_data(data)


def slug(name: str) -> str:
    text = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return text or "town"


@dataclass
class MapDraft:
    name: str = "Our board"
    description: str = ""
    post_town: str = ""
    base_camp: str = ""
    min_start_distance: int = 3
    towns: list[dict] = field(default_factory=list)
    roads: list[tuple[str, str]] = field(default_factory=list)

    # -- editing ----------------------------------------------------------------------------------
    def town(self, tid: str) -> dict:
        return next(t for t in self.towns if t["id"] == tid)

    def add_town(self, x: float, y: float, name: str | None = None) -> str:
        n = len(self.towns) + 1
        name = name or f"Town {n}"
        tid = self._free_id(slug(name))
        self.towns.append({"id": tid, "name": name, "size": "small", "terrain": [], "edge": False,
                           "x": round(x, 1), "y": round(y, 1)})
        return tid

    def _free_id(self, base: str, keep: str | None = None) -> str:
        taken = {t["id"] for t in self.towns} - {keep}
        tid, i = base, 2
        while tid in taken:
            tid, i = f"{base}-{i}", i + 1
        return tid

    def rename(self, tid: str, name: str) -> str:
        """Give a town a new name; its id follows the name. Returns the (new) id."""
        new = self._free_id(slug(name), keep=tid)
        self.town(tid).update(name=name, id=new)
        if new != tid:
            self.roads = [(new if a == tid else a, new if b == tid else b) for a, b in self.roads]
            self.post_town = new if self.post_town == tid else self.post_town
            self.base_camp = new if self.base_camp == tid else self.base_camp
        return new

    def set_size(self, tid: str, size: str) -> None:
        if size in SIZES:
            self.town(tid)["size"] = size

    def set_terrain(self, tid: str, tag: str, on: bool) -> None:
        terrain = self.town(tid)["terrain"]
        if on and tag in TERRAIN and tag not in terrain:
            terrain.append(tag)
            terrain.sort(key=TERRAIN.index)
        elif not on and tag in terrain:
            terrain.remove(tag)

    def move(self, tid: str, x: float, y: float) -> None:
        self.town(tid).update(x=round(x, 1), y=round(y, 1))

    def remove_town(self, tid: str) -> None:
        self.towns = [t for t in self.towns if t["id"] != tid]
        self.roads = [r for r in self.roads if tid not in r]
        self.post_town = "" if self.post_town == tid else self.post_town
        self.base_camp = "" if self.base_camp == tid else self.base_camp

    def toggle_road(self, a: str, b: str) -> bool:
        """Add the road a-b, or take it away if it is there; True if there is a road now."""
        if a == b:
            return False
        for road in self.roads:
            if set(road) == {a, b}:
                self.roads.remove(road)
                return False
        self.roads.append((a, b))
        return True

    # -- checking and saving ----------------------------------------------------------------------
    def to_data(self) -> dict:
        head: dict[str, str | int] = {"name": self.name or "Our board", "post_town": self.post_town, "base_camp": self.base_camp}
        if self.description:
            head["description"] = self.description
        if self.min_start_distance != 3:
            head["min_start_distance"] = self.min_start_distance
        towns = []
        for t in self.towns:
            entry = {"id": t["id"], "name": t["name"], "size": t["size"]}
            if t["terrain"]:
                entry["terrain"] = list(t["terrain"])
            if t["edge"]:
                entry["edge"] = True
            entry["x"], entry["y"] = float(t["x"]), float(t["y"])
            towns.append(entry)
        return {"map": head, "town": towns, "road": [{"from": a, "to": b} for a, b in self.roads]}

    def problems(self) -> list[str]:
        """What stands between this map and a game, in the words of someone drawing it (empty:
        the map can be played). The map loader's own checks come last, for anything else."""
        if not self.towns:
            return ["Add towns: click on the empty map."]
        out = []
        if not self.post_town:
            out.append("Mark a town as the Post Town.")
        if not self.base_camp:
            out.append("Mark a town as the Holnist Base Camp.")
        out += self._road_problems()
        if not any(t["edge"] for t in self.towns):
            out.append("Tick \u201con the map's edge\u201d for at least one town: a California Postman "
                       "Rider starts in a town on the map's edge.")
        if out:
            return out
        try:
            load_board(self.to_data(), "this map")
        except PackError as e:
            return [self._in_words(e)]
        return []

    def _road_problems(self) -> list[str]:
        name = {t["id"]: t["name"] for t in self.towns}
        joined: dict[str, set[str]] = {t: set() for t in name}
        for a, b in self.roads:
            if a in joined and b in joined:
                joined[a].add(b)
                joined[b].add(a)
        start = self.post_town or self.towns[0]["id"]
        far = {start: 0}
        todo = [start]
        for town in todo:  # breadth first: far[town] is the fewest roads from the start
            for nxt in sorted(joined[town]):
                if nxt not in far:
                    far[nxt] = far[town] + 1
                    todo.append(nxt)
        cut_off = [name[t] for t in name if t not in far]
        if cut_off:
            where = "the Post Town" if self.post_town else name[start]
            shown = ", ".join(cut_off[:4]) + (f" and {len(cut_off) - 4} more" if len(cut_off) > 4 else "")
            return [f"No road leads from {where} to {shown}: every town must be reached by road."]
        if self.post_town and self.base_camp and far.get(self.base_camp, 0) < self.min_start_distance:
            return [f"The Post Town ({name[self.post_town]}) is {counted(far[self.base_camp], 'road')} from the "
                    f"Holnist Base Camp ({name[self.base_camp]}); they must be at least "
                    f"{self.min_start_distance} apart."]
        return []

    def _in_words(self, e: PackError) -> str:
        """A loader message with its key path (``town[3].name``) told as the town's name."""
        where = e.where
        m = re.match(r"town\[(\d+)\]", where or "")
        if m and int(m.group(1)) < len(self.towns):
            where = f"town {self.towns[int(m.group(1))]['name']}"
        return f"{e.what} ({where})" if where else e.what

    def to_toml(self) -> str:
        data = self.to_data()
        lines = ["# A Postman map drawn in Posthorn's map editor; the format is in docs/maps.md.", "",
                 "[map]"]
        lines += [f"{k} = {_value(v)}" for k, v in data["map"].items()]
        for t in data["town"]:
            lines += ["", "[[town]]"] + [f"{k} = {_value(v)}" for k, v in t.items()]
        for r in data["road"]:
            lines += ["", "[[road]]", f"from = {_value(r['from'])}", f"to = {_value(r['to'])}"]
        return "\n".join(lines) + "\n"

    @classmethod
    def from_data(cls, data: dict) -> MapDraft:
        head = data.get("map", {})
        towns = [{"id": t["id"], "name": t["name"], "size": t.get("size", "small"),
                  "terrain": list(t.get("terrain", [])), "edge": bool(t.get("edge", False)),
                  "x": float(t.get("x", 0.0)), "y": float(t.get("y", 0.0))} for t in data.get("town", [])]
        return cls(head.get("name", "Our board"), head.get("description", ""), head.get("post_town", ""),
                   head.get("base_camp", ""), int(head.get("min_start_distance", 3)), towns,
                   [(r["from"], r["to"]) for r in data.get("road", [])])


def _value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    return json.dumps(str(v), ensure_ascii=False)  # a JSON string is a TOML basic string
