"""Every target and chance a screen shows is the one the rules then judge the roll by.

Random positions of each game are played; at each roll or draw the numbers the screens show (the
dice tray, the Postman battle panel and retreat offer, the courier panel, the Ab die Post! draw
and fly pages) are read, then dice exactly at and one below each shown face are judged by the
rules themselves, and draws of every item are applied to see which ones the rules count.
"""

from __future__ import annotations

import random
import re

import pytest
from owed_rolls import courier_evening, dice_summing_to, positions
from postman.kit import BOARD, pack

from companion.core.inputs import Input, draw, roll
from companion.core.roll_targets import die_targets
from companion.core.session import Session
from companion.core.words import percent
from companion.postman import rolls
from companion.postman.battle_view import battle_odds_now


def judge_postman(session: Session) -> int:
    """Check the pending Postman roll: returns how many shown targets were judged."""
    from ui.widgets.dice_tray import odds_text

    s = session.state
    due = s.pos.due
    req = session.pending_roll()
    if due is None or due.kind in ("duel", "duel_reroll") or due.reroll_index is not None:
        return 0
    shown = die_targets(req)
    text = odds_text(req)
    for t in shown[:6]:
        assert t.text() in text, (t.text(), text)
    judged = 0
    for i, t in enumerate(shown):
        for face, expect in ((t.needs, True), (t.needs - 1, False)):
            if not 1 <= face <= 6:
                continue
            values = [6] * len(shown) if expect else [1] * len(shown)
            values[i] = face
            assert rolls.successes(s, due, values)[i] is expect, (due.kind, t.text(), face)
            judged += 1
    return judged


def test_postman_screens_show_what_the_rules_judge(qtbot):
    from ui.postman.battle_panel import BattlePanel

    panel = BattlePanel()
    qtbot.addWidget(panel)
    judged = hinted = noted = 0
    seen: set[str] = set()
    for seed in range(6):
        session = Session(rolls_rules(), pack(), {"board": BOARD}, seed)
        for _ in positions(session, random.Random(seed), 260):
            s = session.state
            if s.pos.due is not None:
                seen.add(s.pos.due.kind)
                judged += judge_postman(session)
                if s.pos.due.kind == "round":
                    check_battle_panel(panel, session)
                if s.pos.due.kind in ("militia_fight", "rule7"):
                    noted += check_battle_notes(panel, session)
            if s.pos.offer is not None and s.pos.due is None and not s.pos.draws_owed:
                check_retreat_offer(session)
            hinted += check_move_hints(session, random.Random(seed + len(session.entries)))
    assert judged > 200 and len(seen) >= 5, (judged, seen)
    assert hinted >= 20 and noted >= 5, (hinted, noted)


def rolls_rules():
    from companion.postman.rules import RULES

    return RULES


def check_move_hints(session: Session, rng: random.Random, most: int = 2) -> int:
    """The move hints (a town in reach: each sneak roll on the way and its number, the map's
    "sneak N%") are the sneak rolls the rules then ask for: the stack is moved along the hinted
    path, each owed sneak roll is the hinted unit's in the hinted town with the hinted face and
    chance, the rules judge that face met and the one below missed, and the roll is made (met)
    to ride on to the next. Everything is undone after. Returns how many hints were judged."""
    from companion.postman import view as q

    s = session.state
    t = s.pos
    if t.phase != "move" or t.due is not None or t.offer is not None or session.pending_draw() is not None:
        return 0
    stacks: dict[str, list[str]] = {}
    for u in sorted(t.units.values(), key=lambda u: u.id):
        if u.side == t.active and u.id not in t.moved and not u.fresh:
            stacks.setdefault(u.town, []).append(u.id)
    judged = 0
    for units in rng.sample(sorted(stacks.values()), min(most, len(stacks))):
        reach = q.reachable(s, units)
        sneaking = [r for r in reach.values() if r.sneaks]
        for hint in rng.sample(sneaking, min(most, len(sneaking))):
            judged += walk_hint(session, units, hint)
    return judged


