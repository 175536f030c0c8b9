"""Dice: notation, exact odds, what the table may type in, and the app's seeded dice bag."""

from __future__ import annotations

from fractions import Fraction

import pytest

from companion.core.dice import Dice, DiceBag, Modifier, RollRequest
from companion.core.violations import DiceError, MalformedInput


@pytest.mark.parametrize(("text", "count", "sides"), [
    ("2d6", 2, 6), ("1d6", 1, 6), ("d6", 1, 6), ("2D6", 2, 6), (" 3 d 10 ", 3, 10), ("10d2", 10, 2),
])
def test_notation_parses(text, count, sides):
    assert Dice.parse(text) == Dice(count, sides)
    assert str(Dice.parse(text)) == f"{count}d{sides}"


@pytest.mark.parametrize("text", ["", "2", "d", "2d", "2x6", "-1d6", "2d6+1", "1.5d6", "0d6", "11d6",
                                  "1d1", "1d0", "two dice", None, 26, ["2d6"]])
def test_notation_refused_with_a_message(text):
    with pytest.raises(DiceError) as err:
        Dice.parse(text)
    assert str(err.value)
    assert isinstance(err.value, MalformedInput)


def test_lowest_and_highest():
    assert (Dice(2, 6).lowest, Dice(2, 6).highest) == (2, 12)
    assert (Dice(1, 20).lowest, Dice(1, 20).highest) == (1, 20)


def test_two_d6_distribution_is_exact():
    dist = Dice(2, 6).distribution()
    ways = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
    assert set(dist) == set(ways)
    for total, n in ways.items():
        assert dist[total] == pytest.approx(n / 36, abs=1e-15)
    assert sum(dist.values()) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize(("dice", "target", "chance"), [
    ("2d6", 9, Fraction(10, 36)), ("2d6", 12, Fraction(1, 36)), ("2d6", 2, Fraction(1)),
    ("2d6", 13, Fraction(0)), ("2d6", 7, Fraction(21, 36)), ("2d6", 1, Fraction(1)),
    ("1d6", 6, Fraction(1, 6)), ("1d6", 4, Fraction(1, 2)), ("1d6", 3, Fraction(2, 3)),
    ("3d6", 18, Fraction(1, 216)), ("3d6", 11, Fraction(1, 2)), ("1d20", 20, Fraction(1, 20)),
])
def test_chance_at_least(dice, target, chance):
    assert Dice.parse(dice).chance_at_least(target) == pytest.approx(float(chance), abs=1e-12)


def test_distribution_matches_brute_force_for_3d4():
    counts = {}
    for a in range(1, 5):
        for b in range(1, 5):
            for c in range(1, 5):
                counts[a + b + c] = counts.get(a + b + c, 0) + 1
    dist = Dice(3, 4).distribution()
    assert dist == pytest.approx({t: n / 64 for t, n in counts.items()})


# -- values typed at the table ----------------------------------------------------------------------
def test_check_values_accepts_good_values():
    assert Dice(2, 6).check_values([1, 6]) == (1, 6)
    assert Dice(2, 6).check_values((3, 3)) == (3, 3)
    assert Dice(1, 6).check_values(4) == (4,)          # a single die may be a bare number


