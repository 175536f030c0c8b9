"""Fuzzing records from the structure out: every bundled sample record of every game, with one
value at a random path of its setup, inputs or head replaced by a hostile one (or dropped, or
given twice). Whatever the file holds, loading it either works all the way (replay, the state,
the public view, saving it again, the next roll) or ends in a message naming the file, the place
and what was expected. Never a traceback.

The long run (``-m slow``, README "Fuzzing") takes at least 1,000 records per game.
"""

from __future__ import annotations

import json
import os
from importlib import resources
from pathlib import Path

import pytest
from fuzzing import FUZZ, apply, clear_message, json_text, mutations, sweep
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import games
from companion.core import records
from companion.core.violations import PosthornError

RULES = Path(str(resources.files("rules")))
SAMPLES = sorted(RULES.glob("*/samples/*.json"))
GAMES = sorted({p.parent.parent.name for p in SAMPLES})
DOCS = {p: json.loads(p.read_text(encoding="utf-8")) for p in SAMPLES}
LONG = int(os.environ.get("POSTHORN_FUZZ_LONG", "1000"))


def load_all_the_way(text: str, name: str):
    """Load a record's text as the app and ``posthorn replay`` do, and use what comes out."""
    rec = records.parse(text, name)
    session, verdicts = games.restore(rec, name)
    for v in verdicts:
        assert v.verdict in ("ok", "overridden", "flagged", "refused")
        v.line().encode("utf-8")
    json.dumps(session.rules.state_json(session.state), ensure_ascii=False)
    json.dumps(session.rules.public_view(session.state), ensure_ascii=False).encode("utf-8")
    again = records.parse(records.record_of(session, rec.title).dumps(), name)
    assert again.inputs == session.inputs
    session.next_steps()
    if session.pending_roll() is not None:
        session.roll(override=True)
    elif session.pending_draw() is not None and session.pending_draw().choices:
        session.deal(override=True)
    return session


def outcome(text: str, name: str) -> str:
    try:
        load_all_the_way(text, name)
    except PosthornError as e:
        return clear_message(e, name)
    return "loaded"


def fuzz_one(data, sample: Path) -> str:
    doc = DOCS[sample]
    m = data.draw(mutations(doc), label="mutation")
    name = f"{sample.parent.parent.name}/{sample.name}"
    return outcome(json_text(apply(doc, m), m), name)


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
@FUZZ
@given(data=st.data())
def test_a_sample_record_with_one_hostile_value(sample, data):
    fuzz_one(data, sample)


def postman_with_map() -> dict:
    """A Postman record whose setup names one of its pack's maps (setup.map), not an inline board."""
    doc = json.loads((RULES / "postman" / "samples" / "short_game.json").read_text(encoding="utf-8"))
    doc["setup"] = {"map": "short"}
    return doc


@FUZZ
@given(data=st.data())
def test_a_postman_record_naming_its_map_with_one_hostile_value(data):
    doc = postman_with_map()
    m = data.draw(mutations(doc, where=("setup",)), label="mutation")
    outcome(json_text(apply(doc, m), m), "postman/with_map.json")


def test_a_postman_record_naming_its_map_loads_and_a_wrong_map_is_placed():
    doc = postman_with_map()
    assert outcome(json_text(doc), "m.json") == "loaded"
    doc["setup"]["map"] = "nowhere"
    assert "setup" in outcome(json_text(doc), "m.json")


def test_every_game_has_samples_to_fuzz():
    assert set(GAMES) == {"couriers", "postman", "thurn_and_taxis", "ab_die_post"}
    assert all(p in DOCS for p in SAMPLES)


def test_the_mutants_reach_past_the_parser():
    """Replacing an input's argument must get as far as the game's rules (a verdict), not stop
    at the JSON: a fuzz test that only ever meets the parser finds nothing."""
    sample = RULES / "couriers" / "samples" / "several_turns.json"
    doc = json.loads(sample.read_text(encoding="utf-8"))
    first = next(i for i, inp in enumerate(doc["inputs"]) if inp["kind"] == "move_courier")
    doc["inputs"][first]["args"]["speed"] = "warp"
    rec = records.parse(json_text(doc), "x")
    _session, verdicts = games.restore(rec, "x")
    assert verdicts[first].verdict == "refused" and "warp" in verdicts[first].reason


@pytest.mark.parametrize("text", [
    "NaN", '{"format": "posthorn-record", "version": 1e400}', "[" * 50_000, '"\\ud800"', "{" * 3000,
    '{"format": "posthorn-record", "version": 1, "game": "couriers", "pack": {"id": "couriers", '
    '"hash": ""}, "seed": 1, "setup": {}, "inputs": [], "rolls_made": 1e999}',
    '{"format": "posthorn-record", "version": 1, "format": "x"}', '{"a": 1' + "0" * 5000 + "}",
])
def test_awkward_json(text):
    assert outcome(text, "awkward.json")


@FUZZ
@given(st.binary(max_size=200), st.integers(0, 10_000))
def test_bytes_and_truncated_files(tmp_path_factory, junk, cut):
    folder = tmp_path_factory.mktemp("fuzz-records", numbered=True)
    text = (RULES / "couriers" / "samples" / "several_turns.json").read_bytes()
    for name, raw in (("junk.json", junk), ("cut.json", text[:cut])):
        path = folder / name
        path.write_bytes(raw)
        try:
            games.restore(records.read(path), str(path))
        except PosthornError as e:
            assert str(path) in str(e)


# -- the long run: a separate command (README, "Fuzzing") -----------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_long_run_records(game, capsys):
    samples = [p for p in SAMPLES if p.parent.parent.name == game]
    counts = {"loaded": 0, "message": 0}

    @settings(FUZZ, derandomize=False, max_examples=LONG)
    @given(data=st.data())
    def run(data):
        sample = data.draw(st.sampled_from(samples), label="sample")
        counts["loaded" if fuzz_one(data, sample) == "loaded" else "message"] += 1

    run()
    with capsys.disabled():
        print(f"\nfuzz records {game}: {sum(counts.values())} records, {counts['loaded']} loaded, "
              f"{counts['message']} clear messages, 0 tracebacks")
    assert sum(counts.values()) >= LONG


@pytest.mark.slow
@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_long_run_every_path_of_every_sample(sample, capsys):
    doc = DOCS[sample]
    name = f"{sample.parent.parent.name}/{sample.name}"
    counts = {"loaded": 0, "message": 0}
    for m in sweep(doc):
        try:
            said = outcome(json_text(apply(doc, m), m), name)
        except Exception as e:
            raise AssertionError(f"{name}, {m}: {type(e).__name__}: {e}") from e
        counts["loaded" if said == "loaded" else "message"] += 1
    with capsys.disabled():
        print(f"\nfuzz every path of {name}: {sum(counts.values())} records, {counts['loaded']} loaded, "
              f"{counts['message']} clear messages, 0 tracebacks")
