"""Builds the Postman sample records in ``rules/postman/samples/`` by playing them through a
real session with table cards and table dice, so each record is deterministic.

    .venv/bin/python -m tests.postman.build_samples      # rewrite the samples

``tests/postman/test_records.py`` checks that the committed samples are what this builds.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

from companion.core import records
from companion.core.inputs import Input

from .kit import Table

SAMPLES = Path(__file__).resolve().parents[2] / "rules" / "postman" / "samples"
STAMP = "2025-01-01T00:00:00+00:00"


def short_game() -> records.Record:
    """Two turns on the seven-town board: a recruit, a Militia phase, both Mail phases, a
    retreat from an arriving stack with Intercept played on it, a battle the Postmen retreat
    from, a Militia battle, a sneak saved by Luck, and Rule Number 7: the Postman wins the duel."""
    t = Table(postmen=["AH", "3D", "KD", "5H", "QH"], holnists=["2S", "KC", "3C", "JS", "AS"])
    # -- turn 1, the Postmen
    t.move("rider1", "side")
    t.move(["postman1", "rider2"], "mid1")
    t.end_phase()                      # Move -> Fight: no battle
    t.end_phase()                      # Fight -> Recruit
    t.ok("recruit", unit="rider1")
    t.roll(4)                          # a Rider recruits on 4
    t.roll(5)                          # type: 5 + 1 (large town) = 6, Cavalry
    t.end_phase()                      # Recruit -> Militia
    t.ok("militia_phase")
    t.roll(3)                          # Riverford: a second Militia
    t.end_phase()                      # Militia -> Mail
    t.draw("KH")
    t.draw("10D")
    t.end_phase()
    # -- turn 1, the Holnists
    t.move("patrol1", "mid2", "mid1")  # onto the Postman and a Rider
    t.ok("retreat", unit="rider2", to="post")
    t.play("2S")                       # Intercept: -1 to the retreat roll
    t.roll(4)                          # 4 + 1 (forest) - 1 = 4: the Rider gets away
    t.ok("stay")                       # the Postman stays
    t.move(["general1", "regiment1"], "mid2")
    t.end_phase()                      # Move -> Fight: Firwood and Riverford
    t.ok("fight", town="mid1")
    t.roll(2)                          # the Militia of Firwood stay out
    t.roll(1, 1)                       # the Postman and the Patrol both miss: the Postmen retreat
    t.ok("battle_retreat", to="post")
    t.ok("fight", town="mid2")
    t.roll(6)                          # the Militia of Riverford fight
    t.roll(6, 1, 2, 3)                 # Militia, Militia, the General, the Regiment
    t.ok("casualties", side="holnists", units=["regiment1"])
    t.end_phase()                      # Fight -> Recruit
    t.end_phase()                      # Recruit -> Mail (no Militia phase on Holnist turns)
    t.draw("7C")
    t.draw("8S")
    t.end_phase()
    # -- turn 2, the Postmen
    t.move("postman1", "mid1", "mid2")  # through the Patrol at Firwood
    t.roll(3)                          # sneak: 3 + 1 (forest) against 2
    t.ok("stay")                       # the General stays to fight
    t.move("cavalry1", "mid1", "mid2")
    t.roll(1)                          # the Cavalry's sneak fails...
    t.play("AH", die=0)                # ...Luck rerolls it
    t.roll(5)                          # 5 + 1 against 4: through
    t.ok("stay")
    t.move(["rider3", "rider4"], "mid1")
    t.ok("stay")                       # the Patrol stays
    t.end_phase()
    t.ok("fight", town="mid2")
    t.roll(4)                          # Rule Number 7: a duel
    t.roll(5, 2)                       # the Postman 5, the General 2 + 1
    assert t.pos.winner == "postmen"
    return _record(t, "A short game: the Postman wins the duel")


def flagged_and_overridden() -> records.Record:
    """A Postmen turn with two overridden inputs (a move beyond the Move stat and a card of the
    wrong colour) and two flagged ones left in the record (a move with no road, a card not held)."""
    t = Table(postmen=["3D", "5H"], holnists=["2C", "JC"])
    out = t.submit("move", override=True, units=["rider1"], path=["side", "mid1", "mid2", "hill"])
    assert [v.rule for v in out.violations] == ["postman.move.limit"]
    t.move("postman1", "mid1")
    out = t.submit("play_card", override=True, card="2C", side="postmen", town="post")
    assert {v.rule for v in out.violations} >= {"postman.card.colour"}
    t.end_phase()
    rec = _record(t, "Flagged and overridden inputs")
    flagged = [
        (3, Input("move", {"units": ["rider3"], "path": ["hill"]})),          # no road
        (5, Input("play_card", {"card": "QH", "side": "postmen"})),  # not held, no battle
    ]
    for at, inp in flagged:
        rec.inputs.insert(10 + at, inp)
    return rec


def _record(t: Table, title: str) -> records.Record:
    rec = records.record_of(t.session, title, STAMP)
    rec.saved = STAMP
    rec.inputs = list(rec.inputs)
    rec.setup = copy.deepcopy(rec.setup)
    return rec


BUILDERS = {"short_game.json": short_game, "flagged_and_overridden.json": flagged_and_overridden}


def main() -> None:
    SAMPLES.mkdir(parents=True, exist_ok=True)
    for name, build in BUILDERS.items():
        rec = build()
        (SAMPLES / name).write_text(rec.dumps(), encoding="utf-8")
        print(f"{name}: {len(rec.inputs)} inputs")
    json.loads((SAMPLES / "short_game.json").read_text(encoding="utf-8"))


if __name__ == "__main__":
    main()
