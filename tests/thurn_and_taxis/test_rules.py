"""Thurn and Taxis rules, one test (or more) per stable rule id, named after the rule.

``test_thurn_and_taxis_route_fit`` covers ``thurn_and_taxis.route.fit``, and so on;
``test_every_rule_id_has_a_test`` keeps it that way when a rule is added.
"""

from __future__ import annotations

import sys

import pytest

from companion.core.inputs import Input
from companion.core.violations import MalformedInput
from companion.thurn_and_taxis.rules import RULE_IDS
from companion.thurn_and_taxis.scoring import ranking, score, winner


def test_every_rule_id_has_a_test():
    names = set(dir(sys.modules[__name__]))
    missing = [r for r in sorted(RULE_IDS) if "test_" + r.replace(".", "_") not in names]
    assert not missing, f"rule ids without a test named after them: {missing}"


def ready(game, route, hand):
    """The active player holds ``hand`` with ``route`` in progress, and has taken this turn's card."""
    game.arrange(route=route, hand=hand)
    game.draw(game.state.deck.draw_pile.most_common(1)[0][0])
    return game


# -- cards and the display --------------------------------------------------------------------------
def test_thurn_and_taxis_display_refill(make_game):
    g = make_game(display=())
    assert [st.kind for st in g.session.next_steps()] == ["draw"]
    assert g.broken("end_turn")[0] == "thurn_and_taxis.display.refill"
    for card in ("basel", "lodz", "budweis", "linz", "passau", "innsbruck"):
        g.draw(card)
    assert g.state.display == ["basel", "lodz", "budweis", "linz", "passau", "innsbruck"]
    g.take("linz")
    assert g.state.display[3] is None and g.state.hand() == ["linz"]
    assert g.broken("end_turn")[0] == "thurn_and_taxis.display.refill"
    g.draw("ulm")  # fills the gap, not the hand
    assert g.state.display[3] == "ulm" and g.state.hand() == ["linz"]


def test_thurn_and_taxis_deck_reshuffle(game):
    s = game.state
    s.deck.discard.extend(s.deck.cards_left())
    s.deck.draw_pile.clear()
    game.take("basel")  # the deck is empty: the discard pile becomes the deck
    s = game.state  # each input makes a new state
    assert s.deck.reshuffles == 1 and s.deck.left == 66 - 6 and not s.deck.discard
    game.draw("ulm")
    s = game.state
    assert s.display[0] == "ulm" and s.cards_in_play() == 66


# -- the turn ---------------------------------------------------------------------------------------
def test_thurn_and_taxis_turn_steps(game):
    game.arrange(hand=["ulm"])
    assert game.broken("play", card="ulm") == ["thurn_and_taxis.turn.steps"]
    assert "takes a card before playing" in game.reason("play", card="ulm")
    game.take("basel").draw("augsburg").play("ulm")
    assert game.broken("draw", card="kempten") == ["thurn_and_taxis.turn.steps"]
    assert "taken before playing" in game.reason("draw", card="kempten")


def test_thurn_and_taxis_turn_steps_close_after_play(game):
    ready(game, ["basel", "freiburg", "sigmaringen"], ["ulm"])
    assert game.broken("close_route", option="each_province",
                       cities=["basel", "freiburg", "sigmaringen"]) == ["thurn_and_taxis.turn.steps"]
    game.play("ulm").close(["basel", "freiburg", "sigmaringen", "ulm"])
    assert game.broken("play", card=game.state.hand()[0]) == ["thurn_and_taxis.turn.steps"]


def test_thurn_and_taxis_turn_steps_empty_hand_takes_two(game):
    game.draw("ulm")
    assert game.broken("play", card="ulm") == ["thurn_and_taxis.turn.steps"]
    assert "both of the Postmaster's cards" in game.reason("play", card="ulm")


