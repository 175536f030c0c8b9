"""The Fight phase, round by round (postman.fight.* and postman.fight.rule7 in
rules/postman/reference.md)."""

from .play import (
    act,
    battle_in_forest_town,
    clear,
    dice,
    flagged,
    game,
    next_turn,
    place,
    to_phase,
    units,
)


def test_postman_fight_all_every_contested_town_before_the_phase_ends():
    s, p, h = battle_in_forest_town()
    assert s.state.pos.battles_left == ["fo"]
    assert flagged(s, "end_phase") == {"postman.fight.all"}
    assert flagged(s, "fight", town="ri") == {"postman.fight.all"}


def test_postman_fight_round_all_attack_at_once_with_fight_stats():
    s, p, h = battle_in_forest_town()
    act(s, "fight", town="fo")
    req = s.pending_roll()
    assert req.rule == "postman.fight.round" and req.dice.count == 3
    assert [t for t, _m, _w in req.extra["targets"]] == [6, 6, 3]  # two Riders, then the Regiment
    dice(s, 6, 1, 3)  # one Rider hits, the Regiment hits
    b = s.state.pos.battle
    assert b.hits == {"postmen": 1, "holnists": 1}
    # each owner chooses; the Holnists confirm even their last unit, so Discipline could answer
    assert [(st.kind, st.who) for st in s.next_steps()] == [("casualties", "postmen"), ("casualties", "holnists")]
    act(s, "casualties", side="postmen", units=[p[1]])
    act(s, "casualties", side="holnists", units=[h[0]])
    assert h[0] not in s.state.pos.units
    assert units(s, "fo") == [p[0]] and s.state.pos.battle is None
    assert s.state.pos.last_battle.result == "the Postmen hold Forest Town"  # people, not ids


def test_postman_fight_retreat_equal_casualties_mean_the_postmen_retreat():
    s, p, h = battle_in_forest_town()
    clear(s, "ed")
    place(s, "ed", "patrol")
    act(s, "fight", town="fo")
    dice(s, 1, 1, 1)  # nobody hits: 0-0
    assert s.state.pos.battle.retreating == "postmen"
    assert flagged(s, "battle_retreat", to="ed") == {"postman.fight.retreat"}  # enemy there
    assert flagged(s, "battle_retreat", to="mo") == {"postman.fight.retreat"}  # not one space
    act(s, "battle_retreat", to="pt")
    assert set(p) <= set(units(s, "pt", "postmen"))
    assert units(s, "fo") == h
    assert s.state.pos.last_battle.result == "the Postmen retreat to Post Town"  # people, not ids


def test_postman_fight_retreat_the_side_with_more_casualties_goes():
    s, p, h = battle_in_forest_town(holnists=("regiment", "regiment"))
    act(s, "fight", town="fo")
    dice(s, 6, 1, 1, 1)  # a Rider hits, no Regiment does
    assert flagged(s, "casualties", side="holnists", units=h) == {"postman.fight.casualties"}
    act(s, "casualties", side="holnists", units=[h[0]])
    assert s.state.pos.battle.retreating == "holnists"
    act(s, "battle_retreat", to="ri")
    assert s.state.pos.units[h[1]].town == "ri"
    assert s.state.pos.last_battle.result == "the Holnists retreat to River Town"


def test_postman_fight_second_round_and_surrender_of_the_smaller_side():
    s, p, h = battle_in_forest_town(holnists=("regiment", "patrol"), postmen=("rider", "rider", "rider"))
    for town in ("ri", "ed"):
        clear(s, town)
        place(s, town, "patrol")
    clear(s, "pt")
    place(s, "pt", "patrol")
    s.state.pos.battles_left = ["fo"]
    act(s, "fight", town="fo")
    dice(s, 1, 1, 1, 1, 1)  # 0-0: the Postmen must retreat but every road is held
    assert s.state.pos.battle.round == 2
    assert s.pending_roll().purpose.startswith("attack dice, round 2")
    dice(s, 6, 1, 1, 1, 1)  # round 2: one hit on the Holnists
    act(s, "casualties", side="holnists", units=[h[1]])
    # both remain: 3 Postmen against 1 Holnist; the Holnists surrender and give up the rest
    act(s, "casualties", side="holnists", units=[h[0]])
    assert h[0] not in s.state.pos.units
    assert s.state.pos.last_battle.result == "the Holnists surrender"


