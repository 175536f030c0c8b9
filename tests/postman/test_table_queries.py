"""The queries the table screen asks: reach with Sneak rolls, playable cards and their targets,
battle odds with the cards in play, what is left to do, and phase summaries."""

from fractions import Fraction

import pytest

from companion.postman import table_queries as q
from companion.postman.odds import Fighter, battle_odds, chance

from .play import act, clear, dice, game, place, to_phase


def test_reachable_towns_follow_the_move_stat():
    s = game()
    reach = q.reachable(s.state, ["rider1"])  # a Rider moves 3 from pt
    assert set(reach) == {"fo", "ri", "ed", "mo"}
    assert reach["fo"].path == ("fo",)
    assert reach["mo"].path in (("fo", "ed", "mo"), ("fo", "ri", "mo"))
    assert all(r.arrive == 1.0 and not r.sneaks for r in reach.values())  # Militia never block


def test_reachable_takes_the_slowest_unit_and_bonus_cards():
    s = game()
    clear(s, "pt")
    cav, postman = place(s, "pt", "cavalry", "postman")
    assert set(q.reachable(s.state, [cav, postman])) == {"fo", "ri", "ed"}  # Cavalry: 2
    s.state.t.move_bonus[cav] = 1  # Pony Express
    assert "mo" in q.reachable(s.state, [cav, postman])


def test_reachable_lists_the_sneak_rolls_through_an_enemy_stack_and_prefers_the_safe_road():
    s = game()
    clear(s, "ri")
    place(s, "ri", "regiment")
    reach = q.reachable(s.state, ["rider1"])
    assert reach["ri"].battle and not reach["ri"].sneaks  # the move ends there: no roll
    assert reach["mo"].path == ("fo", "ed", "mo")  # around the Regiment, not through it
    clear(s, "ed")
    place(s, "ed", "patrol")
    r = q.reachable(s.state, ["rider1", "rider2"])["mo"]
    # both roads pass an enemy; the river town (-1) is worse than the open edge town
    assert r.path == ("fo", "ed", "mo")
    assert [x.unit for x in r.sneaks] == ["rider1", "rider2"]
    assert r.sneaks[0].target == 3 and r.sneaks[0].modifier == 0
    assert r.arrive == pytest.approx(chance(3) ** 2)


def test_reachable_is_empty_for_a_stack_that_may_not_move_and_path_to_still_answers():
    s = game()
    act(s, "move", units=["rider1"], path=["fo"])
    assert q.reachable(s.state, ["rider1"]) == {}
    assert [v.rule for v in q.stack_problems(s.state, ["rider1"])] == ["postman.move.once"]
    assert q.path_to(s.state, ["rider1"], "bc") == ["ri", "mo", "bc"]
    assert q.path_to(s.state, ["rider2"], "ri") == ["fo", "ri"]


def test_hand_view_lights_cards_whose_window_is_open():
    s = game()  # Postmen hold QH KH AD 5D KD
    view = {c.id: c for c in q.hand_view(s.state, "postmen")}
    assert view["5D"].playable and view["5D"].needs == ("unit",)  # Pony Express, own Move phase
    assert not view["QH"].playable and "battle" in view["QH"].why_not
    assert not view["AD"].playable  # Hope: own Recruit phase
    assert [c.id for c in q.playable_cards(s.state, "postmen")] == ["5D"]
    targets = q.card_targets(s.state, "postmen", "5D")
    assert {"unit": "rider1"} in targets and {"unit": "regiment1"} not in targets


def test_off_colour_cards_are_dead_weight():
    s = game(postmen=["QH", "KH", "AD", "5D", "2C"], holnists=["KC", "AS", "5S", "JS", "QS"])
    view = {c.id: c for c in q.hand_view(s.state, "postmen")}
    assert not view["2C"].playable and "colour" in view["2C"].why_not


def test_card_targets_for_rough_terrain_are_the_opponents_stacks():
    s = game(postmen=["QH", "KH", "AD", "QD", "KD"])
    to_phase(s, "mail")
    to_phase(s, "move")
    assert s.state.t.active == "holnists"
    assert q.card_targets(s.state, "postmen", "QD") == [{"town": "bc"}]


def battle(holnists=("regiment",), postmen=("rider", "rider"), militia=0):
    s = game()
    clear(s, "fo")
    s.state.t.militia["fo"] = militia
    h = place(s, "fo", *holnists)
    p = place(s, "pt", *postmen)
    act(s, "move", units=p, path=["fo"])
    if s.state.t.offer:
        act(s, "stay")
    to_phase(s, "fight")
    return s, p, h


def test_battle_odds_now_matches_odds_battle_odds_before_the_fight():
    s, p, h = battle()
    view = q.battle_odds_now(s.state)
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
    before = q.battle_odds_now(s.state)
    with_trap = q.battle_odds_now(s.state, with_cards=("trap",))
    assert [f.needs for f in with_trap.fighters["holnists"]] == [1]  # 3, Trap +2
    assert before.odds["lose"] == pytest.approx(4 / 6)  # the Rider dies (with or without the Regiment)
    assert with_trap.odds["lose"] == pytest.approx(1.0)
    act(s, "play_card", card="KC")  # Trap, for real
    assert q.battle_odds_now(s.state).odds == pytest.approx(with_trap.odds)
    assert q.battle_odds_now(s.state).in_play == ("Trap",)


