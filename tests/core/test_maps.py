"""Map graphs: towns and roads from TOML, and every way a map file can be wrong."""

import subprocess
import sys
from itertools import pairwise
from pathlib import Path

import pytest

from companion.core.maps import (
    check_min_distance,
    distance,
    load_map,
    load_map_file,
    load_pack_maps,
)
from companion.core.violations import MalformedInput, PackError


def town(tid, **more):
    return {"id": tid, "name": tid.title(), **more}


def road(a, b, **more):
    return {"from": a, "to": b, **more}


def line_map(*ids):
    """Towns joined in a line, in the order given."""
    return {"town": [town(t) for t in ids], "road": [road(a, b) for a, b in pairwise(ids)]}


def error(data, file="maps/test.toml") -> PackError:
    with pytest.raises(PackError) as info:
        load_map(data, file)
    return info.value


# -- a good map ----------------------------------------------------------------------------------
def test_towns_and_roads_become_nodes_and_edges_with_their_attributes():
    g = load_map({
        "map": {"title": "Oregon"},
        "town": [town("pinecrest", size=2, tags=["city"], x=10, y=20.5), town("bend")],
        "road": [road("pinecrest", "bend", tags=["mountain"])],
    }, "maps/oregon.toml")
    assert set(g.nodes) == {"pinecrest", "bend"}
    assert g.nodes["pinecrest"] == {"name": "Pinecrest", "size": 2, "tags": ("city",),
                                    "x": 10.0, "y": 20.5, "where": "town[0]"}
    assert g.nodes["bend"]["size"] is None and g.nodes["bend"]["x"] is None
    assert g.nodes["bend"]["tags"] == ()
    assert g.edges["bend", "pinecrest"] == {"tags": ("mountain",), "where": "road[0]"}
    assert g.graph["file"] == "maps/oregon.toml"


def test_a_single_town_needs_no_roads():
    g = load_map({"town": [town("alone")]})
    assert list(g.nodes) == ["alone"]


def test_distance_counts_roads_on_the_shortest_path():
    data = line_map("a", "b", "c", "d")
    data["road"].append(road("a", "d"))
    g = load_map(data)
    assert distance(g, "a", "c") == 2
    assert distance(g, "a", "d") == 1
    assert distance(g, "b", "b") == 0


def test_distance_to_a_town_not_on_the_map_is_malformed():
    g = load_map(line_map("a", "b"))
    with pytest.raises(MalformedInput, match="there is no town 'zzz' on the map"):
        distance(g, "a", "zzz")


def test_distance_without_a_road_path_is_malformed():
    import networkx

    g = networkx.Graph()
    g.add_nodes_from(["a", "b"])
    with pytest.raises(MalformedInput, match="no road joins 'a' and 'b'"):
        distance(g, "a", "b")


def test_check_min_distance_passes_and_returns_the_distance():
    g = load_map(line_map("a", "b", "c", "d"))
    assert check_min_distance(g, "a", "d", 3, "setup.toml", "start.postmen") == 3


def test_check_min_distance_names_file_key_and_both_numbers():
    g = load_map(line_map("a", "b", "c", "d"))
    with pytest.raises(PackError) as info:
        check_min_distance(g, "a", "c", 3, "setup.toml", "start.holnists")
    e = info.value
    assert (e.path, e.where) == ("setup.toml", "start.holnists")
    assert e.what == "'a' and 'c' are 2 space(s) apart; expected at least 3"
    assert str(e) == "setup.toml, at start.holnists: 'a' and 'c' are 2 space(s) apart; expected at least 3"


def test_check_min_distance_with_an_unknown_town():
    g = load_map(line_map("a", "b"))
    with pytest.raises(PackError) as info:
        check_min_distance(g, "a", "nowhere", 1, "setup.toml", "start.postmen")
    assert info.value.where == "start.postmen"
    assert info.value.what == "unknown town 'nowhere'; expected the id of a town on the map"


def test_check_min_distance_without_a_path_is_far_enough():
    import networkx

    g = networkx.Graph()
    g.add_nodes_from(["a", "b"])
    assert check_min_distance(g, "a", "b", 5, "f", "k") is None


# -- what a bad map says ------------------------------------------------------------------------
def test_duplicate_town_id():
    e = error({"town": [town("a"), town("b"), town("a")], "road": [road("a", "b")]})
    assert (e.path, e.where) == ("maps/test.toml", "town[2].id")
    assert e.what == "duplicate town id 'a' (already used by town[0])"


def test_empty_town_id():
    e = error({"town": [town("a"), {"id": "  ", "name": "Blank"}]})
    assert e.where == "town[1].id"
    assert e.what == "expected a town id, found empty text"


def test_road_to_an_unknown_town():
    data = line_map("a", "b", "c", "d")
    data["road"].append(road("a", "atlantis"))
    e = error(data)
    assert e.where == "road[3].to"
    assert e.what == "unknown town 'atlantis'; expected the id of a [[town]]"


def test_road_from_an_unknown_town():
    e = error({"town": [town("a"), town("b")], "road": [road("x", "b")]})
    assert e.where == "road[0].from"
    assert e.what == "unknown town 'x'; expected the id of a [[town]]"


def test_road_to_itself():
    e = error({"town": [town("a"), town("b")], "road": [road("a", "b"), road("b", "b")]})
    assert e.where == "road[1].to"
    assert e.what == "a road from 'b' to itself"


@pytest.mark.parametrize("second", [("a", "b"), ("b", "a")], ids=["same way", "reversed"])
def test_duplicate_road_either_way(second):
    e = error({"town": [town("a"), town("b")], "road": [road("a", "b"), road(*second)]})
    assert e.where == "road[1]"
    assert e.what == f"duplicate road between '{second[0]}' and '{second[1]}' (already given as road[0])"


