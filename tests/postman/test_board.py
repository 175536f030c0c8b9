"""The Postman's board: the default map as rules/postman/maps/default.toml draws it, and every way a map is wrong."""

import copy
import subprocess
import sys
import tomllib
from pathlib import Path
from types import SimpleNamespace

import pytest

from companion.core.violations import MalformedInput, PackError
from companion.postman.board import (
    Board,
    Town,
    board_from_file,
    board_from_pack,
    boards_from_pack,
    load_board,
)

MAPS = Path(__file__).resolve().parents[2] / "rules" / "postman" / "maps"
DEFAULT = tomllib.loads((MAPS / "default.toml").read_text(encoding="utf-8"))
FILE = "rules/postman/maps/default.toml"


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board(copy.deepcopy(DEFAULT), FILE)


def bad(edit) -> PackError:
    """Load a copy of the default map after ``edit(data)``; return the PackError it must raise."""
    data = copy.deepcopy(DEFAULT)
    edit(data)
    with pytest.raises(PackError) as info:
        load_board(data, FILE)
    assert info.value.path == FILE
    return info.value


def index(data, tid) -> int:
    return next(i for i, t in enumerate(data["town"]) if t["id"] == tid)


def road_index(data, a, b) -> int:
    return next(i for i, r in enumerate(data["road"]) if {r["from"], r["to"]} == {a, b})


# -- the default map -----------------------------------------------------------------------------
def test_default_map_has_forty_towns_in_file_order(board):
    assert len(board.towns) == 40
    assert list(board.towns)[:3] == ["st-rose", "newport", "albany"]
    assert board.graph.number_of_nodes() == 40
    assert board.name == "Oregon, after the fall"
    assert board.file == FILE


def test_default_sizes_are_six_large_fifteen_medium_nineteen_small(board):
    sizes = [t.size for t in board.towns.values()]
    assert (sizes.count("large"), sizes.count("medium"), sizes.count("small")) == (6, 15, 19)
    large = {t.id for t in board.towns.values() if t.size == "large"}
    assert large == {"st-rose", "corvallis", "eugene", "bridge-city", "roseburg", "medford"}


def test_default_start_towns_are_pineview_and_the_base_camp_ten_spaces_apart(board):
    import networkx

    assert networkx.is_connected(board.graph)
    assert (board.post_town, board.base_camp) == ("pineview", "holnist-base-camp")
    assert board.towns["holnist-base-camp"].name == "Holnist Base Camp"
    assert board.distance("pineview", "holnist-base-camp") == 10
    assert board.min_start_distance == 3
    # the route drawn along the valley is one of the shortest (postman.move.roads)
    route = ("pineview", "oakridge", "culp-creek", "cottage-grove", "curtin", "sutherlin",
             "roseburg", "canyonville", "glendale", "grants-pass", "holnist-base-camp")
    assert board.path_ok(route)


def test_default_edge_towns_are_in_california(board):
    assert board.edge_towns() == ("crescent-city", "yreka", "eureka")


def test_default_roads_are_the_drawn_ones(board):
    assert board.graph.number_of_edges() == 54
    assert board.neighbours("pineview") == ("oakridge",)
    assert board.neighbours("eugene") == ("creswell", "harrisburg", "junction-city", "springfield",
                                          "veneta")
    assert board.neighbours("grants-pass") == ("crescent-city", "glendale", "holnist-base-camp",
                                               "medford")
    assert board.neighbours("sugarloaf") == ("camas-valley",)


def test_default_towns_carry_terrain_and_drawing_positions(board):
    assert board.towns["pineview"] == Town("pineview", "Pineview", "small",
                                           frozenset({"forest", "mountains", "water"}), False,
                                           280.0, 232.0)
    assert board.towns["curtin"].terrain == frozenset({"mountains"})
    assert board.towns["drain"].terrain == frozenset({"forest"})
    assert board.towns["eureka"].edge and board.towns["eureka"].y == 520.0
    assert all(t.x is not None and t.y is not None for t in board.towns.values())
    assert board.graph.nodes["corvallis"]["terrain"] == frozenset({"water", "mountains"})
    assert board.graph.nodes["corvallis"]["size"] == "large"


def test_the_shorter_game_is_the_same_board_with_nearer_start_towns(board):
    short = board_from_file(MAPS / "short.toml")
    assert (short.post_town, short.base_camp) == ("cottage-grove", "canyonville")
    assert short.distance("cottage-grove", "canyonville") == 4
    assert dict(short.towns) == dict(board.towns)
    assert set(map(frozenset, short.graph.edges)) == set(map(frozenset, board.graph.edges))


