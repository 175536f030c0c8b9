"""The board file: the bundled illustrative board, and every problem a group's own board can
have, reported with the file, the key path and what was expected."""

from __future__ import annotations

import copy
import shutil
from pathlib import Path

import pytest

from companion.ab_die_post.board import board_from_file, load_board
from companion.core.violations import PackError
from companion.games import load_pack

BUNDLED = Path(__file__).resolve().parents[2] / "rules" / "ab_die_post"


@pytest.fixture
def board_data(post_pack):
    return copy.deepcopy(post_pack.data["maps"]["illustrative"])


def test_illustrative_board_fits_the_facts(post_pack):
    board = load_board(post_pack.data["maps"]["illustrative"])
    sizes = {lane: len(z) for lane, z in board.lanes.items()}
    assert sizes["inner"] < sizes["middle"] < sizes["outer"]  # inner shortest, outer longest
    assert board.illustrative and "not the real one" in board.name
    assert board.river_zones == 6 and board.first_half_zones == 3
    o = sorted(board.number_of(sp) for sp in board.passenger)
    assert o == [sizes["outer"] // 2, sizes["outer"] // 2 + 1]  # halfway along the outer lane
    assert {board.board_zone(sp) for sp in board.passenger} == {3, 4}  # between the halves
    assert board.steps("start", True) == (("i1", True), ("m1", True), ("o1", True))
    assert board.steps("o24", True) == (("goal", True), ("m18", False))  # on, or over the link
    assert board.steps("i1", False)[0] == ("goal", True)  # homeward, i1 is the last inner space


def test_pack_hashes_and_checks_its_boards(tmp_path):
    pack = load_pack(BUNDLED)
    assert "illustrative" in pack.data["maps"]
    copy_ = tmp_path / "house"
    shutil.copytree(BUNDLED, copy_, ignore=shutil.ignore_patterns("samples", "__pycache__"))
    (copy_ / "maps" / "ours.toml").write_text(
        (BUNDLED / "maps" / "illustrative.toml").read_text().replace('passenger = ["o12", "o13"]',
                                                                     'passenger = ["o12", "m13"]'))
    with pytest.raises(PackError) as e:
        load_pack(copy_)
    assert e.value.path.endswith("maps/ours.toml") and e.value.where == "board.passenger[1]"
    assert "outer-lane" in e.value.what


def test_board_file_with_a_toml_error_names_line_and_column(tmp_path):
    bad = tmp_path / "board.toml"
    bad.write_text('[board]\nname = "x"\npassenger = = ["o1"]\n[lanes]\n')
    with pytest.raises(PackError) as e:
        board_from_file(bad)
    assert e.value.path == str(bad) and e.value.where.startswith("line ")


def test_board_file_read_from_disk(tmp_path):
    good = tmp_path / "ours.toml"
    good.write_text((BUNDLED / "maps" / "illustrative.toml").read_text())
    assert board_from_file(good).river_zones == 6


def _set(data, path, value):
    *head, last = path
    target = data
    for key in head:
        target = target[key]
    if value is KeyError:
        del target[last]
    else:
        target[last] = value


@pytest.mark.parametrize("change, where, expected", [
    ((("board", "name"), KeyError), "board.name", "missing; expected text"),
    ((("lanes", "inner"), "12"), "lanes.inner", "expected a list"),
    ((("lanes", "middle"), KeyError), "lanes.middle", "missing"),
    ((("lanes", "inner", 0), 2), "lanes.inner[0]", "expected zone 1"),
    ((("lanes", "middle", 4), 4), "lanes.middle[4]", "expected zone 2 or 3"),
    ((("lanes", "outer", 5), 1), "lanes.outer[5]", "expected zone 2 or 3"),
    ((("lanes", "outer", 23), 5), "lanes.outer[23]", "expected zone 6"),
    ((("board", "first_half_zones"), 6), "board.first_half_zones", "fewer than the board's 6"),
    ((("board", "passenger"), ["o12"]), "board.passenger", "at least 2"),
    ((("board", "passenger"), ["o12", "o13", "o14"]), "board.passenger", "the 2 outer-lane spaces"),
    ((("board", "passenger"), ["m9", "o13"]), "board.passenger[0]", "outer-lane space"),
    ((("board", "passenger"), ["o12", "o14"]), "board.passenger[1]", "next to 'o12'"),
    ((("board", "passenger"), ["o12", "o99"]), "board.passenger[1]", "unknown space 'o99'"),
    ((("board", "links", 0), ["i1", "o2"]), "board.links[0][1]", "inner and the outer lane"),
    ((("board", "links", 0), ["i1", "i2"]), "board.links[0][1]", "same lane"),
    ((("board", "links", 0), ["x1", "m2"]), "board.links[0][0]", "expected a space id (i1 to i12"),
    ((("board", "links", 0), ["i1", "m9"]), "board.links[0][1]", "zone 1 or next to it"),
    ((("board", "links", 1), ["m2", "i1"]), "board.links[1]", "duplicate cross-link"),
    ((("board", "links", 0), ["i1", "m2", "o3"]), "board.links[0]", "expected two space ids"),
    ((("board", "colour"), "red"), "board.colour", "unknown key"),
])
def test_board_loader_errors_name_the_key_and_what_was_expected(board_data, change, where, expected):
    _set(board_data, *change)
    with pytest.raises(PackError) as e:
        load_board(board_data, "ours.toml")
    assert (e.value.path, e.value.where) == ("ours.toml", where)
    assert expected in e.value.what, e.value.what


def test_board_needs_two_zones(board_data):
    for lane in ("inner", "middle", "outer"):
        board_data["lanes"][lane] = [1, 1]
    board_data["board"]["passenger"] = ["o1", "o2"]
    board_data["board"]["links"] = []
    with pytest.raises(PackError, match="at least 2 river zones"):
        load_board(board_data, "ours.toml")
