"""Each outcome of The Postman in words (the log line's end and the announcement), on both sides
of every roll: the words follow what the rules did, never the other way round."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from playout import Playout, setup_of

from companion.core.inputs import Input
from companion.core.session import Session
from companion.games import bundled_pack, rules_for
from companion.postman import catalog, played
from companion.postman.final_report import final_report

from .kit import Table, brutality_at_base_camp
from .play import act, clear, dice, game, place, to_phase
from .test_cards import battle_in_camp, holnists_to_hill, sneak_through_camp


def last_said(s) -> str:
    return s.entries[-1].said


def sneak_game():
    s = game()
    clear(s, "fo")
    place(s, "fo", "regiment")
    act(s, "move", units=["rider1"], path=["fo", "ri"])
    return s


def test_sneak_failed_and_succeeded_are_said_with_the_unit_and_town():
    s = sneak_game()
    dice(s, 1)  # 1 + forest 1 = 2 < Sneak 3
    assert last_said(s).startswith("Sneak failed: Rider 1 stops in Forest Town")
    assert s.entries[-1].text.endswith("\u2192 " + last_said(s))  # the log line says the same
    assert s.state.pos.units["rider1"].town == "fo"
    s = sneak_game()
    dice(s, 2)  # 2 + 1 = 3: through
    assert last_said(s).startswith("Sneak succeeded: Rider 1 slips past the enemy in Forest Town")
    assert s.state.pos.units["rider1"].town == "ri"


def recruit_game():
    s = game()
    clear(s, "ri")
    s.state.pos.militia["ri"] = 2
    (rider,) = place(s, "ri", "rider")
    to_phase(s, "recruit")
    act(s, "recruit", unit=rider)
    return s


def test_recruit_failed_then_succeeded_and_the_new_unit_named():
    s = recruit_game()
    dice(s, 3)  # Recruit 4: missed
    assert last_said(s) == "Recruit failed: the Militia of River Town stay as they are"
    s = recruit_game()
    dice(s, 4)
    assert last_said(s).startswith("Recruit: Rider")
    dice(s, 5)  # 5 + large town 1 = 6: Cavalry
    assert last_said(s) == "Recruit: the Militia of River Town becomes Cavalry 1"


def test_militia_roll_says_where_militia_appear_or_that_none_do():
    s = game()
    for town in list(s.state.pos.militia):
        s.state.pos.militia[town] = 0
    to_phase(s, "militia")
    act(s, "militia_phase")
    towns = s.state.pos.due.info["towns"]
    dice(s, *([1] * len(towns)))
    assert last_said(s) == "Militia: none appear"


def test_the_fall_of_a_leader_ends_on_a_result_that_names_him_and_how():
    from companion import games
    from companion.core import records
    from companion.core.inputs import Input

    session, _verdicts = games.restore(records.read(Path("rules/postman/samples/short_game.json")))
    r = final_report(session)
    assert r.headline == "The Postmen win" and r.winners == ("The Postmen",)
    assert r.why == "The General fell in the Rule Number 7 duel at Riverford: the Postman rolled 5 against the General's 2 + 1"
    assert [line.name for line in r.scores] == ["The Postmen", "The Holnists"]
    assert ("Rolls", "0 by the app, 13 by the table") in r.figures
    # after the end every input is refused with the rule that ended it
    out = session.submit(Input("end_phase"))
    assert not out.accepted and out.violations[0].rule == "postman.victory"
    session.undo()
    assert final_report(session) is None


def test_steps_and_refusals_name_units_and_sides_as_people_read_them():
    s = recruit_game()
    assert re.fullmatch(r"Rider \d+'s recruit roll", s.next_steps()[0].text)
    dice(s, 3)
    refused = s.why_not(Input("recruit", {"unit": s.entries[-2].input.args["unit"]}))
    assert refused and refused[0].reason.startswith("Rider ") and "rider" not in refused[0].reason
    s = game()
    act(s, "move", units=["rider1"], path=["fo"])
    reasons = [v.reason for v in s.why_not(Input("move", {"units": ["rider1"], "path": ["ri"]}))]
    assert "Rider 1 has already moved this turn" in reasons


def duel_table() -> Table:
    """The Postman rides into the Base Camp and fights the General; Rule Number 7 calls the duel."""
    t = Table()
    t.move("postman1", "mid1", "mid2", "camp")
    t.ok("stay")
    t.end_phase()
    t.ok("fight", town="camp")
    t.roll(4)  # postman.fight.rule7: 4+ calls the duel
    assert t.session.entries[-1].said == "Rule Number 7: the Leaders fight a duel for the game"
    return t


def test_each_roll_of_the_duel_says_what_it_decided():
    """postman.fight.rule7: the Postman's 1 or 2 is rolled again once, a tie is rolled again,
    and the winning roll names both dice and the Leader who falls."""
    t = duel_table()
    t.roll(2, 3)
    assert t.session.entries[-1].said == "Duel: the Postman's 2 is rolled again (the General keeps his 3)"
    t.roll(4)  # 4 against 3 + 1: a tie
    assert t.session.entries[-1].said == "Duel: the Postman 4 against the General 3 + 1 = 4: a tie, both roll again"
    assert t.pos.due.kind == "duel"
    t.roll(3, 1)  # 3 against 1 + 1
    said = t.session.entries[-1].said
    assert said.startswith("Duel: the Postman 3 against the General 1 + 1 = 2. Destroyed: The General")
    assert said.endswith("The Postmen win the game") and t.pos.winner == "postmen"
    t = duel_table()
    t.roll(3, 2)  # 3 against 2 + 1: a tie without any reroll
    assert t.session.entries[-1].said.endswith(": a tie, both roll again")
    t.roll(3, 3)  # 3 against 3 + 1: the General wins
    said = t.session.entries[-1].said
    assert "Destroyed: The Postman" in said and said.endswith("The Holnists win the game")


def test_every_effect_has_its_words():
    assert set(played.EFFECTS) == set(catalog.EFFECTS)


@pytest.mark.parametrize("variant, said", [
    ("all", "Ambush: every unit in the battle of Base Camp gets +3 to its attack rolls"),
    ("own", "Ambush: the Postmen get +3 to their attack rolls in Base Camp")])
def test_a_battle_card_says_whose_attack_rolls_it_changed(variant, said):
    t = battle_in_camp(Table(postmen=["QH"], variants={"ambush": variant}), riders=["rider1"])
    assert t.play("QH").said == said
    t = battle_in_camp(Table(holnists=["KC"]))
    assert t.play("KC").said == "Trap: the Holnists get +2 to their attack rolls in Base Camp"


def test_a_card_played_is_named_once_in_its_log_line():
    t = battle_in_camp(Table(postmen=["QH"], variants={"ambush": "own"}), riders=["rider1"])
    assert t.play("QH").text == ("The Postmen play Q\u2665 Ambush: "
                                 "the Postmen get +3 to their attack rolls in Base Camp")


def test_a_card_on_the_owed_roll_says_what_the_roll_needs_now():
    t = sneak_through_camp(Table(holnists=["2S"]))
    assert t.play("2S").said == ("Intercept: the Postman's sneak roll now needs 3+ = "
                                 "Sneak 2, Intercept -1 (67%)")
    assert t.session.pending_roll().target == 2  # the rules judge the same roll: 3 on the die
    t.roll(2)
    assert t.town_of("postman1") == "camp"


def test_cards_that_settle_a_roll_move_a_unit_or_take_one_say_so():
    t = sneak_through_camp(Table(postmen=["KD"]))
    assert t.play("KD").said.startswith("Wilderness: The Postman slips past the enemy, no roll")
    t = Table(holnists=["10C"])
    t.move("postman1", "side")
    battle_in_camp(t)
    assert t.play("10C", unit="rider1").said == "Brutality: Rider 1 is destroyed"
    t = holnists_to_hill(Table(postmen=["3H"]))
    assert t.play("3H", side="postmen").said == "Resistance: the Militia of Hilltop fight the Holnists"
    t = holnists_to_hill(Table(holnists=["QC"]))
    assert t.play("QC").said.startswith("Cowed: the Militia of Hilltop do not fight")
    t = battle_in_camp(Table(holnists=["10S"]))
    t.roll(6, 1, 1, 1, 1, 1, 1)
    assert t.play("10S").said.startswith("Discipline: the Holnists lose one unit fewer")


def test_a_card_played_out_of_its_window_and_overridden_says_nothing_it_did_not_do():
    t = Table(postmen=["QH"])  # Ambush with no battle: overridden, it changes nothing
    out = t.submit("play_card", override=True, card="QH")
    assert out.accepted and out.entry.said == ""


@pytest.mark.parametrize("seed", range(1, 7))
def test_every_card_played_in_a_random_game_says_what_it_did(seed):
    rng = random.Random(seed)
    s = Session(rules_for("postman"), bundled_pack("postman"), setup_of("postman", rng), seed)
    Playout(s, rng).play(400)
    plays = [e for e in s.entries if e.input.kind == "play_card"]
    for e in plays:
        card = s.state.catalog.cards[e.input.args["card"]]
        assert e.said.startswith(f"{card.name}: "), e.text
        assert f"\u2192 {card.name}:" not in e.text, e.text  # named once, where it is played


def test_the_result_says_how_the_leader_fell_in_words():
    """postman.victory: the duel's dice, the card that took him, or the battle round he fell in."""
    t = duel_table()
    t.roll(1, 4)  # the Postman's 1 is rolled again, the General keeps his 4
    t.roll(4)  # 4 against 4 + 1
    assert final_report(t.session).why == ("The Postman fell in the Rule Number 7 duel at Base Camp: "
                                           "the Postman rolled 4 against the General's 4 + 1")
    t = brutality_at_base_camp()
    r = final_report(t.session)
    assert r.headline == "The Holnists win"
    assert r.why == "The Postman was destroyed by Brutality (10\u2663) in the battle of Base Camp"
    t = Table()
    t.move(["postman1", "rider1"], "mid1", "mid2", "camp")
    t.ok("stay")
    t.end_phase()
    t.ok("fight", town="camp")
    t.roll(1)  # no duel: the round is fought
    t.roll(1, 1, 6, 6, 6, 6, 6)  # the Postmen miss, every Holnist hits: both Postmen units fall
    assert t.pos.winner == "holnists"
    assert final_report(t.session).why == ("The Postman fell in the battle of Base Camp, round 1: "
                                           "the Postmen lost 2 units, the Postman among them")
    figures = dict(final_report(t.session).figures)
    assert figures["Battles"] == "1" and figures["Rolls"] == "0 by the app, 2 by the table"