def test_thurn_and_taxis_turn_end(game):
    assert game.broken("end_turn") == ["thurn_and_taxis.turn.end"]
    game.draw("ulm").draw("augsburg")
    assert "must play a card" in game.reason("end_turn")
    game.play("ulm").end()
    assert game.active.name == "Ben"


# -- taking and playing ------------------------------------------------------------------------------
def test_thurn_and_taxis_take_count(game):
    game.draw("ulm").take("basel").draw("zuerich")  # first turn: the Postmaster's two cards
    assert game.broken("draw", card="kempten") == ["thurn_and_taxis.take.count"]
    game.play("ulm").end()
    game.arrange(hand=["ulm"])
    game.draw("kempten")
    assert game.broken("take_display", card="lodz") == ["thurn_and_taxis.take.count"]
    assert "needs the Postmaster" in game.reason("take_display", card="lodz")
    game.ok("official", name="postmaster").take("lodz")
    assert game.state.hand() == ["ulm", "kempten", "lodz"]


def test_thurn_and_taxis_play_count(game):
    ready(game, [], ["ulm", "augsburg", "kempten"])
    game.play("ulm")
    assert game.broken("play", card="augsburg") == ["thurn_and_taxis.play.count"]
    game.ok("official", name="postal_carrier").play("augsburg")
    assert game.active.route == ["ulm", "augsburg"]
    assert game.broken("play", card="kempten") == ["thurn_and_taxis.play.count"]


# -- the route ---------------------------------------------------------------------------------------
def test_thurn_and_taxis_route_fit(game):
    ready(game, ["basel"], ["ulm", "zuerich", "carlsruhe"])
    assert game.broken("play", card="ulm") == ["thurn_and_taxis.route.fit"]
    assert "no road joins Ulm to Basel" in game.reason("play", card="ulm")
    assert "the route's only city" in game.reason("play", card="carlsruhe")
    game.play("zuerich", end="right")


def test_thurn_and_taxis_route_fit_only_at_the_ends(game):
    # Würzburg has roads to Stuttgart and Nürnberg but may not go between them
    ready(game, ["sigmaringen", "stuttgart", "nuernberg", "regensburg"], ["wuerzburg", "carlsruhe"])
    assert game.broken("play", card="wuerzburg") == ["thurn_and_taxis.route.fit"]
    game.arrange(route=["carlsruhe"], hand=["sigmaringen", "stuttgart"])
    assert "Carlsruhe" in game.reason("play", card="sigmaringen")  # no road Carlsruhe-Sigmaringen
    game.play("stuttgart")


def test_thurn_and_taxis_route_fit_named_end(game):
    ready(game, ["basel", "freiburg"], ["carlsruhe"])
    assert game.broken("play", card="carlsruhe", end="left") == ["thurn_and_taxis.route.fit"]
    game.play("carlsruhe", end="right")
    assert game.active.route == ["basel", "freiburg", "carlsruhe"]


def test_thurn_and_taxis_route_repeat(game):
    ready(game, ["basel", "freiburg", "zuerich"], ["basel", "kempten"])
    assert game.broken("play", card="basel") == ["thurn_and_taxis.route.repeat"]
    game.play("kempten")


def test_thurn_and_taxis_route_discard(game):
    ready(game, [], ["ulm", "basel"])
    assert game.broken("discard_route") == ["thurn_and_taxis.route.discard"]
    game.play("ulm").end()
    game.quick_turn()
    game.draw("lodz")
    game.ok("discard_route").play("basel")  # nothing fits Ulm: start again with Basel
    assert game.active.route == ["basel"] and "ulm" in game.state.deck.discard
    assert game.broken("discard_route") == ["thurn_and_taxis.route.discard"]


# -- the officials ------------------------------------------------------------------------------------
def test_thurn_and_taxis_official_one_per_turn(game):
    game.arrange(hand=["ulm"])
    game.ok("official", name="administrator")
    for card in ("augsburg", "kempten", "zuerich", "basel", "freiburg", "stuttgart"):
        game.draw(card)
    assert game.broken("official", name="postmaster") == ["thurn_and_taxis.official.one_per_turn"]


