"""The queries the table screen asks: what is left to do, phase summaries, a town in words, and
(through the modules the view gathers) answers that agree with the rules along random games."""

import pytest

from companion.postman import view as q

from .play import act, dice, game, to_phase
from .test_battle_view import battle


def test_todo_lists_battles_and_recruit_rolls():
    s, p, h = battle()
    lines = q.todo(s.state, s.next_steps())
    assert any("Forest Town" in line for line in lines)


def test_recruiters_and_change_summary():
    s = game()
    to_phase(s, "recruit")
    assert s.state.pos.militia["pt"] == 0
    assert q.recruiters(s.state) == []  # nobody stands with Militia
    s.state.pos.militia["pt"] = 1
    before = s.state  # held as it is: the inputs below make new states
    who = dict(q.recruiters(s.state))
    assert who["postman1"] == pytest.approx(5 / 6) and who["rider1"] == pytest.approx(1 / 2)
    act(s, "recruit", unit="postman1")
    dice(s, 6)
    dice(s, 6)  # Type: 6 - 1 (small) + 1 (Leader) = 6: Cavalry
    lines = q.change_summary(s.state, before)
    assert lines[0] == "New Cavalry 1 in Post Town"


def test_town_lines_say_size_terrain_and_who_is_there():
    s = game()
    lines = q.town_lines(s.state, "fo")
    assert lines[0] == "Forest Town \u00b7 medium town"
    assert "forest: Sneak +1" in lines and "Militia: 1 of 2" in lines
    assert any(line.startswith("Postmen:") for line in q.town_lines(s.state, "pt"))


def test_queries_agree_with_the_rules_through_random_games():
    """Along random games: every reach the screen offers is a move the rules accept, every lit
    card passes its checks on each offered target, and battle odds always add up to one."""
    import random

    from playout import Playout

    from companion.core.inputs import Input
    from companion.core.session import Session
    from companion.postman.rules import RULES

    from .kit import BOARD, pack

    checked_casualties = 0
    for seed in range(10):
        session = Session(RULES, pack(), {"board": BOARD}, seed)
        player = Playout(session, random.Random(seed))
        for _ in range(150):
            if session.state.pos.winner:
                break
            s = session.state
            t = s.pos
            if t.phase == "move" and t.due is None and t.offer is None and t.movement is None:
                for town in s.board.towns:
                    mine = [u.id for u in s.units_in(town, t.active)]
                    for town_to, reach in q.reachable(s, mine).items():
                        assert session.check(Input("move", {"units": mine, "path": list(reach.path)})) == [], town_to
            for side in ("postmen", "holnists"):
                for card in q.playable_cards(s, side):
                    targets = q.card_targets(s, side, card.id) if card.effect != "luck" else [{"die": 0}]
                    for args in targets[:5]:
                        found = session.check(Input("play_card", {"card": card.id, "side": side, **args}))
                        assert found == [], (card.id, args, found)
            for side, n in q.casualties_to_choose(s).items():
                # the casualties the panel asks for are what the rules take: one fewer is refused
                pick = q.casualty_order(s, side)[:n]
                assert session.check(Input("casualties", {"side": side, "units": pick})) == [], (side, pick)
                if n:
                    assert session.check(Input("casualties", {"side": side, "units": pick[:-1]}))
                    checked_casualties += 1
            view = q.battle_odds_now(s)
            if view is not None and view.odds is not None:
                assert sum(view.odds.values()) == pytest.approx(1.0)
            player.step()
    assert checked_casualties, "no random game reached a casualty choice"


def test_odds_with_a_card_are_the_odds_once_it_is_played():
    """The card buttons' odds tip: a card that changes the battle shows the odds the battle then
    has (Trap: the Regiment hits on 1+); a card that changes no battle shows none."""
    from companion.postman.play_options import CardView

    from .test_battle_view import battle

    s, p, h = battle(postmen=("rider",))
    assert q.odds_with_card(s.state, CardView("KC", "Trap", "", "trap", True)) is None  # no battle yet
    act(s, "fight", town="fo")
    trap = next(c for c in q.playable_cards(s.state, "holnists") if c.id == "KC")
    shown = q.odds_with_card(s.state, trap)
    assert shown is not None and shown.odds["lose"] == pytest.approx(1.0)
    assert q.odds_with_card(s.state, CardView("x", "Spies", "", "spies", True)) is None
    act(s, "play_card", card="KC")
    assert q.battle_odds_now(s.state).odds == pytest.approx(shown.odds)


def test_an_unlit_card_is_one_the_rules_refuse_now():
    """The other side of the hand's lighting: a card shown dark is refused by the rules on every
    target it names (or, naming none, with no target at all), at every step of random games."""
    import random

    from playout import Playout

    from companion.core.inputs import Input
    from companion.core.session import Session
    from companion.core.violations import MalformedInput
    from companion.postman.rules import RULES

    from .kit import BOARD, pack

    refused = 0
    for seed in range(6):
        session = Session(RULES, pack(), {"board": BOARD}, seed)
        player = Playout(session, random.Random(seed))
        for _ in range(120):
            s = session.state
            if s.pos.winner:
                break
            for side in ("postmen", "holnists"):
                for card in q.hand_view(s, side):
                    if card.playable:
                        continue
                    for args in (q.card_targets(s, side, card.id) or [{}])[:5]:
                        try:
                            found = session.why_not(Input("play_card", {"card": card.id, "side": side, **args}))
                        except MalformedInput as e:
                            found = [str(e)]
                        assert found, (card.id, card.why, args)
                        refused += 1
            player.step()
    assert refused > 20, refused
