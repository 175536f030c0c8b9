"""Firm violations: real inputs that break a rule the table may not override.

``why_not`` answers them like any violation (``firm`` set); ``Session.submit(..., override=True)``
refuses them with CannotOverride, logging and changing nothing; a record that overrides one is
refused on load at that input. The Postman's cases: an answer to a retreat offer while its retreat
roll is owed (postman.roll.pending) and a draw nobody is owed (postman.draw.none).
"""

from __future__ import annotations

import pytest
from postman.kit import BOARD, RULES, pack
from postman.kit import retreat_offered as offered  # nothing owed yet; the Postmen may retreat

from companion import games
from companion.core import records
from companion.core.inputs import Input
from companion.core.session import Session
from companion.core.violations import CannotOverride, Violation

ANSWERS = (Input("stay"), Input("retreat", {"unit": "postman1", "to": "post"}))


def test_the_answers_to_an_offer_are_plain_before_the_roll_is_owed_and_after_it_is_made():
    kit = offered()
    s = kit.session
    assert [s.why_not(a) for a in ANSWERS] == [[], []]
    kit.ok("retreat", unit="rider2", to="post")  # Rider 2's retreat roll is now owed
    for a in ANSWERS:
        (v,) = s.why_not(a)
        assert v.rule == "postman.roll.pending" and v.firm
    assert [v.firm for v in s.why_not(Input("end_phase"))] == [False]  # owed, but overridable
    kit.roll(6)  # Rider 2 gets away; the offer stands for the Postman
    assert [s.why_not(a) for a in ANSWERS] == [[], []]


@pytest.mark.parametrize("answer", ANSWERS, ids=lambda i: i.kind)
def test_an_override_of_a_firm_violation_is_refused_and_changes_nothing(answer):
    kit = offered()
    s = kit.session
    kit.ok("retreat", unit="rider2", to="post")
    told: list = []
    s.listeners.append(told.append)
    before = (kit.json(), list(s.entries), list(s.journal), s.last_change)
    out = s.submit(answer)
    assert not out.accepted and [v.rule for v in out.violations] == ["postman.roll.pending"]
    with pytest.raises(CannotOverride, match=r"retreat roll.*\[postman\.roll\.pending\]; this rule "
                                             r"cannot be overridden") as e:
        s.submit(answer, override=True)
    assert [v.rule for v in e.value.violations] == ["postman.roll.pending"]
    assert (kit.json(), list(s.entries), list(s.journal), s.last_change) == before
    assert told == []
    assert s.submit(Input("end_phase"), override=True).accepted  # a plain violation still may be


def test_a_record_that_overrides_a_firm_rule_is_refused_at_that_input(tmp_path):
    kit = offered()
    kit.ok("retreat", unit="rider2", to="post")
    record = records.record_of(kit.session)
    owed_state = kit.json()
    n = len(record.inputs) + 1
    record.inputs.append(Input("stay", {}, None, ("postman.roll.pending",)))
    path = tmp_path / "firm.json"
    path.write_text(record.dumps(), encoding="utf-8")
    session, verdicts = games.restore(records.read(path), str(path))
    last = verdicts[-1]
    assert (last.number, last.verdict) == (n, "refused")
    assert f"input {n}" in last.reason and str(path) in last.reason
    assert "[postman.roll.pending]; this rule cannot be overridden" in last.reason
    assert session.rules.state_json(session.state) == owed_state
    assert len(session.entries) == n - 1


def test_a_draw_nobody_is_owed_is_a_firm_violation():
    """postman.draw.none: while a card is owed a draw of it is fine; once every hand is dealt
    a draw has no hand to go to, and is firm."""
    s = Session(RULES, pack(), {"board": BOARD}, 1)  # the opening deal is owed
    request = s.pending_draw()
    assert request is not None and s.why_not(Input("draw", {"card": request.choices[0]})) == []
    while (request := s.pending_draw()) is not None:
        assert s.submit(Input("draw", {"card": request.choices[0]}, "table")).accepted
    assert s.next_steps()[0].kind != "draw"
    (v,) = s.why_not(Input("draw", {"card": "QH"}))
    assert (v.rule, v.firm) == ("postman.draw.none", True)
    with pytest.raises(CannotOverride, match=r"postman\.draw\.none"):
        s.submit(Input("draw", {"card": "QH"}), override=True)


def test_a_violation_says_it_is_firm_in_json_only_when_it_is():
    assert Violation("a.b", "why").to_json() == {"rule": "a.b", "reason": "why"}
    assert Violation("a.b", "why", firm=True).to_json() == {"rule": "a.b", "reason": "why", "firm": True}


def test_a_step_is_a_value_whose_arguments_cannot_be_changed():
    """``Step.args`` is frozen as an input's are: a screen that kept a step cannot change what
    the session told another (its lists are tuples, its mapping refuses changes)."""
    from companion.core.game import Step

    step = Step("Move courier c1", "move_courier", "blue", {"courier": "c1", "path": ["a", "b"]})
    with pytest.raises(TypeError):
        step.args["courier"] = "c2"  # type: ignore[index]
    with pytest.raises(TypeError):
        step.args.update(courier="c2")  # type: ignore[attr-defined]
    assert step.args["path"] == ("a", "b")
    same = Step("Move courier c1", "move_courier", "blue", {"path": ["a", "b"], "courier": "c1"})
    assert step == same and hash(step) == hash(same) and len({step, same}) == 1
    assert Step("End turn 1", "end_turn").args == {}
