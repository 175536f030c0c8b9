"""The dice tray's chart is the owed roll as the rules will judge it, and no chart when none is owed.

Random positions of The Postman and the Courier Desk are played in the real main window. At each
owed roll the tray's chart is read and the rules themselves judge dice: a summed roll's every
total is submitted (and undone) to see which totals meet; dice judged one by one are all set to
each face in turn and the rules' own count of successes (hits per side, Militia that appear,
heavy units) gives each die's chance, from which the number of successes is counted out.
"""

from __future__ import annotations

import itertools
import random

import pytest
from owed_rolls import courier_evening, dice_summing_to, positions
from playout import Playout
from postman.kit import BOARD

from companion.core.inputs import roll
from companion.core.roll_targets import die_targets
from companion.postman import rolls
from companion.postman.state import Due
from companion.postman.town_view import side_words
from ui.widgets.dice_tray import NO_ROLL

SIDES = ("postmen", "holnists")


def sum_chances(count: int, sides: int) -> dict[int, float]:
    """Each total's share of every way ``count`` dice can fall, counted out."""
    ways: dict[int, int] = {}
    for faces in itertools.product(range(1, sides + 1), repeat=count):
        ways[sum(faces)] = ways.get(sum(faces), 0) + 1
    return {t: n / sides**count for t, n in ways.items()}


def successes_counted_out(chances: list[float]) -> list[float]:
    """The chance of each number of successes, by going through every pattern of hit and miss."""
    out = [0.0] * (len(chances) + 1)
    for pattern in itertools.product((True, False), repeat=len(chances)):
        p = 1.0
        for hit, c in zip(pattern, chances, strict=True):
            p *= c if hit else 1 - c
        out[sum(pattern)] += p
    return out


def check_tray(window) -> str | None:
    """The tray shows the owed roll or says none is owed; returns the roll's kind of chart."""
    tray = window.dice
    req = window.table.session.pending_roll()
    if req is None:
        assert tray.title.text() == NO_ROLL and not tray.chart.isVisibleTo(tray)
        assert not tray.roll_button.isEnabled() and not tray.typed.isEnabled()
        return None
    assert tray.chart.isVisibleTo(tray) and tray.roll_button.isEnabled()
    return "per_die" if req.per_die else "sum"


class quietly:
    """Judging tries dice and undoes them: the window need not redraw for what never happened."""

    def __init__(self, session):
        self.session = session

    def __enter__(self):
        self.kept, self.session.listeners[:] = list(self.session.listeners), []

    def __exit__(self, *_exc):
        self.session.listeners[:] = self.kept


def check_summed(window, judge) -> int:
    """Every total of a summed roll: the chart's chance is its share, its colour the rules' verdict."""
    session = window.table.session
    req = session.pending_roll()
    (chart,) = window.dice.chart.charts
    shares = sum_chances(req.dice.count, req.dice.sides)
    assert [b.label for b in chart.bars] == [str(t) for t in sorted(shares)]
    seen = set()
    for bar in chart.bars:
        total = int(bar.label)
        assert bar.chance == pytest.approx(shares[total])
        with quietly(session):
            met = judge(session, dice_summing_to(total, req.dice.count, req.dice.sides))
        assert bar.met is met, (req.purpose, total, chart.title)
        seen.add(met)
    return len(seen)


def check_per_die(window, groups_of, count_at) -> None:
    """Dice judged one by one: with every die on face f the rules count their successes; the
    steps between faces give each die's chance, and the chart counts out the same odds."""
    session = window.table.session
    req = session.pending_roll()
    groups = groups_of(session)
    n = {g: groups.count(g) for g in groups}
    with quietly(session):
        counts = {f: count_at(session, f) for f in range(1, 7)}
    charts = {c.title: c for c in window.dice.chart.charts}
    assert len(charts) == len(n)
    for group, size in n.items():
        chances = []
        below = 0
        for f in range(1, 7):
            at = counts[f].get(group, 0)
            chances += [(7 - f) / 6] * (at - below)
            below = at
        chances += [0.0] * (size - below)
        (chart,) = [c for t, c in charts.items() if (group == "" or t.startswith(group[:1].upper() + group[1:]))]
        expect = successes_counted_out(chances) if size <= 12 else None
        assert [b.label for b in chart.bars] == [str(k) for k in range(size + 1)], chart.title
        if expect is not None:
            assert [b.chance for b in chart.bars] == pytest.approx(expect), (req.purpose, chart.title)
        # the tray's words give each die the chance the rules judged
        shown = sorted(t.chance for t, g in zip(die_targets(req), groups, strict=True) if g == group)
        assert shown == pytest.approx(sorted(chances)), (req.purpose, group)


