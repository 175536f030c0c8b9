"""The Postman's sample records: what ``posthorn replay`` says of each input, its exit code, the
rule ids it prints and the final state; that the self-test replays them; and that they are
what ``build_samples`` plays (so the samples stay true to the rules as they change)."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion import games, selftest
from companion.core import records

from . import build_samples
from .kit import pack

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "rules" / "postman" / "samples"
VERDICT = re.compile(r"^\s*(\d+)\s+(OK|OVERRIDDEN|FLAGGED|REFUSED)\s+(.*)$")
RULE_LINE = re.compile(r"^\s{6}(postman\.[a-z0-9_.]+): ")


def replay(name: str, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion.cli", "replay", str(SAMPLES / name), "--reveal", *extra],
                          cwd=ROOT, capture_output=True, text=True, timeout=60, check=False)


def verdicts(stdout: str) -> dict[int, tuple[str, str, list[str]]]:
    """Input number -> (verdict, text, rule ids printed under it)."""
    out: dict[int, tuple[str, str, list[str]]] = {}
    last = None
    for line in stdout.splitlines():
        if m := VERDICT.match(line):
            last = int(m.group(1))
            out[last] = (m.group(2), m.group(3), [])
        elif (m := RULE_LINE.match(line)) and last is not None:
            out[last][2].append(m.group(1))
        elif line.startswith("final state:"):
            last = None
    return out


def final_state(stdout: str) -> dict:
    return json.loads(stdout.split("final state:\n", 1)[1])


def test_both_samples_are_bundled():
    assert sorted(p.name for p in SAMPLES.glob("*.json")) == ["flagged_and_overridden.json", "short_game.json"]


def test_short_game_replays_ok_to_the_generals_fall():
    run = replay("short_game.json")
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("A short game: the Postman wins the duel: 58 inputs, pack postman")
    v = verdicts(run.stdout)
    assert sorted(v) == list(range(1, 59))
    assert {verdict for verdict, _t, _r in v.values()} == {"OK"}
    texts = [text for _v, text, _r in v.values()]
    assert not any(" draw 7C" in text or " draw KH" in text for text in texts)  # drawn cards stay secret
    for wanted in ("The Postman's sneak roll: 3", "Rider 2's retreat roll: 4", "The Holnists play 2\u2660 Intercept",
                   "The Postmen retreat to Post Town", "Rider 1's recruit roll: 4",
                   "Militia phase: roll for every empty town", "The Holnists draw a card (", "The Postmen draw a card (",
                   "The Postmen play A\u2665 Luck", "Rule Number 7: a duel on 4+: 4",
                   "The Holnists lose Regiment 1"):
        assert any(wanted in text for text in texts), wanted
    state = final_state(run.stdout)
    assert state["winner"] == "postmen"
    assert "general1" not in state["units"] and state["units"]["postman1"]["town"] == "mid2"
    assert state["units"]["cavalry1"] == {"kind": "cavalry", "side": "postmen", "town": "mid2", "fresh": False}
    assert state["last_battle"].startswith("Rule Number 7")
    assert sorted(state["discard"][0]) == ["2S", "AH"]


def test_flagged_and_overridden_replay_says_which_rule_each_broke():
    run = replay("flagged_and_overridden.json")
    assert run.returncode == 1  # some inputs were flagged
    v = verdicts(run.stdout)
    assert sorted(v) == list(range(1, 17))
    assert v[11][0] == "OVERRIDDEN" and v[11][2] == ["postman.move.limit"]
    assert v[13][0] == "OVERRIDDEN" and v[13][2] == ["postman.card.colour", "postman.card.hand"]
    assert v[13][1].startswith("The Postmen play 2\u2663 Forced March")
    assert v[14][0] == "FLAGGED" and v[14][2] == ["postman.move.roads"]
    assert v[16][0] == "FLAGGED" and v[16][2] == ["postman.card.hand", "postman.card.window"]
    assert {n for n, (verdict, _t, _r) in v.items() if verdict == "OK"} == set(range(1, 17)) - {11, 13, 14, 16}
    state = final_state(run.stdout)
    assert state["units"]["rider1"]["town"] == "hill"   # the overridden move stands
    assert state["units"]["rider3"]["town"] == "post"   # the flagged one never happened
    assert state["phase"] == "fight" and state["winner"] is None
    assert state["discard"] == [["2C"]] and "QH" not in state["hands"]["postmen"]


def test_replay_json_lists_the_same_verdicts():
    run = replay("flagged_and_overridden.json", "--json")
    assert run.returncode == 1
    doc = json.loads(run.stdout)
    flagged = [(x["number"], [r["rule"] for r in x["violations"]]) for x in doc["verdicts"] if x["verdict"] == "flagged"]
    assert flagged == [(14, ["postman.move.roads"]), (16, ["postman.card.hand", "postman.card.window"])]
    assert doc["state"]["units"]["rider1"]["town"] == "hill"


def test_self_test_replays_the_postman_samples():
    out = io.StringIO()
    assert selftest.run(out) == 0, out.getvalue()
    text = out.getvalue()
    assert "sample postman/short_game.json: OK (58 inputs)" in text
    assert "sample postman/flagged_and_overridden.json: OK (16 inputs)" in text


@pytest.mark.parametrize("name", sorted(build_samples.BUILDERS))
def test_samples_are_what_the_builder_plays(name):
    built = build_samples.BUILDERS[name]()
    saved = records.read(SAMPLES / name)
    assert saved.game == "postman" and saved.title == built.title
    assert saved.setup == built.setup
    assert [i.to_json() for i in saved.inputs] == [i.to_json() for i in built.inputs]
    session, _verdicts = games.restore(saved, name, pack())
    assert session.rules.state_json(session.state)["turn"] >= 1


def test_the_docs_example_plays_as_written():
    """docs/games/postman.md: its example inputs are accepted, in order, from the position the
    text describes (the General and a Patrol in Riverford, the Postmen's turn 2)."""
    from companion.core.inputs import Input

    from .kit import Table

    doc = (ROOT / "docs" / "games" / "postman.md").read_text(encoding="utf-8")
    example, override = (json.loads("[" + block.split("```")[0] + "]") for block in doc.split("```json")[2:4])
    t = Table(postmen=["3D"])
    t.to_phase("holnists", "move")
    t.move(["general1", "patrol1"], "mid2")
    t.end_phase()
    t.ok("fight", town="mid2")
    t.roll(1)  # the Militia stay out
    t.to_phase("postmen", "move")
    for raw in example:
        out = t.session.submit(Input.from_json(raw))
        assert out.accepted and not out.violations, (raw, out.violations)
    assert t.pos.winner == "postmen"
    t2 = Table()
    out = t2.session.submit(Input.from_json(override[0]).with_override(()), override=True)
    assert [v.rule for v in out.violations] == override[0]["override"]
