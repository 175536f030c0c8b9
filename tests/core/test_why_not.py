"""``why_not`` answers every well-formed input with its violations and never raises for one.

The candidates a game's rules list (``Rules.candidates``) name only real things with possible
values, so asking ``why_not`` about each of them, in every position of the bundled samples and
in random playouts of each game, must give a list of violations (each with a rule id that has
a section in ``rules/<game>/reference.md``), never MalformedInput.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from playout import GAMES, Playout, setup_of

from companion import games
from companion.core import records
from companion.core.session import Session
from companion.core.violations import MalformedInput
from companion.games import bundled_pack, rules_for

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "rules").glob("*/samples/*.json"))
#: positions asked about in each sample, evenly spread from the start to the end
POSITIONS = 6


def ask_every_candidate(session: Session) -> int:
    known = set(session.pack.reference)
    asked = 0
    for inp in session.rules.candidates(session.state):
        for v in session.why_not(inp):
            assert v.rule in known, f"{inp}: {v.rule} has no section in the reference"
        asked += 1
    return asked


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_why_not_never_raises_for_a_candidate_in_a_sample(path, tmp_path):
    data = json.loads(path.read_text(encoding="utf-8"))
    n = len(data["inputs"])
    asked = 0
    for k in sorted({round(i * n / (POSITIONS - 1)) for i in range(POSITIONS)}):
        part = tmp_path / f"first_{k}.json"
        part.write_text(json.dumps({**data, "inputs": data["inputs"][:k]}), encoding="utf-8")
        session, _ = games.restore(records.read(part), str(part))
        asked += ask_every_candidate(session)
    assert asked > 0


@pytest.mark.parametrize("game", GAMES)
def test_why_not_never_raises_for_a_candidate_in_a_random_playout(game):
    for seed in (1, 2):
        rng = random.Random(seed)
        session = Session(rules_for(game), bundled_pack(game), setup_of(game, rng), seed)
        player = Playout(session, rng)
        asked = 0
        for _ in range(40):
            asked += ask_every_candidate(session)
            if not player.step():
                break
        assert asked > 0


def ask_every_earlier_candidate(session: Session, earlier) -> int:
    """Ask ``why_not`` about inputs that were candidates earlier in the game. Each is still well
    formed unless one of its arguments names what the state no longer holds (a unit fallen, a
    card played), and then the refusal names that argument (``<kind>.<argument>: ...``).
    Anything else about it (a ``fight`` while another battle is on, casualties nobody owes, an
    answer the table may not even override) is a violation with a rule id, never MalformedInput."""
    known = set(session.pack.reference)
    asked = 0
    for inp in earlier:
        try:
            violations = session.why_not(inp)
        except MalformedInput as e:
            named = tuple(f"{inp.kind}.{name}:" for name in inp.args)
            assert named and str(e).startswith(named), f"{inp}: refused, naming no argument: {e}"
            continue
        for v in violations:
            assert v.rule in known, f"{inp}: {v.rule} has no section in the reference"
        asked += 1
    return asked


@pytest.mark.parametrize("game", GAMES)
def test_why_not_never_raises_for_an_earlier_candidate_in_a_random_playout(game):
    for seed in (1, 2, 3):
        rng = random.Random(seed)
        session = Session(rules_for(game), bundled_pack(game), setup_of(game, rng), seed)
        player = Playout(session, rng)
        earlier: dict = {}  # the candidates seen, oldest first
        asked = 0
        for _ in range(60):
            asked += ask_every_earlier_candidate(session, earlier)
            earlier.update(dict.fromkeys(session.rules.candidates(session.state)))
            for old in list(earlier)[:-300]:  # the newest few hundred: the suite stays fast
                del earlier[old]
            if not player.step():
                break
        assert asked > 0


def test_a_postman_fight_while_a_battle_is_on_is_a_pending_violation():
    """postman.battle.pending: a battle begun is fought to its end first; overridden, the
    second ``fight`` changes nothing (the battle on stays the one fought)."""
    from companion.core.inputs import Input

    for seed in range(1, 40):
        rng = random.Random(seed)
        session = Session(rules_for("postman"), bundled_pack("postman"), setup_of("postman", rng), seed)
        player = Playout(session, rng)
        for _ in range(400):
            pos = session.state.pos
            if pos.battle is not None and pos.battles_left:
                other = Input("fight", {"town": sorted(pos.battles_left)[0]})
                assert [v.rule for v in session.why_not(other)][-1] == "postman.battle.pending"
                fought = pos.battle.town
                session.submit(other, override=True)
                assert session.state.pos.battle.town == fought
                return
            if not player.step():
                break
    pytest.fail("no random game reached a second battle while one was on")
