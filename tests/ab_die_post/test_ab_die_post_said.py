"""Ab die Post!'s outcomes in words (the log line's end and the announcement) on both sides of
each rule, and the end of the game as its result screen reads it."""

from __future__ import annotations

from pathlib import Path

from companion import games
from companion.ab_die_post.final_report import final_report
from companion.core import records
from companion.core.inputs import Input


def said(race) -> str:
    return race.session.entries[-1].said


def test_the_third_red_3_is_announced_as_a_bust_and_the_second_is_not(race):
    race.draw(3, 3)
    assert said(race) == ""  # two 3s held: nothing happened but the draw
    race.stop()
    race.round_of((1,), (1,))
    race.ok("draw", card=3)
    assert said(race) == "Bust! Anna's third red 3: all Anna's 3s go to the discards and the turn passes to Ben"
    assert race.session.entries[-1].text.endswith(said(race))


def test_a_hurricane_names_every_bill_and_a_colour_adds_nothing(race):
    race.round_of((2, 2), (2, 2), (2, 2))
    race.fly("green", lane="outer", zone=1)
    assert said(race) == ""  # the draw's words say the wind
    race.state.planes["Anna"].lane = "middle"
    race.take(1)
    race.fly("black")  # Cleo's fly: only Anna is in the air
    assert said(race) == "Hurricane! Anna (middle lane) must pay 4"


def test_a_hurricane_with_nobody_in_the_air_says_nobody_pays(race):
    race.round_of((2, 2), (2, 2))
    race.draw(2, 2)
    race.stop()
    race.fly("black")
    assert said(race) == "Hurricane! No plane is in the air, so nobody pays"


def test_the_end_names_the_winner_with_every_flight():
    session, _v = games.restore(records.read(Path("rules/ab_die_post/samples/four_player_game.json")))
    r = final_report(session)
    assert r.headline == "Dirk wins" and r.winners == ("Dirk",)
    assert r.columns == ("flight 1", "flight 2", "flight 3", "total")
    assert r.scores[0].cells == ("3 (4th)", "7 (1st)", "7 (1st)", "17") and r.scores[0].winner
    assert r.scores[-1].cells == ("5 (2nd)", "0", "0", "5")  # Anna never left the start field again
    figures = dict(r.figures)
    balls = [e.input.args["card"] for e in session.entries
             if e.input.kind == "draw" and isinstance(e.input.args["card"], str)]
    assert figures["Hurricanes"].startswith(f"{balls.count('black')} of {len(balls)} balls, ")
    assert figures["Busts (third red 3)"] == "6 (Anna 2, Ben 2, Dirk 2)"
    assert "the furthest past wins" in r.why
    assert session.entries[-1].said.endswith("Dirk wins the game with 17 points")
    out = session.submit(Input("fly"))
    assert not out.accepted and out.violations[0].rule == "ab_die_post.game.end"


def test_the_bust_count_is_what_the_rules_decided_whatever_the_words(monkeypatch):
    """ab_die_post.parts.bust: the end screen counts the third red 3s the rules discarded, so
    rewording (or silencing) the announcement cannot change the figure."""
    from companion.ab_die_post import said as outcome_words
    record = records.read(Path("rules/ab_die_post/samples/four_player_game.json"))
    monkeypatch.setattr(outcome_words, "said", lambda b, s, inp: "Busted, as it happens")
    session, _v = games.restore(record)
    assert dict(final_report(session).figures)["Busts (third red 3)"] == "6 (Anna 2, Ben 2, Dirk 2)"


def test_a_bust_is_counted_for_its_player_and_two_red_3s_are_not(race):
    race.draw(3, 3)
    assert race.state.busts == {}  # two 3s held: no bust yet
    race.stop()
    race.round_of((1,), (1,))
    race.ok("draw", card=3)
    assert race.state.busts == {"Anna": 1}
    race.session.undo()
    assert race.state.busts == {}  # the fold: an undone bust is no bust
