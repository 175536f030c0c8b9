"""Rule packs: the bundled pack loads; a broken house-rule copy is refused naming the file, the
key path and what was expected; an edited copy changes the numbers the game uses."""

from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

import pytest

from companion.core.violations import PackError
from companion.couriers.rules import RULE_IDS
from companion.games import bundled_pack, find_pack, load_pack

BUNDLED = Path(str(resources.files("rules") / "couriers"))


@pytest.fixture
def copy(tmp_path) -> Path:
    """A player's copy of the bundled courier pack, to edit."""
    dst = tmp_path / "my-couriers"
    shutil.copytree(BUNDLED, dst, ignore=shutil.ignore_patterns("samples", "__pycache__"))
    return dst


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def refused(folder) -> PackError:
    with pytest.raises(PackError) as err:
        load_pack(folder)
    assert str(err.value)
    return err.value


def test_bundled_pack_loads():
    pack = bundled_pack("couriers")
    assert (pack.id, pack.game, pack.version, pack.bundled) == ("couriers", "couriers", "1", True)
    assert pack.hash.startswith("sha256:") and len(pack.hash) == 7 + 64
    assert set(pack.data) == {"couriers"}
    assert pack.data["couriers"]["movement"]["officer_move"] == 24.0
    assert RULE_IDS <= set(pack.reference)
    assert pack.describe() == {"id": "couriers", "version": "1", "hash": pack.hash}


def test_copy_has_the_same_hash_until_edited(copy):
    bundled = bundled_pack("couriers")
    pack = load_pack(copy)
    assert pack.hash == bundled.hash and not pack.bundled
    edit(copy / "couriers.toml", "officer_move = 24.0", "officer_move = 18.0")
    assert load_pack(copy).hash != bundled.hash


def test_edited_copy_changes_the_game(copy, make_desk):
    edit(copy / "couriers.toml", "lost_on = 12", "lost_on = 11")
    edit(copy / "couriers.toml", "within = 12.0", "within = 10.0")
    edit(copy / "couriers.toml", "first = 9 ", "first = 10 ")
    desk = make_desk(pack=load_pack(copy)).roster().start()
    desk.ok("send_courier", sender="gibbon", recipient="meade", message="x")
    desk.ok("send_courier", sender="hancock", recipient="meade", message="y")
    desk.courier_step()
    desk.ok("move_courier", courier="C1", speed="officer", nearest_enemy=11)
    assert desk.session.pending_roll().target == 11          # 11 and no band within 10"
    desk.table_roll(1, 1)
    desk.ok("move_courier", courier="C2", speed="officer", nearest_enemy=10, arrives=True)
    assert desk.session.pending_roll().target == 10          # 11 - 1
    desk.table_roll(1, 1)
    desk.ok("attempt_location", courier="C2")
    assert desk.session.pending_roll().target == 10


def test_missing_pack_toml(copy):
    (copy / "pack.toml").unlink()
    e = refused(copy)
    assert e.path.endswith("pack.toml") and "missing" in e.what


def test_not_a_folder(tmp_path):
    e = refused(tmp_path / "nowhere")
    assert "not a folder" in e.what
    (tmp_path / "file.toml").write_text("x = 1")
    assert "not a folder" in refused(tmp_path / "file.toml").what


def test_bad_toml_names_line_and_column(copy):
    edit(copy / "couriers.toml", "officer_move = 24.0", "officer_move = = 24.0")
    e = refused(copy)
    line = next(i for i, text in enumerate((copy / "couriers.toml").read_text().splitlines(), 1)
                if "officer_move = =" in text)
    assert e.path == str(copy / "couriers.toml")
    assert e.where == f"line {line}, column 16"
    assert e.what.startswith("not valid TOML: ") and "(at line" not in e.what


def test_not_utf8(copy):
    (copy / "couriers.toml").write_bytes(b"# caf\xe9\n")
    e = refused(copy)
    assert e.path.endswith("couriers.toml") and e.where == "byte 5" and "UTF-8" in e.what


