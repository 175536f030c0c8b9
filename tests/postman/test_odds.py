"""Exact odds for The Postman, checked against brute-force enumeration of every die.

The brute force below is written independently of ``companion.postman.odds``: it rolls every
combination of d6 for every unit (hit chances are multiples of 1/6, so a unit with hit k/6 hits
on 7-k or more), removes casualties one at a time by the owner's choice (Militia first, then the
weakest non-Leader, the Leader only when alone), and follows the seed's Fight Phase literally.
"""

from __future__ import annotations

from fractions import Fraction as F
from functools import cache
from itertools import product

import pytest

from companion.postman.odds import (
    OUTCOMES,
    SUMMARY,
    Fighter,
    battle_odds,
    chance,
    duel_odds,
    exact_chance,
    removal_order,
    round_odds,
    type_roll_chances,
)


def unit(name, sixths, leader=False, militia=False):
    return Fighter(name, F(sixths, 6), leader=leader, militia=militia)


# ------------------------------------------------------------------ the independent brute force


def hits(side, dice):
    """Hits scored by ``side`` when its units roll ``dice`` (hit k/6 needs 7-k or more)."""
    return sum(1 for f, die in zip(side, dice, strict=True) if die >= needs(f))


@cache
def needs(f):
    return 7 - int(f.hit * 6)


def take_casualties(side, n):
    """The owner removes ``n`` units one by one: Militia first, then the non-Leader with the
    lowest hit chance; a Leader only when nothing else is left."""
    left = list(side)
    for _ in range(min(n, len(left))):
        pool = ([f for f in left if f.militia and not f.leader]
                or [f for f in left if not f.leader] or left)
        left.remove(min(pool, key=lambda f: f.hit))
    return left


def dice(n):
    """Every roll of n d6: (tuple of faces), each as likely as the others (1 in 6**n)."""
    return product(range(1, 7), repeat=n)


def zeros():
    return dict.fromkeys(OUTCOMES, 0), {"postmen": 0, "holnists": 0}, {"postmen": 0, "holnists": 0}


def brute_force_round2(pm1, hl1, np_, nh):
    """Round 2 from the units left: its ends, casualties (from the start) and surrenders."""
    ends, cas, lost = zeros()  # counted in rolls, divided by 6**n at the end
    n = len(pm1) + len(hl1)
    for roll in dice(n):
        pm2 = take_casualties(pm1, hits(hl1, roll[len(pm1):]))
        hl2 = take_casualties(hl1, hits(pm1, roll[:len(pm1)]))
        cas["postmen"] += np_ - len(pm2)
        cas["holnists"] += nh - len(hl2)
        if not pm2 and not hl2:
            ends["both_destroyed"] += 1
        elif not pm2:
            ends["holnists_win"] += 1
        elif not hl2:
            ends["postmen_win"] += 1
        elif len(hl2) < len(pm2):
            ends["holnists_surrender"] += 1
            lost["holnists"] += len(hl2)
        else:  # smaller, or equal numbers: the Postmen and Militia surrender
            ends["postmen_surrender"] += 1
            lost["postmen"] += len(pm2)
    return tuple({k: F(v, 6**n) for k, v in d.items()} for d in (ends, cas, lost))


