"""The headless commands: ``replay`` and ``check-pack`` with their exit codes and messages."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

from companion import cli
from companion.core import records

BUNDLED = Path(str(resources.files("rules") / "couriers"))


def run(*args: str) -> subprocess.CompletedProcess:
    """``python -m companion.cli ARGS`` in a child process, as an installer or CI would."""
    return subprocess.run([sys.executable, "-m", "companion.cli", *args], capture_output=True,
                          text=True, timeout=60, check=False)


@pytest.fixture
def record_file(make_desk, tmp_path) -> Path:
    desk = make_desk(seed=3).roster().start()
    desk.ok("send_courier", sender="gibbon", recipient="meade", message="Hold")
    desk.courier_step().ride("C1", 1, 2)
    path = tmp_path / "game.json"
    records.save(desk.session, path, title="Test game")
    return path


def with_flagged_input(path: Path) -> Path:
    data = json.loads(path.read_text())
    data["inputs"].append({"kind": "begin_courier_step"})  # already in the courier step
    out = path.with_name("flagged.json")
    out.write_text(json.dumps(data))
    return out


def test_replay_ok(record_file):
    done = run("replay", str(record_file))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Test game: 11 inputs, pack couriers")
    assert "   1  OK         Meade joins the Blue roster (army)" in done.stdout
    state = json.loads(done.stdout.split("final state:\n", 1)[1])
    assert state["couriers"]["C1"]["status"] == "searching"


def test_replay_flagged_exits_1_with_the_rule_id(record_file):
    done = run("replay", str(with_flagged_input(record_file)))
    assert done.returncode == 1
    assert "  12  FLAGGED    Turn 1: courier step" in done.stdout
    assert "couriers.turn.order: the courier step cannot begin: it is already under way" in done.stdout


def test_replay_unusable_exits_2_naming_the_file(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "posthorn-record", "version": 9}')
    done = run("replay", str(bad))
    assert done.returncode == 2 and done.stdout == ""
    assert f"{bad}, at version: record version 9 is newer" in done.stderr


def test_check_pack_bundled_ok():
    done = run("check-pack", str(BUNDLED))
    assert done.returncode == 0, done.stderr
    assert "(couriers, game couriers, version 1): OK" in done.stdout
    assert "20 rules in the reference" in done.stdout


def test_check_pack_broken_copy_exits_2_with_file_and_key(tmp_path):
    copy = tmp_path / "house"
    shutil.copytree(BUNDLED, copy, ignore=shutil.ignore_patterns("samples", "__pycache__"))
    toml = copy / "couriers.toml"
    toml.write_text(toml.read_text().replace("lost_on = 12", 'lost_on = "twelve"'))
    done = run("check-pack", str(copy))
    assert done.returncode == 2
    assert f"{toml}, at speeds.officer.lost_on: expected a whole number" in done.stderr


# -- the same, in process (quicker, and covers --json) -----------------------------------------------
def test_replay_json(record_file, capsys):
    assert cli.main(["replay", str(with_flagged_input(record_file)), "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    verdicts = doc["verdicts"]
    assert [v["verdict"] for v in verdicts] == ["ok"] * 11 + ["flagged"]
    assert verdicts[-1]["violations"] == [{"rule": "couriers.turn.order",
                                           "reason": "the courier step cannot begin: it is already under way"}]
    assert doc["state"]["turn"] == 1


def test_replay_notes_a_changed_pack(record_file, capsys):
    data = json.loads(record_file.read_text())
    data["pack"]["hash"] = "sha256:" + "0" * 64
    record_file.write_text(json.dumps(data))
    assert cli.main(["replay", str(record_file)]) == 0
    assert "note: pack content differs" in capsys.readouterr().out


def test_replay_refused_exits_1(record_file, capsys):
    data = json.loads(record_file.read_text())
    data["inputs"].append({"kind": "capture", "args": {"courier": "C9"}})
    record_file.write_text(json.dumps(data))
    assert cli.main(["replay", str(record_file)]) == 1
    out = capsys.readouterr().out
    assert "REFUSED" in out and "capture.courier: expected the id of a courier, got 'C9'" in out


def test_check_pack_missing_folder(tmp_path, capsys):
    assert cli.main(["check-pack", str(tmp_path / "none")]) == 2
    assert "not a folder holding a rule pack" in capsys.readouterr().err


def test_bad_arguments_exit_2(capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main(["dance"])
    assert exit_.value.code == 2


# -- exit statuses: 3 is a crash, with a report; output never fails on odd text -----------------------
def reports(data_dir: Path) -> list[Path]:
    return sorted((data_dir / "crash-reports").glob("crash-*.txt"))


@pytest.fixture
def data_dir(tmp_path, monkeypatch) -> Path:
    path = tmp_path / "data"
    monkeypatch.setenv("POSTHORN_DATA_DIR", str(path))
    return path


def test_an_internal_error_exits_3_with_a_report(record_file, data_dir, monkeypatch, capsys):
    from companion import __version__

    def broken(*args, **kwargs):
        raise ZeroDivisionError("forced for the test")

    monkeypatch.setattr(records, "restore", broken)
    assert cli.main(["replay", str(record_file)]) == 3
    err = capsys.readouterr().err.strip().splitlines()
    [report] = reports(data_dir)
    assert err == [f"posthorn: internal error: this is a bug in Posthorn, not a problem with your file; "
                   f"a report is in {report}. Please send it with a bug report."]
    text = report.read_text(encoding="utf-8")
    assert f"version: Posthorn {__version__}" in text
    assert f"record: {record_file}" in text and "command: posthorn replay" in text
    assert "Traceback (most recent call last)" in text and "ZeroDivisionError: forced for the test" in text
    assert "Hold" not in text  # the record's contents stay out of the report


def test_an_internal_error_in_a_child_process_exits_3(record_file, data_dir):
    """As a script sees it: the status alone tells a crash (3) from a verdict (1) or a bad file (2)."""
    code = ("import sys; from companion import cli; from companion.core import packs; "
            "packs.load_pack = lambda *a, **k: [][1]; sys.exit(cli.main(sys.argv[1:]))")
    done = subprocess.run([sys.executable, "-c", code, "check-pack", str(BUNDLED)], capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 3, done.stderr
    [report] = reports(data_dir)
    assert done.stderr.strip() == cli.crash.crash_line(report) and done.stdout == ""
    assert "IndexError: list index out of range" in report.read_text(encoding="utf-8")


def test_a_crash_with_no_writable_data_folder_still_says_so(record_file, tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("POSTHORN_DATA_DIR", str(blocker / "data"))  # under a file: cannot be made
    monkeypatch.setattr(records, "restore", lambda *a, **k: 1 / 0)
    assert cli.main(["replay", str(record_file)]) == 3
    assert "no report could be written" in capsys.readouterr().err


def test_exit_statuses_0_1_2_in_one_place(record_file, tmp_path, data_dir, capsys):
    assert cli.main(["replay", str(record_file)]) == 0
    assert cli.main(["replay", str(with_flagged_input(record_file))]) == 1
    assert cli.main(["replay", str(tmp_path / "missing.json")]) == 2
    assert cli.main(["check-pack", str(BUNDLED)]) == 0
    assert cli.main(["check-pack", str(tmp_path)]) == 2
    assert not reports(data_dir)


def test_output_never_fails_on_text_the_terminal_cannot_show(make_desk, tmp_path):
    desk = make_desk(seed=3).roster().start()
    path = tmp_path / "z\u00fcrich.json"
    records.save(desk.session, path, title="Z\u00fcrich \u2709")
    odd = Path(os.fsdecode(os.path.join(os.fsencode(tmp_path), b"bad-\xff.json")))
    odd.write_text("{}", encoding="utf-8")
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    for args, status in ((["replay", str(path)], 0), (["replay", str(path), "--json"], 0),
                         (["replay", os.fsencode(odd)], 2)):
        done = subprocess.run([sys.executable, "-m", "companion.cli", *args], capture_output=True,
                              timeout=60, check=False, env=env)
        assert done.returncode == status, done.stderr
        assert b"Traceback" not in done.stderr
    assert b"Z\\xfcrich \\u2709" in subprocess.run(
        [sys.executable, "-m", "companion.cli", "replay", str(path)], capture_output=True, timeout=60,
        check=False, env=env).stdout
    assert b"bad-\\udcff.json" in done.stderr


# -- hidden information: left out of replay unless --reveal ------------------------------------------
SAMPLES = Path(str(resources.files("rules")))


def replayed(capsys, game: str, sample: str, *flags: str) -> tuple[dict, str]:
    path = SAMPLES / game / "samples" / sample
    assert cli.main(["replay", str(path), "--json", *flags]) in (0, 1)
    doc = json.loads(capsys.readouterr().out)
    assert cli.main(["replay", str(path), *flags]) in (0, 1)
    return doc, capsys.readouterr().out


def test_postman_hands_are_hidden_unless_revealed(capsys):
    doc, text = replayed(capsys, "postman", "short_game.json")
    assert "hands" not in doc["state"] and '"hands":' not in text
    assert "--reveal shows the whole state" in doc["hidden"] and "--reveal shows the whole state" in text
    shown, _ = replayed(capsys, "postman", "short_game.json", "--reveal")
    hands = shown["state"]["hands"]
    assert any(hands.values()) and "hidden" not in shown  # the sample ends with cards in hand
    assert doc["state"]["hand_counts"] == {side: len(cards) for side, cards in hands.items()}


def test_sealed_courier_orders_are_hidden_unless_revealed(capsys):
    doc, text = replayed(capsys, "couriers", "several_turns.json")
    shown, shown_text = replayed(capsys, "couriers", "several_turns.json", "--reveal")
    couriers = doc["state"]["couriers"]
    sealed = [shown["state"]["couriers"][cid]["message"] for cid, c in couriers.items() if c["sealed"]]
    assert sealed and all(couriers[cid]["message"] is None for cid in couriers if couriers[cid]["sealed"])
    for order in sealed:
        assert order not in json.dumps(doc, ensure_ascii=False) and order not in text
        assert order in shown_text
    # a captured courier's order is open to the table (rules/couriers/reference.md): shown
    assert any(not c["sealed"] and c["message"] for c in couriers.values())


def test_thurn_and_taxis_hands_and_draw_pile_are_hidden_unless_revealed(capsys):
    doc, text = replayed(capsys, "thurn_and_taxis", "four_players_whole_game.json")
    shown, _ = replayed(capsys, "thurn_and_taxis", "four_players_whole_game.json", "--reveal")
    assert doc["state"]["draw_pile"] == len(shown["state"]["draw_pile"]) > 0
    for hidden, player in zip(doc["state"]["players"], shown["state"]["players"], strict=True):
        assert "hand" not in hidden and hidden["hand_count"] == len(player["hand"])
        assert [c["id"] for c in hidden["route"]] == player["route"]  # what lies on the table stays
    assert any(p["hand"] for p in shown["state"]["players"])
    assert '"hand":' not in text


def test_ab_die_post_keeps_the_face_up_parts(capsys):
    doc, _ = replayed(capsys, "ab_die_post", "four_player_game.json")
    shown, _ = replayed(capsys, "ab_die_post", "four_player_game.json", "--reveal")
    assert doc["state"]["deck"]["hands"] == shown["state"]["deck"]["hands"]  # face up, per the rules
