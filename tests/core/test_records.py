"""Records: save, read and restore give back the live game; every problem names where it is."""

from __future__ import annotations

import copy
import json

import pytest

from companion import games
from companion.core import records
from companion.core.inputs import Input
from companion.core.schema import read_int, tree_problem
from companion.core.violations import RecordError


def play(desk):
    """A short game with an HQ, a delivery, a search, an override and an app roll."""
    desk.roster(hq={"meade": "Cemetery Hill"}).start()
    desk.ok("send_courier", sender="gibbon", recipient="meade", message="Hold")
    desk.ok("send_courier", sender="pickett", recipient="longstreet", message="Ready")
    desk.courier_step()
    desk.ride("C1", 2, 3, nearest_enemy=5)
    desk.ride("C2", 1, speed="double")
    desk.look("C2", 2, 2)
    desk.submit("move_courier", override=True, courier="C2", speed="officer", arrives=False)
    desk.session.roll()
    desk.end_turn()
    return desk


def live_json(session):
    return session.rules.state_json(session.state)


@pytest.fixture
def game(make_desk):
    return play(make_desk(seed=99))


@pytest.fixture
def saved(game, tmp_path):
    path = tmp_path / "game.json"
    records.save(game.session, path, title="Gettysburg", created="2026-07-01T10:00:00+00:00")
    return path


def write(tmp_path, data, name="edited.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")
    return path


def test_save_read_restore_equals_the_live_game(game, saved):
    rec = records.read(saved)
    assert (rec.game, rec.title, rec.seed, rec.created) == ("couriers", "Gettysburg", 99,
                                                            "2026-07-01T10:00:00+00:00")
    assert rec.rolls_made == game.session.bag.rolls_made == 1
    assert rec.pack == game.session.pack.describe()
    assert rec.inputs == game.session.inputs
    session, verdicts = games.restore(rec, str(saved))
    assert live_json(session) == live_json(game.session)
    assert [v.verdict for v in verdicts] == [e.verdict for e in game.session.entries]
    assert "overridden" in [v.verdict for v in verdicts]
    assert [e.text for e in session.entries] == [e.text for e in game.session.entries]
    assert session.bag.rolls_made == 1 and session.seed == 99
    # the restored game goes on exactly as the live one would
    for s in (session, game.session):
        s.submit(Input("begin_courier_step"))
        s.submit(Input("move_courier", {"courier": "C2", "speed": "officer"}))
        s.roll()
    assert live_json(session) == live_json(game.session)


def test_record_json_round_trip(game):
    rec = records.record_of(game.session, "t")
    again = records.parse(rec.dumps())
    assert again.to_json() == rec.to_json()


def test_flagged_input_is_reported_and_skipped(game, saved, tmp_path):
    data = json.loads(saved.read_text())
    n = 9  # after the roster, the HQ and start_game: a courier to the enemy, no override
    data["inputs"].insert(n, {"kind": "send_courier", "args": {"sender": "meade", "recipient": "lee",
                                                               "message": "Give up"}})
    session, verdicts = games.restore(records.read(write(tmp_path, data)))
    v = verdicts[n]
    assert v.verdict == "flagged" and v.number == n + 1
    assert [x.rule for x in v.violations] == ["couriers.send.side"]
    assert "FLAGGED" in v.line() and "couriers.send.side" in v.line()
    assert live_json(session) == live_json(game.session)  # as if it had never been there
    assert len(session.entries) == len(verdicts) - 1


def test_overridden_input_in_a_record(game, saved, tmp_path):
    data = json.loads(saved.read_text())
    data["inputs"].insert(9, {"kind": "send_courier", "override": ["couriers.send.side"],
                              "args": {"sender": "meade", "recipient": "lee", "message": "Parley"}})
    session, verdicts = games.restore(records.read(write(tmp_path, data)))
    assert verdicts[9].verdict == "overridden"
    assert [x.rule for x in verdicts[9].violations] == ["couriers.send.side"]
    assert session.entries[9].input.override == ("couriers.send.side",)
    assert session.state.couriers["C2"].recipient == "lee"


