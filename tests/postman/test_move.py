"""The Move phase: roads, Move stats, sneaking through enemy stacks, retreats (seed: MOVE PHASE)."""

import pytest

from companion.core.inputs import Input
from companion.core.session import Session
from companion.core.violations import CannotOverride
from companion.postman.rules import RULES

from .play import BOARD, PACK, act, battle_in_forest_town, clear, dice, flagged, game, place, units


def test_postman_move_roads():
    s = game()
    assert flagged(s, "move", units=["rider1"], path=["ri"]) == {"postman.move.roads"}
    act(s, "move", units=["rider1"], path=["fo", "ri"])
    assert s.state.pos.units["rider1"].town == "ri"


def test_postman_move_limit_is_the_slowest_units_move_stat():
    s = game()
    assert flagged(s, "move", units=["rider1"], path=["fo", "ri", "mo", "bc"]) == {"postman.move.limit"}
    clear(s, "pt")
    cav = place(s, "pt", "cavalry")[0]
    postman = place(s, "pt", "postman")[0]
    # the Postman moves 4, Cavalry 2: together they move 2
    assert flagged(s, "move", units=[cav, postman], path=["fo", "ed", "mo"]) == {"postman.move.limit"}
    act(s, "move", units=[cav, postman], path=["fo", "ed"])


def test_postman_move_once():
    s = game()
    act(s, "move", units=["rider1"], path=["fo"])
    assert flagged(s, "move", units=["rider1"], path=["ri"]) == {"postman.move.once"}


def test_postman_move_stack_is_one_side_in_one_town():
    s = game()
    act(s, "move", units=["rider1"], path=["fo"])
    assert "postman.move.stack" in flagged(s, "move", units=["rider2", "rider1"], path=["fo"])


def test_postman_turn_active_only_the_player_whose_turn_it_is_moves():
    s = game()
    assert flagged(s, "move", units=["regiment1"], path=["mo"]) == {"postman.turn.active"}


def test_postman_move_cannot_when_the_stat_is_x():
    from companion.core.session import Session
    from companion.postman.rules import RULES

    from .play import BOARD, PACK

    s = game()
    kind = s.state.catalog.units["rider"]
    s.state.catalog.units["rider"] = type(kind)(**{**kind.__dict__, "move": None})
    try:
        assert "postman.move.cannot" in flagged(s, "move", units=["rider1"], path=["fo"])
    finally:
        s.state.catalog.units["rider"] = kind
    assert Session(RULES, PACK, {"board": BOARD}, 1)  # the pack itself is untouched


def test_postman_move_sneak_each_unit_rolls_and_failures_stop():
    s = game()
    clear(s, "fo")
    place(s, "fo", "regiment")
    act(s, "move", units=["rider1", "rider2"], path=["fo", "ri"])
    req = s.pending_roll()
    assert req.rule == "postman.move.sneak"
    assert req.target == 3 and [m.value for m in req.modifiers] == [1]  # Rider sneaks on 3, forest +1
    assert abs(req.chance_met - 5 / 6) < 1e-9
    dice(s, 1)  # rider1: 1 + 1 = 2 < 3, stops in Forest Town
    dice(s, 2)  # rider2: 2 + 1 = 3, slips through
    assert s.state.pos.units["rider1"].town == "fo"
    assert s.state.pos.units["rider2"].town == "ri"


def test_postman_move_sneak_not_needed_for_militia_or_the_last_town():
    s = game()
    act(s, "move", units=["rider1"], path=["fo", "ri", "mo"])  # Militia everywhere: no roll
    assert s.pending_roll() is None
    assert s.state.pos.units["rider1"].town == "mo"


def test_postman_move_sneak_water_lowers_the_roll():
    s = game()
    clear(s, "ri")
    place(s, "ri", "patrol")
    act(s, "move", units=["rider1"], path=["fo", "ri", "mo"])
    assert [m.value for m in s.pending_roll().modifiers] == [-1]
    dice(s, 3)  # 3 - 1 = 2 < 3: stops in River Town beside the Patrol
    assert s.state.pos.units["rider1"].town == "ri"


def test_postman_move_retreat_offered_to_units_an_enemy_stops_beside():
    s = game()
    clear(s, "fo")
    pat = place(s, "fo", "patrol")[0]
    act(s, "move", units=["rider1"], path=["fo"])
    steps = s.next_steps()
    assert steps[0].kind == "retreat" and steps[0].who == "holnists"
    # not into the mover's town and only one space
    assert flagged(s, "retreat", unit=pat, to="pt") == {"postman.move.retreat"}
    assert flagged(s, "retreat", unit=pat, to="mo") == {"postman.move.retreat"}
    act(s, "retreat", unit=pat, to="ri")
    req = s.pending_roll()
    assert req.rule == "postman.move.retreat" and req.target == 4  # Patrol sneak 4, forest +1
    dice(s, 3)
    assert s.state.pos.units[pat].town == "ri"
    assert s.state.pos.offer is None