def brute_force(postmen, holnists, pm_can, hl_can):
    """Every end of the battle, its casualties and losses, round 1's survivors and the chance
    of a second round, from every roll of every die."""
    out, cas, lost = zeros()  # counted in rolls of round 1, divided by 6**n at the end
    round1: dict = {}
    reached: dict = {}  # units left after round 1 -> rolls that lead to round 2 from there
    np_, nh = len(postmen), len(holnists)
    for roll in dice(np_ + nh):
        pm1 = take_casualties(postmen, hits(holnists, roll[np_:]))
        hl1 = take_casualties(holnists, hits(postmen, roll[:np_]))
        c_pm, c_hl = np_ - len(pm1), nh - len(hl1)
        round1[(len(pm1), len(hl1))] = round1.get((len(pm1), len(hl1)), 0) + 1
        if not pm1 or not hl1:
            end = ("both_destroyed" if not pm1 and not hl1
                   else "holnists_win" if not pm1 else "postmen_win")
        else:
            # the side that took more casualties retreats; equal: the Postmen side
            if c_pm >= c_hl:
                retreater, side, can = "postmen", pm1, pm_can
            else:
                retreater, side, can = "holnists", hl1, hl_can
            if not can or all(f.militia for f in side):
                state = (tuple(pm1), tuple(hl1))
                reached[state] = reached.get(state, 0) + 1
                continue
            end = f"{retreater}_retreat"
        out[end] += 1
        cas["postmen"] += c_pm
        cas["holnists"] += c_hl
    whole = 6 ** (np_ + nh)
    out, cas, lost = ({k: F(v, whole) for k, v in d.items()} for d in (out, cas, lost))
    for (pm1, hl1), ways in reached.items():
        ends, cas2, lost2 = brute_force_round2(pm1, hl1, np_, nh)
        w = F(ways, whole)
        for end, p in ends.items():
            out[end] += w * p
        for s in cas:
            cas[s] += w * cas2[s]
            lost[s] += w * lost2[s]
    lost = {s: cas[s] + lost[s] for s in cas}
    round1 = {k: F(v, whole) for k, v in round1.items()}
    second = F(sum(reached.values()), whole)
    return out, cas, lost, round1, second


RIDER, CAVALRY, POSTMAN = 1, 3, 2  # hit sixths from the Fight stats 6, 4, 5
PATROL, REGIMENT, GENERAL = 2, 4, 5  # Fight 5, 3, 2
MILITIA = 1  # Fight 6

BATTLES = {
    "1v1": ([unit("Rider", RIDER)], [unit("Patrol", PATROL)]),
    "1v1 even": ([unit("Cavalry", CAVALRY)], [unit("Regiment", 3)]),
    "2v1": ([unit("Cavalry", CAVALRY), unit("Rider", RIDER)], [unit("Regiment", REGIMENT)]),
    "1v2": ([unit("Postman", POSTMAN, leader=True)],
            [unit("Patrol", PATROL), unit("General", GENERAL, leader=True)]),
    "2v2": ([unit("Postman", POSTMAN, leader=True), unit("Cavalry", CAVALRY)],
            [unit("Regiment", REGIMENT), unit("Patrol", PATROL)]),
    "2v2 militia": ([unit("Militia", MILITIA, militia=True), unit("Rider", RIDER)],
                    [unit("Patrol", PATROL), unit("Patrol", PATROL)]),
    "3v2": ([unit("Cavalry", CAVALRY), unit("Militia", MILITIA, militia=True),
             unit("Postman", POSTMAN, leader=True)],
            [unit("General", GENERAL, leader=True), unit("Regiment", REGIMENT)]),
    "2v3": ([unit("Rider", 4), unit("Cavalry", 5)],
            [unit("Patrol", PATROL), unit("Regiment", 3), unit("Regiment", REGIMENT)]),
    "3v2 militia only": ([unit("Militia", MILITIA, militia=True)] * 3,
                         [unit("Patrol", PATROL), unit("Regiment", REGIMENT)]),
}
FLAGS = [(False, False), (True, False), (False, True), (True, True)]


@pytest.mark.parametrize("flags", FLAGS, ids=lambda f: f"retreat P{int(f[0])} H{int(f[1])}")
@pytest.mark.parametrize("name", BATTLES)
def test_battle_odds_equal_brute_force_enumeration(name, flags):
    postmen, holnists = BATTLES[name]
    want, cas, lost, round1, second = brute_force(postmen, holnists, *flags)
    got = battle_odds(postmen, holnists, postmen_can_retreat=flags[0],
                      holnists_can_retreat=flags[1], exact=True)
    assert got.outcomes() == want
    assert got.total() == 1 == sum(want.values())
    assert got.expected_casualties == cas
    assert got.expected_losses == lost
    assert got.round1 == round1
    assert got.second_round == second
    floats = battle_odds(postmen, holnists, postmen_can_retreat=flags[0],
                         holnists_can_retreat=flags[1])
    for key, p in want.items():
        assert floats[key] == pytest.approx(float(p), abs=1e-12)