def test_thurn_and_taxis_official_forced_postmaster(game):
    assert game.state.turn.forced and game.state.turn.official == "postmaster"
    assert game.broken("official", name="administrator") == ["thurn_and_taxis.official.forced_postmaster"]
    assert game.broken("official", name="cartwright") == ["thurn_and_taxis.official.forced_postmaster"]


def test_thurn_and_taxis_official_timing(game):
    ready(game, ["basel", "freiburg"], ["sigmaringen"])
    assert game.broken("official", name="administrator") == ["thurn_and_taxis.official.timing"]
    game.play("sigmaringen")
    assert game.broken("official", name="postmaster") == ["thurn_and_taxis.official.timing"]
    game.close(["basel", "freiburg", "sigmaringen"])
    assert game.broken("official", name="cartwright") == ["thurn_and_taxis.official.timing"]


def test_thurn_and_taxis_official_administrator_changes_the_display(game):
    game.arrange(hand=["ulm"])
    old = list(game.state.display)
    game.ok("official", name="administrator")
    assert game.state.display == [None] * 6 and game.state.deck.discard == old
    for card in ("augsburg", "kempten", "zuerich", "basel", "freiburg", "stuttgart"):
        game.draw(card)
    assert game.state.display[0] == "augsburg" and game.state.cards_in_play() == 66


# -- closing ----------------------------------------------------------------------------------------
def test_thurn_and_taxis_close_length(game):
    ready(game, ["basel"], ["freiburg"])
    game.play("freiburg")
    assert game.broken("close_route", option="each_province", cities=["basel", "freiburg"]) == [
        "thurn_and_taxis.close.length"]


def test_thurn_and_taxis_houses_option(game):
    ready(game, ["mannheim", "carlsruhe"], ["freiburg"]).play("freiburg")
    assert game.broken("close_route", option="each_province", cities=["mannheim", "freiburg"]) == [
        "thurn_and_taxis.houses.option"]
    assert game.broken("close_route", option="one_province", province="baden",
                       cities=["mannheim", "ulm"]) == ["thurn_and_taxis.houses.option"]
    game.close(["mannheim", "carlsruhe", "freiburg"], option="one_province", province="baden")
    assert game.active.houses == ["mannheim", "carlsruhe", "freiburg"]


def test_thurn_and_taxis_houses_option_other_province(game):
    ready(game, ["freiburg", "sigmaringen"], ["ulm"]).play("ulm")
    assert game.broken("close_route", option="one_province", province="baden",
                       cities=["freiburg", "ulm"]) == ["thurn_and_taxis.houses.option"]
    assert "Ulm is in Württemberg, not Baden" in game.reason(
        "close_route", option="one_province", province="baden", cities=["freiburg", "ulm"])


def test_thurn_and_taxis_houses_option_province_off_the_route(game):
    """Review: naming a province the route does not cross closed it with no house at all."""
    ready(game, ["basel", "freiburg"], ["sigmaringen"]).play("sigmaringen")
    assert game.broken("close_route", option="one_province", province="polen",
                       cities=[]) == ["thurn_and_taxis.houses.option"]
    assert "does not pass through Polen" in game.reason("close_route", option="one_province",
                                                        province="polen", cities=[])


def test_thurn_and_taxis_houses_once(game):
    game.active.houses.append("freiburg")
    ready(game, ["basel", "freiburg"], ["sigmaringen"]).play("sigmaringen")
    assert game.broken("close_route", option="each_province",
                       cities=["basel", "freiburg", "sigmaringen"]) == ["thurn_and_taxis.houses.once"]
    # Baden is open only through Freiburg, where Anna has a house: two houses, not three
    game.close(["basel", "sigmaringen"])
    assert game.active.houses == ["freiburg", "basel", "sigmaringen"]


