"""Fuzzing the loaders: whatever a record file or a rule pack holds, loading it ends in a
PosthornError with a message (RecordError, PackError, MalformedInput), never in a traceback.

Records are fuzzed as text, as bytes, as truncated files and as valid records with one part
replaced by any JSON value. Packs are fuzzed by replacing, deleting or adding one value of the
bundled pack's TOML, and by mangling its text. A mutated pack that still loads must also play.
"""

from __future__ import annotations

import copy
import json
import math
import os
import shutil
import tomllib
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core import records
from companion.core.inputs import Input
from companion.core.packs import load_pack
from companion.core.session import Session
from companion.core.violations import PosthornError
from companion.couriers.rules import RULES

#: 100 examples keep the suite quick; POSTHORN_EXAMPLES=5000 digs deeper by hand.
FUZZ = settings(max_examples=int(os.environ.get("POSTHORN_EXAMPLES", "100")), deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

BUNDLED = Path(str(resources.files("rules") / "couriers"))
SAMPLE_TEXT = (BUNDLED / "samples" / "several_turns.json").read_text(encoding="utf-8")
SAMPLE = json.loads(SAMPLE_TEXT)


def only_posthorn_errors(fn, *args):
    """Run ``fn``; a PosthornError must carry a message; any other exception fails the test."""
    try:
        return fn(*args)
    except PosthornError as e:
        assert str(e).strip(), f"{type(e).__name__} without a message"
        return None


def load_and_replay_text(text: str):
    rec = records.parse(text, "fuzz.json")
    session, verdicts = records.restore(rec, "fuzz.json")
    for v in verdicts:
        assert v.verdict in ("ok", "overridden", "flagged", "refused")
        v.line()
    session.rules.state_json(session.state)
    records.record_of(session).dumps()
    return session


# -- JSON values --------------------------------------------------------------------------------------
scalars = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70),
                    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12),
                    st.sampled_from(["C1", "meade", "lee", "roll", "couriers", "officer", "2d6", ""]))
json_values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)), max_leaves=12)