def test_round_odds_equal_brute_force_enumeration():
    a = [unit("Postman", POSTMAN, leader=True), unit("Cavalry", CAVALRY),
         unit("Militia", MILITIA, militia=True)]
    b = [unit("General", GENERAL, leader=True), unit("Patrol", PATROL)]
    want: dict = {}
    for roll in dice(5):
        key = (hits(b, roll[3:]), hits(a, roll[:3]))
        want[key] = want.get(key, 0) + F(1, 6**5)
    got = round_odds(a, b, exact=True)
    assert {k: p for k, p in got.items() if p} == want
    assert set(got) == {(i, j) for i in range(3) for j in range(4)}
    assert sum(round_odds(a, b).values()) == pytest.approx(1)


# ------------------------------------------------------------------ each rule on its own


def test_postman_fight_casualties_leader_last_and_weakest_first():
    # Postmen lose 1 in round 1: the Cavalry, not the Postman, though he cannot hit. The
    # Holnists lose 1: Patrol 0/6 before Regiment 6/6. Round 2: the Regiment kills the Postman.
    postmen = [unit("Postman", 0, leader=True), unit("Cavalry", 6)]
    holnists = [unit("Regiment", 6), unit("Patrol", 0)]
    got = battle_odds(postmen, holnists, postmen_can_retreat=False, holnists_can_retreat=False,
                      exact=True)
    assert got.holnists_win == 1
    assert [f.name for f in removal_order(postmen + holnists)] == [
        "Patrol", "Cavalry", "Regiment", "Postman"]


def test_postman_fight_casualties_militia_first():
    # One hit on the Postmen side: the Militia dies, the Rider is left and can retreat. Were the
    # Rider chosen, the Militia alone could not retreat and would fight on.
    postmen = [unit("Rider", 0), unit("Militia", 6, militia=True)]
    holnists = [unit("Regiment", 6), unit("Patrol", 0), unit("Patrol", 0)]
    got = battle_odds(postmen, holnists, postmen_can_retreat=True, holnists_can_retreat=True,
                      exact=True)
    assert got.postmen_retreat == 1
    assert got.round1 == {(1, 2): 1}


def test_postman_fight_retreat_militia_only_side_cannot_retreat():
    postmen = [unit("Militia", MILITIA, militia=True)] * 2
    holnists = [unit("Regiment", REGIMENT)]
    free = battle_odds(postmen, holnists, postmen_can_retreat=True, holnists_can_retreat=False,
                       exact=True)
    stuck = battle_odds(postmen, holnists, postmen_can_retreat=False, holnists_can_retreat=False,
                        exact=True)
    assert free.postmen_retreat == 0
    assert free.outcomes() == stuck.outcomes()
    # the same side with a Rider in it may retreat
    mixed = battle_odds([*postmen, unit("Rider", RIDER)], holnists, postmen_can_retreat=True,
                        holnists_can_retreat=False, exact=True)
    assert mixed.postmen_retreat > 0


def test_postman_fight_retreat_equal_casualties_postmen_retreat():
    # 0-0 casualties: the Postmen side retreats, though the Holnists could too.
    nobody_hits = battle_odds([unit("Rider", 0)], [unit("Patrol", 0)],
                              postmen_can_retreat=True, holnists_can_retreat=True, exact=True)
    assert nobody_hits.postmen_retreat == 1
    # 1-1 in a 2v2 where every unit hits
    all_hit = battle_odds([unit("Rider", 6), unit("Cavalry", 6)],
                          [unit("Patrol", 6), unit("Regiment", 6)],
                          postmen_can_retreat=True, holnists_can_retreat=True, exact=True)
    assert all_hit.both_destroyed == 1
    one_each = battle_odds([unit("Rider", 6), unit("Cavalry", 0)],
                           [unit("Patrol", 6), unit("Regiment", 0)],
                           postmen_can_retreat=True, holnists_can_retreat=True, exact=True)
    assert one_each.postmen_retreat == 1


