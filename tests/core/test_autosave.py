"""Autosave after every input, the resume offer, and what happens when a save cannot be written."""

import json
import os
import time

from companion import games
from companion.core import autosave, records
from companion.core.inputs import Input
from companion.core.session import Session
from companion.couriers.rules import RULES
from companion.games import bundled_pack


def new_session():
    return Session(RULES, bundled_pack("couriers"), {}, seed=2)


def test_every_input_is_on_disk_after_it_is_made(tmp_path):
    s = new_session()
    saver = autosave.Autosaver(s, tmp_path / "game.json")
    s.submit(Input("add_commander", {"name": "Meade", "side": "Blue", "rank": "army"}))
    assert [i.kind for i in autosave.read(saver.path).inputs] == ["add_commander"]
    s.submit(Input("start_game", {}))
    assert [i.kind for i in autosave.read(saver.path).inputs] == ["add_commander", "start_game"]
    s.undo()
    rec = autosave.read(saver.path)
    assert [i.kind for i in rec.inputs] == ["add_commander"]  # undo is saved too
    assert rec.undone[0]["after"] == 1 and rec.undone[0]["input"]["kind"] == "start_game"


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
    assert saver.error is None and autosave.read(saver.path).inputs


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


# -- the journal -----------------------------------------------------------------------------------
MEADE = Input("add_commander", {"name": "Meade", "side": "Blue", "rank": "army"})
LEE = Input("add_commander", {"name": "Lee", "side": "Grey", "rank": "army"})


def same_as_live(path, s):
    rec, live = autosave.read(path), records.record_of(s)
    assert [i.to_json() for i in rec.inputs] == [i.to_json() for i in live.inputs]
    assert rec.undone == live.undone and rec.rolls_made == live.rolls_made


def test_each_change_appends_one_journal_line_and_the_record_is_rewritten_every_n(tmp_path, monkeypatch):
    monkeypatch.setattr(autosave, "COMPACT_EVERY", 4)
    s = new_session()
    saver = autosave.Autosaver(s, tmp_path / "game.json")
    saver(s)  # the game starts: the whole record, and a journal with only its header
    journal = autosave.journal_path(saver.path)
    assert len(journal.read_text().splitlines()) == 1
    record_text = saver.path.read_text()
    s.submit(MEADE)
    s.submit(LEE)
    s.undo()
    s.redo()
    assert saver.path.read_text() == record_text  # four changes, the record untouched
    assert [json.loads(x)["event"] for x in journal.read_text().splitlines()[1:]] == [
        "input", "input", "undo", "redo"]
    same_as_live(saver.path, s)
    s.submit(Input("start_game", {}))  # the fifth: the record is rewritten, a new journal begun
    assert len(journal.read_text().splitlines()) == 1
    assert len(json.loads(saver.path.read_text())["inputs"]) == 3
    same_as_live(saver.path, s)


def test_restoring_the_autosave_gives_the_live_game(tmp_path):
    s = new_session()
    saver = autosave.Autosaver(s, tmp_path / "game.json")
    saver(s)
    for inp in (MEADE, LEE, Input("start_game", {})):
        s.submit(inp)
    s.undo()
    again, verdicts = games.restore(autosave.read(saver.path))
    assert RULES.state_json(again.state) == RULES.state_json(s.state)
    assert [v.verdict for v in verdicts] == ["ok", "ok"]
    assert [line.event for line in again.journal] == ["input", "input", "input", "undo"]


def test_a_line_cut_short_by_a_kill_is_ignored(tmp_path):
    s = new_session()
    saver = autosave.Autosaver(s, tmp_path / "game.json")
    saver(s)
    s.submit(MEADE)
    with autosave.journal_path(saver.path).open("ab") as f:
        f.write(b'{"event": "input", "after": 1, "inp')  # killed in the middle of a write
    assert [i.kind for i in autosave.read(saver.path).inputs] == ["add_commander"]


