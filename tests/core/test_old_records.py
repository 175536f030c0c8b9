"""Records written before the kernel's input tables still load, and replay to the same end.

``tests/fixtures/old_records/`` keeps each game's bundled samples (``rules/<game>/samples/``)
copied as they were before inputs were declared in one table per game, with each one's verdicts and final state at that
time (``final_states.json``). A change to how inputs are parsed, checked or applied that moves
any of them fails here. New keys in a state are allowed (the state may come to say more); a
changed or missing value is not.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import games
from companion.core import records

OLD = Path(__file__).resolve().parents[1] / "fixtures" / "old_records"
EXPECTED = json.loads((OLD / "final_states.json").read_text(encoding="utf-8"))


def differences(expected, got, where="state"):
    """Where ``got`` does not say what ``expected`` says (extra keys in ``got`` are fine)."""
    if isinstance(expected, dict) and isinstance(got, dict):
        out = []
        for key, value in expected.items():
            if key not in got:
                out.append(f"{where}.{key}: missing")
            else:
                out += differences(value, got[key], f"{where}.{key}")
        return out
    if isinstance(expected, list) and isinstance(got, list) and len(expected) == len(got):
        return [d for i, (a, b) in enumerate(zip(expected, got, strict=True))
                for d in differences(a, b, f"{where}[{i}]")]
    return [] if expected == got else [f"{where}: was {expected!r:.80}, now {got!r:.80}"]


def replay(path: Path):
    session, verdicts = games.restore(records.read(path), str(path))
    return [v.verdict for v in verdicts], session.rules.state_json(session.state)


def test_one_old_record_of_every_game_is_kept():
    games = {name.split("__")[0] for name in EXPECTED}
    assert games == {"postman", "couriers", "thurn_and_taxis", "ab_die_post"}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_an_old_record_loads_and_replays_to_the_same_end(name):
    verdicts, state = replay(OLD / name)
    assert verdicts == EXPECTED[name]["verdicts"]
    assert differences(EXPECTED[name]["state"], state) == []


def test_the_comparison_sees_a_changed_value_but_allows_a_new_key():
    assert differences({"a": {"b": [1, 2]}}, {"a": {"b": [1, 2], "c": 3}, "d": 4}) == []
    assert differences({"a": {"b": [1, 2]}}, {"a": {"b": [1, 3]}}) == ["state.a.b[1]: was 2, now 3"]
    assert differences({"a": 1}, {}) == ["state.a: missing"]
