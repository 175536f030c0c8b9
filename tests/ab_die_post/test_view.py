"""The screen's questions (companion.ab_die_post.view) answered as the rules answer them: a
spare part's value is offered for the table's draw exactly when a draw of it names a real card."""

from __future__ import annotations

import pytest

from companion.ab_die_post import view
from companion.core.inputs import Input
from companion.core.violations import MalformedInput


def draw_is_real(race, value: int) -> bool:
    try:
        race.session.why_not(Input("draw", {"card": value}, "table"))
    except MalformedInput:
        return False
    return True


def test_parts_to_draw_are_the_draws_the_rules_take(race):
    s = race.state
    assert view.parts_to_draw(s) == (1, 2, 3)
    assert all(draw_is_real(race, v) for v in (1, 2, 3))
    # every 3 leaves the draw pile: a 3 can no longer be drawn, and is no longer offered
    threes = s.deck.draw_pile[3]
    for _ in range(threes):
        s.deck.draw(3, "Ben")
    assert view.parts_to_draw(s) == (1, 2)
    assert not draw_is_real(race, 3) and draw_is_real(race, 1)


def test_no_part_is_offered_when_every_part_is_in_a_hand(race):
    s = race.state
    for value in (1, 2, 3):
        for _ in range(s.deck.draw_pile[value]):
            s.deck.draw(value, "Ben")
    s.deck.discard.clear()
    assert view.parts_to_draw(s) == ()
    with pytest.raises(MalformedInput):
        race.session.why_not(Input("draw", {"card": 1}, "table"))
