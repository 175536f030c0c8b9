"""Autosave after every input, the resume offer, and what happens when a save cannot be written."""

import json
import os
import time

from companion.core import autosave, records
from companion.core.inputs import Input
from companion.core.packs import bundled_pack
from companion.core.session import Session
from companion.couriers.rules import RULES


def new_session():
    return Session(RULES, bundled_pack("couriers"), {}, seed=2)


def test_every_input_is_on_disk_after_it_is_made(tmp_path):
    s = new_session()
    saver = autosave.Autosaver(s, tmp_path / "game.json")
    s.submit(Input("add_commander", {"name": "Meade", "side": "Blue", "rank": "army"}))
    assert [i["kind"] for i in json.loads(saver.path.read_text())["inputs"]] == ["add_commander"]
    s.submit(Input("start_game", {}))
    s.undo()
    data = json.loads(saver.path.read_text())
    assert [i["kind"] for i in data["inputs"]] == ["add_commander"]  # undo is saved too


def test_a_save_that_cannot_be_written_is_reported_and_the_game_goes_on(tmp_path):
    s = new_session()
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the save folder should be")
    saver = autosave.Autosaver(s, blocker / "game.json")
    out = s.submit(Input("add_commander", {"name": "Meade", "side": "Blue", "rank": "army"}))
    assert out.accepted and len(s.entries) == 1
    assert saver.error and "autosave to" in saver.error and "failed" in saver.error
    saver.path = tmp_path / "game.json"  # the disk is back: the next input clears the problem
    s.submit(Input("start_game", {}))
    assert saver.error is None and json.loads(saver.path.read_text())["inputs"]


def test_latest_skips_an_unreadable_newest_save_and_leaves_it_as_it_was(tmp_path, monkeypatch):
    monkeypatch.setenv("POSTHORN_DATA_DIR", str(tmp_path))
    s = new_session()
    good = autosave.Autosaver(s)
    s.submit(Input("add_commander", {"name": "Meade", "side": "Blue", "rank": "army"}))
    bad = good.path.parent / "couriers-zzz.json"
    bad.write_text('{"format": "posthorn-record", "version": 1, "gam')
    later = time.time() + 5
    os.utime(bad, (later, later))
    found, problem = autosave.latest()
    assert found.path == good.path and found.inputs == 1 and found.game == "couriers"
    assert "couriers-zzz.json" in problem and "not valid JSON" in problem
    assert bad.read_text().endswith('"gam')
    assert records.read(found.path).inputs[0].kind == "add_commander"
