"""The sample records in rules/couriers/samples replay with the verdicts they were made to show.

The samples are used by the self-test, the docs and screenshots; a rule change that alters how
they replay must be a deliberate one (update the expectations here, or the sample).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from companion import cli, games
from companion.core import records

SAMPLES = Path(str(resources.files("rules") / "couriers" / "samples"))

#: file -> {input number: (verdict, rule ids)}; inputs not listed must be "ok".
EXPECTED = {
    "several_turns.json": {},
    "flagged_and_overridden.json": {
        4: ("overridden", ["couriers.hq.brigade"]),
        7: ("flagged", ["couriers.send.side"]),
        9: ("flagged", ["couriers.locate.contact"]),
        12: ("overridden", ["couriers.move.once"]),
    },
}


def replay(name: str):
    path = SAMPLES / name
    return games.restore(records.read(path), str(path))


def test_every_sample_has_expectations():
    assert sorted(p.name for p in SAMPLES.glob("*.json")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_sample_verdicts(name):
    session, verdicts = replay(name)
    expected = EXPECTED[name]
    got = {v.number: (v.verdict, [x.rule for x in v.violations]) for v in verdicts}
    assert {n: got[n] for n in expected} == expected
    assert all(verdict == "ok" for n, (verdict, _) in got.items() if n not in expected)
    assert [v.number for v in verdicts] == list(range(1, len(verdicts) + 1))


@pytest.mark.parametrize(("name", "code"), [("several_turns.json", 0), ("flagged_and_overridden.json", 1)])
def test_sample_replay_command(name, code, capsys):
    assert cli.main(["replay", str(SAMPLES / name)]) == code
    assert "note: pack content differs" not in capsys.readouterr().out


def test_several_turns_tells_the_whole_story():
    session, verdicts = replay("several_turns.json")
    s = session.state
    assert len(verdicts) == 63 and s.turn == 6 and s.phase == "battle"
    status = {cid: c.status for cid, c in s.couriers.items()}
    assert status == {"C1": "delivered", "C2": "delivered", "C3": "delivered", "C4": "delivered",
                      "C5": "captured", "C6": "lost", "C7": "delivered"}
    assert {cmd.side for cmd in s.commanders.values()} == {"Union", "Confederate"}
    assert {cmd.rank for cmd in s.commanders.values()} == {"army", "corps", "brigade"}
    assert s.commanders["meade"].hq == "Widow Leister's farm"          # declared
    assert s.commanders["hancock"].hq == "Cemetery Ridge"             # established after 4 turns
    assert s.couriers["C2"].attempts == {"longstreet": 2}              # 9, then 8
    assert s.couriers["C4"].reached_hq and s.couriers["C4"].attempts == {"lee": 2}
    sources = {e.input.source for e in session.entries if e.input.kind == "roll"}
    assert sources == {"app", "table"}
    assert session.bag.rolls_made == 5
    # the typo'd location roll that was undone is still in the log
    undone = [line for line in session.journal if line.event == "undo"]
    assert len(undone) == 1 and undone[0].entry.input.args == {"values": [3, 3]}


def test_flagged_inputs_do_not_change_the_game():
    session, verdicts = replay("flagged_and_overridden.json")
    assert len(session.entries) == len(verdicts) - 2
    assert list(session.state.couriers) == ["C1"]
    assert session.state.couriers["C1"].status == "delivered"
    assert session.state.commanders["col-chamberlain"].hq == "Little Round Top"


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_samples_are_canonical_records(name):
    """Saving the replayed game gives back the sample's inputs, minus what replay skipped."""
    session, verdicts = replay(name)
    rec = records.read(SAMPLES / name)
    kept = [inp for inp, v in zip(rec.inputs, verdicts, strict=True) if v.verdict in ("ok", "overridden")]
    again = records.record_of(session)
    assert again.inputs == kept
    assert again.undone == rec.undone and again.seed == rec.seed and again.setup == rec.setup