def walk_hint(session: Session, units: list[str], hint) -> int:
    shown = f"sneak {percent(hint.arrive)}"  # the map's note on the town (ui/postman/flows.py)
    came = len(session.entries)
    assert session.submit(Input("move", {"units": units, "path": list(hint.path)})).accepted
    judged = 0
    arrive = 1.0
    try:
        for sneak in hint.sneaks:
            s = session.state
            due = s.pos.due
            assert due is not None and due.kind == "sneak", (hint.path, sneak)
            assert (due.info["unit"], due.info["town"]) == (sneak.unit, sneak.town)
            asked = die_targets(session.pending_roll())[0]
            assert asked.text() == sneak.die.text(), (asked.text(), sneak.die.text())
            for face, expect in ((asked.needs, True), (asked.needs - 1, False)):
                if 1 <= face <= 6:
                    assert rolls.successes(s, due, [face]) == [expect], (sneak.die.text(), face)
                    judged += 1
            arrive *= asked.chance
            if not asked.possible:
                return judged  # that unit stops here: the rest of the hint is for a stack without it
            assert session.submit(roll([max(1, asked.needs)], "table")).accepted
        assert shown == f"sneak {percent(arrive)}"
    finally:
        while len(session.entries) > came:
            session.undo()
    return judged


def check_battle_panel(panel, session: Session) -> None:
    """The battle panel's "Hits on" column is the round's request, die by die."""
    view = battle_odds_now(session.state)
    panel.show_view(view, session.state, {}, [], "")
    cells = [panel.model.rows[i].cells[2] for i in range(len(panel.model.rows))]
    shown = [t.text() for t in die_targets(session.pending_roll())]
    assert cells == shown


def check_battle_notes(panel, session: Session) -> int:
    """The battle panel's notes name the Militia's and Rule Number 7's roll as the owed request."""
    view = battle_odds_now(session.state)
    panel.show_view(view, session.state, {}, [], "")
    asked = die_targets(session.pending_roll())[0]
    if session.state.pos.due.kind == "rule7":
        assert f"Rule Number 7 is rolled first ({asked.needs_text()}:" in panel.notes.text()
        return 1
    if 0 < view.militia_join < 1:
        said = f"join on {asked.needs_text()} ({percent(asked.chance)})"
        assert said in panel.notes.text(), (said, panel.notes.text())
        assert view.militia_join == pytest.approx(asked.chance)
        return 1
    return 0


def check_retreat_offer(session: Session) -> None:
    """The retreat offer's number is the retreat roll's, when no card changes it: try it."""
    from companion.postman import view as q

    s = session.state
    o = s.pos.offer
    uid = o.units[0]
    towns = q.retreat_towns(s, o.town, o.side)
    if not towns:
        return
    offered = q.retreat_roll(s, uid)
    out = session.submit(Input("retreat", {"unit": uid, "to": towns[0]}))
    assert out.accepted
    try:
        asked = die_targets(session.pending_roll())[0]
        assert (asked.needs, asked.chance) == (offered.needs, offered.chance)
        assert asked.text() == offered.text().replace(offered.what, asked.what)
    finally:
        session.undo()


def test_courier_panel_and_tray_show_what_the_rules_judge(make_desk):
    from companion.couriers import riders

    judged = compared = 0

    def owed(session):
        nonlocal judged
        judged += judge_courier(session)

    def ride(state, courier, speed, near):
        preview = die_targets(riders.loss_preview(state, courier, speed, near))[0]

        def then():
            nonlocal compared
            asked = die_targets(desk.session.pending_roll())[0]
            assert (preview.needs, preview.chance) == (asked.needs, asked.chance)
            compared += 1
        return then

    for seed in range(4):
        desk = make_desk(seed=seed)
        desk.roster().start().courier_step()
        s = desk.session
        blue = [c for c, cmd in s.state.commanders.items() if cmd.side == s.state.commanders["meade"].side]
        courier_evening(s, random.Random(seed), 80, blue, owed, ride=ride)
    assert judged > 40 and compared > 20, (judged, compared)


