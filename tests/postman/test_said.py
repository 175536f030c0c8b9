"""Each outcome of The Postman in words (the log line's end and the announcement), on both sides
of every roll: the words follow what the rules did, never the other way round."""

from __future__ import annotations

import re
from pathlib import Path

from companion.core.inputs import Input
from companion.postman.final_report import final_report

from .play import act, clear, dice, game, place, to_phase


def last_said(s) -> str:
    return s.entries[-1].said


def sneak_game():
    s = game()
    clear(s, "fo")
    place(s, "fo", "regiment")
    act(s, "move", units=["rider1"], path=["fo", "ri"])
    return s


def test_sneak_failed_and_succeeded_are_said_with_the_unit_and_town():
    s = sneak_game()
    dice(s, 1)  # 1 + forest 1 = 2 < Sneak 3
    assert last_said(s).startswith("Sneak failed: Rider 1 stops in Forest Town")
    assert s.entries[-1].text.endswith("\u2192 " + last_said(s))  # the log line says the same
    assert s.state.pos.units["rider1"].town == "fo"
    s = sneak_game()
    dice(s, 2)  # 2 + 1 = 3: through
    assert last_said(s).startswith("Sneak succeeded: Rider 1 slips past the enemy in Forest Town")
    assert s.state.pos.units["rider1"].town == "ri"


def recruit_game():
    s = game()
    clear(s, "ri")
    s.state.pos.militia["ri"] = 2
    (rider,) = place(s, "ri", "rider")
    to_phase(s, "recruit")
    act(s, "recruit", unit=rider)
    return s


def test_recruit_failed_then_succeeded_and_the_new_unit_named():
    s = recruit_game()
    dice(s, 3)  # Recruit 4: missed
    assert last_said(s) == "Recruit failed: the Militia of River Town stay as they are"
    s = recruit_game()
    dice(s, 4)
    assert last_said(s).startswith("Recruit: Rider")
    dice(s, 5)  # 5 + large town 1 = 6: Cavalry
    assert last_said(s) == "Recruit: the Militia of River Town becomes Cavalry 1"


def test_militia_roll_says_where_militia_appear_or_that_none_do():
    s = game()
    for town in list(s.state.pos.militia):
        s.state.pos.militia[town] = 0
    to_phase(s, "militia")
    act(s, "militia_phase")
    towns = s.state.pos.due.info["towns"]
    dice(s, *([1] * len(towns)))
    assert last_said(s) == "Militia: none appear"


def test_the_fall_of_a_leader_ends_on_a_result_that_names_him_and_how():
    from companion import games
    from companion.core import records
    from companion.core.inputs import Input

    session, _verdicts = games.restore(records.read(Path("rules/postman/samples/short_game.json")))
    r = final_report(session)
    assert r.headline == "The Postmen win" and r.winners == ("The Postmen",)
    assert r.why.startswith("The General fell in the battle of Riverford: "
                            "Rule Number 7: the Postman wins the duel")
    assert [line.name for line in r.scores] == ["The Postmen", "The Holnists"]
    assert ("Rolls", "0 by the app, 13 by the table") in r.figures
    # after the end every input is refused with the rule that ended it
    out = session.submit(Input("end_phase"))
    assert not out.accepted and out.violations[0].rule == "postman.victory"
    session.undo()
    assert final_report(session) is None


def test_steps_and_refusals_name_units_and_sides_as_people_read_them():
    s = recruit_game()
    assert re.fullmatch(r"Rider \d+'s recruit roll", s.next_steps()[0].text)
    dice(s, 3)
    refused = s.why_not(Input("recruit", {"unit": s.entries[-2].input.args["unit"]}))
    assert refused and refused[0].reason.startswith("Rider ") and "rider" not in refused[0].reason
    s = game()
    act(s, "move", units=["rider1"], path=["fo"])
    reasons = [v.reason for v in s.why_not(Input("move", {"units": ["rider1"], "path": ["ri"]}))]
    assert "Rider 1 has already moved this turn" in reasons