def test_postman_move_retreat_failure_stays_and_stay_ends_the_offer():
    s = game()
    clear(s, "fo")
    a, b = place(s, "fo", "patrol", "regiment")
    act(s, "move", units=["rider1"], path=["fo"])
    act(s, "retreat", unit=a, to="ri")
    dice(s, 2)  # 2 + 1 = 3 < 4
    assert s.state.pos.units[a].town == "fo"
    act(s, "stay")
    assert s.state.pos.units[b].town == "fo" and s.state.pos.offer is None


def test_a_pending_roll_comes_before_anything_else():
    s = game()
    clear(s, "fo")
    place(s, "fo", "regiment")
    act(s, "move", units=["rider1"], path=["fo", "ri"])
    out = s.submit(Input("end_phase", {}))
    assert not out.accepted and [v.rule for v in out.violations] == ["postman.roll.pending"]
    assert "sneak roll" in out.violations[0].reason
    assert units(s, "fo", "postmen") == ["rider1"]
    assert s.deciding() == "postmen"  # the sneaking side rolls
    # overridden, the phase ends and the roll is still owed first
    assert s.submit(Input("end_phase", {}), override=True).accepted
    assert s.state.pos.phase == "fight" and s.next_steps()[0].kind == "roll"


def test_an_owed_draw_retreat_or_battle_decision_comes_first():
    s = Session(RULES, PACK, {"board": BOARD}, seed=11)  # the opening deal is owed
    assert "postman.draw.pending" in flagged(s, "end_phase")
    s = game()
    clear(s, "fo")
    place(s, "fo", "regiment")
    act(s, "move", units=["rider1"], path=["fo"])  # the regiment may retreat
    assert s.state.pos.offer is not None
    assert flagged(s, "end_phase") == {"postman.retreat.pending"}
    s, p, h = battle_in_forest_town()
    act(s, "fight", town="fo")
    while s.state.pos.battle is not None and s.state.pos.battle.step != "casualties":
        dice(s, *[6] * s.pending_roll().dice.count)
    assert flagged(s, "end_phase") == {"postman.battle.pending"}


def test_a_big_stack_is_logged_by_kind_and_count():
    s = game()
    units = [u.id for u in s.state.units_in("pt", "postmen")]
    entry = act(s, "move", units=units, path=["fo"])
    assert entry.text == "The Postman, Postal Rider \u00d74 move: Forest Town"


def test_postman_roll_none():
    """A roll nobody asked for breaks postman.roll.none (never a malformed input); overridden it
    changes nothing; once a roll is owed the same roll is no violation."""
    s = game()
    assert s.state.pos.due is None
    assert [v.rule for v in s.why_not(Input("roll", {"values": [3]}))] == ["postman.roll.none"]
    before = s.rules.state_json(s.state)
    assert s.submit(Input("roll", {"values": [3]}), True).accepted
    assert s.rules.state_json(s.state) == before
    clear(s, "fo")
    place(s, "fo", "regiment")
    act(s, "move", units=["rider1"], path=["fo", "ri"])
    assert s.why_not(Input("roll", {"values": [3]})) == []


def test_the_offer_cannot_be_answered_again_while_its_retreat_roll_is_owed():
    """postman.roll.pending: while a retreat roll is owed, staying (or another retreat) is a firm
    violation, refused even overridden, because it would close the offer the roll belongs to;
    once the roll is made the rest may stay, and before it was asked for staying was a plain
    answer."""
    s = game()
    clear(s, "fo")
    a, b = place(s, "fo", "patrol", "regiment")
    act(s, "move", units=["rider1"], path=["fo"])
    assert s.why_not(Input("stay")) == []  # an offer and nothing owed: staying is an answer
    act(s, "retreat", unit=a, to="ri")
    assert s.pending_roll() is not None
    before = s.rules.state_json(s.state)
    entries, journal = list(s.entries), list(s.journal)
    for inp in (Input("stay"), Input("retreat", {"unit": b, "to": "ri"})):
        (v,) = s.why_not(inp)
        assert (v.rule, v.firm) == ("postman.roll.pending", True)
        assert "retreat roll" in v.reason and "gets away" in v.reason
        assert not s.submit(inp).accepted
        with pytest.raises(CannotOverride, match=r"\[postman.roll.pending\]; this rule cannot be overridden"):
            s.submit(inp, override=True)
    assert s.rules.state_json(s.state) == before
    assert (s.entries, s.journal) == (entries, journal)  # nothing logged
    assert [v.rule for v in s.why_not(Input("end_phase"))] == ["postman.roll.pending"]  # still only owed
    dice(s, 6)  # the Patrol gets away; the Regiment is still offered its retreat
    assert s.state.pos.units[a].town == "ri" and s.state.pos.offer is not None
    assert s.why_not(Input("stay")) == []
    act(s, "stay")
    assert s.state.pos.units[b].town == "fo" and s.state.pos.offer is None