def test_thurn_and_taxis_houses_all(game):
    ready(game, ["basel", "freiburg"], ["sigmaringen"]).play("sigmaringen")
    assert game.broken("close_route", option="each_province", cities=["basel", "freiburg"]) == [
        "thurn_and_taxis.houses.all"]
    assert "places 3 houses, and 2 are named" in game.reason(
        "close_route", option="each_province", cities=["basel", "freiburg"])


def test_thurn_and_taxis_houses_all_when_houses_run_out(game):
    game.active.houses.extend(["mannheim", "carlsruhe", "ulm", "stuttgart", "augsburg", "muenchen",
                               "passau", "kempten", "wuerzburg", "nuernberg", "regensburg",
                               "ingolstadt", "linz", "salzburg", "innsbruck", "pilsen", "budweis",
                               "lodz"])
    ready(game, ["basel", "freiburg"], ["sigmaringen"]).play("sigmaringen")
    assert game.broken("close_route", option="each_province",
                       cities=["basel", "freiburg", "sigmaringen"]) == ["thurn_and_taxis.houses.all"]
    game.close(["basel", "sigmaringen"])  # the last two houses, where the player chooses
    assert game.state.houses_left(game.active) == 0


def test_thurn_and_taxis_carriage_order(game):
    ready(game, ["basel", "freiburg", "sigmaringen"], ["ulm"]).play("ulm")
    cities = ["basel", "freiburg", "sigmaringen", "ulm"]
    assert game.broken("close_route", option="each_province", cities=cities, carriage=4) == [
        "thurn_and_taxis.carriage.order"]
    game.close(cities, carriage=3)
    assert game.active.carriages == [3]


def test_thurn_and_taxis_carriage_length(game):
    game.active.carriages.append(3)
    ready(game, ["basel", "freiburg"], ["sigmaringen"]).play("sigmaringen")
    cities = ["basel", "freiburg", "sigmaringen"]
    assert game.broken("close_route", option="each_province", cities=cities, carriage=4) == [
        "thurn_and_taxis.carriage.length"]
    game.close(cities)  # no carriage: 3 cards do not reach the 4
    assert game.active.carriages == [3]


def test_thurn_and_taxis_carriage_length_with_the_cartwright(game):
    game.active.carriages.append(3)
    ready(game, ["basel", "freiburg"], ["sigmaringen"]).play("sigmaringen")
    game.ok("official", name="cartwright")
    game.close(["basel", "freiburg", "sigmaringen"], carriage=4)
    assert game.active.carriages == [3, 4] and game.active.tiles == []


def test_thurn_and_taxis_hand_limit(game):
    ready(game, ["basel", "freiburg"], ["sigmaringen", "ulm", "augsburg", "kempten"])
    game.play("sigmaringen").close(["basel", "freiburg", "sigmaringen"])
    assert len(game.state.hand()) == 4 and game.state.turn.cut_due
    assert game.broken("end_turn") == ["thurn_and_taxis.hand.limit"]
    assert game.broken("cut_hand", cards=["ulm", "kempten"]) == ["thurn_and_taxis.hand.limit"]
    with pytest.raises(MalformedInput, match="holds no"):
        game.session.check(Input("cut_hand", {"cards": ["lodz"]}))
    game.ok("cut_hand", cards=["kempten"]).end()
    assert game.state.players[0].name == "Anna" and len(game.state.hand(game.state.players[0])) == 3
    assert game.broken("cut_hand", cards=[]) == ["thurn_and_taxis.hand.limit"]


# -- bonus tiles ------------------------------------------------------------------------------------
ROUTE_5 = ["basel", "freiburg", "sigmaringen", "ulm"]      # + augsburg
ROUTE_7 = ["basel", "freiburg", "sigmaringen", "ulm", "augsburg", "muenchen"]  # + salzburg


def test_thurn_and_taxis_bonus_route_length(game):
    ready(game, ROUTE_5, ["augsburg"]).play("augsburg")
    game.close(["augsburg"], option="one_province", province="baiern")
    assert game.active.tiles == [("route_5", 2)] and game.state.stacks["route_5"] == [1]


