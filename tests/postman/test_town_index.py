"""The one-pass town indexes (``units_by_town``, ``sides_by_town``) answer exactly what the
per-town scans (``units_in``, ``enemy_in``) answer, in every position of random games: the
recruit check, the units that may recruit, a town's tooltip lines and the towns a stack reaches.

They exist for speed (a long game has hundreds of units, asked about for every town or every
unit on each input); a wrong index would change a rule's answer, which these tests catch."""

from __future__ import annotations

import random

import pytest
from playout import Playout

from companion.core.session import Session
from companion.postman import recruit
from companion.postman.reach import reachable
from companion.postman.rules import RULES
from companion.postman.town_view import town_lines

from .kit import BOARD, pack
from .play import clear, game, place, to_phase


def agree(s) -> None:
    by_town, sides = s.units_by_town(), s.sides_by_town()
    for town in s.board.towns:
        assert by_town.get(town, []) == s.units_in(town)
        for side in ("postmen", "holnists"):
            assert (("holnists" if side == "postmen" else "postmen") in sides.get(town, ())) == s.enemy_in(town, side)
        assert town_lines(s, town, by_town.get(town, [])) == town_lines(s, town)
    for uid in s.pos.units:
        assert recruit.check_recruit(s, uid, sides) == recruit.check_recruit(s, uid)
    for side in ("postmen", "holnists"):
        assert recruit.able_to_recruit(s, side) == [
            u for u in s.pos.units.values() if u.side == side and not recruit.check_recruit(s, u.id)]


@pytest.mark.parametrize("seed", [3, 11])
def test_the_indexes_agree_with_the_scans_over_random_games(seed):
    session = Session(RULES, pack(), {"board": BOARD, "variants": {}}, seed)
    player = Playout(session, random.Random(seed))
    recruit_phases = reaches = 0
    for _ in range(250):
        if not player.step():
            break
        s = session.state
        agree(s)
        recruit_phases += s.pos.phase == "recruit"
        t = s.pos
        if t.phase == "move" and t.due is None and t.offer is None:
            for u in t.units.values():
                if u.side == t.active:
                    for town, reach in reachable(s, [u.id]).items():
                        assert reach.battle == s.enemy_in(town, u.side)
                        reaches += 1
    assert recruit_phases and reaches  # the games reached the positions asked about


def test_a_unit_beside_the_enemy_may_not_recruit_through_the_index():
    """postman.recruit.contested on both sides of it, as the Recruit phase's steps list it: the
    rider may recruit while no enemy stands in its town, and not once a Holnist patrol does."""
    s = game()
    clear(s, "ri")
    s.state.pos.militia["ri"] = 2
    rider, = place(s, "ri", "rider")
    to_phase(s, "recruit")
    steps = lambda: {st.args.get("unit") for st in s.next_steps() if st.kind == "recruit"}  # noqa: E731
    assert rider in steps() and rider in [u.id for u in recruit.able_to_recruit(s.state, "postmen")]
    place(s, "ri", "patrol")
    assert rider not in steps() and rider not in [u.id for u in recruit.able_to_recruit(s.state, "postmen")]
    assert {v.rule for v in recruit.check_recruit(s.state, rider, s.state.sides_by_town())} == {
        "postman.recruit.contested"}
