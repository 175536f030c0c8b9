"""The bundled pack holds every card, city and road of the printed game, and the pack check refuses edited copies
that break them, naming the file, the key and what was expected."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from companion.core.violations import PackError
from companion.games import load_pack
from companion.thurn_and_taxis.board import build

BUNDLED = Path(__file__).resolve().parents[2] / "rules" / "thurn_and_taxis"


def test_the_board(tt_pack):
    b = build(tt_pack)
    assert len(b.cities) == 22 and len(b.provinces) == 9 and len(b.roads) == 45
    assert sum(len(n) for n in b.neighbours.values()) == 90
    assert len(b.city_cards()) == 66
    assert {p: len(v.cities) for p, v in b.provinces.items()} == {
        "baden": 3, "wuerttemberg": 2, "hohenzollern": 1, "baiern": 8, "schweiz": 2, "tyrol": 1,
        "salzburg": 2, "boehmen": 2, "polen": 1}
    assert b.neighbours["lodz"] == {"pilsen"}
    assert len(b.neighbours["stuttgart"]) == 7 and len(b.neighbours["muenchen"]) == 6
    # sanity checks from the rule examples
    assert "innsbruck" not in b.neighbours["carlsruhe"] | b.neighbours["regensburg"]
    assert "stuttgart" in b.neighbours["carlsruhe"] and "sigmaringen" not in b.neighbours["carlsruhe"]
    assert {"stuttgart", "nuernberg"} <= b.neighbours["wuerzburg"]
    assert b.city_id("Zurich", "x") == b.city_id("Zürich", "x") == "zuerich"
    assert b.cities["carlsruhe"].name == "Carlsruhe"


def test_the_pieces(tt_pack):
    b = build(tt_pack)
    assert b.carriages == {3: (2, 4), 4: (3, 4), 5: (5, 4), 6: (7, 4), 7: (10, 4)}
    assert sum(len(s.values) for s in b.stacks.values()) == 30
    assert {k: s.values for k, s in b.stacks.items()} == {
        "baden": (3, 2, 1), "wuerttemberg_hohenzollern": (3, 2, 1), "schweiz_tyrol": (3, 2, 1),
        "boehmen_salzburg": (4, 3, 2), "baiern": (5, 4, 3, 2), "all_provinces": (6, 5, 4, 3),
        "route_5": (2, 1), "route_6": (3, 2, 1), "route_7": (4, 3, 2, 1), "game_end": (1,)}
    assert sorted(b.officials) == ["administrator", "cartwright", "postal_carrier", "postmaster"]
    assert b.switches == {"all_provinces_excludes_baiern": True, "route_stack_fallback": "next_lower"}
    assert b.game["houses_per_player"] == 20 and b.game["display_size"] == 6


def copy(tmp_path) -> Path:
    dst = tmp_path / "house"
    shutil.copytree(BUNDLED, dst, ignore=shutil.ignore_patterns("samples", "__pycache__"))
    return dst


@pytest.mark.parametrize("file, old, new, where, what", [
    ("board.toml", 'from = "lodz"', 'from = "warschau"', "road[", "unknown city 'warschau'"),
    ("board.toml", 'from = "basel"\nto = "zuerich"', 'from = "zuerich"\nto = "freiburg"',
     "road[", "duplicate road"),
    ("board.toml", 'name = "Ulm"\nprovince = "wuerttemberg"', 'name = "Ulm"\nprovince = "swabia"',
     "city[4].province", "unknown province"),
    ("board.toml", "y = 266\ndegree = 5", "y = 266\ndegree = 6", "city[4].degree", "5 road(s)"),
    ("pieces.toml", "city_cards = 66", "city_cards = 60", "game.city_cards", "make 66"),
    ("pieces.toml", "bonus_tiles = 30", "bonus_tiles = 31", "game.bonus_tiles", "hold 30 tiles"),
    ("pieces.toml", "values = [5, 4, 3, 2]", "values = [2, 3, 4, 5]", "bonus_stack[4].values", "top first"),
    ("pieces.toml", "length = 4\n", "length = 5\n", "carriage[1].length", "in order"),
    ("switches.toml", 'route_stack_fallback = "next_lower"', 'route_stack_fallback = "up"',
     "switches.route_stack_fallback", "one of"),
])
def test_pack_check_refuses_broken_copies(tmp_path, file, old, new, where, what):
    dst = copy(tmp_path)
    path = dst / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(PackError) as err:
        load_pack(dst)
    assert err.value.path.endswith(file)
    assert where in err.value.where and what in err.value.what, str(err.value)


def test_an_unchanged_copy_loads(tmp_path):
    pack = load_pack(copy(tmp_path))
    assert pack.game == "thurn_and_taxis" and len(pack.reference) >= 28