@pytest.mark.parametrize("fallback, empty, expected", [
    ("next_lower", ["route_7"], [("route_6", 3)]),
    ("next_lower", ["route_7", "route_6"], []),
    ("cascade", ["route_7", "route_6"], [("route_5", 2)]),
    ("none", ["route_7"], []),
])
def test_thurn_and_taxis_bonus_route_length_fallback(make_game, fallback, empty, expected):
    g = make_game(switches={"route_stack_fallback": fallback})
    for sid in empty:
        g.state.stacks[sid].clear()
    ready(g, ROUTE_7, ["salzburg"]).play("salzburg")
    g.close(["salzburg"], option="one_province", province="salzburg")
    assert g.active.tiles == expected


def test_thurn_and_taxis_bonus_province_group(game):
    game.active.houses.append("mannheim")  # from an earlier route
    ready(game, ["carlsruhe"], ["freiburg"]).play("freiburg")
    game.ok("official", name="postal_carrier")
    game.arrange(route=["carlsruhe", "freiburg"], hand=["basel"])
    game.play("basel").close(["carlsruhe", "freiburg"], option="one_province", province="baden")
    assert game.active.tiles == [("baden", 3)] and game.state.stacks["baden"] == [2, 1]


def test_thurn_and_taxis_bonus_province_group_once_per_player(game):
    p = game.active
    p.houses.extend(["mannheim", "carlsruhe", "freiburg"])
    p.tiles.append(("baden", 3))
    game.state.stacks["baden"] = [2, 1]
    ready(game, ["basel", "zuerich"], ["kempten"]).play("kempten")
    game.close(["basel", "kempten"])
    assert ("baden", 2) not in p.tiles and game.state.stacks["baden"] == [2, 1]


def test_thurn_and_taxis_bonus_all_provinces(make_game):
    g = make_game()
    g.active.houses.extend(["mannheim", "stuttgart", "sigmaringen", "innsbruck", "salzburg",
                            "pilsen", "lodz"])  # 7 of the 8 provinces outside Baiern
    ready(g, ["zuerich", "kempten"], ["ulm"]).play("ulm")
    g.close(["zuerich", "kempten", "ulm"])
    assert ("all_provinces", 6) in g.active.tiles

    e = make_game(switches={"all_provinces_excludes_baiern": False})
    e.active.houses.extend(["mannheim", "stuttgart", "sigmaringen", "innsbruck", "salzburg",
                            "pilsen", "lodz"])
    ready(e, ["basel", "zuerich"], ["freiburg"]).play("freiburg", end="right")
    e.close(["basel", "zuerich"], option="one_province", province="schweiz")  # no house in Baiern
    assert not any(sid == "all_provinces" for sid, _v in e.active.tiles)


def test_thurn_and_taxis_bonus_game_end(game):
    p = game.active.name
    game.player(p).carriages.extend([3, 4, 5, 6])
    ready(game, ["basel", "freiburg", "sigmaringen", "ulm"], ["augsburg"]).play("augsburg")
    game.ok("official", name="cartwright")
    game.close(["basel", "freiburg", "sigmaringen", "ulm", "augsburg"])
    assert game.player(p).carriages[-1] == 7 and ("game_end", 1) in game.player(p).tiles and game.state.ended_by == 0
    game.end()
    ben = game.active.name
    game.player(ben).carriages.extend([3, 4, 5, 6])
    ready(game, ["basel", "freiburg", "sigmaringen", "ulm"], ["augsburg"]).play("augsburg")
    game.ok("official", name="cartwright")
    game.close(["basel", "freiburg", "sigmaringen", "ulm", "augsburg"])
    assert game.player(ben).carriages[-1] == 7 and not any(sid == "game_end" for sid, _v in game.player(ben).tiles)