def judge_courier(s: Session) -> int:
    req = s.pending_roll()
    t = die_targets(req)[0]
    state = s.state
    cid = state.pending.courier
    kind = state.pending.kind
    n = 0
    for face, expect in ((t.needs, True), (t.needs - 1, False)):
        if not t.dice.lowest <= face <= t.dice.highest:
            continue
        out = s.submit(roll(dice_summing_to(face, t.dice.count, t.dice.sides), "table"))
        assert out.accepted
        status = s.state.couriers[cid].status
        met = status == "lost" if kind == "loss" else status == "located"
        assert met is expect, (req.purpose, t.text(), face, status)
        s.undo()
        n += 1
    return n


@pytest.fixture
def race_screen(qtbot):
    from companion.ab_die_post.rules import RULES
    from companion.games import bundled_pack
    from ui.ab_die_post.table import create
    from ui.table import Table

    def make(seed: int, players: int):
        session = Session(RULES, bundled_pack("ab_die_post"), {"players": list("ABCDEF"[:players])}, seed)
        screen = create(Table(session))
        qtbot.addWidget(screen)
        return session, screen

    return make


def percent_in(text: str) -> str:
    """The chance a screen shows, as written ("25%", "2.8%": companion/core/words.py ``percent``)."""
    return re.search(r"\d+(?:\.\d)?%", text).group(0)


def test_ab_die_post_pages_show_what_the_rules_judge(race_screen):
    busts = hurricanes = flown = 0
    for seed in range(3):
        session, screen = race_screen(seed, 3 + seed)
        for _ in positions(session, random.Random(seed), 150):
            s = session.state
            screen.refresh()
            if s.phase == "turn" and not session.why_not(Input("fly")):
                flown += check_fly_page(session, screen.turn_page.fly_odds.text())
                # a submit changes the live state in place and undo puts a copy back, so the
                # state read before the fly is stale now: read the session's again
                s = session.state
            if s.phase in ("turn", "drawing") and s.deck.left:
                shown = percent_in(screen.turn_page.draw_button.text())
                held = s.threes(s.current)
                judged = share(session, lambda who, after, held=held: after.threes(who) < held)
                assert shown == percent(judged)
                busts += shown != "0%"
                s = session.state  # stale after the draws and undos above
            if s.phase == "indicator":
                shown = percent_in(screen.indicator.odds.text())
                judged = share(session, lambda _b, after: after.phase != "move")  # no wind: a hurricane
                assert shown == percent(judged)
                hurricanes += 1
    assert busts >= 1 and hurricanes >= 5 and flown >= 3, (busts, hurricanes, flown)


def check_fly_page(session: Session, text: str) -> int:
    """The fly page's "Hurricane N% · expected move M spaces" is the indicator the rules then
    draw from: after flying, every ball is drawn (and undone) and the rules' own wind counted."""
    from companion.ab_die_post.view import distance

    hurricane = re.search(r"Hurricane (\d+(?:\.\d)?%)", text).group(1)
    move = float(re.search(r"expected move (\d+\.\d+) spaces", text).group(1))
    came = len(session.entries)
    assert session.submit(Input("fly")).accepted
    try:
        assert hurricane == percent(share(session, lambda _b, after: after.phase != "move"))
        assert move == pytest.approx(mean_of(session, lambda after: distance(after) if after.phase == "move" else 0),
                                     abs=0.005)
    finally:
        while len(session.entries) > came:
            session.undo()
    return 1


def mean_of(session: Session, value) -> float:
    """The mean of ``value`` over the pending draw's choices (with their copies), each drawn and undone."""
    req = session.pending_draw()
    total = 0.0
    for item in set(req.choices):
        assert session.submit(draw(item, "table")).accepted
        total += value(session.state) * req.choices.count(item)
        session.undo()
    return total / len(req.choices)


def share(session: Session, counts) -> float:
    """The share of the pending draw's choices (with their copies) the rules judge as ``counts``."""
    req = session.pending_draw()
    player = session.state.current
    hits = 0
    for item in set(req.choices):
        out = session.submit(draw(item, "table"))
        assert out.accepted
        if counts(player, session.state):
            hits += req.choices.count(item)
        session.undo()
    return hits / len(req.choices)