def test_the_board_cannot_be_changed(board):
    import networkx

    with pytest.raises(networkx.NetworkXError):
        board.graph.add_edge("pineview", "eureka")
    with pytest.raises(TypeError):
        board.towns["atlantis"] = board.towns["pineview"]


# -- helpers the rules use -----------------------------------------------------------------------
def test_defends_in_mountains(board):
    assert board.defends_in_mountains("curtin")
    assert board.defends_in_mountains("pineview")
    assert not board.defends_in_mountains("eugene")


def test_path_ok_and_first_bad_step(board):
    assert board.path_ok(["pineview"])
    assert board.path_ok(("pineview", "oakridge", "culp-creek"))
    assert board.first_bad_step(["pineview", "oakridge", "eugene"]) == (
        2, "no road joins 'oakridge' and 'eugene'")
    assert not board.path_ok(["pineview", "oakridge", "eugene"])
    assert board.first_bad_step(["pineview", "atlantis"]) == (1, "there is no town 'atlantis' on the map")
    assert board.first_bad_step(["pineview", "pineview"]) == (1, "no road joins 'pineview' and 'pineview'")
    assert board.first_bad_step([]) == (0, "expected a path of at least one town id")
    assert board.first_bad_step("pineview") == (0, "expected a path of at least one town id")
    assert board.first_bad_step([3]) == (0, "there is no town 3 on the map")


def test_adjacent_shortest_path_and_distance(board):
    assert board.adjacent("oakridge", "pineview")
    assert not board.adjacent("pineview", "eugene")
    assert board.distance("pineview", "pineview") == 0
    assert board.distance("eureka", "st-rose") == 7
    assert board.shortest_path("pineview", "culp-creek") == ("pineview", "oakridge", "culp-creek")


@pytest.mark.parametrize("call", ["town", "neighbours", "defends_in_mountains"])
def test_helpers_refuse_a_town_not_on_the_map(board, call):
    with pytest.raises(MalformedInput, match="there is no town 'atlantis' on the map"):
        getattr(board, call)("atlantis")


@pytest.mark.parametrize("call", ["distance", "adjacent", "shortest_path"])
def test_two_town_helpers_refuse_a_town_not_on_the_map(board, call):
    with pytest.raises(MalformedInput, match="there is no town 'atlantis' on the map"):
        getattr(board, call)("pineview", "atlantis")


# -- what a bad map says -------------------------------------------------------------------------
def test_unknown_top_level_key():
    e = bad(lambda d: d.update(towns=[]))
    assert (e.where, e.what) == ("towns", "unknown key; expected one of map, town, road")


def test_missing_map_table():
    e = bad(lambda d: d.pop("map"))
    assert (e.where, e.what) == ("map", "missing; expected a table")


def test_unknown_key_in_the_map_table():
    e = bad(lambda d: d["map"].update(postown="pineview"))
    assert e.where == "map.postown"
    assert e.what == ("unknown key; expected one of name, description, post_town, base_camp, "
                      "min_start_distance")


def test_unknown_key_in_a_town():
    e = bad(lambda d: d["town"][4].update(colour="red"))
    assert e.where == "town[4].colour"
    assert e.what == "unknown key; expected one of id, name, size, terrain, edge, x, y, note"


def test_town_size_must_be_small_medium_or_large():
    e = bad(lambda d: d["town"][2].update(size="huge"))
    assert (e.where, e.what) == ("town[2].size", "expected one of 'small', 'medium', 'large', found 'huge'")


def test_town_size_missing():
    e = bad(lambda d: d["town"][2].pop("size"))
    assert (e.where, e.what) == ("town[2].size", "missing; expected one of 'small', 'medium', 'large'")


def test_unknown_terrain_tag():
    e = bad(lambda d: d["town"][0].update(terrain=["forest", "swamp"]))
    assert (e.where, e.what) == ("town[0].terrain[1]",
                                 "unknown terrain 'swamp'; expected one of forest, water, mountains")


def test_a_river_is_water():
    e = bad(lambda d: d["town"][1].update(terrain=["river"]))
    assert e.where == "town[1].terrain[0]"
    assert e.what == ("unknown terrain 'river'; expected one of forest, water, mountains; "
                      "a lake or river is 'water'")


def test_terrain_given_twice():
    e = bad(lambda d: d["town"][3].update(terrain=["water", "mountains", "water"]))
    assert (e.where, e.what) == ("town[3].terrain[2]", "terrain 'water' is given twice")


def test_terrain_must_be_a_list_of_text():
    e = bad(lambda d: d["town"][3].update(terrain="forest"))
    assert (e.where, e.what) == ("town[3].terrain", "expected a list, found 'forest'")


def test_edge_must_be_true_or_false():
    e = bad(lambda d: d["town"][5].update(edge="yes"))
    assert (e.where, e.what) == ("town[5].edge", "expected true or false, found 'yes'")


