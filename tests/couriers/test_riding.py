"""The index of the couriers still on the way (``DeskState.riding``): the fold keeps it, so it
equals a reading of every courier after any input, override, undo, redo or restore, and a state
someone holds keeps the index it had. The rules read only it (what comes next, the words of an
input, the candidates), so a courier it left out would never be asked to move again."""

from __future__ import annotations

import random

from playout import Playout, hooks_of

from companion import games
from companion.core import records
from companion.core.inputs import Input
from companion.core.session import Session
from companion.games import bundled_pack, rules_for

riding_by_scan = hooks_of("couriers").riding_by_scan  # tests/couriers/playout_hooks.py


def _session(seed: int) -> Session:
    return Session(rules_for("couriers"), bundled_pack("couriers"), {}, seed)


def test_random_evenings_with_undo_keep_the_index_equal_to_a_scan():
    for seed in range(4):
        rng = random.Random(seed)
        session = _session(seed)
        held = []  # (state, the index it had): a state held by someone never changes
        def check(state, held=held):
            assert state.riding == riding_by_scan(state)
            held.append((state, state.riding))
        table = Playout(session, rng, undo=0.15, check=check, words_rate=0.4)
        table.play(400)
        finished = [c for c in session.state.couriers.values() if c.finished]
        assert finished and session.state.riding, "the evening should have both kinds of courier"
        for state, riding in held:
            assert state.riding == riding == riding_by_scan(state)
        # restored from its record: the fold builds the same index
        again, _verdicts = games.restore(records.parse(records.record_of(session).dumps()))
        assert again.state.riding == session.state.riding


def test_a_courier_leaves_the_index_when_it_finishes_and_only_then(make_desk):
    s = make_desk().session
    for cid, side in (("meade", "Blue"), ("hancock", "Blue")):
        s.submit(Input("add_commander", {"id": cid, "name": cid.title(), "side": side, "rank": "corps"}))
    s.submit(Input("start_game"))
    for message in ("Advance", "Hold"):
        s.submit(Input("send_courier", {"sender": "meade", "recipient": "hancock", "message": message}))
    assert s.state.riding == ("C1", "C2")
    s.submit(Input("begin_courier_step"))
    s.submit(Input("move_courier", {"courier": "C1", "speed": "officer", "arrives": False}))
    s.submit(Input("roll", {"values": [1, 1]}, "table"))  # gets through: still riding
    assert s.state.riding == ("C1", "C2")
    s.submit(Input("capture", {"courier": "C1"}))
    assert s.state.riding == ("C2",)
    assert s.submit(Input("capture", {"courier": "C1"}), override=True).accepted  # it stays captured
    assert s.state.riding == ("C2",)
    s.undo()
    s.undo()
    assert s.state.riding == ("C1", "C2")
    steps = [st.args.get("courier") for st in s.next_steps() if st.kind == "move_courier"]
    assert steps == ["C2"]  # C1 has moved this turn; what comes next reads the index