def test_the_result_reads_the_fall_from_the_rules_never_from_the_log_words(monkeypatch):
    """postman.victory: the log's words may say anything (another language, another phrasing):
    the result still says how the Leader fell, from what the rules recorded as he fell."""
    from companion.postman import said

    t = duel_table()
    monkeypatch.setattr(said, "said", lambda b, s, inp: "Die Holnisten gewinnen das Spiel")
    t.roll(1, 4)
    t.roll(4)
    assert "win the game" not in " ".join(e.said for e in t.session.entries)
    assert t.pos.fall is not None and t.pos.fall.by == "roll" and t.pos.fall.leader == "postman"
    assert final_report(t.session).why == ("The Postman fell in the Rule Number 7 duel at Base Camp: "
                                           "the Postman rolled 4 against the General's 4 + 1")
    t = brutality_at_base_camp()
    assert t.pos.fall is not None and (t.pos.fall.by, t.pos.fall.card) == ("card", "10C")
    assert final_report(t.session).why == "The Postman was destroyed by Brutality (10\u2663) in the battle of Base Camp"


def test_no_fall_is_recorded_while_both_leaders_stand():
    t = duel_table()
    t.roll(1, 4)
    assert t.pos.winner is None and t.pos.fall is None


@pytest.mark.parametrize(("die", "said", "town"), [
    (1, "Retreat failed: Rider 2 stays in Firwood", "mid1"),  # 1 + 1 (forest) = 2, under 3
    (2, "Retreat: Rider 2 gets away to Post Town", "post"),  # 2 + 1 = 3: just enough
])
def test_a_retreat_roll_says_whether_the_unit_got_away_on_both_sides_of_its_target(die, said, town):
    """postman.move.retreat: the roll's words say what the rules did with the unit."""
    from .kit import retreat_offered

    kit = retreat_offered()
    kit.ok("retreat", unit="rider2", to="post")
    request = kit.session.pending_roll()
    assert request.target == 3 and [m.value for m in request.modifiers] == [1]
    kit.roll(die)
    assert kit.session.entries[-1].said == said and kit.town_of("rider2") == town


def test_forced_march_names_whose_stack_moves_further_in_the_possessive_of_each_side():
    t = Table(holnists=["2C"])
    t.to_phase("holnists", "move")
    assert t.play("2C", town="camp").said.startswith("Forced March: the Holnists' stack in Base Camp moves ")
    t = Table(postmen=["2C"])  # played for the Postmen, overridden: "Postmen" is a plural without an s
    out = t.submit("play_card", override=True, card="2C", side="postmen", town="post")
    assert out.accepted and out.entry.said.startswith("Forced March: the Postmen's stack in Post Town moves")


@pytest.mark.parametrize("side, whose", [("postmen", "the Holnists' hand"), ("holnists", "the Postmen's hand")])
def test_spies_names_whose_hand_is_looked_at_in_the_possessive(side, whose):
    t = Table(postmen=["10H"]) if side == "postmen" else Table(holnists=["10H"])
    out = t.submit("play_card", override=True, card="10H", side=side)  # the Holnists' play is overridden
    assert out.accepted and out.entry.said.endswith(f"then look at {whose} this turn")