def test_postman_fight_retreat_side_with_more_casualties_retreats():
    got = battle_odds([unit("Cavalry", 6)], [unit("Patrol", 0), unit("Regiment", 0)],
                      postmen_can_retreat=True, holnists_can_retreat=True, exact=True)
    assert got.holnists_retreat == 1
    # if that side cannot retreat, round 2 follows even though the other side could
    stuck = battle_odds([unit("Cavalry", 6)], [unit("Patrol", 0), unit("Regiment", 0)],
                        postmen_can_retreat=True, holnists_can_retreat=False, exact=True)
    assert stuck.postmen_win == 1 and stuck.second_round == 1


def test_postman_fight_surrender_tie_goes_against_the_postmen():
    even = battle_odds([unit("Rider", 0)], [unit("Patrol", 0)],
                       postmen_can_retreat=False, holnists_can_retreat=False, exact=True)
    assert even.postmen_surrender == 1
    assert even.expected_losses == {"postmen": 1, "holnists": 0}
    fewer_holnists = battle_odds([unit("Rider", 0)] * 2, [unit("Patrol", 0)],
                                 postmen_can_retreat=False, holnists_can_retreat=False, exact=True)
    assert fewer_holnists.holnists_surrender == 1
    fewer_postmen = battle_odds([unit("Rider", 0)], [unit("Patrol", 0)] * 2,
                                postmen_can_retreat=False, holnists_can_retreat=False, exact=True)
    assert fewer_postmen.postmen_surrender == 1


@pytest.mark.parametrize("name", ["1v2", "3v2"])
def test_postman_rule7_half_the_time_a_duel(name):
    postmen, holnists = BATTLES[name]
    plain = battle_odds(postmen, holnists, postmen_can_retreat=True, holnists_can_retreat=False,
                        exact=True)
    got = battle_odds(postmen, holnists, postmen_can_retreat=True, holnists_can_retreat=False,
                      rule7=True, exact=True)
    duel = F(sum(1 for face in range(1, 7) if face >= 4), 6)  # the Rule Number 7 roll: 4+
    assert duel == F(1, 2)
    assert got.duel_postman == duel * F(40, 91)
    assert got.duel_general == duel * F(51, 91)
    for key in OUTCOMES[:-2]:
        assert got[key] == (1 - duel) * plain[key]
    assert got.total() == 1
    assert got.expected_losses["postmen"] == (
        (1 - duel) * plain.expected_losses["postmen"] + duel * F(51, 91))
    assert got.round1 == plain.round1
    custom = battle_odds(postmen, holnists, postmen_can_retreat=True, holnists_can_retreat=False,
                         rule7=True, duel_postman_wins=F(1, 3), exact=True)
    assert custom.duel_postman == F(1, 6) and custom.duel_general == F(1, 3)


def test_postman_rule7_needs_both_leaders():
    with pytest.raises(ValueError, match="both Leaders"):
        battle_odds([unit("Rider", 1)], [unit("General", 5, leader=True)],
                    postmen_can_retreat=True, holnists_can_retreat=True, rule7=True)


def test_postman_rule7_duel_odds_are_40_in_91():
    assert duel_odds() == F(40, 91)
    # computed, not hard-coded: a fair duel is even, and rerolls or the bonus move it
    assert duel_odds(general_bonus=0, postman_rerolls=()) == F(1, 2)
    assert duel_odds(general_bonus=1, postman_rerolls=()) < duel_odds() < F(1, 2)


def test_postman_dice_single_roll_chances():
    assert chance(4) == 0.5
    assert exact_chance(2) == F(5, 6)
    assert exact_chance(6, 2) == F(1, 2)  # Trap on a Rider: 4+ on the die
    assert exact_chance(7, 1) == F(1, 6)
    assert exact_chance(1) == 1 and exact_chance(3, 2) == 1
    assert exact_chance(8) == 0 and exact_chance(2, -5) == 0
    assert exact_chance(2, 5, natural_one_fails=True) == F(5, 6)
    assert isinstance(chance(3), float)


