"""The bundled sample records replay cleanly, and the final scores match a count by hand."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from companion import games
from companion.core import records

SAMPLES = sorted((Path(__file__).resolve().parents[2] / "rules" / "thurn_and_taxis" / "samples").glob("*.json"))
PIECES = tomllib.loads((SAMPLES[0].parents[1] / "pieces.toml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_sample_replays_to_the_end(path, tt_pack):
    session, verdicts = games.restore(records.read(path), str(path), pack=tt_pack)
    assert {v.verdict for v in verdicts} == {"ok"}
    final = session.rules.state_json(session.state)
    assert final["over"]
    points = {c["length"]: c["points"] for c in PIECES["carriage"]}
    for player, shown in zip(final["players"], final["scores"], strict=True):
        by_hand = (max((points[c] for c in player["carriages"]), default=0)
                   + sum(v for _stack, v in player["tiles"]) - (20 - len(player["houses"])))
        assert shown["score"] == by_hand, player["name"]
