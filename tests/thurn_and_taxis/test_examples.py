"""Worked examples from the rulebooks, played out against rules/thurn_and_taxis/reference.md
(thurn_and_taxis.houses.option, thurn_and_taxis.carriage.order, thurn_and_taxis.score)."""

from __future__ import annotations

from companion.thurn_and_taxis import closing
from companion.thurn_and_taxis.scoring import score

from .test_rules import ready

SIGMARINGEN = ["sigmaringen", "stuttgart", "nuernberg", "regensburg", "ingolstadt"]  # + augsburg
BAVARIAN = ["nuernberg", "regensburg", "ingolstadt", "augsburg"]


def test_the_sigmaringen_route_and_its_two_house_options(game):
    ready(game, SIGMARINGEN, ["augsburg"]).play("augsburg")
    options = {(o.kind, o.province): o for o in closing.options(game.state)}
    each = options[("each_province", None)]
    assert each.count == 3
    assert each.choices == {"hohenzollern": ("sigmaringen",), "wuerttemberg": ("stuttgart",),
                            "baiern": tuple(BAVARIAN)}
    baiern = options[("one_province", "baiern")]
    assert baiern.default_cities() == BAVARIAN and baiern.count == 4
    # what the close dialog shows before choosing: option 2 earns the route-6 tile, no group tile
    award = closing.preview(game.state, BAVARIAN)
    assert award.houses == BAVARIAN and award.tiles == [("route_6", 3)] and award.carriage == 3
    game.close(BAVARIAN, option="one_province", province="baiern")
    assert game.active.houses == BAVARIAN


def test_option_one_places_one_bavarian_city_of_the_players_choice(game):
    ready(game, SIGMARINGEN, ["augsburg"]).play("augsburg")
    game.close(["sigmaringen", "stuttgart", "regensburg"])
    assert game.active.houses == ["sigmaringen", "stuttgart", "regensburg"]


def test_carriage_sequence_three_then_four_then_none(game):
    """French v1.1: a 3-card route takes the 3, a 5-card route only the 4, a 4-card route nothing."""
    anna = game.active.name
    ready(game, ["basel", "freiburg"], ["sigmaringen"]).play("sigmaringen")
    game.close(["basel", "freiburg", "sigmaringen"]).end()
    assert game.player(anna).carriages == [3]
    game.quick_turn()
    ready(game, ["mannheim", "carlsruhe", "stuttgart", "ulm"], ["augsburg"]).play("augsburg")
    game.close(["mannheim", "stuttgart", "augsburg"]).end()
    assert game.player(anna).carriages == [3, 4]
    game.quick_turn()
    ready(game, ["pilsen", "budweis", "linz"], ["passau"]).play("passau")
    assert closing.preview(game.state, ["pilsen", "linz", "passau"]).carriage is None
    game.close(["pilsen", "linz", "passau"])
    assert game.player(anna).carriages == [3, 4]


def test_the_cartwright_takes_the_seven(game):
    """BGA: a player holding the 6 closes a 5-card route with the Cartwright and takes the 7."""
    anna = game.active.name
    game.player(anna).carriages.extend([3, 4, 5, 6])
    ready(game, ["wuerzburg", "nuernberg", "pilsen", "budweis"], ["linz"]).play("linz")
    assert closing.preview(game.state, ["wuerzburg", "pilsen", "linz"]).carriage is None
    game.ok("official", name="cartwright")
    award = closing.preview(game.state, ["wuerzburg", "pilsen", "linz"])
    assert award.carriage == 7 and award.ends_game
    game.close(["wuerzburg", "pilsen", "linz"])
    assert game.player(anna).carriages[-1] == 7 and ("route_5", 2) in game.player(anna).tiles  # the +2 is for the carriage only
    assert ("route_6", 3) not in game.player(anna).tiles


def test_three_cards_missing_the_cartwright_cannot_help(game):
    anna = game.active
    anna.carriages.extend([3, 4, 5, 6])
    ready(game, ["pilsen", "budweis", "linz"], ["passau"]).play("passau")
    game.ok("official", name="cartwright")
    assert closing.preview(game.state, ["pilsen", "linz", "passau"]).carriage is None


def test_final_score_example(game):
    anna = game.active
    anna.carriages.extend([3, 4, 5, 6])
    anna.tiles.extend([("baiern", 5), ("all_provinces", 6), ("route_7", 4), ("baden", 2)])
    anna.houses.extend(["ulm"] * 16)
    assert score(game.state, anna) == 20  # 7 + 17 - 4
