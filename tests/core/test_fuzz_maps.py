"""Fuzzing map files from the structure out: each bundled map (the Postman's boards, Ab die
Post!'s board) with one value at a random path replaced by a hostile one, dropped or given twice,
opened as a map file, in the Postman's map editor, and inline in a game's setup. Each ends in a
message naming the file, the place and what is wrong, or in a board that plays. Never a
traceback.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path

import pytest
from fuzzing import FUZZ, apply, clear_message, mutations, sweep, toml_bytes
from hypothesis import given
from hypothesis import strategies as st

from companion.ab_die_post import board as post_board
from companion.ab_die_post.rules import RULES as POST_RULES
from companion.core.session import Session
from companion.core.violations import PosthornError
from companion.games import bundled_pack
from companion.postman import board as postman_board
from companion.postman.map_draft import open_map
from companion.postman.rules import RULES as POSTMAN_RULES

RULES = Path(str(resources.files("rules")))
MAPS = sorted(RULES.glob("*/maps/*.toml"))
DOCS = {p: tomllib.loads(p.read_text(encoding="utf-8")) for p in MAPS}


def play(game: str, data: dict) -> None:
    """A board that loads from a file must also play when a record carries it inline."""
    if game == "postman":
        session = Session(POSTMAN_RULES, bundled_pack("postman"), {"board": data}, seed=1)
    else:
        session = Session(POST_RULES, bundled_pack("ab_die_post"), {"players": ["Anna", "Ben"], "board": data},
                          seed=1)
    for _ in range(12):
        if session.pending_draw() is not None and session.pending_draw().choices:
            session.deal(override=True)
        elif session.pending_roll() is not None:
            session.roll(override=True)
        else:
            break
    session.next_steps()
    session.rules.public_view(session.state)


def fuzz_one(data, tmp: Path) -> str:
    source = data.draw(st.sampled_from(MAPS), label="map")
    return load_mutant(source, data.draw(mutations(DOCS[source]), label="mutation"), tmp)


def load_mutant(source: Path, m, tmp: Path) -> str:
    game = source.parent.parent.name
    path = tmp / source.name
    path.write_bytes(toml_bytes(apply(DOCS[source], m), m))
    loaders = [postman_board.board_from_file, open_map] if game == "postman" else [post_board.board_from_file]
    said = None
    for load in loaders:
        try:
            load(path)
        except PosthornError as e:
            said = clear_message(e, str(path))
    if said is None:
        play(game, tomllib.loads(path.read_text(encoding="utf-8")))
    return said or "loaded"


def test_every_bundled_map_is_fuzzed():
    assert {p.parent.parent.name for p in MAPS} == {"postman", "ab_die_post"}


@FUZZ
@given(data=st.data())
def test_a_bundled_map_with_one_hostile_value(tmp_path_factory, data):
    fuzz_one(data, tmp_path_factory.mktemp("fuzz-maps", numbered=True))


@pytest.mark.parametrize("source", MAPS, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_every_bundled_map_plays_unchanged(source):
    play(source.parent.parent.name, DOCS[source])


@pytest.mark.slow
def test_long_run_maps(tmp_path_factory, capsys):
    import os

    from hypothesis import settings

    counts = {"loaded": 0, "message": 0}
    long = int(os.environ.get("POSTHORN_FUZZ_LONG", "1000"))

    @settings(FUZZ, derandomize=False, max_examples=long)
    @given(data=st.data())
    def run(data):
        said = fuzz_one(data, tmp_path_factory.mktemp("fuzz-maps-long", numbered=True))
        counts["loaded" if said == "loaded" else "message"] += 1

    run()
    with capsys.disabled():
        print(f"\nfuzz maps: {sum(counts.values())} map files, {counts['loaded']} loaded and played, "
              f"{counts['message']} clear messages, 0 tracebacks")
    assert sum(counts.values()) >= long


@pytest.mark.slow
@pytest.mark.parametrize("source", MAPS, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_long_run_every_path_of_every_map(source, tmp_path, capsys):
    counts = {"loaded": 0, "message": 0}
    for m in sweep(DOCS[source]):
        try:
            said = load_mutant(source, m, tmp_path)
        except Exception as e:
            raise AssertionError(f"{source.name}, {m}: {type(e).__name__}: {e}") from e
        counts["loaded" if said == "loaded" else "message"] += 1
    with capsys.disabled():
        print(f"\nfuzz every path of {source.parent.parent.name}/maps/{source.name}: {sum(counts.values())} "
              f"map files, {counts['loaded']} loaded and played, {counts['message']} clear messages, 0 tracebacks")