# -- the end -------------------------------------------------------------------------------------------
def test_thurn_and_taxis_end_trigger(game):
    p = game.active.name
    game.player(p).houses.extend(["mannheim", "carlsruhe", "ulm", "stuttgart", "augsburg", "muenchen", "passau",
                     "kempten", "wuerzburg", "nuernberg", "regensburg", "ingolstadt", "linz",
                     "salzburg", "innsbruck", "pilsen", "budweis", "lodz"])
    ready(game, ["basel", "freiburg"], ["sigmaringen"]).play("sigmaringen")
    assert game.state.ended_by is None
    game.close(["basel", "sigmaringen"])  # the 20th house
    assert game.state.ended_by == 0 and ("game_end", 1) in game.player(p).tiles


def test_thurn_and_taxis_end_round(make_game):
    g = make_game("Anna", "Ben", "Cara")
    g.quick_turn()
    g.state.players[1].carriages.extend([3, 4, 5, 6])  # Ben ends the game in his turn
    ready(g, ["basel", "freiburg", "sigmaringen", "ulm", "augsburg"], ["muenchen"]).play("muenchen")
    g.ok("official", name="cartwright").close(["augsburg", "muenchen"], option="one_province", province="baiern").end()
    assert g.state.ended_by == 1 and g.active.name == "Cara" and not g.state.over
    g.quick_turn()  # Cara, the last seat, finishes the round; Anna plays no more
    assert g.state.over and g.session.next_steps() == []


def test_thurn_and_taxis_end_round_trigger_in_the_last_seat(game):
    game.quick_turn()
    game.active.carriages.extend([3, 4, 5, 6])
    ready(game, ["basel", "freiburg", "sigmaringen", "ulm", "augsburg"], ["muenchen"]).play("muenchen")
    game.ok("official", name="cartwright").close(["augsburg", "muenchen"], option="one_province", province="baiern").end()
    assert game.state.over and game.state.round == 1


def test_thurn_and_taxis_end_over(game):
    game.quick_turn()
    game.active.carriages.extend([3, 4, 5, 6])
    ready(game, ["basel", "freiburg", "sigmaringen", "ulm", "augsburg"], ["muenchen"]).play("muenchen")
    game.ok("official", name="cartwright").close(["augsburg", "muenchen"], option="one_province", province="baiern").end()
    assert game.broken("draw", card="ulm") == ["thurn_and_taxis.end.over"]
    assert game.broken("end_turn") == ["thurn_and_taxis.end.over"]
    before = game.session.rules.state_json(game.state)
    assert game.submit("end_turn", override=True).accepted
    assert game.session.rules.state_json(game.state) == before  # an override after the end changes nothing


# -- scoring -------------------------------------------------------------------------------------------
def test_thurn_and_taxis_score(game):
    p = game.active
    p.carriages.extend([3, 4, 5, 6])
    p.tiles.extend([("baden", 3), ("baiern", 5), ("route_7", 4), ("all_provinces", 5)])
    p.houses.extend(["ulm"] * 16)
    assert game.state.houses_left(p) == 4
    assert score(game.state, p) == 7 + 17 - 4 == 20


def test_thurn_and_taxis_score_tie(make_game):
    g = make_game("Anna", "Ben", "Cara", "Dora")
    s = g.state
    anna, ben, cara, dora = s.players
    for p in s.players:
        p.houses.extend(["ulm"] * 20)
    anna.tiles.append(("baden", 3))
    ben.tiles.append(("game_end", 1))
    ben.tiles.append(("baden", 2))
    dora.tiles.append(("route_6", 3))
    s.over = True
    # Ben, Anna and Dora tie on 3: Ben holds the game-end tile and wins
    assert score(s, anna) == score(s, ben) == score(s, dora) == 3
    assert winner(s) == 1
    # Cara holds it but is not tied: the tied player sitting nearest after her (Dora) wins
    ben.tiles.remove(("game_end", 1))
    ben.tiles.append(("route_5", 1))
    cara.tiles.append(("game_end", 1))
    assert score(s, cara) == 1
    assert winner(s) == 3 and ranking(s)[:3] == [3, 0, 1]