# -- The Postman ---------------------------------------------------------------------------------
def postman_judge(session, values) -> bool:
    """A one-die roll (a Luck reroll included) as the rules judge it (rolls.settle)."""
    s = session.state
    due = s.pos.due
    if due.reroll_index is None:
        return rolls.successes(s, due, values)[0]
    merged = list(due.keep)
    merged[due.reroll_index] = values[0]
    return rolls.successes(s, Due(due.kind, due.side, due.count, due.info), merged)[due.reroll_index]


def postman_groups(session) -> list[str]:
    from companion.postman import battle

    due = session.state.pos.due
    if due.kind == "round":
        return [side_words(side) for side, *_ in battle.fighters(session.state)]
    return [""] * session.pending_roll().dice.count


def postman_count_at(session, face: int) -> dict[str, int]:
    """Submit every die on ``face`` and read what the rules counted, then undo."""
    s = session.state
    kind = s.pos.due.kind
    before_militia = dict(s.pos.militia)
    before_units = set(s.pos.units)
    out = session.submit(roll([face] * session.pending_roll().dice.count, "table"))
    assert out.accepted, out.violations
    after = session.state
    try:
        if kind == "round":
            # a hit scored by a side is a hit the other side takes (postman.fight.round); a
            # round that ends the battle leaves it as the last battle
            fight = after.pos.battle if after.pos.battle is not None else after.pos.last_battle
            assert fight is not None and fight.town == s.fight.town
            return {side_words(side): fight.hits[other] for side, other in (SIDES, SIDES[::-1])}
        if kind == "militia":
            return {"": sum(after.pos.militia.get(t, 0) > before_militia.get(t, 0) for t in after.pos.militia)}
        if kind == "type":
            side = after.pos.units[next(iter(set(after.pos.units) - before_units))].side
            heavy = after.catalog.tables["recruit_types"][side]["heavy"]
            return {"": sum(after.pos.units[u].kind == heavy for u in set(after.pos.units) - before_units)}
        raise AssertionError(f"no count for {kind}")
    finally:
        session.undo()


def test_postman_tray_chart_is_the_roll_the_rules_judge(window):
    sums = per_die = nothing = 0
    kinds: set[str] = set()
    for seed in range(4):
        assert window.new_game("postman", {"board": BOARD}, seed=seed)  # seven towns: battles soon
        session = window.table.session
        for _ in positions(session, random.Random(seed), 130):
            shown = check_tray(window)
            due = session.state.pos.due
            if shown is None:
                nothing += 1
            elif due.kind in ("duel", "duel_reroll"):
                pass  # a contest of two dice, charted in tests/postman/test_duel_odds.py
            elif shown == "sum":
                sums += check_summed(window, postman_judge) == 2
                kinds.add(due.kind)
            else:
                check_per_die(window, postman_groups, postman_count_at)
                per_die += 1
                kinds.add(due.kind)
    assert sums >= 10 and per_die >= 10 and nothing >= 50, (sums, per_die, nothing, kinds)
    assert {"round", "militia", "sneak"} <= kinds, kinds


# -- the Courier Desk ----------------------------------------------------------------------------
def courier_judge(session, values) -> bool:
    s = session.state
    cid, kind = s.pending.courier, s.pending.kind
    out = session.submit(roll(values, "table"))
    assert out.accepted, out.violations
    status = session.state.couriers[cid].status
    session.undo()
    return status == "lost" if kind == "loss" else status == "located"


def test_courier_tray_chart_is_the_roll_the_rules_judge(window, make_desk):
    assert window.new_game("couriers", setup={}, seed=3)
    desk = make_desk()
    desk.session = window.table.session  # the window's game, driven with the desk's verbs
    desk.roster().start().courier_step()
    s = desk.session
    blue = [c for c, cmd in s.state.commanders.items() if cmd.side == s.state.commanders["meade"].side]
    charted = nothing = 0

    def owed(session):
        nonlocal charted
        assert check_tray(window) is not None
        charted += check_summed(window, courier_judge) == 2

    def idle(session):
        nonlocal nothing
        assert check_tray(window) is None
        nothing += 1

    courier_evening(s, random.Random(3), 90, blue, owed, idle=idle)
    assert charted >= 10 and nothing >= 10, (charted, nothing)


def test_a_new_game_starts_with_an_empty_tray(window):
    """Review: the tray kept the previous game's die and its chart after a new game began."""
    assert window.new_game("postman", {"board": BOARD}, seed=1)
    session = window.table.session
    player = Playout(session, random.Random(1))
    while not any(e.input.kind == "roll" for e in session.entries):
        player.step()
    assert window.dice.faces.text()
    assert window.new_game("postman", {"map": "short"}, seed=2)
    assert window.dice.faces.text() == ""
    check_tray(window)