@pytest.fixture
def owed_retreat(qtbot):
    """The Holnists' Patrol rides onto the Postman and Rider 2 in Firwood (forest); the Postmen
    are offered a retreat (postman.move.retreat). The screen shows the live session."""
    from postman.kit import retreat_offered

    from ui.postman.table import create
    from ui.table import Table

    kit = retreat_offered()
    screen = create(Table(kit.session))
    qtbot.addWidget(screen)
    return kit, screen


def offer_line(screen, label: str) -> str:
    lines = [w.text() for w in screen.stack.offer.rows if hasattr(w, "text") and w.text().startswith(label)]
    assert len(lines) == 1, lines
    return lines[0]


def test_the_retreat_offer_reads_the_owed_roll_after_a_card_changes_it(owed_retreat):
    """After Intercept (-1) on Rider 2's retreat roll the offer's face and chance are the owed
    request's: 3+ (67%), not the 2+ (83%) of forest alone; the rules then judge 3 met, 2 missed."""
    kit, screen = owed_retreat
    screen.refresh()
    assert "Rider 2 retreats on 2+ = Sneak 3, forest +1 (83%)" == offer_line(screen, "Rider 2")
    kit.ok("retreat", unit="rider2", to="post")
    kit.play("2S")  # Intercept
    screen.refresh()
    asked = die_targets(kit.session.pending_roll())[0]
    assert asked.text() == "3+ = Sneak 3, forest +1, Intercept -1 (67%)"
    assert offer_line(screen, "Rider 2") == f"Rider 2 retreats on {asked.text()}"
    s, due = kit.session.state, kit.session.state.pos.due
    assert rolls.successes(s, due, [3]) == [True] and rolls.successes(s, due, [2]) == [False]


def tries(offer) -> list:
    return [w for w in offer.rows if hasattr(w, "text") and w.text() == "Try to retreat"]


def test_the_retreat_offer_buttons_wait_while_the_retreat_roll_is_owed(owed_retreat):
    """Try to retreat and Stay are enabled exactly when the session takes them: not while Rider
    2's retreat roll is owed (postman.roll.pending), again once it is rolled."""
    kit, screen = owed_retreat
    offer = screen.stack.offer
    screen.refresh()
    assert offer.isVisibleTo(screen) and offer.stay_button.isEnabled()
    assert len(tries(offer)) == 2 and all(b.isEnabled() for b in tries(offer))
    kit.ok("retreat", unit="rider2", to="post")
    screen.refresh()
    assert offer.isVisibleTo(screen)
    assert not offer.stay_button.isEnabled() and "postman.roll.pending" in offer.stay_button.toolTip()
    assert not any(b.isEnabled() for b in tries(offer))
    assert all("postman.roll.pending" in b.toolTip() for b in tries(offer))
    kit.roll(6)  # Rider 2 gets away; the Postman may still try, or stay
    screen.refresh()
    assert offer.stay_button.isEnabled() and "The Postman" in offer_line(screen, "The Postman")
    assert len(tries(offer)) == 1 and tries(offer)[0].isEnabled()


def test_a_card_on_the_owed_retreat_roll_keeps_the_town_the_unit_was_sent_to(owed_retreat, qtbot):
    """Intercept redraws Rider 2's line with its new numbers; the town picked for the retreat
    stays the one the owed roll is for (Post Town), not the first town offered."""
    from PySide6.QtCore import Qt

    kit, screen = owed_retreat
    offer = screen.stack.offer
    screen.refresh()
    rider = [i for i, w in enumerate(offer.rows) if hasattr(w, "text") and w.text().startswith("Rider 2")][0]
    where, go = offer.rows[rider + 1], offer.rows[rider + 2]
    where.setCurrentIndex(where.findData("post"))
    assert where.findData("post") != 0  # not the first town, so a reset would show
    qtbot.mouseClick(go, Qt.MouseButton.LeftButton)
    assert kit.session.state.pos.due.info["to"] == "post"
    kit.play("2S")  # Intercept
    screen.refresh()
    assert "Intercept -1" in offer_line(screen, "Rider 2")
    rider = [i for i, w in enumerate(offer.rows) if hasattr(w, "text") and w.text().startswith("Rider 2")][0]
    assert offer.rows[rider + 1].currentData() == "post"
