"""Recruit, Type and Militia rolls (seed: RECRUIT PHASE, RECRUIT TYPE TABLE, MILITIA PHASE)."""

from .play import act, clear, dice, flagged, game, next_turn, place, to_phase


def recruit_game():
    s = game()
    clear(s, "ri")
    s.state.pos.militia["ri"] = 2
    p = place(s, "ri", "rider", "postman")
    s.state.pos.units.pop("postman1")
    to_phase(s, "recruit")
    return s, p


def test_postman_recruit_roll_converts_a_militia_and_the_type_roll_picks_the_unit():
    s, (rider, postman) = recruit_game()
    act(s, "recruit", unit=rider)
    req = s.pending_roll()
    assert req.rule == "postman.recruit.roll" and req.target == 4
    dice(s, 4)
    assert s.state.pos.militia["ri"] == 1
    req = s.pending_roll()
    assert req.rule == "postman.recruit.type" and req.target == 6
    assert [m.value for m in req.modifiers] == [1]  # a large town
    dice(s, 5)  # 5 + 1 = 6: Cavalry
    new = [u for u in s.state.units_in("ri", "postmen") if u.fresh]
    assert [u.kind for u in new] == ["cavalry"]


def test_postman_recruit_type_leader_adds_one_and_light_below_six():
    s, (rider, postman) = recruit_game()
    act(s, "recruit", unit=postman)
    assert s.pending_roll().target == 2
    dice(s, 2)
    assert [m.value for m in s.pending_roll().modifiers] == [1, 1]  # large town, the Leader
    dice(s, 3)  # 3 + 2 = 5: a Rider
    assert [u.kind for u in s.state.units_in("ri", "postmen") if u.fresh] == ["rider"]


def test_postman_recruit_roll_failure_changes_nothing():
    s, (rider, _postman) = recruit_game()
    act(s, "recruit", unit=rider)
    dice(s, 3)
    assert s.state.pos.militia["ri"] == 2 and s.pending_roll() is None


def test_postman_recruit_once_per_unit_and_not_by_fresh_units():
    s, (rider, _postman) = recruit_game()
    act(s, "recruit", unit=rider)
    dice(s, 4)
    dice(s, 1)
    assert flagged(s, "recruit", unit=rider) == {"postman.recruit.once"}
    fresh = next(u.id for u in s.state.units_in("ri", "postmen") if u.fresh)
    assert flagged(s, "recruit", unit=fresh) == {"postman.recruit.once"}


def test_postman_recruit_roll_needs_militia_in_the_town():
    s = game()
    to_phase(s, "recruit")
    assert flagged(s, "recruit", unit="rider1") == {"postman.recruit.roll"}  # Post Town has none


def test_postman_recruit_contested_not_with_the_enemy_there():
    s, (rider, _postman) = recruit_game()
    place(s, "ri", "patrol")
    assert flagged(s, "recruit", unit=rider) == {"postman.recruit.contested"}


def test_postman_recruit_cannot_patrols_never_recruit():
    s = game()
    next_turn(s)
    clear(s, "mo")
    s.state.pos.militia["mo"] = 1
    pat = place(s, "mo", "patrol")[0]
    to_phase(s, "fight")
    act(s, "fight", town="mo")  # Holnists beside Militia: the Militia stay out on a 1
    dice(s, 1)
    to_phase(s, "recruit")
    assert flagged(s, "recruit", unit=pat) == {"postman.recruit.cannot"}


def test_postman_militia_roll_every_empty_town_with_size_modifiers():
    s = game()
    s.state.pos.militia.update({"mo": 0, "ed": 0})
    to_phase(s, "militia")
    act(s, "militia_phase")
    req = s.pending_roll()
    towns = s.state.pos.due.info["towns"]
    assert set(towns) == {"fo", "ri", "mo", "ed"}  # Post Town and the Base Camp are occupied
    assert req.rule == "postman.militia.roll" and req.target == 3
    targets = dict((w, mods) for _t, mods, w in req.extra["targets"])
    assert targets["ri"] == ["+1 large town"] and targets["mo"] == ["-1 small town"]
    values = {"fo": 3, "ri": 2, "mo": 3, "ed": 6}
    dice(s, *[values[t] for t in towns])
    m = s.state.pos.militia
    assert (m["fo"], m["ri"], m["mo"], m["ed"]) == (2, 2, 0, 1)  # mo: 3 - 1 misses; ed: 6 gives 1


def test_postman_militia_cap_by_town_size():
    s = game()
    s.state.pos.militia.update({"fo": 2, "ri": 2, "mo": 0, "ed": 1})
    to_phase(s, "militia")
    act(s, "militia_phase")
    assert set(s.state.pos.due.info["towns"]) == {"ri", "mo"}  # medium full at 2, small at 1


def test_postman_militia_turn_no_militia_phase_for_the_holnists():
    s = game()
    next_turn(s)
    to_phase(s, "recruit")
    assert flagged(s, "militia_phase") == {"postman.militia.turn"}
    act(s, "end_phase")
    assert s.state.pos.phase == "mail"


def test_postman_militia_roll_must_be_made_before_the_phase_ends():
    s = game()
    to_phase(s, "recruit")
    act(s, "end_phase")
    assert flagged(s, "end_phase") == {"postman.militia.roll"}