def test_postman_fight_surrender_on_equal_numbers_goes_against_the_postmen():
    s, p, h = battle_in_forest_town(holnists=("regiment",), postmen=("rider",))
    for town in ("ri", "ed", "pt"):
        clear(s, town)
        place(s, town, "patrol")
    s.state.pos.battles_left = ["fo"]
    act(s, "fight", town="fo")
    dice(s, 1, 1)
    dice(s, 1, 1)
    assert p[0] not in s.state.pos.units and h[0] in s.state.pos.units
    assert s.state.pos.last_battle.result == "the Postmen surrender"


def test_postman_fight_militia_roll_6_to_fight_holnists_else_no_battle():
    s = game()
    clear(s, "ri")
    s.state.pos.militia["ri"] = 2
    next_turn(s)  # the Holnists' turn
    reg = place(s, "mo", "regiment")[0]
    act(s, "move", units=[reg], path=["ri"])
    to_phase(s, "fight")
    act(s, "fight", town="ri")
    req = s.pending_roll()
    assert req.rule == "postman.fight.militia" and req.target == 6
    dice(s, 5)
    assert s.state.pos.battle is None and s.state.pos.last_battle.result == "no battle"
    assert s.state.pos.militia["ri"] == 2


def test_postman_fight_militia_that_fight_and_surrender_join_the_holnists():
    s = game()
    clear(s, "ri")
    s.state.pos.militia["ri"] = 1
    next_turn(s)
    regs = place(s, "mo", "regiment", "regiment")
    act(s, "move", units=regs, path=["ri"])
    to_phase(s, "fight")
    act(s, "fight", town="ri")
    dice(s, 6)  # the Militia fight
    assert s.pending_roll().dice.count == 3  # Militia first, then the two Regiments
    dice(s, 1, 1, 1)  # 0-0: the Postmen side retreats, but a side of Militia alone cannot
    assert s.state.pos.battle.round == 2
    dice(s, 1, 1, 1)  # 1 Militia against 2 Regiments: the Militia surrender
    req = s.pending_roll()
    assert req.rule == "postman.recruit.type"
    assert [m.value for m in req.modifiers] == [1]  # a large town
    dice(s, 5)  # 5 + 1 = 6: a Regiment
    assert s.state.pos.militia["ri"] == 0
    joined = [u for u in s.state.units_in("ri", "holnists") if u.id not in regs]
    assert [u.kind for u in joined] == ["regiment"] and joined[0].fresh


def test_postman_fight_casualties_leader_only_when_no_other_unit_remains():
    s, p, h = battle_in_forest_town(holnists=("regiment", "regiment"), postmen=("postman", "rider"))
    s.state.pos.units.pop("postman1")  # one Postman only
    act(s, "fight", town="fo")
    dice(s, 1, 1, 6, 1)  # the Regiment's hit: one Postmen casualty
    leader = next(u for u in p if s.state.pos.units[u].kind == "postman")
    rider = next(u for u in p if u != leader)
    assert flagged(s, "casualties", side="postmen", units=[leader]) == {"postman.fight.casualties"}
    assert flagged(s, "casualties", side="postmen", units=[]) == {"postman.fight.casualties"}
    act(s, "casualties", side="postmen", units=[rider])


