"""Fuzzing rule packs from the structure out: every bundled pack of every game, with one value at
a random path of one of its TOML files (pack.toml, the data files, the maps) replaced by a
hostile one, dropped or given twice. Loading the pack either ends in a message naming the file,
the place and what was expected, or the pack loads and then plays: every sample record of its
game replays against it, with the next roll or draw made. Never a traceback.

The long run (``-m slow``, README "Fuzzing") takes at least 1,000 packs per game.
"""

from __future__ import annotations

import json
import os
import shutil
import tomllib
from importlib import resources
from pathlib import Path

import pytest
from fuzzing import FUZZ, apply, clear_message, mutations, sweep, toml_bytes
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import games
from companion.core import records
from companion.core.violations import PosthornError
from companion.games import load_pack

RULES = Path(str(resources.files("rules")))
GAMES = sorted(p.name for p in RULES.iterdir() if (p / "pack.toml").is_file())
FILES = {game: sorted(str(p.relative_to(RULES / game)) for p in (RULES / game).rglob("*.toml"))
         for game in GAMES}
DOCS = {(game, name): tomllib.loads((RULES / game / name).read_text(encoding="utf-8"))
        for game in GAMES for name in FILES[game]}
SAMPLES = {game: [json.loads(p.read_text(encoding="utf-8")) for p in sorted((RULES / game).glob("samples/*.json"))]
           for game in GAMES}
LONG = int(os.environ.get("POSTHORN_FUZZ_LONG", "1000"))


@pytest.fixture(scope="module")
def copies(tmp_path_factory) -> dict[str, Path]:
    """A player's copy of each bundled pack; each example changes one file and puts it back."""
    out = {}
    for game in GAMES:
        dst = tmp_path_factory.mktemp("fuzz-packs") / game
        shutil.copytree(RULES / game, dst, ignore=shutil.ignore_patterns("samples", "__pycache__"))
        out[game] = dst
    return out


def play(pack) -> None:
    """A pack that loads must also play: each sample of its game replays against it."""
    for doc in SAMPLES[pack.game]:
        rec = records.parse(json.dumps(doc), "sample")
        try:
            session, verdicts = games.restore(rec, "sample", pack)
        except PosthornError as e:  # the sample's setup may not fit the changed pack: said where
            clear_message(e, "sample")
            continue
        for v in verdicts:
            v.line()
        session.rules.state_json(session.state)
        json.dumps(session.rules.public_view(session.state))
        records.record_of(session).dumps()
        session.next_steps()
        if session.pending_roll() is not None:
            session.roll(override=True)
        elif session.pending_draw() is not None and session.pending_draw().choices:
            session.deal(override=True)


def fuzz_one(data, game: str, folder: Path) -> str:
    name = data.draw(st.sampled_from(FILES[game]), label="file")
    m = data.draw(mutations(DOCS[(game, name)]), label="mutation")
    return load_mutant(game, folder, name, m)


def load_mutant(game: str, folder: Path, name: str, m) -> str:
    doc = DOCS[(game, name)]
    path = folder / name
    original = path.read_bytes()
    path.write_bytes(toml_bytes(apply(doc, m), m))
    try:
        pack = load_pack(folder)
    except PosthornError as e:
        text = clear_message(e, e.path)
        assert e.path.startswith(str(folder)), f"names no file of the pack: {text}"
        return text
    finally:
        path.write_bytes(original)
    play(pack)
    return "loaded"


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data())
def test_a_bundled_pack_with_one_hostile_value(copies, game, data):
    fuzz_one(data, game, copies[game])


def test_every_game_has_a_pack_to_fuzz_and_the_writer_round_trips():
    assert set(GAMES) == {"couriers", "postman", "thurn_and_taxis", "ab_die_post"}
    for (game, name), doc in DOCS.items():
        assert tomllib.loads(toml_bytes(doc).decode("utf-8")) == doc, f"{game}/{name}"


def test_the_mutants_reach_past_the_parser(copies):
    """A number the schema accepts but the game has not seen (a loss number of 2) loads and
    plays: the fuzz reaches the rules, not only the TOML reader."""
    folder = copies["couriers"]
    doc = DOCS[("couriers", "couriers.toml")]
    changed = json.loads(json.dumps(doc))
    changed["speeds"]["officer"]["lost_on"] = 3
    path = folder / "couriers.toml"
    original = path.read_bytes()
    try:
        path.write_bytes(toml_bytes(changed))
        pack = load_pack(folder)
        assert pack.data["couriers"]["speeds"]["officer"]["lost_on"] == 3
        play(pack)
    finally:
        path.write_bytes(original)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_long_run_packs(copies, game, capsys):
    counts = {"loaded": 0, "message": 0}

    @settings(FUZZ, derandomize=False, max_examples=LONG)
    @given(data=st.data())
    def run(data):
        counts["loaded" if fuzz_one(data, game, copies[game]) == "loaded" else "message"] += 1

    run()
    with capsys.disabled():
        print(f"\nfuzz packs {game}: {sum(counts.values())} packs, {counts['loaded']} loaded and played, "
              f"{counts['message']} clear messages, 0 tracebacks")
    assert sum(counts.values()) >= LONG


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_long_run_every_path_of_every_pack_file(copies, game, capsys):
    counts = {"loaded": 0, "message": 0}
    for name in FILES[game]:
        for m in sweep(DOCS[(game, name)]):
            try:
                said = load_mutant(game, copies[game], name, m)
            except Exception as e:
                raise AssertionError(f"{game}/{name}, {m}: {type(e).__name__}: {e}") from e
            counts["loaded" if said == "loaded" else "message"] += 1
    with capsys.disabled():
        print(f"\nfuzz every path of the {game} pack: {sum(counts.values())} packs, {counts['loaded']} loaded "
              f"and played, {counts['message']} clear messages, 0 tracebacks")