@pytest.mark.parametrize(("dice", "values", "message"), [
    (Dice(2, 6), [7, 1], "die 1 of 2d6 shows 7, but a d6 shows 1 to 6"),
    (Dice(2, 6), [1, 0], "die 2 of 2d6 shows 0"),
    (Dice(2, 6), [-3, 1], "shows -3"),
    (Dice(2, 6), [3], "2d6 needs 2 die values, got 1"),
    (Dice(2, 6), [1, 2, 3], "2d6 needs 2 die values, got 3"),
    (Dice(1, 6), [], "1d6 needs 1 die value, got 0"),
    (Dice(2, 6), [2.5, 3], "die 1 of 2d6: 2.5 is not a whole number"),
    (Dice(2, 6), [3.0, 3], "is not a whole number"),
    (Dice(2, 6), ["3", 3], "'3' is not a whole number"),
    (Dice(2, 6), [True, 3], "True is not a whole number"),
    (Dice(2, 6), [None, 3], "None is not a whole number"),
    (Dice(2, 6), None, "expected 2 die values for 2d6"),
    (Dice(1, 6), 7, "shows 7"),
    (Dice(1, 6), True, "expected 1 die value"),
])
def test_check_values_refuses_with_a_clear_message(dice, values, message):
    with pytest.raises(DiceError) as err:
        dice.check_values(values)
    assert message in str(err.value)


# -- the app's dice ---------------------------------------------------------------------------------
def test_dice_bag_is_deterministic_from_seed_and_counter():
    a, b = DiceBag(42), DiceBag(42)
    rolls_a = [a.roll(Dice(2, 6)) for _ in range(20)]
    rolls_b = [b.roll(Dice(2, 6)) for _ in range(20)]
    assert rolls_a == rolls_b and a.rolls_made == 20
    # resuming from a counter gives the same continuation
    c = DiceBag(42, rolls_made=10)
    assert [c.roll(Dice(2, 6)) for _ in range(10)] == rolls_a[10:]
    # another seed gives another game
    d = DiceBag(43)
    assert [d.roll(Dice(2, 6)) for _ in range(20)] != rolls_a
    assert all(Dice(2, 6).check_values(r) for r in rolls_a)


def test_dice_bag_rolls_look_fair():
    bag = DiceBag(7)
    faces = [bag.roll(Dice(1, 6))[0] for _ in range(6000)]
    for face in range(1, 7):
        assert 850 < faces.count(face) < 1150


def test_dice_bag_pick_counts_as_a_roll():
    bag = DiceBag(5)
    card = bag.pick(["a", "b", "c"])
    assert card in {"a", "b", "c"} and bag.rolls_made == 1
    assert DiceBag(5).pick(["a", "b", "c"]) == card


# -- roll requests ----------------------------------------------------------------------------------
def test_roll_request_with_modifiers():
    req = RollRequest("morale", Dice(2, 6), 9, "x.morale", modifiers=(Modifier("in cover", 1),
                                                                       Modifier("routed", -3)),
                      target_notes=("enemy within 4\"",))
    assert req.modifier_total == -2
    assert req.total([5, 6]) == 9 and req.met([5, 6]) and not req.met([5, 5])
    assert req.chance_met == pytest.approx(Dice(2, 6).chance_at_least(11))
    text = req.describe()
    assert "2d6" in text and "+1 in cover" in text and "-3 routed" in text and "9+" in text
    assert "enemy within 4\"" in text


# -- without a seed: the operating system's randomness, which nothing in a save predicts ----------
def test_an_unseeded_bag_draws_from_the_system(monkeypatch):
    import secrets

    calls = []

    class Spy(secrets.SystemRandom):
        def randint(self, a, b):
            calls.append((a, b))
            return super().randint(a, b)

    monkeypatch.setattr(secrets, "SystemRandom", Spy)
    bag = DiceBag()
    assert bag.seed is None
    assert all(1 <= v <= 6 for v in bag.roll(Dice(2, 6)))
    assert calls == [(1, 6), (1, 6)] and bag.rolls_made == 1
    bag.pick(["a", "b"])
    assert bag.rolls_made == 2


def test_two_unseeded_bags_at_the_same_count_differ_and_two_seeded_agree():
    # 40 fresh bags at one count: the count predicts nothing (all equal: 20**-39)
    assert len({DiceBag(None, rolls_made=5).roll(Dice(1, 20)) for _ in range(40)}) > 1
    assert len({DiceBag(7, rolls_made=5).roll(Dice(1, 20)) for _ in range(40)}) == 1
