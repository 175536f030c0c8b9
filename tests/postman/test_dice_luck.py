"""The luck of the dice on the end screen (#13 item 3): each roll judged against the request the
rules judged it by (its target after every modifier), split by the app's and the table's dice,
found by folding the record again; a duel's dice, compared with each other, are not counted."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import games
from companion.core import records
from companion.core.final_report import Luck, dice_luck
from companion.core.inputs import Input
from companion.postman.final_report import final_report

from .kit import Table
from .test_cards import battle_in_camp, sneak_through_camp
from .test_said import duel_table


def sneak(values, source: str) -> tuple[Table, float]:
    t = sneak_through_camp(Table())
    chance = t.session.pending_roll().chance_met  # postman.move.sneak: Sneak 2, 3+ on the die
    assert t.session.submit(Input("roll", {"values": list(values)}, source)).accepted
    return t, chance


@pytest.mark.parametrize("source", ["app", "table"])
def test_a_sneak_that_slips_through_is_luck_and_one_that_stops_is_not(source):
    other = "table" if source == "app" else "app"
    lucky, chance = sneak([6], source)
    assert dice_luck(lucky.session)[source] == Luck(1, 1, pytest.approx(chance))
    assert dice_luck(lucky.session)[other] == Luck()
    unlucky, chance = sneak([1], source)
    assert dice_luck(unlucky.session)[source] == Luck(0, 1, pytest.approx(chance))


def test_attack_dice_are_judged_one_by_one_against_each_units_own_target():
    t = battle_in_camp(Table())
    request = t.session.pending_roll()  # postman.fight.round: one die per unit, each its own target
    n = request.dice.count
    assert n > 2 and request.per_die
    t.roll(*[6] * n)
    assert dice_luck(t.session)["table"] == Luck(n, n, pytest.approx(request.expected_successes))
    t = battle_in_camp(Table())
    t.roll(*[1] * n)
    assert dice_luck(t.session)["table"] == Luck(0, n, pytest.approx(request.expected_successes))


def test_the_duels_dice_have_no_target_and_do_not_count():
    t = duel_table()  # the Rule Number 7 roll (4+) called the duel: one die judged, and met
    before = dice_luck(t.session)["table"]
    assert (before.met, before.judged) == (1, 1)
    t.roll(5, 1)  # postman.fight.rule7: 5 against 1 + 1, the Postman wins the game
    assert dice_luck(t.session)["table"] == before


def test_the_end_screen_reads_the_luck_of_a_record_it_loaded():
    session, _v = games.restore(records.read(Path("rules/postman/samples/short_game.json")))
    luck = dice_luck(session)
    assert luck["app"].judged == 0 and luck["table"].judged > 0
    figures = dict(final_report(session).figures)
    assert figures["Luck of the table's dice"] == luck["table"].words()
    assert "Luck of the app's dice" not in figures  # no app dice rolled: no figure
    assert luck["table"].words().startswith(f"{luck['table'].met} successes of {luck['table'].judged} against a target, ")


@pytest.mark.parametrize("face, went_well", [(4, True), (5, False)])
def test_a_roll_the_roller_must_not_reach_is_luck_when_it_misses(face, went_well):
    """A courier's loss roll (success=False): reaching its target is the roller's bad luck."""
    from companion.core.dice import Dice, RollRequest
    from companion.core.final_report import _judge
    loss = RollRequest("loss roll", Dice(1, 6), 5, "couriers.loss", success=False)
    luck = Luck()
    _judge(loss, [face], luck)
    assert luck == Luck(int(went_well), 1, pytest.approx(4 / 6))
