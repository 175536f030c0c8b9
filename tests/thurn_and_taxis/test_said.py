"""Thurn and Taxis' outcomes in words: a closed route says its houses, carriage and how many
bonus tiles, never their points (face down until the end, thurn_and_taxis.score); the end says
who won with the breakdown."""

from __future__ import annotations

from pathlib import Path

from companion import games
from companion.core import records
from companion.core.inputs import Input
from companion.thurn_and_taxis.final_report import final_report

from .test_examples import BAVARIAN, SIGMARINGEN
from .test_rules import ready


def test_a_closed_route_is_announced_without_the_tiles_points(game):
    ready(game, SIGMARINGEN, ["augsburg"]).play("augsburg")
    game.close(BAVARIAN, option="one_province", province="baiern")
    entry = game.session.entries[-1]
    assert entry.said.startswith("Route closed: ")
    assert "places 4 houses, 16 left" in entry.said and "takes the 3-carriage" in entry.said
    assert "takes 1 bonus tile, face down" in entry.said
    assert "a Route of 6 tile" in entry.text and "tile 3" not in entry.text  # its 3 points stay hidden


def test_the_end_names_the_winner_with_carriage_tiles_and_houses_left():
    session, _v = games.restore(records.read(Path("rules/thurn_and_taxis/samples/four_players_whole_game.json")))
    r = final_report(session)
    assert r.headline == "Dora wins"
    assert r.why.startswith("Dora ended the game by taking the 7-carriage")
    assert r.columns == ("carriage", "tiles", "houses left", "score")
    assert r.scores[0].cells == ("7-carriage: 10", "9 (4 tiles)", "9 (\u22129)", "10")
    assert dict(r.figures)["Routes closed"] == str(sum(e.input.kind == "close_route" for e in session.entries))
    assert [line.name for line in r.scores] == ["Dora", "Anna", "Cara", "Ben"]
    assert session.entries[-1].said.startswith("The game is over: Dora wins with 10 points")
    out = session.submit(Input("end_turn"))
    assert not out.accepted and out.violations[0].rule.startswith("thurn_and_taxis.")
    session.undo()
    assert final_report(session) is None
