"""The odds Posthorn shows before each choice, checked exactly and against the virtual indicator."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from companion.ab_die_post.odds import bust_chance, card_chances, fly_odds, hurricane_costs
from companion.core.dice import DiceBag


@pytest.mark.parametrize(("players", "balls"), [(2, 8), (3, 8), (4, 10), (5, 12), (6, 14)])
def test_ball_mix_hurricane_chance_and_mean_move(make_race, players, balls):
    s = make_race(players=tuple("ABCDEF"[:players])).state
    odds = fly_odds(s.settings)
    assert len(s.settings.ball_choices()) == balls
    assert odds.hurricane == Fraction(2, balls)
    assert odds.mean_colour_move == Fraction(7, 2)
    assert odds.expected_move == Fraction(7, 2) * (1 - Fraction(2, balls))


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_virtual_indicator_matches_the_mix_over_a_seeded_run(make_race, players):
    """20,000 app shakes: each colour's share within 1.5 points of its exact chance."""
    race = make_race(players=tuple("ABCDEF"[:players]))
    from companion.ab_die_post import turns

    request = turns.ball_request(race.state)
    bag = DiceBag(seed=2024)
    n = 20_000
    seen = Counter(bag.pick(list(request.choices)) for _ in range(n))
    for colour, count in race.state.settings.balls.items():
        assert abs(seen[colour] / n - count / len(request.choices)) < 0.015, colour
    wind = race.state.settings.wind
    coloured = n - seen["black"]
    mean = sum(wind[c] * k for c, k in seen.items() if c != "black") / coloured
    assert abs(mean - 3.5) < 0.05


def test_bust_chance_from_the_cards_left(race):
    assert bust_chance(race.state) == 0  # no 3 held yet
    race.draw(3)
    assert bust_chance(race.state) == 0  # one 3: the next 3 is only the second
    race.draw(3, 1)
    s = race.state  # each input makes a new state
    assert bust_chance(s) == Fraction(13, 52)  # two 3s held, 13 of the 52 cards left are 3s
    assert card_chances(s) == {1: Fraction(19, 52), 2: Fraction(20, 52), 3: Fraction(13, 52)}


def test_hurricane_costs_now(race):
    race.round_of((2, 2, 3), (1, 1, 2), (2, 2))
    race.fly("green", lane="middle", zone=1)
    race.fly("green", lane="inner", zone=1)
    race.state.passenger = "Ben"
    costs = hurricane_costs(race.state)
    assert costs["Anna"] == {"lane": "middle", "cost": 4, "payment": [2, 2], "back_to_start": False,
                             "loses_passenger": False}
    assert costs["Ben"]["back_to_start"] and costs["Ben"]["loses_passenger"]
    assert "Cleo" not in costs  # still on the start field