@pytest.mark.parametrize(("old", "new", "where", "what"), [
    ("officer_move = 24.0", 'officer_move = "far"', "movement.officer_move", "expected a number"),
    ("officer_move = 24.0", "officer_move = 0", "movement.officer_move", "from 0.5 to 1000, found 0"),
    ("lost_on = 12", "lost_on = 11.5", "speeds.officer.lost_on", "expected a whole number"),
    ('dice = "1d6"', 'dice = "1d8"', "speeds.double.dice", "expected one of '1d6', '2d6'"),
    ("step = 2\n", "step = -2\n", "bands[1].step", "found -2"),
    ("within = 4.0", "within = [4.0]", "bands[1].within", "found a list"),
    ("minimum = 2", "minimum = 2\nmaximum = 12", "location.maximum", "unknown key"),
    ('"25mm" = 1.5', '"25mm" = "big"', "scales.25mm", "expected a number"),
    ('scale = "15mm"', 'scale = "54mm"', "movement.scale", "expected one of the scales"),
    ('ranks_without_hq = ["brigade"]', 'ranks_without_hq = ["regiment"]', "headquarters.ranks_without_hq[0]",
     "expected one of 'army'"),
    ("[location]", "[locate]", "location", "missing"),
])
def test_wrong_values_name_the_key_path(copy, old, new, where, what):
    edit(copy / "couriers.toml", old, new)
    e = refused(copy)
    assert e.path.endswith("couriers.toml")
    assert e.where == where and what in e.what


def test_pack_toml_checked(copy):
    edit(copy / "pack.toml", 'version = "1"', "version = 1")
    e = refused(copy)
    assert e.path.endswith("pack.toml") and e.where == "pack.version" and "expected text" in e.what


def test_unknown_game(copy):
    edit(copy / "pack.toml", 'game = "couriers"', 'game = "chess"')
    e = refused(copy)
    assert e.path.endswith("pack.toml") and e.where == "pack.game" and "unknown game 'chess'" in e.what


def test_pack_checked_against_the_game_it_names(copy):
    edit(copy / "pack.toml", 'game = "couriers"', 'game = "postman"')
    e = refused(copy)
    assert e.path.endswith("units.toml") and "The Postman needs this file" in e.what


def test_missing_couriers_toml(copy):
    (copy / "couriers.toml").unlink()
    e = refused(copy)
    assert e.path.endswith("couriers.toml") and "missing" in e.what


def test_reference_missing_a_rule_id(copy):
    edit(copy / "reference.md", "{#couriers.locate.once}", "")
    e = refused(copy)
    assert e.path.endswith("reference.md") and e.where == "couriers.locate.once"
    assert "no section" in e.what


def test_reference_missing_entirely(copy):
    (copy / "reference.md").unlink()
    e = refused(copy)
    assert e.path.endswith("reference.md") and e.where in RULE_IDS
    assert f"{len(RULE_IDS)} rule id(s)" in e.what


def test_deeply_nested_toml_is_a_pack_error(copy):
    (copy / "extra.toml").write_text("x = " + "[" * 3000 + "]" * 3000 + "\n")
    e = refused(copy)
    assert e.path.endswith("extra.toml")


def test_huge_file_refused(copy, monkeypatch):
    from companion.core import packs

    monkeypatch.setattr(packs, "MAX_FILE_BYTES", 100)
    e = refused(copy)
    assert "larger than 100 bytes" in e.what