def test_map_not_connected_names_the_first_town_cut_off():
    data = {"town": [town("a"), town("b"), town("c"), town("d")],
            "road": [road("a", "b"), road("c", "d")]}
    e = error(data)
    assert e.where == "town[2]"
    assert e.what == ("town 'c' cannot be reached by road from 'a' (2 town(s) cut off); "
                      "every town must be connected")


def test_no_towns_at_all():
    e = error({"road": []})
    assert e.where == "town"
    assert e.what == "missing; expected a list"


def test_zero_towns():
    e = error({"town": []})
    assert e.where == "town"
    assert e.what == "expected at least 1 item(s), found 0"


def test_town_written_as_a_table_not_an_array_of_tables():
    e = error({"town": {"id": "a", "name": "A"}})
    assert e.where == "town"
    assert e.what == "expected a list, found a table"


def test_town_missing_its_name():
    e = error({"town": [town("a"), {"id": "b"}]})
    assert e.where == "town[1].name"
    assert e.what == "missing; expected text"


def test_town_with_an_unknown_key():
    e = error({"town": [town("a", colour="red")]})
    assert e.where == "town[0].colour"
    assert e.what == "unknown key; expected one of id, name, size, tags, x, y"


def test_town_size_must_be_a_whole_number():
    e = error({"town": [town("a", size=1.5)]})
    assert e.where == "town[0].size"
    assert e.what == "expected a whole number from 0 to 100, found 1.5"


def test_town_tags_must_be_text():
    e = error({"town": [town("a", tags=["ok", 3])]})
    assert e.where == "town[0].tags[1]"
    assert e.what == "expected text, found 3"


def test_town_position_must_be_a_number():
    e = error({"town": [town("a", x="left")]})
    assert e.where == "town[0].x"
    assert e.what == "expected a number, found 'left'"


def test_road_missing_its_end():
    e = error({"town": [town("a"), town("b")], "road": [{"from": "a"}]})
    assert e.where == "road[0].to"
    assert e.what == "missing; expected text"


# -- reading files -------------------------------------------------------------------------------
GOOD = """\
[map]
title = "Three towns"

[[town]]
id = "a"
name = "Ashland"
tags = ["start"]

[[town]]
id = "b"
name = "Bend"

[[town]]
id = "c"
name = "Crescent"

[[road]]
from = "a"
to = "b"

[[road]]
from = "b"
to = "c"
"""


def test_load_map_file(tmp_path):
    path = tmp_path / "three.toml"
    path.write_text(GOOD, encoding="utf-8")
    g = load_map_file(path)
    assert g.graph["file"] == str(path)
    assert distance(g, "a", "c") == 2
    assert g.nodes["a"]["tags"] == ("start",)


def test_load_map_file_errors_name_the_file_and_key(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(GOOD.replace('to = "c"', 'to = "d"'), encoding="utf-8")
    with pytest.raises(PackError) as info:
        load_map_file(path)
    assert str(info.value) == f"{path}, at road[1].to: unknown town 'd'; expected the id of a [[town]]"


def test_invalid_toml_gives_line_and_column(tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text('[[town]]\nid = "a"\nname = Ashland\n', encoding="utf-8")
    with pytest.raises(PackError) as info:
        load_map_file(path)
    e = info.value
    assert e.where == "line 3, column 8"
    assert e.what.startswith("not valid TOML: ")
    assert "(at line" not in e.what


def test_not_utf8(tmp_path):
    path = tmp_path / "latin1.toml"
    path.write_bytes('[[town]]\nid = "a"\nname = "Sm\u00f8rum"\n'.encode("latin-1"))
    with pytest.raises(PackError) as info:
        load_map_file(path)
    assert info.value.where == "byte 28"
    assert info.value.what == "not UTF-8 text"


def test_missing_file(tmp_path):
    path = tmp_path / "nowhere.toml"
    with pytest.raises(PackError) as info:
        load_map_file(path)
    assert info.value.where == ""
    assert info.value.what == "cannot be read: No such file or directory"


def test_pack_maps_are_loaded_by_name_and_errors_name_the_map_file():
    from types import SimpleNamespace

    good = line_map("a", "b")
    pack = SimpleNamespace(source="packs/postman", data={"maps": {"oregon": good, "coast": good}})
    graphs = load_pack_maps(pack)
    assert list(graphs) == ["coast", "oregon"]
    assert graphs["oregon"].graph["file"] == "packs/postman/maps/oregon.toml"
    assert load_pack_maps(SimpleNamespace(source="p", data={})) == {}
    pack.data["maps"]["broken"] = {"town": [town("a")], "road": [road("a", "a")]}
    with pytest.raises(PackError) as info:
        load_pack_maps(pack)
    assert str(info.value) == "packs/postman/maps/broken.toml, at road[0].to: a road from 'a' to itself"


def test_pack_maps_from_a_real_pack_folder(tmp_path):
    """load_pack reads maps/*.toml into pack.data["maps"]; this is the same path end to end."""
    import shutil

    from companion.games import load_pack

    folder = tmp_path / "couriers-maps"
    shutil.copytree(Path(__file__).resolve().parents[2] / "rules" / "couriers", folder)
    (folder / "maps").mkdir()
    (folder / "maps" / "three.toml").write_text(GOOD, encoding="utf-8")
    pack = load_pack(folder)
    graphs = load_pack_maps(pack)
    assert distance(graphs["three"], "a", "c") == 2


def test_importing_maps_does_not_import_networkx():
    code = "import sys, companion.core.maps; print('networkx' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
