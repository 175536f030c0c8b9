"""A new game needs no kernel change: Race to Ten (tests/toy_race) is a pack, an input table and
its seats and views, registered only here, and the session, the log, the records (save, load,
replay), why_not / legal_inputs, the result, the seat views and the random playout all work on
it as they do on the four games. Nothing in companion/ or ui/table.py names it."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
from playout import Playout, play

from companion import games
from companion.core import records
from companion.core.inputs import Input
from companion.core.session import Session
from companion.core.violations import MalformedInput, PackError

from .rules import PACK, RULES, register

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def race_pack(monkeypatch, tmp_path):
    """The race registered and its pack installed as a player's own (the user packs folder)."""
    register(monkeypatch)
    monkeypatch.setenv("POSTHORN_DATA_DIR", str(tmp_path / "data"))
    shutil.copytree(PACK, tmp_path / "data" / "packs" / "toy_race")
    return games.load_pack(PACK)


def new_race(pack, players=("Anna", "Ben"), seed=1) -> Session:
    return Session(games.rules_for("toy_race"), pack, {"players": list(players)}, seed)


def rules_of(session: Session, inp: Input) -> list[str]:
    return [v.rule for v in session.why_not(inp)]


def test_the_registry_finds_the_race_and_checks_its_pack(race_pack, tmp_path):
    assert games.rules_for("toy_race") is RULES and race_pack.game == "toy_race"
    assert set(race_pack.reference) >= RULES.rule_ids()
    broken = tmp_path / "broken"
    shutil.copytree(PACK, broken)
    (broken / "race.toml").write_text('target = "ten"\ndie = 6\nrests = 1\n', encoding="utf-8")
    with pytest.raises(PackError, match="target"):
        games.load_pack(broken)
    assert games.packs_for_game("toy_race")[0][0].id == "toy_race"  # not bundled: the player's own


def test_the_session_judges_the_race_by_its_table(race_pack):
    s = new_race(race_pack)
    run, rest = Input("run", {"player": "Anna"}), Input("rest", {"player": "Anna"})
    assert set(s.legal_inputs()) == {run, rest} and s.deciding() == "Anna"
    assert rules_of(s, Input("run", {"player": "Ben"})) == ["toy.turn.order"]
    assert rules_of(s, Input("roll", {"values": [3]})) == ["toy.roll.none"]
    with pytest.raises(MalformedInput, match="run.player: expected one of Anna, Ben, got 'Cara'"):
        s.why_not(Input("run", {"player": "Cara"}))
    assert s.submit(run).accepted
    assert s.pending_roll() is not None and s.legal_inputs() == []
    assert rules_of(s, Input("rest", {"player": "Ben"})) == ["toy.roll.pending", "toy.turn.order"]
    s.submit(Input("roll", {"values": [4]}, "table"))
    assert s.state.at == {"Anna": 4} and s.deciding() == "Ben"
    s.submit(Input("rest", {"player": "Ben"}))
    s.submit(run)
    s.roll()  # the app's die, then taken back
    s.undo()
    s.submit(Input("roll", {"values": [1]}, "table"))
    assert rules_of(s, Input("rest", {"player": "Ben"})) == ["toy.rest.once"]
    assert [e.text for e in s.entries] == ["Anna runs", "Anna rolls 4", "Ben rests", "Anna runs", "Anna rolls 1"]
    s.undo()
    assert s.pending_roll() is not None
    s.redo()
    assert s.state.at["Anna"] == 5


def test_the_result_and_the_end(race_pack):
    s = new_race(race_pack)
    for value in (6, 1, 6):  # Anna 6, Ben 1, Anna 12: Anna has won
        s.submit(Input("run", {"player": s.state.active}))
        s.submit(Input("roll", {"values": [value]}, "table"))
    result = s.result()
    assert result is not None and result.winners == ("Anna",) and result.rule == "toy.race.win"
    assert dict(result.scores) == {"Anna": 12, "Ben": 1}
    assert rules_of(s, Input("run", {"player": "Ben"})) == ["toy.race.win"]
    assert s.legal_inputs() == []


def test_records_save_load_and_replay_the_race(race_pack, tmp_path):
    s = new_race(race_pack, ("Anna", "Ben", "Cara"), seed=7)
    Playout(s, random.Random(7), undo=0.1).play(40)
    s.submit(Input("run", {"player": "Cara" if s.state.active != "Cara" else "Anna"}), override=True)
    path = tmp_path / "race.json"
    records.save(s, path, title="Tuesday's race")
    again, verdicts = games.restore(records.read(path), str(path))  # its pack found by id and hash
    assert again.pack.hash == race_pack.hash
    assert RULES.state_json(again.state) == RULES.state_json(s.state)
    assert [v.verdict for v in verdicts][-1] == "overridden" and [v.text for v in verdicts] == [e.text for e in s.entries]
    assert records.read(path).to_json()["undone"] == records.record_of(s).to_json()["undone"]
    from companion.core import saved_games

    assert saved_games.players_of("toy_race", records.read(path).setup, games.rules_for) == ("Anna", "Ben", "Cara")


def test_the_seats_see_the_open_race(race_pack):
    s = new_race(race_pack)
    public = s.rules.public_view(s.state)
    assert public["game"] == "toy_race" and [x["id"] for x in public["seats"]] == ["Anna", "Ben"]
    assert public["steps"][0]["who"] == "Anna"
    assert s.rules.view(s.state, "Ben")["own"] == {}
    with pytest.raises(MalformedInput):
        s.rules.view(s.state, "Cara")
    assert s.rules.seat_of(s.state, Input("run", {"player": "Ben"})) == "Ben"


def test_the_random_playout_plays_whole_races(race_pack):
    ended = 0
    for seed in range(1, 13):
        session = play("toy_race", seed, 300, undo=0.1, pack=race_pack)  # replays to the same state
        ended += session.result() is not None
    assert ended == 12


def test_nothing_outside_the_test_names_the_race():
    shipped = [*(ROOT / "companion").rglob("*.py"), ROOT / "ui" / "table.py", ROOT / "tests" / "playout.py"]
    assert not [p for p in shipped if "toy_race" in p.read_text(encoding="utf-8")]


def test_the_table_screen_s_bridge_serves_the_race(race_pack, qapp):
    """ui/table.py's Table (what every screen submits through) plays the race unchanged: it
    says what changed, and a refused input comes back flagged with its rule."""
    from ui.table import Table

    table = Table(new_race(race_pack))
    changes, flagged = [], []
    table.changed.connect(changes.append)
    table.flagged.connect(lambda inp, violations, message: flagged.append([v.rule for v in violations]))
    assert table.submit(Input("run", {"player": "Anna"})).accepted and table.roll_app() is not None
    assert len(changes) == 2 and table.last_change is changes[-1]
    assert not table.submit(Input("run", {"player": "Anna"})).accepted
    assert flagged == [["toy.turn.order"]]