def test_refused_input_is_reported_and_skipped(game, saved, tmp_path):
    data = json.loads(saved.read_text())
    data["inputs"].insert(9, {"kind": "capture", "args": {"courier": "C77"}})
    data["inputs"].insert(10, {"kind": "roll", "args": {"values": "three"}})
    data["inputs"].insert(11, {"kind": "teleport"})
    session, verdicts = games.restore(records.read(write(tmp_path, data)))
    assert [v.verdict for v in verdicts[9:12]] == ["refused"] * 3
    assert "capture.courier: expected the id of a courier, got 'C77'" in verdicts[9].reason
    assert "roll.values: expected" in verdicts[10].reason
    assert "no input 'teleport'" in verdicts[11].reason
    assert "REFUSED" in verdicts[9].line() and "C77" in verdicts[9].line()
    assert live_json(session) == live_json(game.session)


def test_a_roll_nobody_asked_for_is_flagged_and_changes_nothing(game, saved, tmp_path):
    data = json.loads(saved.read_text())
    data["inputs"].insert(9, {"kind": "roll", "args": {"values": [3]}})
    session, verdicts = games.restore(records.read(write(tmp_path, data)))
    assert verdicts[9].verdict == "flagged"
    assert [x.rule for x in verdicts[9].violations] == ["couriers.roll.none"]
    assert session.rules.state_json(session.state) == game.session.rules.state_json(game.session.state)


def test_a_flagged_roll_value_is_refused_not_a_crash(saved, tmp_path):
    data = json.loads(saved.read_text())
    for i, raw in enumerate(data["inputs"]):
        if raw["kind"] == "roll":
            data["inputs"][i] = {"kind": "roll", "args": {"values": 7}}
            break
    session, verdicts = games.restore(records.read(write(tmp_path, data)))
    refused = [v for v in verdicts if v.verdict == "refused"]
    assert refused and "die value" in refused[0].reason


# -- records that cannot be used --------------------------------------------------------------------
def broken(tmp_path, saved, change) -> RecordError:
    data = json.loads(saved.read_text())
    change(data)
    path = write(tmp_path, data)
    with pytest.raises(RecordError) as err:
        games.restore(records.read(path), str(path))
    assert err.value.path == str(path)
    return err.value


@pytest.mark.parametrize(("change", "where", "what"), [
    (lambda d: d.update(version=2), "version", "record version 2 is newer than this Posthorn reads (it expects at most 1); update Posthorn"),
    (lambda d: d.update(version=0), "version", "unknown record version 0"),
    (lambda d: d.update(version="1"), "version", "expected a whole number"),
    (lambda d: d.update(format="something"), "format", "not a Posthorn record"),
    (lambda d: d.pop("format"), "format", "not a Posthorn record"),
    (lambda d: d.update(game=7), "game", "expected the game's id"),
    (lambda d: d.pop("game"), "game", "missing"),
    (lambda d: d.update(game="chess"), "game", "unknown game 'chess'"),
    (lambda d: d.update(game="postman"), "pack.id", "couriers"),
    (lambda d: d.update(pack="couriers"), "pack", "expected an object"),
    (lambda d: d["pack"].pop("hash"), "pack.hash", "expected text"),
    (lambda d: d["pack"].update(id=["couriers"]), "pack.id", "expected text"),
    (lambda d: d["pack"].update(id="house-rules-42"), "pack.id", "no bundled or installed rule pack"),
    (lambda d: d.update(seed="99"), "seed", "expected a whole number"),
    (lambda d: d.update(seed=True), "seed", "expected a whole number"),
    (lambda d: d.update(setup=[]), "setup", "expected an object"),
    (lambda d: d.update(setup={"sides": ["Blue", "Blue"]}), "setup", "two different side names"),
    (lambda d: d.update(setup={"settings": {"scale": "54mm"}}), "setup", "unknown scale '54mm'"),
    (lambda d: d.update(setup={"settings": {"scale": ["15mm"]}}), "setup", "unknown scale"),
    (lambda d: d.update(setup={"settings": {"officer_move": -1}}), "setup", "officer_move"),
    (lambda d: d.update(inputs={}), "inputs", "expected a list of inputs"),
    (lambda d: d["inputs"].__setitem__(3, {"kind": "x", "args": 5}), "inputs[3].args", "expected an object, got 5"),
    (lambda d: d["inputs"].__setitem__(4, "end_turn"), "inputs[4]", "expected an object with a 'kind'"),
    (lambda d: d.update(undone={}), "undone", "expected a list of objects"),
    (lambda d: d.update(rolls_made=-1), "rolls_made", "0 or more"),
    (lambda d: d.update(rolls_made=1.5), "rolls_made", "expected a whole number"),
])
def test_unusable_records_name_where(tmp_path, saved, change, where, what):
    e = broken(tmp_path, saved, change)
    assert e.where == where
    assert what in e.what, e.what
    assert str(e).startswith(f"{e.path}, at {where}: ")