def test_position_must_be_a_number():
    e = bad(lambda d: d["town"][6].update(x="left"))
    assert (e.where, e.what) == ("town[6].x", "expected a number, found 'left'")


def test_town_id_must_be_a_slug():
    e = bad(lambda d: d["town"][7].update(id="Bridge City"))
    assert e.where == "town[7].id"
    assert e.what == ("expected a slug (lower-case letters and digits, words joined by '-' or '_'), "
                      "found 'Bridge City'")


def test_duplicate_town_id():
    def edit(d):
        d["town"][10]["id"] = "newport"
    e = bad(edit)
    assert (e.where, e.what) == ("town[10].id", "duplicate town id 'newport' (already used by town[1])")


def test_road_to_an_unknown_town():
    e = bad(lambda d: d["road"][3].update(to="atlantis"))
    assert (e.where, e.what) == ("road[3].to", "unknown town 'atlantis'; expected the id of a [[town]]")


def test_road_from_an_unknown_town():
    e = bad(lambda d: d["road"][0].update({"from": "atlantis"}))
    assert (e.where, e.what) == ("road[0].from", "unknown town 'atlantis'; expected the id of a [[town]]")


def test_road_missing_an_end():
    e = bad(lambda d: d["road"][5].pop("to"))
    assert (e.where, e.what) == ("road[5].to", "missing; expected text")


def test_road_to_itself():
    e = bad(lambda d: d["road"][2].update(to=d["road"][2]["from"]))
    assert e.where == "road[2].to"
    assert e.what == f"a road from '{DEFAULT['road'][2]['from']}' to itself"


def test_duplicate_road_given_the_other_way_round():
    def edit(d):
        d["road"].append({"from": "oakridge", "to": "pineview"})
    e = bad(edit)
    first = road_index(DEFAULT, "pineview", "oakridge")
    assert e.where == f"road[{len(DEFAULT['road'])}]"
    assert e.what == f"duplicate road between 'oakridge' and 'pineview' (already given as road[{first}])"


def test_map_not_connected_names_a_town_cut_off():
    def edit(d):
        d["road"].pop(road_index(d, "camas-valley", "sugarloaf"))
    e = bad(edit)
    assert e.where == f"town[{index(DEFAULT, 'sugarloaf')}]"
    assert e.what == ("town 'sugarloaf' cannot be reached by road from 'st-rose' (1 town(s) cut off); "
                      "every town must be connected")


@pytest.mark.parametrize("key", ["post_town", "base_camp"])
def test_start_town_missing(key):
    e = bad(lambda d: d["map"].pop(key))
    assert (e.where, e.what) == (f"map.{key}", "missing; expected text")


@pytest.mark.parametrize("key", ["post_town", "base_camp"])
def test_start_town_unknown(key):
    e = bad(lambda d: d["map"].update({key: "atlantis"}))
    assert (e.where, e.what) == (f"map.{key}", "unknown town 'atlantis'; expected the id of a [[town]]")


def test_post_town_too_near_the_base_camp_says_the_distance_and_the_path():
    e = bad(lambda d: d["map"].update(post_town="glendale"))
    assert e.where == "map.post_town"
    assert e.what == ("the Post Town 'glendale' is 2 space(s) from the Holnist Base Camp "
                      "'holnist-base-camp' (glendale - grants-pass - holnist-base-camp); "
                      "expected at least 3")


def test_post_town_and_base_camp_in_one_town():
    e = bad(lambda d: d["map"].update(post_town="holnist-base-camp"))
    assert e.what == ("the Post Town 'holnist-base-camp' is 0 space(s) from the Holnist Base Camp "
                      "'holnist-base-camp' (holnist-base-camp); expected at least 3")


def test_min_start_distance_can_be_raised_and_lowered():
    e = bad(lambda d: d["map"].update(min_start_distance=11))
    assert e.what.startswith("the Post Town 'pineview' is 10 space(s) from the Holnist Base Camp "
                             "'holnist-base-camp' (pineview - oakridge - ")
    assert e.what.endswith(" - holnist-base-camp); expected at least 11")
    data = copy.deepcopy(DEFAULT)
    data["map"].update(post_town="glendale", min_start_distance=2)
    assert load_board(data, FILE).min_start_distance == 2


def test_min_start_distance_must_be_a_positive_whole_number():
    e = bad(lambda d: d["map"].update(min_start_distance=0))
    assert (e.where, e.what) == ("map.min_start_distance", "expected a whole number from 1 to 100, found 0")


def test_no_edge_town():
    def edit(d):
        for t in d["town"]:
            t.pop("edge", None)
    e = bad(edit)
    assert e.where == "town"
    assert e.what == ("no town is marked edge = true; California Postman needs at least one "
                      "map-edge town to place its Rider in")