def test_a_journal_of_an_older_version_of_the_record_is_ignored(tmp_path):
    """Killed after the record was rewritten and before the new journal replaced the old one:
    the record already holds the old journal's lines, so they must not be added twice."""
    s = new_session()
    saver = autosave.Autosaver(s, tmp_path / "game.json")
    saver(s)
    s.submit(MEADE)
    s.submit(LEE)
    old_journal = autosave.journal_path(saver.path).read_bytes()
    saver.compact(s)
    autosave.journal_path(saver.path).write_bytes(old_journal)
    assert [i.to_json()["args"]["name"] for i in autosave.read(saver.path).inputs] == ["Meade", "Lee"]


def test_a_broken_journal_line_is_reported_with_its_place_and_left_alone(tmp_path):
    import pytest

    from companion.core.violations import RecordError

    s = new_session()
    saver = autosave.Autosaver(s, tmp_path / "game.json")
    saver(s)
    s.submit(MEADE)
    journal = autosave.journal_path(saver.path)
    lines = journal.read_text().splitlines()
    lines[1] = lines[1].replace('"after":0', '"after":7')
    journal.write_text("\n".join(lines) + "\n")
    with pytest.raises(RecordError, match="line 2"):
        autosave.read(saver.path)
    assert '"after":7' in journal.read_text()


def test_closing_folds_the_journal_into_the_record(tmp_path):
    s = new_session()
    saver = autosave.Autosaver(s, tmp_path / "game.json")
    saver(s)
    s.submit(MEADE)
    saver.close(s)
    assert [i["kind"] for i in json.loads(saver.path.read_text())["inputs"]] == ["add_commander"]
    assert len(autosave.journal_path(saver.path).read_text().splitlines()) == 1


def test_a_lone_surrogate_from_outside_never_enters_the_game_so_the_autosave_stays_readable(tmp_path):
    """A phone's or a file's JSON can carry a lone surrogate (a broken \\u escape): the input
    built from it is refused with its place, the game goes on without it, and the autosave is
    resumed whole; a journal line carrying one is refused naming its line."""
    import pytest

    from companion.core.violations import MalformedInput, RecordError

    s = new_session()
    saver = autosave.Autosaver(s, tmp_path / "game.json", title="Evening")
    saver(s)
    phone = json.loads('{"kind": "add_commander", "args": {"name": "Me\\ud800ade", "side": "Blue", "rank": "army"}}')
    with pytest.raises(MalformedInput, match=r"^input\.args\.name: .*lone UTF-16 surrogate"):
        Input.from_json(phone, "input")
    s.submit(MEADE)
    s.submit(LEE)
    assert saver.error is None
    assert [i.args["name"] for i in autosave.read(saver.path).inputs] == ["Meade", "Lee"]
    journal = autosave.journal_path(saver.path)
    lines = journal.read_text(encoding="utf-8").splitlines()
    journal.write_text("\n".join(lines[:2] + [lines[2].replace("Lee", "L\\udc80ee")]) + "\n", encoding="utf-8")
    with pytest.raises(RecordError, match=r"line 3.*line 3\.input\.args\.name: .*surrogate"):
        autosave.read(saver.path)


def test_redone_inputs_are_marked_as_a_whole_record_marks_them(tmp_path):
    s = new_session()
    saver = autosave.Autosaver(s, tmp_path / "game.json")
    saver(s)
    s.submit(MEADE)
    s.submit(LEE)
    s.undo()
    s.undo()
    s.redo()
    same_as_live(saver.path, s)
    assert [u.get("redone", False) for u in autosave.read(saver.path).undone] == [False, True]