def test_postman_fight_round_defender_by_mountains_gets_plus_one():
    s = game()
    clear(s, "mo")
    reg = place(s, "mo", "regiment")[0]
    p = place(s, "ed", "rider")
    act(s, "move", units=p, path=["mo"])
    act(s, "stay")
    to_phase(s, "fight")
    act(s, "fight", town="mo")
    targets = s.pending_roll().extra["targets"]
    assert targets[0][1] == [] and targets[1][1] == ["+1 defending by mountains"]
    dice(s, 1, 2)  # the Regiment: 2 + 1 = 3 hits
    assert p[0] not in s.state.pos.units
    assert reg in s.state.pos.units


def test_postman_fight_rule7_duel_decides_the_game():
    s, p, h = battle_in_forest_town(holnists=("general",), postmen=("postman",))
    for extra in ("postman1", "general1"):
        s.state.pos.units.pop(extra)
    act(s, "fight", town="fo")
    req = s.pending_roll()
    assert req.rule == "postman.fight.rule7" and req.target == 4
    dice(s, 4)
    assert s.pending_roll().dice.count == 2
    dice(s, 2, 3)  # the Postman rolled 2: he may reroll it
    assert s.pending_roll().dice.count == 1
    dice(s, 4)  # 4 against 3 + 1: a tie, both roll again
    assert s.pending_roll().dice.count == 2
    dice(s, 6, 4)  # 6 against 5: the Postman wins
    assert s.state.pos.winner == "postmen"
    assert h[0] not in s.state.pos.units
    assert flagged(s, "end_phase") == {"postman.victory"}


def test_postman_fight_rule7_below_4_the_battle_is_fought():
    s, p, h = battle_in_forest_town(holnists=("general",), postmen=("postman",))
    for extra in ("postman1", "general1"):
        s.state.pos.units.pop(extra)
    act(s, "fight", town="fo")
    dice(s, 3)
    assert s.pending_roll().rule == "postman.fight.round"


def test_postman_victory_when_a_leader_falls_in_battle():
    s, p, h = battle_in_forest_town(holnists=("regiment",), postmen=("postman",))
    s.state.pos.units.pop("postman1")
    act(s, "fight", town="fo")
    dice(s, 1, 6)
    assert s.state.pos.winner == "holnists"
    assert s.next_steps()[0].text.startswith("The Holnists have won")


def test_postman_fight_surrender_holnists_give_up_their_units_and_discipline_spares_one():
    s, p, h = battle_in_forest_town(holnists=("regiment",), postmen=("rider", "rider"))
    s.state.hand("holnists").append("10S")
    s.state.deck("holnists").draw_pile["10S"] -= 1
    for town in ("ri", "ed", "pt"):
        clear(s, town)
        place(s, town, "patrol")
    s.state.pos.battles_left = ["fo"]
    act(s, "fight", town="fo")
    dice(s, 1, 1, 1)  # 0-0: the Postmen cannot retreat
    dice(s, 1, 1, 1)  # round 2, 0-0 again: 1 Regiment against 2 Riders surrenders
    step = s.next_steps()[0]
    assert step.kind == "casualties" and step.who == "holnists" and "surrender" in step.text
    act(s, "play_card", card="10S")
    assert h[0] in s.state.pos.units  # Discipline: the Regiment is not destroyed
    assert s.state.pos.battle is None and s.state.pos.last_battle.result == "the Holnists surrender"


def test_postman_fight_surrender_without_discipline_destroys_the_holnists():
    s, p, h = battle_in_forest_town(holnists=("regiment",), postmen=("rider", "rider"))
    for town in ("ri", "ed", "pt"):
        clear(s, town)
        place(s, town, "patrol")
    s.state.pos.battles_left = ["fo"]
    act(s, "fight", town="fo")
    dice(s, 1, 1, 1)
    dice(s, 1, 1, 1)
    assert flagged(s, "casualties", side="holnists", units=[]) == {"postman.fight.casualties"}
    act(s, "casualties", side="holnists", units=h)
    assert h[0] not in s.state.pos.units
