"""Each input's arguments are read once and each state's public state is built once (#12, the
hot path): a submit and a record's replay judge, word and apply an input from one reading, and
the words of an input share the public state built after the one before it."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import games
from companion.core import records
from companion.core.input_table import InputTable

SAMPLES = sorted(Path("rules").glob("*/samples/*.json"))


@pytest.fixture
def counted(monkeypatch):
    """How many times arguments were read and public states built, by the game's rules."""
    counts = {"read": 0, "public": 0}
    read = InputTable.read

    def counting_read(self, state, inp):
        counts["read"] += 1
        return read(self, state, inp)

    monkeypatch.setattr(InputTable, "read", counting_read)

    def count_public(rules):
        public = type(rules).public_state

        def counting_public(self, state):
            counts["public"] += 1
            return public(self, state)

        monkeypatch.setattr(type(rules), "public_state", counting_public)

    counts["watch"] = count_public
    return counts


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_a_replay_reads_each_input_once_and_builds_each_public_state_once(path, counted):
    rec = records.read(path)
    counted["watch"](games.rules_for(rec.game))
    counted["read"] = counted["public"] = 0
    session, verdicts = games.restore(rec, str(path))
    assert len(verdicts) == len(rec.inputs) > 0
    assert counted["read"] == len(rec.inputs)
    # one per state the inputs made, and one for the setup's
    assert counted["public"] <= len(session.entries) + 1


@pytest.mark.parametrize("path", SAMPLES[:1] + SAMPLES[-1:], ids=lambda p: p.parent.parent.name)
def test_a_submit_reads_its_input_once_and_words_it_from_the_public_state_built_before(path, counted):
    rec = records.read(path)
    counted["watch"](games.rules_for(rec.game))
    session, _ = games.restore(rec, str(path))
    redone = []
    while session.can_undo and len(redone) < 5:
        redone.append(session.undo().input)
    session.public_state()  # what a screen showing the state builds anyway
    for inp in reversed(redone):
        counted["read"] = counted["public"] = 0
        assert session.submit(inp).accepted
        assert counted["read"] == 1
        assert counted["public"] == 1  # the state after it; the one before was built already