# -- the start page's offer ------------------------------------------------------------------------
def test_a_dangling_link_or_a_vanished_save_does_not_hide_the_good_one(tmp_path, monkeypatch):
    monkeypatch.setenv("POSTHORN_DATA_DIR", str(tmp_path))
    s = new_session()
    good = autosave.Autosaver(s)
    s.submit(MEADE)
    folder = good.path.parent
    (folder / "couriers-zzz.json").symlink_to(folder / "gone.json")
    vanishing = folder / "couriers-zzy.json"
    vanishing.write_text(good.path.read_text())
    later = time.time() + 5
    os.utime(vanishing, (later, later))
    real_peek = autosave.peek

    def peek_after_a_delete(path):
        if path == vanishing:
            path.unlink()  # deleted between listing and reading
        return real_peek(path)

    monkeypatch.setattr(autosave, "peek", peek_after_a_delete)
    found, problem = autosave.latest()
    assert found is not None and found.path == good.path and found.inputs == 1
    assert problem is None


def test_orphaned_temporary_files_are_removed_on_start(tmp_path, monkeypatch):
    monkeypatch.setenv("POSTHORN_DATA_DIR", str(tmp_path))
    folder = tmp_path / "autosave"
    folder.mkdir()
    old = folder / ".couriers-1.json.abc123.tmp"
    old.write_text('{"format": "posthorn-rec')
    hour_ago = time.time() - 3600
    os.utime(old, (hour_ago, hour_ago))
    fresh = folder / ".couriers-2.json.def456.tmp"  # another window may be writing it now
    fresh.write_text("{")
    autosave.latest()
    assert not old.exists() and fresh.exists()


def _game_with_a_journal(tmp_path):
    """An autosave whose newest inputs are only in its journal (no compaction yet)."""
    s = new_session()
    saver = autosave.Autosaver(s, tmp_path / "game.json")
    s.submit(Input("add_commander", {"name": "Meade", "side": "Blue", "rank": "army"}))
    s.submit(Input("add_commander", {"name": "Lee", "side": "Grey", "rank": "army"}))
    assert len(records.read(saver.path).inputs) < 2  # the record alone lags behind
    return saver.path


def test_replay_of_an_autosave_reads_its_journal(tmp_path):
    import io

    from companion import cli

    path = _game_with_a_journal(tmp_path)
    out = io.StringIO()
    assert cli.replay(str(path), out=out, as_json=True) == 0
    texts = [v["text"] for v in json.loads(out.getvalue())["verdicts"]]
    assert len(texts) == 2 and "Lee" in texts[1]


def test_serving_an_autosave_keeps_the_inputs_of_its_journal(tmp_path, monkeypatch):
    from companion.phones import serve

    monkeypatch.setenv("POSTHORN_DATA_DIR", str(tmp_path / "data"))
    path = _game_with_a_journal(tmp_path)
    session, saver, bad = serve._game(str(path))
    assert not bad and [e.input.args["name"] for e in session.entries] == ["Meade", "Lee"]
    saver.close(session)
    assert len(autosave.read(path).inputs) == 2


def test_a_journal_nested_past_the_limit_is_a_message_not_a_recursion_error(tmp_path, monkeypatch):
    """Its lines are depth-checked before parsing, as a record is: the start page still offers
    the other save and says why this one cannot be resumed; the saved-games row says so too."""
    from companion.core import saved_games

    monkeypatch.setenv("POSTHORN_DATA_DIR", str(tmp_path))
    s = new_session()
    good = autosave.Autosaver(s)
    s.submit(MEADE)
    t = new_session()
    other = autosave.Autosaver(t, good.path.parent / "couriers-zzz.json")
    t.submit(MEADE)
    journal = autosave.journal_path(other.path)
    head = journal.read_text().splitlines()[0]
    for n, lines in [(1, ["[" * 100_000]), (2, [head, '{"a":' * 100_000])]:
        journal.write_text("\n".join(lines) + "\n")
        later = time.time() + 5
        os.utime(journal, (later, later))
        found, problem = autosave.latest()
        assert found.path == good.path
        assert f"couriers-zzz.json.journal, at line {n}" in problem and "nested more than 32 deep" in problem
        assert saved_games.row(other.path).problem == problem