# -- finding a record's pack ------------------------------------------------------------------------
@pytest.fixture
def user_packs(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("POSTHORN_DATA_DIR", str(tmp_path / "data"))
    folder = tmp_path / "data" / "packs"
    folder.mkdir(parents=True)
    return folder


def test_find_bundled_and_user_packs(user_packs):
    bundled = bundled_pack("couriers")
    assert find_pack("couriers").hash == bundled.hash
    house = user_packs / "house"
    shutil.copytree(BUNDLED, house, ignore=shutil.ignore_patterns("samples", "__pycache__"))
    edit(house / "couriers.toml", "lost_on = 12", "lost_on = 11")
    # same id, other content: the hash decides which one a record gets
    house_hash = load_pack(house).hash
    assert find_pack("couriers", house_hash).hash == house_hash
    assert find_pack("couriers", bundled.hash).hash == bundled.hash
    assert find_pack("couriers", "sha256:unknown").hash == bundled.hash
    edit(house / "pack.toml", 'id = "couriers"', 'id = "house-couriers"')
    assert find_pack("house-couriers").id == "house-couriers"
    (user_packs / "broken").mkdir()  # a broken user pack is skipped, not fatal
    assert find_pack("house-couriers").id == "house-couriers"
    with pytest.raises(PackError, match="no bundled or installed rule pack"):
        find_pack("nope")


@pytest.mark.parametrize("pack_id", ["../rules/couriers", "couriers/../couriers", "/tmp", "", ".", "a\0b"])
def test_find_pack_never_treats_an_id_as_a_path(user_packs, pack_id):
    with pytest.raises(PackError, match="no bundled or installed rule pack"):
        find_pack(pack_id)


# -- hostile packs: each ends in a PackError naming the file and the place -------------------------
@pytest.mark.parametrize("length", [65, 256, 300, 5000])
def test_find_pack_with_an_id_too_long_for_a_folder_name(length):
    with pytest.raises(PackError) as err:
        find_pack("p" * length)
    assert "no bundled or installed rule pack has this id" in err.value.what


def test_load_pack_from_a_path_too_long_for_the_file_system(tmp_path):
    e = refused(tmp_path / ("x" * 300))
    assert "cannot be read" in e.what


@pytest.mark.parametrize("pack_id", ["x" * 65, "../escape", "two words"])
def test_a_pack_id_must_be_a_plain_short_name(copy, pack_id):
    edit(copy / "pack.toml", 'id = "couriers"', f'id = "{pack_id}"')
    e = refused(copy)
    assert (e.path, e.where) == (str(copy / "pack.toml"), "pack.id") and "plain name" in e.what


def test_a_link_out_of_the_pack_folder_is_refused(copy, tmp_path):
    secret = tmp_path / "secret.toml"
    secret.write_text('password = "hunter2"\n', encoding="utf-8")
    (copy / "extra.toml").symlink_to(secret)
    e = refused(copy)
    assert e.path == str(copy / "extra.toml") and "outside the pack's folder" in e.what


def test_a_linked_folder_out_of_the_pack_is_refused(copy, tmp_path):
    (tmp_path / "elsewhere").mkdir()
    (copy / "maps").symlink_to(tmp_path / "elsewhere")
    assert "outside the pack's folder" in refused(copy).what


def test_a_link_inside_the_pack_folder_is_followed(copy):
    (copy / "reference.md").rename(copy / "text.md.orig")
    (copy / "reference.md").symlink_to(copy / "text.md.orig")
    assert RULE_IDS <= set(load_pack(copy).reference)


def test_a_pack_folder_that_is_itself_a_link_loads(copy, tmp_path):
    (tmp_path / "linked").symlink_to(copy)
    assert load_pack(tmp_path / "linked").id == "couriers"


def test_a_file_name_that_is_not_utf8_is_refused(copy):
    import os

    os.close(os.open(os.path.join(os.fsencode(copy), b"bad-\xff.toml"), os.O_CREAT | os.O_WRONLY))
    e = refused(copy)
    assert "not UTF-8" in e.what and "\\udcff" in e.path
    str(e).encode("utf-8")  # the message itself prints anywhere


@pytest.mark.parametrize("value, found", [("1" + "0" * 400, "digits"), ("1" + "0" * 5000, "more digits"),
                                          ("nan", "nan"), ("inf", "inf"), ("-1e400", "-inf")])
def test_numbers_beyond_range_are_refused_before_any_game_converts_them(copy, value, found):
    edit(copy / "couriers.toml", "lost_on = 12", f"lost_on = {value}")
    e = refused(copy)
    assert e.path == str(copy / "couriers.toml") and found in e.what


def test_nesting_past_the_limit_is_refused_before_parsing(copy):
    toml = copy / "couriers.toml"
    toml.write_text(toml.read_text() + "\ndeep = " + "[" * 3000 + "]" * 3000 + "\n")
    e = refused(copy)
    assert e.where.startswith("line ") and "nested more than" in e.what


def test_dotted_keys_nesting_past_the_limit_are_refused(copy):
    toml = copy / "couriers.toml"
    toml.write_text(toml.read_text() + "\n" + "a." * 500 + "b = 1\n")
    assert "nested more than" in refused(copy).what


def test_brackets_in_strings_and_comments_do_not_count_as_nesting(copy):
    toml = copy / "pack.toml"
    toml.write_text(toml.read_text().replace('title = "', 'title = "' + "[" * 40, 1) + "# " + "{" * 40 + "\n")
    assert load_pack(copy).title.startswith("[" * 40)


def test_a_file_gone_between_listing_and_reading_is_a_message(copy, monkeypatch):
    real = Path.read_bytes

    def vanished(self):
        if self.name == "couriers.toml":
            raise FileNotFoundError(2, "No such file or directory")
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", vanished)
    e = refused(copy)
    assert e.path == str(copy) and "cannot be read: No such file or directory" in e.what


def test_a_dangling_link_inside_the_pack_is_passed_over(copy):
    (copy / "notes.md").symlink_to(copy / "gone.md")
    assert load_pack(copy).id == "couriers"


def test_a_pack_folder_gone_before_the_players_packs_are_read(monkeypatch, tmp_path):
    from companion import games
    from companion.core import packs

    folder = tmp_path / "packs"
    (folder / "vanishing").mkdir(parents=True)
    monkeypatch.setattr("companion.core.storage.user_packs_dir", lambda: folder)
    real = packs.load_pack

    def load(path, *a, **kw):
        Path(path).rmdir()  # removed by another program just after the listing
        return real(path, *a, **kw)

    monkeypatch.setattr(packs, "load_pack", load)
    mine, problems = games.user_packs()
    assert mine == [] and [p.what for p in problems] == ["not a folder holding a rule pack"]


def test_a_town_position_beyond_range_in_a_packs_map_file(tmp_path):
    postman = Path(str(resources.files("rules") / "postman"))
    dst = tmp_path / "postman-copy"
    shutil.copytree(postman, dst, ignore=shutil.ignore_patterns("samples", "__pycache__"))
    text = (dst / "maps" / "short.toml").read_text(encoding="utf-8")
    assert "\nx = " in text
    head, tail = text.split("\nx = ", 1)
    (dst / "maps" / "short.toml").write_text(head + "\nx = 1" + "0" * 400 + tail[tail.index("\n"):],
                                             encoding="utf-8")
    e = refused(dst)
    assert e.path == str(dst / "maps" / "short.toml") and e.where.endswith(".x")
    assert "expected a number, found a whole number of about 401 digits" in e.what


@pytest.mark.parametrize("name", ['""', '"   "'])
def test_a_postman_unit_needs_a_name_to_show(tmp_path, name):
    postman = Path(str(resources.files("rules") / "postman"))
    dst = tmp_path / "postman-copy"
    shutil.copytree(postman, dst, ignore=shutil.ignore_patterns("samples", "__pycache__"))
    edit(dst / "units.toml", 'name = "Holnist Patrol"', f"name = {name}")
    e = refused(dst)
    assert e.path.endswith("units.toml") and e.where.endswith("patrol.name")
    assert "expected text that is not empty" in e.what


def test_a_loop_of_links_in_a_players_pack_is_listed_and_stops_no_game(user_packs, capsys):
    """Python 3.11's resolve() raises RuntimeError on a loop, not OSError: the pack is refused
    with the link's name, and replaying a game that uses another pack still works."""
    from companion import cli
    from companion.games import user_packs as players_packs

    looped = user_packs / "p"
    shutil.copytree(BUNDLED, looped, ignore=shutil.ignore_patterns("samples", "__pycache__"))
    (looped / "b.toml").symlink_to("a")
    (looped / "a").symlink_to("b.toml")
    e = refused(looped)
    assert e.path in (str(looped / "a"), str(looped / "b.toml")) and "loop of links" in e.what
    mine, problems = players_packs()
    assert mine == [] and [p.path for p in problems] == [e.path]
    sample = Path(str(resources.files("rules") / "postman" / "samples" / "short_game.json"))
    assert cli.main(["replay", str(sample)]) == 0
    assert cli.main(["check-pack", str(looped)]) == 2
    assert "loop of links" in capsys.readouterr().err
