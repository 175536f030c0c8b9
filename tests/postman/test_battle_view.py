"""A battle as the table sees it: hit targets after modifiers and the exact odds of its end."""

from fractions import Fraction

import pytest

from companion.postman.battle_view import battle_odds_now, casualty_order
from companion.postman.odds import Fighter, battle_odds

from .play import act, battle_in_forest_town, clear, dice, game, place, to_phase


def battle(holnists=("regiment",), postmen=("rider", "rider"), militia=0):
    return battle_in_forest_town(holnists, postmen, militia)


def test_battle_odds_now_matches_odds_battle_odds_before_the_fight():
    s, p, h = battle()
    view = battle_odds_now(s.state)
    assert view.town == "fo" and view.step == "preview"
    assert [f.needs for f in view.fighters["postmen"]] == [6, 6]
    assert [f.needs for f in view.fighters["holnists"]] == [3]
    expect = battle_odds([Fighter("a", 1 / 6), Fighter("b", 1 / 6)], [Fighter("r", 4 / 6)],
                         postmen_can_retreat=True, holnists_can_retreat=True).summary()
    assert view.odds == pytest.approx(expect)
    assert sum(view.odds.values()) == pytest.approx(1.0)


def test_battle_odds_update_with_a_card_in_play():
    s, p, h = battle(postmen=("rider",))
    act(s, "fight", town="fo")
    before = battle_odds_now(s.state)
    with_trap = battle_odds_now(s.state, with_cards=("trap",))
    assert [f.needs for f in with_trap.fighters["holnists"]] == [1]  # 3, Trap +2
    assert before.odds["lose"] == pytest.approx(4 / 6)  # the Rider dies (with or without the Regiment)
    assert with_trap.odds["lose"] == pytest.approx(1.0)
    act(s, "play_card", card="KC")  # Trap, for real
    assert battle_odds_now(s.state).odds == pytest.approx(with_trap.odds)
    assert battle_odds_now(s.state).in_play == ("Trap",)


def test_battle_odds_with_militia_weigh_the_six_they_need_to_join():
    s = game()
    to_phase(s, "mail")
    to_phase(s, "move")
    clear(s, "fo")
    s.state.pos.militia["fo"] = 2
    place(s, "fo", "patrol")
    to_phase(s, "fight")  # the Holnists' Fight phase: a battle with the Militia alone
    view = battle_odds_now(s.state)
    assert view.militia_join == pytest.approx(1 / 6)
    assert view.odds["no_battle"] == pytest.approx(5 / 6)
    resist = battle_odds_now(s.state, with_cards=("resistance",))
    assert resist.militia_join == 1.0 and "no_battle" not in resist.odds
    assert [f.unit for f in resist.fighters["postmen"]] == ["militia", "militia"]


def test_second_round_odds_end_in_a_win_or_surrender():
    s, p, h = battle(holnists=("regiment", "regiment"))
    for town in ("pt", "ed", "ri"):  # nowhere for the Postmen to go
        clear(s, town)
        place(s, town, "patrol")
    act(s, "fight", town="fo")
    dice(s, 1, 1, 1, 1)  # nobody hits; the Postmen cannot retreat: round 2
    view = battle_odds_now(s.state)
    assert view.round == 2 and view.odds["retreat"] == 0
    # two Riders (1/6) against two Regiments (2/3): the Postmen win by killing both while one
    # Rider lives (1/36 * 5/9), or by killing one while no Regiment hits (10/36 * 1/9)
    assert view.odds["win"] == pytest.approx(float(Fraction(1, 36) * Fraction(5, 9) + Fraction(10, 36) * Fraction(1, 9)))
    assert view.odds["win"] + view.odds["surrender"] + view.odds["lose"] == pytest.approx(1.0)


def test_casualty_order_suggests_the_weakest_first_and_the_leader_last():
    s, p, h = battle(postmen=("postman", "rider", "cavalry"), holnists=("regiment", "regiment"))
    act(s, "fight", town="fo")
    dice(s, 1, 1, 1, 3, 3)
    assert casualty_order(s.state, "postmen") == [p[1], p[2]]


def test_both_leaders_bring_rule_number_7_into_the_odds():
    s, p, h = battle(holnists=("general",), postmen=("postman",))
    view = battle_odds_now(s.state)
    assert view.rule7
    act(s, "fight", town="fo")
    assert s.pending_roll().rule == "postman.fight.rule7"
    assert battle_odds_now(s.state).rule7  # still counted while its die is owed
    dice(s, 5)  # 4+: the duel decides the game
    duel = battle_odds_now(s.state)
    assert duel.step == "duel" and duel.odds["win"] == pytest.approx(40 / 91)


def test_the_odds_are_asked_of_a_view_and_never_touch_the_live_battle():
    import copy

    s, _p, _h = battle_in_forest_town(militia=2)
    act(s, "fight", town="fo")
    live = s.state.pos.battle
    before, fields = s.rules.state_json(s.state), copy.deepcopy(vars(live))
    view = battle_odds_now(s.state, with_cards=("ambush", "resistance"))
    assert view is not None and "Ambush" in view.in_play
    assert s.state.pos.battle is live and vars(live) == fields
    assert s.rules.state_json(s.state) == before