def test_battle_odds_with_militia_weigh_the_six_they_need_to_join():
    s = game()
    to_phase(s, "mail")
    to_phase(s, "move")
    clear(s, "fo")
    s.state.t.militia["fo"] = 2
    place(s, "fo", "patrol")
    to_phase(s, "fight")  # the Holnists' Fight phase: a battle with the Militia alone
    view = q.battle_odds_now(s.state)
    assert view.militia_join == pytest.approx(1 / 6)
    assert view.odds["no_battle"] == pytest.approx(5 / 6)
    resist = q.battle_odds_now(s.state, with_cards=("resistance",))
    assert resist.militia_join == 1.0 and "no_battle" not in resist.odds
    assert [f.unit for f in resist.fighters["postmen"]] == ["militia", "militia"]


def test_second_round_odds_end_in_a_win_or_surrender():
    s, p, h = battle(holnists=("regiment", "regiment"))
    for town in ("pt", "ed", "ri"):  # nowhere for the Postmen to go
        clear(s, town)
        place(s, town, "patrol")
    act(s, "fight", town="fo")
    dice(s, 1, 1, 1, 1)  # nobody hits; the Postmen cannot retreat: round 2
    view = q.battle_odds_now(s.state)
    assert view.round == 2 and view.odds["retreat"] == 0
    # two Riders (1/6) against two Regiments (2/3): the Postmen win by killing both while one
    # Rider lives (1/36 * 5/9), or by killing one while no Regiment hits (10/36 * 1/9)
    assert view.odds["win"] == pytest.approx(float(Fraction(1, 36) * Fraction(5, 9) + Fraction(10, 36) * Fraction(1, 9)))
    assert view.odds["win"] + view.odds["surrender"] + view.odds["lose"] == pytest.approx(1.0)


def test_casualty_order_suggests_the_weakest_first_and_the_leader_last():
    s, p, h = battle(postmen=("postman", "rider", "cavalry"), holnists=("regiment", "regiment"))
    act(s, "fight", town="fo")
    dice(s, 1, 1, 1, 3, 3)
    assert q.casualty_order(s.state, "postmen") == [p[1], p[2]]


def test_todo_lists_battles_and_recruit_rolls():
    s, p, h = battle()
    lines = q.todo(s.state, s.next_steps())
    assert any("Forest Town" in line for line in lines)


def test_recruiters_and_change_summary():
    s = game()
    to_phase(s, "recruit")
    assert s.state.t.militia["pt"] == 0
    before = q.snapshot(s.state)
    assert q.recruiters(s.state) == []  # nobody stands with Militia
    s.state.t.militia["pt"] = 1
    who = dict(q.recruiters(s.state))
    assert who["postman1"] == pytest.approx(5 / 6) and who["rider1"] == pytest.approx(1 / 2)
    act(s, "recruit", unit="postman1")
    dice(s, 6)
    dice(s, 6)  # Type: 6 - 1 (small) + 1 (Leader) = 6: Cavalry
    lines = q.change_summary(s.state, before)
    assert lines[0].startswith("New Postmen Cavalry")


def test_town_lines_say_size_terrain_and_who_is_there():
    s = game()
    lines = q.town_lines(s.state, "fo")
    assert lines[0] == "Forest Town \u00b7 medium town"
    assert "forest: Sneak +1" in lines and "Militia: 1 of 2" in lines
    assert any(line.startswith("Postmen:") for line in q.town_lines(s.state, "pt"))


def test_queries_agree_with_the_rules_through_random_games():
    """Along random games: every reach the screen offers is a move the rules accept, every lit
    card passes its checks on each offered target, and battle odds always add up to one."""
    import random

    from companion.core.inputs import Input
    from companion.core.session import Session
    from companion.postman.rules import RULES

    from .kit import BOARD, pack
    from .test_playout import Player

    for seed in range(10):
        session = Session(RULES, pack(), {"board": BOARD}, seed)
        player = Player(session, random.Random(seed))
        for _ in range(150):
            if session.state.t.winner:
                break
            s = session.state
            t = s.t
            if t.phase == "move" and t.due is None and t.offer is None and t.movement is None:
                for town in s.board.towns:
                    mine = [u.id for u in s.units_in(town, t.active)]
                    for town_to, reach in q.reachable(s, mine).items():
                        assert session.check(Input("move", {"units": mine, "path": list(reach.path)})) == [], town_to
            for side in ("postmen", "holnists"):
                for card in q.playable_cards(s, side):
                    targets = q.card_targets(s, side, card.id) if card.effect != "luck" else [{"die": 0}]
                    for args in targets[:5]:
                        found = session.check(Input("play_card", {"card": card.id, "side": side, **args}))
                        assert found == [], (card.id, args, found)
            view = q.battle_odds_now(s)
            if view is not None and view.odds is not None:
                assert sum(view.odds.values()) == pytest.approx(1.0)
            player.one_input()


def test_both_leaders_bring_rule_number_7_into_the_odds():
    s, p, h = battle(holnists=("general",), postmen=("postman",))
    view = q.battle_odds_now(s.state)
    assert view.rule7
    act(s, "fight", town="fo")
    assert s.pending_roll().rule == "postman.fight.rule7"
    assert q.battle_odds_now(s.state).rule7  # still counted while its die is owed
    dice(s, 5)  # 4+: the duel decides the game
    duel = q.battle_odds_now(s.state)
    assert duel.step == "duel" and duel.odds["win"] == pytest.approx(40 / 91)