def test_not_json(tmp_path):
    path = write(tmp_path, '{"format": "posthorn-record",\n "version": 1,,}')
    with pytest.raises(RecordError) as err:
        records.read(path)
    assert err.value.where == "line 2, column 15" and "not valid JSON" in err.value.what


def test_truncated_file(saved, tmp_path):
    text = saved.read_text()
    path = write(tmp_path, text[: len(text) // 2])
    with pytest.raises(RecordError) as err:
        records.read(path)
    assert err.value.where.startswith("line ") and "not valid JSON" in err.value.what


def test_empty_file_and_wrong_top_level(tmp_path):
    with pytest.raises(RecordError, match="line 1, column 1: not valid JSON"):
        records.read(write(tmp_path, ""))
    with pytest.raises(RecordError, match=r"at \(top level\): expected a JSON object"):
        records.read(write(tmp_path, "[1, 2]"))


def test_not_utf8(tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(b'{"title": "caf\xe9"}')
    with pytest.raises(RecordError) as err:
        records.read(path)
    assert (err.value.where, err.value.what) == ("byte 14", "not UTF-8 text")


def test_missing_file_and_folder(tmp_path):
    with pytest.raises(RecordError, match="cannot be read"):
        records.read(tmp_path / "nope.json")
    with pytest.raises(RecordError, match="cannot be read"):
        records.read(tmp_path)


@pytest.mark.parametrize("where, json_text", [
    ("seed", '"seed": -' + "9" * 5000),
    ("inputs[1].args.values[0]", '"inputs": [{"kind": "roll"}, {"kind": "roll", "args": {"values": [' + "9" * 4301 + "]}}]"),
])
def test_giant_number_is_a_record_error_naming_its_key(where, json_text):
    with pytest.raises(RecordError) as err:
        records.parse('{"format": "posthorn-record", "version": 1, ' + json_text + "}")
    assert err.value.where == where
    assert "digits, more than can be read" in err.value.what and "expected a number of a few" in err.value.what


def test_a_number_of_as_many_digits_as_can_be_read_is_read():
    problem = tree_problem(json.loads('{"a": [' + "9" * 4300 + "]}", parse_int=read_int), 32)
    assert problem is None


def test_a_fifo_named_like_a_record_is_refused_without_blocking(tmp_path, monkeypatch):
    """A pipe with no writer would block read_bytes for ever (the start page, replay): it is
    refused as not a regular file, and the saved-games listings pass it over."""
    import os

    from companion.core import autosave, saved_games

    monkeypatch.setenv("POSTHORN_DATA_DIR", str(tmp_path))
    (tmp_path / "autosave").mkdir()
    fifo = tmp_path / "autosave" / "game.json"
    os.mkfifo(fifo)
    with pytest.raises(RecordError, match="cannot be read: not a regular file"):
        records.read(fifo)
    with pytest.raises(RecordError, match="cannot be read: not a regular file"):
        autosave.read(fifo)
    assert saved_games.list_saved() == [] and autosave.latest() == (None, None)


def test_deep_nesting_is_a_record_error():
    with pytest.raises(RecordError, match="nested more than 32 deep"):
        records.parse("[" * 100_000 + "]" * 100_000)


def test_too_big(tmp_path, monkeypatch, saved):
    monkeypatch.setattr(records, "MAX_RECORD_BYTES", 100)
    with pytest.raises(RecordError, match="a record is at most 100"):
        records.read(saved)


def test_unknown_top_level_keys_are_ignored_and_undone_junk_skipped(game, saved, tmp_path):
    data = json.loads(saved.read_text())
    data["comment"] = "from a newer tool"
    data["undone"] = [{"after": "x"}, {"after": 2, "input": 5}, {}]
    session, verdicts = games.restore(records.read(write(tmp_path, data)))
    assert live_json(session) == live_json(game.session)
    assert [line.event for line in session.journal] == ["input"] * len(session.entries)


def test_loading_never_touches_the_file(tmp_path, saved):
    data = json.loads(saved.read_text())
    data["version"] = 3
    path = write(tmp_path, data)
    before = path.read_bytes()
    with pytest.raises(RecordError):
        records.read(path)
    assert path.read_bytes() == before


def test_pack_of_the_wrong_game_is_refused(saved, couriers_pack):
    rec = records.read(saved)
    other = copy.copy(couriers_pack)
    other.game = "postman"
    with pytest.raises(RecordError, match="is for the game 'postman'"):
        games.restore(rec, "x", pack=other)


def test_a_lowered_dice_counter_cannot_bring_old_app_rolls_back(tmp_path):
    """rolls_made is at least the app's rolls on record, whatever the file says."""
    from companion.core import records as rec_mod
    from companion.core.inputs import Input
    from companion.core.session import Session
    from companion.couriers.rules import RULES
    from companion.games import bundled_pack

    s = Session(RULES, bundled_pack("couriers"), {}, seed=9)
    for name, rank in (("A", "army"), ("B", "corps")):
        s.submit(Input("add_commander", {"name": name, "side": "Blue", "rank": rank}))
    s.submit(Input("start_game", {}))
    s.submit(Input("send_courier", {"sender": "a", "recipient": "b", "message": "go"}))
    s.submit(Input("begin_courier_step", {}))
    s.submit(Input("move_courier", {"courier": "C1", "speed": "officer", "arrives": False}))
    s.roll()
    path = tmp_path / "r.json"
    rec = rec_mod.save(s, path)
    assert rec.rolls_made == 1
    data = json.loads(path.read_text())
    data["rolls_made"] = 0
    restored, _ = games.restore(rec_mod.parse(json.dumps(data)))
    assert restored.bag.rolls_made == 1


# -- the traceback classes of hostile records: each ends in a message naming the place -------------
def sample(game: str, name: str) -> dict:
    from importlib import resources

    return json.loads((resources.files("rules") / game / "samples" / name).read_text(encoding="utf-8"))


def unusable(tmp_path, data) -> RecordError:
    path = write(tmp_path, data)
    with pytest.raises(RecordError) as err:
        games.restore(records.read(path), str(path))
    assert str(path) in str(err.value)
    return err.value


@pytest.mark.parametrize("where, text", [("title", "\ud800"), ("setup.sides[0]", "Blue\udc80"),
                                          ("inputs[3].args.message", "a\udfffb")])
def test_a_lone_surrogate_anywhere_is_refused_at_its_place(saved, tmp_path, where, text):
    data = json.loads(saved.read_text())
    if where == "title":
        data["title"] = text
    elif where.startswith("setup"):
        data["setup"] = {"sides": [text, "Grey"]}
    else:
        data["inputs"][3]["args"]["message"] = text
    raw = json.dumps(data)  # ASCII JSON: the surrogate is a \u escape, as a hostile file has it
    assert "\\ud" in raw
    e = unusable(tmp_path, raw)
    assert e.where == where and "lone UTF-16 surrogate" in e.what


def test_a_lone_surrogate_in_a_key_is_refused(saved, tmp_path):
    data = json.loads(saved.read_text())
    data["inputs"][0]["args"]["\ud800"] = 1
    e = unusable(tmp_path, json.dumps(data))
    assert e.where == "inputs[0].args" and "key" in e.what


def test_a_proper_surrogate_pair_is_a_character_and_fine(saved, tmp_path):
    data = json.loads(saved.read_text())
    data["title"] = "Post \U0001F4EF"  # json.dumps writes it as the pair \ud83d\udcef
    path = write(tmp_path, json.dumps(data))
    assert records.read(path).title == "Post \U0001F4EF"


def test_nesting_past_the_limit_is_refused_before_anything_recurses(saved, tmp_path):
    data = json.loads(saved.read_text())
    deep = inner = []
    for _ in range(records.MAX_DEPTH + 5):
        inner.append([])
        inner = inner[0]
    data["inputs"][0]["args"]["name"] = deep
    e = unusable(tmp_path, json.dumps(data))
    assert e.where.startswith("inputs[0].args.name") and "nested more than" in e.what
    data["inputs"][0]["args"]["name"] = [[["fine"]]]  # below the limit: the rules judge it
    records.read(write(tmp_path, json.dumps(data)))


@pytest.mark.parametrize("length", [records.MAX_ID + 1, 256, 5000])
def test_a_pack_id_too_long_for_a_folder_name_is_refused(saved, tmp_path, length):
    data = json.loads(saved.read_text())
    data["pack"]["id"] = "x" * length
    e = unusable(tmp_path, data)
    assert e.where == "pack.id" and f"at most {records.MAX_ID} characters" in e.what
    data["pack"]["id"] = "x" * records.MAX_ID  # as long as allowed: looked up, not found
    e = unusable(tmp_path, data)
    assert e.where == "pack.id" and "no bundled or installed rule pack" in e.what


def test_a_game_id_too_long_is_refused(saved, tmp_path):
    data = json.loads(saved.read_text())
    data["game"] = "g" * 300
    assert unusable(tmp_path, data).where == "game"


@pytest.mark.parametrize("value, found", [([1, 2], "a list"), ({"name": "default"}, "an object"),
                                          (7, "7"), (None, "None")])
def test_a_postman_map_that_is_no_name_is_refused(tmp_path, value, found):
    data = sample("postman", "short_game.json")
    del data["setup"]["board"]
    data["setup"]["map"] = value
    e = unusable(tmp_path, data)
    assert e.where == "setup"
    assert f"setup.map: expected the name of one of the pack's maps (default, short), found {found}" in e.what


@pytest.mark.parametrize("value", [10**400, -(10**400), 10**13])
def test_a_town_position_beyond_range_is_refused_before_conversion(tmp_path, value):
    data = sample("postman", "short_game.json")
    data["setup"]["board"]["town"][2]["y"] = value
    e = unusable(tmp_path, data)
    assert e.where == "setup" and "setup.board, at town[2].y: expected a number" in e.what
    assert "digits" in e.what or str(value) in e.what


def test_a_town_position_of_nan_is_refused(tmp_path):
    data = sample("postman", "short_game.json")
    data["setup"]["board"]["town"][0]["x"] = float("nan")  # json.dumps writes NaN
    e = unusable(tmp_path, json.dumps(data))
    assert "town[0].x: expected a number, found nan" in e.what


def test_no_seed_means_none_written_and_system_dice(make_desk, tmp_path):
    from companion.core.session import Session

    desk = make_desk()
    session = Session(desk.session.rules, desk.session.pack, desk.session.setup)
    assert session.seed is None
    path = tmp_path / "unseeded.json"
    records.save(session, path)
    data = json.loads(path.read_text())
    assert "seed" not in data and "rolls_made" not in data
    rec = records.read(path)
    assert rec.seed is None and games.restore(rec)[0].seed is None


def test_a_seed_that_is_no_whole_number_is_refused(saved, tmp_path):
    data = json.loads(saved.read_text())
    data["seed"] = "99"
    assert unusable(tmp_path, data).where == "seed"


# -- the app's randomness across a save ---------------------------------------------------------------
def postman_session(seed=None):
    from companion.core.session import Session
    from companion.games import bundled_pack
    from companion.postman.rules import RULES

    return Session(RULES, bundled_pack("postman"), {"map": "short"}, seed)


def deal_five(session) -> list:
    cards = []
    for _ in range(5):
        inp = session.app_draw()
        cards.append(inp.args["card"])
        assert session.submit(inp).accepted
    return cards


def test_two_restores_of_an_unseeded_autosave_deal_different_cards(tmp_path):
    live = postman_session()
    deal_five(live)
    path = tmp_path / "autosave.json"
    records.save(live, path)
    assert "seed" not in json.loads(path.read_text())
    hands = [deal_five(games.restore(records.read(path))[0]) for _ in range(3)]
    assert len({tuple(h) for h in hands}) > 1  # three equal deals of 5 from 47 cards: about 1e-16


def test_two_restores_of_a_seeded_autosave_deal_what_the_live_game_deals(tmp_path):
    live = postman_session(seed=11)
    deal_five(live)
    path = tmp_path / "autosave.json"
    records.save(live, path)
    first, second = (games.restore(records.read(path))[0] for _ in range(2))
    assert deal_five(first) == deal_five(second) == deal_five(live)


def test_a_seeded_game_resumed_after_undo_and_redo_rolls_as_the_live_one(tmp_path):
    live = postman_session(seed=5)
    deal_five(live)
    live.undo()
    live.undo()
    live.redo()  # one card drawn again from the log, not a new draw
    live.submit(live.app_draw())  # a new draw in place of the one still undone
    path = tmp_path / "autosave.json"
    rec = records.save(live, path)
    assert [u.get("redone", False) for u in rec.undone] == [False, True]
    restored, _ = games.restore(records.read(path))
    assert restored.bag.rolls_made == live.bag.rolls_made == 6
    assert deal_five(restored) == deal_five(live)
    events = [(line.event, line.entry.number) for line in restored.journal]
    assert events[3:] == [("input", 4), ("input", 5), ("undo", 5), ("undo", 4), ("redo", 4), ("input", 5),
                          *[("input", n) for n in range(6, 11)]]
    assert records.record_of(restored).undone == rec.undone  # the mark survives a second save


def test_an_input_undone_redone_and_undone_again_counts_once(tmp_path):
    live = postman_session(seed=8)
    deal_five(live)
    live.undo()
    live.redo()
    live.undo()
    rec = records.save(live, tmp_path / "a.json")
    assert [u.get("redone", False) for u in rec.undone] == [True, False]
    restored, _ = games.restore(records.read(tmp_path / "a.json"))
    assert restored.bag.rolls_made == live.bag.rolls_made == 5
    assert [line.event for line in restored.journal][4:] == ["input", "undo", "redo", "undo"]
    assert records.record_of(restored).undone == rec.undone
    assert restored.app_draw() == live.app_draw()


def test_the_exported_log_names_no_seed(make_desk):
    from companion.core.export import log_markdown

    session = make_desk(seed=424242).session
    assert "424242" not in log_markdown(session) and "seed" not in log_markdown(session)


@pytest.mark.parametrize("seed", [None, 21])
def test_restores_of_a_real_autosave_deal_alike_only_when_seeded(tmp_path, seed):
    from companion.core import autosave

    live = postman_session(seed)
    saver = autosave.Autosaver(live, tmp_path / "postman-game.json")
    saver(live)
    deal_five(live)
    live.undo()
    live.redo()  # the journal holds the undo and the redo
    rec = autosave.read(tmp_path / "postman-game.json")
    assert ("seed" in rec.to_json()) == (seed is not None)
    deals = [tuple(deal_five(games.restore(autosave.read(saver.path))[0])) for _ in range(3)]
    if seed is None:
        assert len(set(deals)) > 1
    else:
        assert len(set(deals)) == 1 and list(deals[0]) == deal_five(live)


def test_undone_runs_after_repeated_redos_keep_every_redone_mark_through_a_second_save():
    """An input undone and redone twice, then undone with the one before it and both redone:
    the restored log places the last run after the earlier redos, so saving it again keeps all
    four redone marks (the run used to land before a redo and that mark was lost)."""
    from companion.core.session import Session

    s = Session(games.rules_for("couriers"), games.bundled_pack("couriers"), {}, 0)
    for cid, side in (("meade", "Blue"), ("hancock", "Blue"), ("lee", "Grey")):
        s.submit(Input("add_commander", {"id": cid, "name": cid.title(), "side": side, "rank": "corps"}))
    s.submit(Input("start_game"))
    send = Input("send_courier", {"sender": "meade", "recipient": "hancock", "message": "Go"})
    assert s.submit(send).accepted and s.submit(Input("end_game")).accepted
    assert s.submit(send, override=True).accepted
    for op in ("undo", "redo", "undo", "redo", "undo", "undo", "redo", "redo"):
        getattr(s, op)()
    rec = records.parse(records.record_of(s).dumps())
    assert [bool(u.get("redone")) for u in rec.undone] == [True] * 4
    restored, _ = games.restore(rec)
    again = records.record_of(restored).undone
    key = lambda u: (u["after"], str(u["input"]), bool(u.get("redone")))  # noqa: E731
    assert sorted(again, key=key) == sorted(rec.undone, key=key)
