"""Where a stack may go: reach by the move stat and bonus cards, the Sneak rolls on the way."""

import pytest

from companion.postman.odds import chance
from companion.postman.reach import path_to, reachable, stack_problems

from .play import act, clear, game, place


def test_reachable_towns_follow_the_move_stat():
    s = game()
    reach = reachable(s.state, ["rider1"])  # a Rider moves 3 from pt
    assert set(reach) == {"fo", "ri", "ed", "mo"}
    assert reach["fo"].path == ("fo",)
    assert reach["mo"].path in (("fo", "ed", "mo"), ("fo", "ri", "mo"))
    assert all(r.arrive == 1.0 and not r.sneaks for r in reach.values())  # Militia never block


def test_reachable_takes_the_slowest_unit_and_bonus_cards():
    s = game()
    clear(s, "pt")
    cav, postman = place(s, "pt", "cavalry", "postman")
    assert set(reachable(s.state, [cav, postman])) == {"fo", "ri", "ed"}  # Cavalry: 2
    s.state.pos.move_bonus[cav] = 1  # Pony Express
    assert "mo" in reachable(s.state, [cav, postman])


def test_reachable_lists_the_sneak_rolls_through_an_enemy_stack_and_prefers_the_safe_road():
    s = game()
    clear(s, "ri")
    place(s, "ri", "regiment")
    reach = reachable(s.state, ["rider1"])
    assert reach["ri"].battle and not reach["ri"].sneaks  # the move ends there: no roll
    assert reach["mo"].path == ("fo", "ed", "mo")  # around the Regiment, not through it
    clear(s, "ed")
    place(s, "ed", "patrol")
    r = reachable(s.state, ["rider1", "rider2"])["mo"]
    # both roads pass an enemy; the river town (-1) is worse than the open edge town
    assert r.path == ("fo", "ed", "mo")
    assert [x.unit for x in r.sneaks] == ["rider1", "rider2"]
    assert r.sneaks[0].target == 3 and r.sneaks[0].modifier == 0
    assert r.arrive == pytest.approx(chance(3) ** 2)


def test_reachable_is_empty_for_a_stack_that_may_not_move_and_path_to_still_answers():
    s = game()
    act(s, "move", units=["rider1"], path=["fo"])
    assert reachable(s.state, ["rider1"]) == {}
    assert [v.rule for v in stack_problems(s.state, ["rider1"])] == ["postman.move.once"]
    assert path_to(s.state, ["rider1"], "bc") == ["ri", "mo", "bc"]
    assert path_to(s.state, ["rider2"], "ri") == ["fo", "ri"]