def test_a_map_without_roads_or_optional_keys_is_fine_if_the_rules_hold():
    data = {"map": {"name": "Two towns", "post_town": "a", "base_camp": "d",
                    "min_start_distance": 1},
            "town": [{"id": "a", "name": "A", "size": "small"},
                     {"id": "d", "name": "D", "size": "large", "edge": True}],
            "road": [{"from": "a", "to": "d"}]}
    b = load_board(data, "two.toml")
    assert b.towns["a"] == Town("a", "A", "small", frozenset(), False, None, None)
    assert b.description == ""


# -- packs and files -----------------------------------------------------------------------------
def test_board_from_pack_names_the_map_file():
    pack = SimpleNamespace(source="packs/postman", data={"maps": {"default": copy.deepcopy(DEFAULT)}})
    assert board_from_pack(pack).file == "packs/postman/maps/default.toml"
    pack.data["maps"]["broken"] = copy.deepcopy(DEFAULT)
    pack.data["maps"]["broken"]["road"][3]["to"] = "atlantis"
    with pytest.raises(PackError) as info:
        board_from_pack(pack, "broken")
    assert str(info.value) == ("packs/postman/maps/broken.toml, at road[3].to: "
                               "unknown town 'atlantis'; expected the id of a [[town]]")
    with pytest.raises(PackError) as info:
        boards_from_pack(pack)
    assert info.value.path == "packs/postman/maps/broken.toml"


def test_board_from_pack_without_that_map():
    pack = SimpleNamespace(source="packs/postman", data={"maps": {"short": {}}})
    with pytest.raises(PackError) as info:
        board_from_pack(pack)
    assert str(info.value) == ("packs/postman/maps/default.toml: missing: the pack has no map "
                               "'default' (its maps: short)")
    with pytest.raises(PackError, match=r"\(its maps: none\)"):
        board_from_pack(SimpleNamespace(source="p", data={}))


def test_boards_from_pack_loads_every_map_by_name():
    pack = SimpleNamespace(source="p", data={"maps": {"default": DEFAULT, "short": DEFAULT}})
    assert list(boards_from_pack(pack)) == ["default", "short"]


def test_board_from_file_errors_name_the_file_and_key(tmp_path):
    path = tmp_path / "ours.toml"
    path.write_text((MAPS / "default.toml").read_text(encoding="utf-8")
                    .replace('post_town = "pineview"', 'post_town = "pinevue"'), encoding="utf-8")
    with pytest.raises(PackError) as info:
        board_from_file(path)
    assert str(info.value) == (f"{path}, at map.post_town: unknown town 'pinevue'; "
                               "expected the id of a [[town]]")


def test_board_from_file_gives_line_and_column_for_bad_toml(tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text('[map]\nname = "x"\n\n[[town]]\nid = pineview\n', encoding="utf-8")
    with pytest.raises(PackError) as info:
        board_from_file(path)
    assert info.value.where == "line 5, column 6"
    assert info.value.what.startswith("not valid TOML: ")


def test_board_from_file_missing_or_not_utf8(tmp_path):
    with pytest.raises(PackError, match="cannot be read: No such file or directory"):
        board_from_file(tmp_path / "nowhere.toml")
    path = tmp_path / "latin1.toml"
    path.write_bytes('[map]\nname = "Sm\u00f8rum"\n'.encode("latin-1"))
    with pytest.raises(PackError) as info:
        board_from_file(path)
    assert (info.value.where, info.value.what) == ("byte 16", "not UTF-8 text")


def test_the_docs_example_board_loads(tmp_path):
    """docs/maps.md's example is a real board: copy it out and load it."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "maps.md").read_text(encoding="utf-8")
    example = text.split("```toml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "example.toml"
    path.write_text(example, encoding="utf-8")
    b = board_from_file(path)
    assert b.distance(b.post_town, b.base_camp) >= b.min_start_distance
    assert b.edge_towns()


def test_importing_the_board_does_not_import_networkx():
    code = "import sys, companion.postman.board; print('networkx' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_a_board_reads_short_in_messages(board):
    assert repr(board) == f"<Board 'Oregon, after the fall' from {FILE}: 40 towns, 54 roads>"


def test_a_board_of_absurd_size_is_refused():
    import pytest

    from companion.core.violations import PackError
    from companion.postman.board import MAX_TOWNS, load_board

    data = {"map": {"name": "huge", "post_town": "t0", "base_camp": "t9"},
            "town": [{"id": f"t{i}", "name": f"T{i}", "size": "small"} for i in range(MAX_TOWNS + 1)],
            "road": []}
    with pytest.raises(PackError) as e:
        load_board(data, "setup.board")
    assert e.value.where == "town" and "far smaller" in e.value.what