def test_postman_recruit_type_table():
    assert type_roll_chances(0, exact=True) == {"light": F(5, 6), "heavy": F(1, 6)}
    assert type_roll_chances(-1, exact=True) == {"light": 1, "heavy": 0}  # Small town
    assert type_roll_chances(2, exact=True)["heavy"] == F(3, 6)  # Large town and a Leader
    assert type_roll_chances(3 - 1, exact=True) == type_roll_chances(2, exact=True)
    assert type_roll_chances(5) == {"light": 0.0, "heavy": 1.0}


def test_summary_bars_add_up_and_map_the_ends():
    postmen, holnists = BATTLES["3v2"]
    got = battle_odds(postmen, holnists, postmen_can_retreat=True, holnists_can_retreat=True,
                      rule7=True, exact=True)
    bars = got.summary()
    assert list(bars) == ["win", "retreat", "surrender", "lose"]
    assert sum(bars.values()) == 1
    assert sorted(n for names in SUMMARY.values() for n in names) == sorted(OUTCOMES)
    hl_retreat = battle_odds([unit("Cavalry", 6)], [unit("Patrol", 0), unit("Regiment", 0)],
                             postmen_can_retreat=True, holnists_can_retreat=True, exact=True)
    assert hl_retreat.summary() == {"win": 1, "retreat": 0, "surrender": 0, "lose": 0}


def test_ten_against_ten_float_and_exact_agree():
    postmen = ([Fighter("Rider", 1 / 6)] * 4 + [Fighter("Cavalry", 1 / 2)] * 4
               + [Fighter("Militia", 1 / 6, militia=True)] * 2)
    holnists = ([Fighter("Regiment", 2 / 3)] * 6 + [Fighter("Patrol", 1 / 3)] * 3
                + [Fighter("General", 5 / 6, leader=True)])
    for flag in (False, True):
        got = battle_odds(postmen, holnists, postmen_can_retreat=flag, holnists_can_retreat=flag)
        assert got.total() == pytest.approx(1, abs=1e-12)
        assert min(got.outcomes().values()) >= 0
        assert sum(got.round1.values()) == pytest.approx(1, abs=1e-12)
        assert got.holnists_win > got.postmen_win
    exact = battle_odds([Fighter(f.name, F(f.hit).limit_denominator(6), f.leader, f.militia)
                         for f in postmen],
                        [Fighter(f.name, F(f.hit).limit_denominator(6), f.leader, f.militia)
                         for f in holnists],
                        postmen_can_retreat=False, holnists_can_retreat=False, exact=True)
    assert exact.total() == 1
    floats = battle_odds(postmen, holnists, postmen_can_retreat=False, holnists_can_retreat=False)
    for key in OUTCOMES:
        assert floats[key] == pytest.approx(float(exact[key]), abs=1e-12)


def test_bad_inputs_are_refused():
    with pytest.raises(ValueError, match="between 0 and 1"):
        Fighter("Rider", 1.5)
    with pytest.raises(ValueError, match="both sides"):
        battle_odds([], [unit("Patrol", 2)], postmen_can_retreat=True, holnists_can_retreat=True)
    with pytest.raises(KeyError):
        battle_odds([unit("Rider", 1)], [unit("Patrol", 2)], postmen_can_retreat=True,
                    holnists_can_retreat=True)["draw"]


def test_rule7_roll_uses_the_number_given():
    """A house pack may call the duel on another number than the printed 4+."""
    from fractions import Fraction as F

    from companion.postman.odds import Fighter, battle_odds

    pm = [Fighter("postman", 0.5, leader=True)]
    hl = [Fighter("general", 0.5, leader=True)]
    printed = battle_odds(pm, hl, postmen_can_retreat=False, holnists_can_retreat=False, rule7=True, exact=True)
    house = battle_odds(pm, hl, postmen_can_retreat=False, holnists_can_retreat=False, rule7=True,
                        rule7_on=6, exact=True)
    assert printed.duel_postman + printed.duel_general == F(1, 2)
    assert house.duel_postman + house.duel_general == F(1, 6)
