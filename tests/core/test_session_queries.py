"""The questions every screen, test and phone asks of the session, answered the same way for the
four games: ``legal_inputs``, ``why_not``, ``deciding`` and ``result``.

Each bundled sample is replayed input by input; before each input the session is asked what is
legal. Every input the sample's table gave without breaking a rule must be among them (the
enumeration is exhaustive), and every input listed must pass ``why_not`` (the enumeration is
sound); a game that is not over and owes no roll or draw always has something legal to do.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import games
from companion.core import records
from companion.core.inputs import Input

SAMPLES = sorted((Path(__file__).resolve().parents[2] / "rules").glob("*/samples/*.json"))


def same_choice(session, listed: Input, given: Input) -> bool:
    """Equal as a decision: a Postman move by its stack and where it ends (the enumeration lists
    the likeliest road there); any other input by what it does to a copy of the state (so an
    argument left at its default is the same choice as one given)."""
    if listed.kind != given.kind:
        return False
    if listed.args == given.args:
        return True
    if session.rules.game_id == "postman" and listed.kind == "move":
        return (sorted(listed.args["units"]) == sorted(given.args.get("units", []))
                and listed.args["path"][-1:] == given.args.get("path", [])[-1:])
    after = []
    for inp in (listed, given):
        state = session.replay_state(session.entries)
        session.rules.apply(state, inp)
        after.append(session.rules.state_json(state))
    return after[0] == after[1]


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_legal_inputs_hold_every_move_the_table_made_and_nothing_illegal(path):
    record = records.read(path)
    session, _ = games.restore(records.Record(**{**record.__dict__, "inputs": []}), str(path))
    misses = []
    for n, inp in enumerate(record.inputs, 1):
        legal = session.legal_inputs()
        for candidate in legal:
            assert session.why_not(candidate) == [], (n, candidate)
        owed = session.pending_roll() is not None or session.pending_draw() is not None
        if session.result() is None and not owed:
            assert legal, f"input {n}: the game is stuck with nothing legal to do"
        open_kind = inp.kind in session.rules.open_kinds
        if not inp.is_chance and not open_kind and not inp.override and not session.why_not(inp):
            if not any(same_choice(session, c, inp) for c in legal):
                misses.append((n, str(inp)))
        session.submit(inp, override=bool(inp.override))
    assert misses == []


#: Each game's way to end a turn, and the rules that keep it back while something is owed.
END_TURN = {"postman": "end_phase", "couriers": "end_turn", "thurn_and_taxis": "end_turn",
            "ab_die_post": "stop_drawing"}
FIRST = {"postman": ("postman.draw.pending", "postman.roll.pending", "postman.retreat.pending",
                     "postman.battle.pending"),
         "couriers": ("couriers.roll.pending",),
         "thurn_and_taxis": ("thurn_and_taxis.display.refill", "thurn_and_taxis.turn.end"),
         "ab_die_post": ("ab_die_post.indicator", "ab_die_post.move.pending",
                         "ab_die_post.hurricane.pending", "ab_die_post.flight.keep")}


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_ending_the_turn_while_something_is_owed_breaks_a_rule_naming_it(path):
    record = records.read(path)
    session, _ = games.restore(records.Record(**{**record.__dict__, "inputs": []}), str(path))
    game = session.rules.game_id
    seen = 0
    for inp in record.inputs:
        steps = session.next_steps()
        owed = [st for st in steps if st.required and (st.roll is not None or st.draw is not None)]
        if owed and session.result() is None:
            broken = [v.rule for v in session.why_not(Input(END_TURN[game]))]
            assert any(r in FIRST[game] for r in broken), (owed[0].text, broken)
            seen += 1
        session.submit(inp, override=bool(inp.override))
    assert seen


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_deciding_names_a_seat_of_the_game_or_the_whole_table(path):
    session, _ = games.restore(records.read(path), str(path))
    seats = {s.id for s in session.seats()} | {s.name for s in session.seats()}
    who = session.deciding()
    assert who is None or who in seats


def test_the_end_of_each_game_is_one_result():
    """The samples that play to the end say who won and why, in one shape."""
    ended = {}
    for path in SAMPLES:
        session, _ = games.restore(records.read(path), str(path))
        result = session.result()
        if result is not None:
            ended[path.parent.parent.name] = result
            assert result.winners and result.reason and result.rule.startswith(path.parent.parent.name)
            assert set(result.to_json()) == {"winners", "reason", "rule", "scores"}
    assert {"thurn_and_taxis", "ab_die_post"} <= set(ended)
    scores = dict(ended["ab_die_post"].scores)
    assert max(scores.values()) >= 1 and set(ended["ab_die_post"].winners) <= set(scores)