def paths(value, prefix=()):
    """Every path into a JSON value (keys and list indexes)."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, (*prefix, i))


SAMPLE_PATHS = [p for p in paths(SAMPLE) if p]


def replaced(doc, path, new, delete=False):
    doc = copy.deepcopy(doc)
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    if delete:
        del parent[path[-1]]
    else:
        parent[path[-1]] = new
    return doc


# -- records ---------------------------------------------------------------------------------------
@FUZZ
@given(st.text(max_size=300))
def test_any_text_is_a_record_or_a_record_error(text):
    only_posthorn_errors(load_and_replay_text, text)


@FUZZ
@given(json_values)
def test_any_json_is_a_record_or_a_record_error(value):
    only_posthorn_errors(load_and_replay_text, json.dumps(value))


@FUZZ
@given(st.sampled_from(SAMPLE_PATHS), json_values, st.booleans())
def test_a_record_with_one_part_replaced(path, new, delete):
    doc = replaced(SAMPLE, path, new, delete)
    only_posthorn_errors(load_and_replay_text, json.dumps(doc))


@FUZZ
@given(st.integers(0, len(SAMPLE["inputs"]) - 1), st.sampled_from(["args", "kind", "source", "override"]),
       json_values)
def test_a_record_with_one_input_mangled(index, field, new):
    doc = copy.deepcopy(SAMPLE)
    doc["inputs"][index][field] = new
    only_posthorn_errors(load_and_replay_text, json.dumps(doc))


@FUZZ
@given(st.integers(0, len(SAMPLE["inputs"]) - 1), st.dictionaries(
    st.sampled_from(["courier", "commander", "sender", "recipient", "speed", "nearest_enemy", "arrives",
                     "values", "message", "place", "building", "name", "side", "rank", "id"]),
    json_values, max_size=4))
def test_a_record_with_odd_arguments(index, args):
    doc = copy.deepcopy(SAMPLE)
    doc["inputs"][index].setdefault("args", {}).update(args)
    only_posthorn_errors(load_and_replay_text, json.dumps(doc))


@FUZZ
@given(st.binary(max_size=200), st.integers(0, len(SAMPLE_TEXT)))
def test_read_bytes_and_truncated_files(tmp_path_factory, junk, cut):
    folder = tmp_path_factory.mktemp("fuzz-records", numbered=True)
    for name, data in (("junk.json", junk), ("cut.json", SAMPLE_TEXT[:cut].encode("utf-8"))):
        path = folder / name
        path.write_bytes(data)

        def read_restore(p=path):
            rec = records.read(p)
            return records.restore(rec, str(p))

        only_posthorn_errors(read_restore)
    shutil.rmtree(folder)


@pytest.mark.parametrize("text", [
    "NaN", '{"format": "posthorn-record", "version": 1e400}', "[" * 50_000, '"\\ud800"',
    '{"format": "posthorn-record", "version": 1, "game": "couriers", "pack": {"id": "couriers", '
    '"hash": ""}, "seed": 1, "setup": {}, "inputs": [], "rolls_made": 1e999}',
])
def test_awkward_json(text):
    only_posthorn_errors(load_and_replay_text, text)


# -- packs -----------------------------------------------------------------------------------------
def toml_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    return "{" + ", ".join(f"{json.dumps(k)} = {toml_value(x)}" for k, x in v.items()) + "}"


def toml_dump(doc: dict) -> str:
    """Enough TOML for the tests: top-level scalars first, then one section per table."""
    head = [f"{json.dumps(k)} = {toml_value(v)}" for k, v in doc.items() if not isinstance(v, dict)]
    body = []
    for k, v in doc.items():
        if isinstance(v, dict):
            body.append(f"[{json.dumps(k)}]")
            body += [f"{json.dumps(kk)} = {toml_value(vv)}" for kk, vv in v.items()]
    return "\n".join(head + body) + "\n"


COURIERS = tomllib.loads((BUNDLED / "couriers.toml").read_text(encoding="utf-8"))
PACK_HEAD = tomllib.loads((BUNDLED / "pack.toml").read_text(encoding="utf-8"))
COURIER_PATHS = [p for p in paths(COURIERS) if p]
HEAD_PATHS = [p for p in paths(PACK_HEAD) if p]

toml_scalars = st.one_of(st.booleans(), st.integers(-2**63, 2**63 - 1), st.floats(), st.text(max_size=10),
                         st.sampled_from(["1d6", "2d6", "15mm", "officer", "brigade", "closest", "couriers"]),
                         st.integers(-3, 30))
toml_values = st.recursive(toml_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)), max_leaves=10)


def test_toml_dump_round_trips():
    assert tomllib.loads(toml_dump(COURIERS)) == COURIERS
    assert tomllib.loads(toml_dump(PACK_HEAD)) == PACK_HEAD


def play_a_little(pack) -> None:
    """A pack that loads must also play: at every scale it offers; send, move, roll, search..."""
    for scale in pack.data["couriers"]["scales"]:
        assert Session(RULES, pack, {"settings": {"scale": scale}}, seed=1).state.settings.scale_factor > 0
    s = Session(RULES, pack, {}, seed=1)
    for inp in (Input("add_commander", {"id": "a", "name": "A", "side": "Blue", "rank": "army"}),
                Input("add_commander", {"id": "b", "name": "B", "side": "Blue", "rank": "brigade"}),
                Input("declare_hq", {"commander": "a", "place": "Hill"}),
                Input("start_game"), Input("send_courier", {"sender": "b", "recipient": "a", "message": "m"}),
                Input("send_courier", {"sender": "a", "recipient": "b", "message": "m"}),
                Input("begin_courier_step")):
        s.submit(inp, override=True)
    for speed in pack.data["couriers"]["speeds"]:
        for cid, near in (("C1", 1.0), ("C2", None)):
            args = {"courier": cid, "speed": speed, "arrives": True}
            if near is not None:
                args["nearest_enemy"] = near
            s.submit(Input("move_courier", args), override=True)
            while s.pending_roll() is not None:
                req = s.pending_roll()
                assert 0 <= req.chance_met <= 1
                req.describe()
                s.roll()
            if s.next_steps() and s.next_steps()[0].kind == "attempt_location":
                s.submit(Input("attempt_location", {"courier": cid}), override=True)
                s.roll()
        s.submit(Input("end_turn"), override=True)
        s.submit(Input("begin_courier_step"), override=True)
    s.submit(Input("establish_hq", {"commander": "a", "place": "Barn"}), override=True)
    records.record_of(s).dumps()


def load_mutated(folder: Path, couriers_text: str, head_text: str) -> None:
    (folder / "couriers.toml").write_text(couriers_text, encoding="utf-8")
    (folder / "pack.toml").write_text(head_text, encoding="utf-8")
    pack = only_posthorn_errors(load_pack, folder)
    if pack is not None:
        only_posthorn_errors(play_a_little, pack)


@pytest.fixture(scope="module")
def pack_copy(tmp_path_factory) -> Path:
    dst = tmp_path_factory.mktemp("fuzz-pack") / "pack"
    shutil.copytree(BUNDLED, dst, ignore=shutil.ignore_patterns("samples", "__pycache__"))
    return dst


@FUZZ
@given(st.sampled_from(COURIER_PATHS), toml_values, st.sampled_from(["replace", "delete", "add"]))
def test_a_pack_with_one_value_changed(pack_copy, path, new, how):
    if how == "add":
        doc = replaced(COURIERS, (*path[:-1], "extra_key"), new) if isinstance(path[-1], str) else COURIERS
    else:
        doc = replaced(COURIERS, path, new, delete=how == "delete")
    load_mutated(pack_copy, toml_dump(doc), toml_dump(PACK_HEAD))


@FUZZ
@given(st.sampled_from(HEAD_PATHS), toml_values, st.booleans())
def test_a_pack_with_its_head_changed(pack_copy, path, new, delete):
    doc = replaced(PACK_HEAD, path, new, delete)
    load_mutated(pack_copy, toml_dump(COURIERS), toml_dump(doc))


@FUZZ
@given(st.dictionaries(st.sampled_from(sorted(COURIERS)), toml_values, max_size=3),
       st.dictionaries(st.text(max_size=6), toml_values, max_size=2))
def test_a_pack_with_whole_sections_replaced(pack_copy, sections, extra):
    doc = {**copy.deepcopy(COURIERS), **sections, **extra}
    load_mutated(pack_copy, toml_dump(doc), toml_dump(PACK_HEAD))


@FUZZ
@given(st.integers(0, 2000), st.integers(0, 40), st.text(max_size=8))
def test_a_pack_with_mangled_text(pack_copy, at, cut, insert):
    text = (BUNDLED / "couriers.toml").read_text(encoding="utf-8")
    at = at % (len(text) + 1)
    load_mutated(pack_copy, text[:at] + insert + text[at + cut:], toml_dump(PACK_HEAD))


@FUZZ
@given(st.binary(max_size=120))
def test_a_pack_with_binary_files(pack_copy, junk):
    (pack_copy / "reference.md").write_bytes(junk)
    try:
        load_mutated(pack_copy, junk.decode("utf-8", "replace"), toml_dump(PACK_HEAD))
    finally:
        shutil.copy(BUNDLED / "reference.md", pack_copy / "reference.md")


# -- every game's samples, with one input's arguments replaced ------------------------------------
ALL_SAMPLES = sorted((BUNDLED.parent).glob("*/samples/*.json"))


def _arg_names(doc) -> list[str]:
    return sorted({k for inp in doc["inputs"] for k in inp.get("args", {})} | {"unit", "town", "card"})


@FUZZ
@given(st.data())
def test_every_games_record_with_odd_arguments(data):
    """Each game's rules meet names of the wrong type (a list for a unit id...) with a message."""
    path = data.draw(st.sampled_from(ALL_SAMPLES), label="sample")
    doc = json.loads(path.read_text(encoding="utf-8"))
    index = data.draw(st.integers(0, len(doc["inputs"]) - 1), label="input")
    args = data.draw(st.dictionaries(st.sampled_from(_arg_names(doc)), json_values, min_size=1, max_size=3),
                     label="args")
    doc["inputs"][index].setdefault("args", {}).update(args)
    if data.draw(st.booleans(), label="override"):
        doc["inputs"][index]["override"] = ["any.rule"]
    only_posthorn_errors(load_and_replay_text, json.dumps(doc))


def test_the_samples_of_every_game_are_fuzzed():
    assert {p.parent.parent.name for p in ALL_SAMPLES} >= {"couriers", "postman", "thurn_and_taxis", "ab_die_post"}
