"""The duel's roll says what each of its outcomes' chances are, and the rules reach them so.

Rule Number 7's duel compares two dice (postman.fight.rule7): no face is a target, so the roll's
request carries each outcome with its chance (``contest``), which the dice tray charts. Every
face is submitted and undone here to see what the rules then decide.
"""

from __future__ import annotations

import itertools

import pytest

from companion.core.inputs import roll
from companion.core.roll_targets import odds_charts

from .play import act, battle_in_forest_town, dice

WORDS = {"postman": "the Postman wins", "general": "the General wins", "tie": "a tie: roll again",
         "reroll": "the Postman rerolls his die"}


def decided(s) -> str:
    pos = s.state.pos
    if pos.winner:
        return "postman" if pos.winner == "postmen" else "general"
    return {"duel": "tie", "duel_reroll": "reroll"}[pos.due.kind]


def duel(*before):
    """A new battle at the duel's roll (after the rolls ``before``): undo cannot go back past
    the units the set-up took away, so every face is tried on a new one."""
    s, _p, _h = battle_in_forest_town(holnists=("general",), postmen=("postman",))
    for extra in ("postman1", "general1"):
        s.state.pos.units.pop(extra)
    act(s, "fight", town="fo")
    dice(s, 4)  # Rule Number 7: a duel
    for values in before:
        dice(s, *values)
    return s


def judged(*before) -> dict[str, float]:
    """What the rules decide for every face of the owed duel roll, as shares."""
    count = duel(*before).pending_roll().dice.count
    seen: dict[str, int] = {}
    for faces in itertools.product(range(1, 7), repeat=count):
        s = duel(*before)
        assert s.submit(roll(list(faces), "table")).accepted
        seen[decided(s)] = seen.get(decided(s), 0) + 1
    return {WORDS[k]: n / 6**count for k, n in seen.items()}


def shown(s) -> dict[str, float]:
    (chart,) = odds_charts(s.pending_roll())
    return {b.label: b.chance for b in chart.bars}


def test_the_duel_roll_charts_what_the_rules_decide():
    first = judged()
    assert shown(duel()) == pytest.approx(first)
    assert set(first) == set(WORDS.values())  # every way the first roll can go
    # the Postman's 1: he rerolls it, the General's 3 stands
    again = judged((1, 3))
    assert shown(duel((1, 3))) == pytest.approx(again)
    assert again[WORDS["postman"]] == pytest.approx(2 / 6)  # a 5 or 6 beats 3 + 1
    assert WORDS["reroll"] not in again
