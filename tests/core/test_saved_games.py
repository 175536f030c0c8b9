"""The saved-games list: every autosave read without a crash, whatever is in the folder."""

import json
import os
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core import saved_games
from companion.core.autosave import Autosaver
from companion.core.inputs import Input

SAMPLE = Path(__file__).resolve().parents[2] / "rules" / "couriers" / "samples" / "several_turns.json"


def test_a_game_is_listed_with_its_journal_folded_in(desk, tmp_path):
    path = tmp_path / "couriers-1.json"
    saver = Autosaver(desk.session, path, "Tuesday")
    saver(desk.session)
    desk.ok("add_commander", id="meade", name="Meade", side="Blue", rank="army")
    desk.ok("add_commander", id="lee", name="Lee", side="Grey", rank="army")
    rows = saved_games.list_saved(tmp_path)
    assert [(r.path, r.game, r.title, r.inputs, r.problem) for r in rows] == [(path, "couriers", "Tuesday", 2, None)]
    saved_games.rename(path, "  Wednesday ")
    (row,) = saved_games.list_saved(tmp_path)
    assert row.title == "Wednesday" and row.inputs == 2  # the journal's inputs are kept
    assert saved_games.files_of(path) == [path]  # folded into the record


def test_newest_first_and_a_vanished_file_is_simply_not_listed(tmp_path):
    old, new = tmp_path / "a.json", tmp_path / "b.json"
    old.write_text(SAMPLE.read_text())
    new.write_text(SAMPLE.read_text())
    os.utime(old, (1_000_000, 1_000_000))
    (tmp_path / "gone.json").symlink_to(tmp_path / "nowhere.json")
    assert [r.path for r in saved_games.list_saved(tmp_path)] == [new, old]
    assert saved_games.list_saved(tmp_path / "no-such-folder") == []


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(junk=st.one_of(st.binary(max_size=300),
                      st.builds(lambda d: json.dumps(d).encode(),
                                st.dictionaries(st.sampled_from(["format", "game", "setup", "inputs", "title"]),
                                                st.one_of(st.none(), st.integers(), st.text(max_size=8),
                                                          st.lists(st.integers(), max_size=3))))))
def test_any_file_in_the_folder_is_listed_with_why_and_left_as_it_was(tmp_path_factory, junk):
    folder = tmp_path_factory.mktemp("autosave")
    bad = folder / "junk.json"
    bad.write_bytes(junk)
    (folder / "good.json").write_text(SAMPLE.read_text())
    rows = {r.path.name: r for r in saved_games.list_saved(folder)}
    assert rows["good.json"].problem is None and rows["good.json"].inputs > 0
    assert rows["junk.json"].problem  # a reason, never a crash
    assert bad.read_bytes() == junk


def test_players_are_named_by_each_game_s_rules():
    """Each game says who its setup seats (Rules.players): the kernel names no game."""
    from companion.games import rules_for

    def players(game, setup):
        return saved_games.players_of(game, setup, rules_for)

    assert players("ab_die_post", {"players": ["Anna", "Ben"]}) == ("Anna", "Ben")
    assert players("thurn_and_taxis", {"players": [{"name": "Cara"}, {"colour": "red"}]}) == ("Cara",)
    assert players("couriers", {"sides": ["Union", "Confederate"]}) == ("Union", "Confederate")
    assert players("postman", {"board": {}}) == ("Postmen", "Holnists")  # fixed by the rules
    assert players("couriers", {}) == ("Blue", "Grey")  # the sides a setup naming none plays
    assert players("couriers", {"sides": 7}) == () and players("couriers", None) == ()
    assert players("chess", {"players": ["Anna"]}) == ()  # a game not known here
    assert saved_games.players_of("couriers", {"sides": ["Union"]}) == ()  # no rules to ask


def test_local_time_is_the_computer_s_own(monkeypatch):
    monkeypatch.setenv("TZ", "Europe/Berlin")
    import time

    time.tzset()
    try:
        assert saved_games.local_time("2026-12-01T08:51:28+00:00") == "1 Dec 2026, 09:51"
        assert saved_games.local_time("2026-07-01T08:51:28+00:00") == "1 Jul 2026, 10:51"  # summer time
        assert saved_games.local_time("not a time") == "unknown time"
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_an_input_in_a_save_counts_toward_its_length(desk, tmp_path):
    path = tmp_path / "one.json"
    Autosaver(desk.session, path)(desk.session)
    desk.session.submit(Input("add_commander", {"id": "m", "name": "M", "side": "Blue", "rank": "army"}))
    assert saved_games.row(path).inputs == 1
