"""Battles through the window past the first round: Rule Number 7 and the Leaders' duel with the
Postman's reroll, the game won and every further input refused; a second round that ends in a
surrender, with Discipline sparing a Holnist; and Resolve pausing where a card may answer a roll."""

from companion.core.words import percent
from companion.postman.state import Unit

from .test_postman_table import (
    BOARD,
    HOLNISTS,
    click,
    next_phase,
    play_card,
    start,
    type_card,
    type_dice,
)


def script_app_dice(window, *rolls):
    """The app's dice give these rolls, in order (so a one-click Resolve is repeatable)."""
    left = list(rolls)
    window.table.session.bag.roll = lambda dice: tuple(left.pop(0))
    return left


def leaders_meet(window, qtbot, postmen=("3H", "KH", "AD", "5D", "KD")):
    """The General waits in Forest Town (1 Militia); the Postman and a Rider ride in; Fight phase."""
    screen = start(window, qtbot, {"board": BOARD})
    for card in list(postmen) + HOLNISTS:
        type_card(qtbot, screen, card)
    window.table.state.pos.units["general1"].town = "fo"  # a position set up directly
    screen.select("pt")
    screen.stack.model.set_checked(["postman1", "rider1"])
    screen.map.click_town("fo")
    if window.table.state.pos.offer is not None:
        click(qtbot, screen.stack.offer.stay_button)
    next_phase(qtbot, screen)
    assert window.table.state.pos.battles_left == ["fo"]
    assert "Rule Number 7" in screen.battle.notes.text()
    click(qtbot, screen.action_button)  # Fight in Forest Town
    return screen


def test_rule_number_7_the_duel_and_the_postmans_reroll_win_the_game(window, qtbot):
    screen = leaders_meet(window, qtbot)
    state = lambda: window.table.state  # noqa: E731
    left = script_app_dice(window, (1,), (5,), (2, 3), (6,))
    assert state().pos.due.kind == "militia_fight"

    # the Militia stay out; before Rule Number 7 the table may answer with a card
    click(qtbot, screen.battle.resolve_button)
    assert state().pos.due.kind == "rule7" and len(left) == 3
    assert screen.battle.pause.isVisible() and "Cards may answer this roll" in screen.battle.pause.text()
    assert "Resistance" in screen.battle.pause.text() and "Luck" in screen.battle.pause.text()
    assert screen.battle.resolve_button.text() == "Continue"
    click(qtbot, screen.battle.card_buttons["postmen"])
    play_card(qtbot, screen, "postmen", "3H")  # Resistance: the Militia fight after all
    assert state().pos.battle.militia_fight and not screen.battle.pause.isVisible()
    assert [r.id for r in screen.battle.model.rows if r.side == "postmen"][-1] == "militia"

    assert screen.battle.model.headers == ("Unit", "Side", "Hits on")  # the attack dice may come
    # Rule Number 7 on a 5: the Leaders' duel, with its own odds on the bar
    click(qtbot, screen.battle.resolve_button)
    assert state().pos.battle.step == "duel" and state().pos.due.kind == "duel"
    assert "Leaders' duel" in screen.battle.title.text()
    assert abs(screen.battle.bar.odds["win"] - 40 / 91) < 1e-9
    assert screen.battle.pause.isVisible()  # Luck may answer the Rule Number 7 die

    # the duel owed: the panel shows the Leaders' dice, not the attack dice that do not apply
    panel = screen.battle
    assert panel.model.headers == ("Leader", "Side", "Duel")
    assert [r.cells for r in panel.model.rows] == [("The Postman", "Postmen", "rolls 1 die"),
                                                    ("The General", "Holnists", "rolls 1 die, +1")]
    request = window.table.session.pending_roll()
    assert ("The duel decides the game: " + ", ".join(f"{w} {percent(c)}" for w, c in request.contest)
            ) in panel.notes.text()
    assert "Hits on" not in panel.notes.text()

    # the Postman rolls 2 (the General 3 + 1): he rerolls his 1 or 2, alone
    click(qtbot, screen.battle.resolve_button)
    assert state().pos.due.kind == "duel_reroll"
    assert [r.cells[2] for r in panel.model.rows] == ["rolls again", "keeps his 3, +1 = 4"]
    # the bar too: 5 or 6 wins against the 3 kept, a 4 ties and the duel starts again
    assert abs(panel.bar.odds["win"] - (2 + 40 / 91) / 6) < 1e-9
    assert "rerolls his 1 or 2" in window.table.session.pending_roll().purpose
    assert window.table.session.pending_roll().dice.count == 1
    click(qtbot, screen.battle.resolve_button)
    assert left == []

    # 6 against 4: the General falls and the Postmen have won
    t = state().pos
    assert t.winner == "postmen" and "general1" not in t.units and t.battle is None
    assert "Rule Number 7: the Postman wins the duel" in screen.battle.result.text()
    assert screen.phase.next.text() == "The Postmen win: the General has fallen"
    assert not screen.phase.button.isVisible() and not screen.action_button.isVisible()
    assert not any(i.lit for i in screen.cards.hands["postmen"].items)
    n = len(window.table.session.entries)
    screen.tabs.setCurrentWidget(screen.cards)
    play_card(qtbot, screen, "postmen", "AD")  # Hope: refused, the game is over
    assert len(window.table.session.entries) == n
    assert window.banner.isVisible() and "postman.victory" in window.banner.text.text()


def test_without_a_card_to_answer_resolve_rolls_through_to_the_end(window, qtbot):
    screen = leaders_meet(window, qtbot)
    s = window.table.state
    for cid, card in s.catalog.cards.items():  # every answering card already played
        if card.window in ("roll", "battle", "own_type", "casualties"):
            s.deck(card.side).discard.append(cid)
    left = script_app_dice(window, (1,), (5,), (5, 1))
    click(qtbot, screen.battle.resolve_button)
    assert left == [] and not screen.battle.pause.isVisible()
    assert window.table.state.pos.winner == "postmen"  # 5 against 1 + 1


def test_a_second_round_ends_in_surrender_and_discipline_spares_one(window, qtbot):
    """Three Riders against two Regiments in Forest Town, with the roads behind the Riders held
    by Holnist Patrols: a tie in round 1 sends the Postmen back, but they cannot go, so round 2;
    after it the smaller side surrenders and gives up its units, confirmed by its owner."""
    screen = start(window, qtbot, {"board": BOARD})
    for card in ["QH", "KH", "AD", "5D", "KD"] + ["10S", "AS", "5S", "JS", "QS"]:
        type_card(qtbot, screen, card)
    t = window.table.state.pos
    t.militia["fo"] = 0
    for uid in ("regiment90", "regiment91"):
        t.units[uid] = Unit(uid, "regiment", "holnists", "fo")
    screen.select("pt")
    screen.stack.model.set_checked(["rider1", "rider2", "rider3"])
    screen.map.click_town("fo")
    click(qtbot, screen.stack.offer.stay_button)
    t = window.table.state.pos  # the inputs made a new state
    for town in ("ri", "ed"):
        t.militia[town] = 0
        t.units[f"patrol9{town}"] = Unit(f"patrol9{town}", "patrol", "holnists", town)
    for uid in ("postman1", "rider4"):  # the Post Town is given up to the Holnists too
        t.units[uid].town = "mo"
    t.militia["mo"] = 0
    t.units["patrol9pt"] = Unit("patrol9pt", "patrol", "holnists", "pt")
    next_phase(qtbot, screen)
    assert window.table.state.pos.battles_left == ["fo"]
    assert "Postmen cannot retreat" in screen.battle.notes.text()
    click(qtbot, screen.battle.fight_button)

    type_dice(qtbot, window, 1, 1, 1, 1, 1)  # round 1: nobody hits; the Postmen cannot retreat
    b = window.table.state.pos.battle
    assert b.round == 2 and b.step == "round"
    assert "round 2" in screen.battle.title.text()
    assert screen.battle.bar.odds["retreat"] == 0
    type_dice(qtbot, window, 1, 1, 1, 1, 1)  # round 2: nobody hits; 2 Regiments against 3 Riders

    b = window.table.state.pos.battle
    assert b.step == "casualties" and b.to_choose == ["holnists"] and b.surrendering
    assert screen.battle.choose_buttons["holnists"].text() == "Holnists: confirm (2)"
    assert not screen.battle.choose_buttons["postmen"].isVisible()
    assert "surrender" in screen.phase.next.text()
    # Discipline (10S) spares one of them; the Holnists confirm the other
    click(qtbot, screen.battle.card_buttons["holnists"])
    play_card(qtbot, screen, "holnists", "10S")
    assert window.table.state.pos.battle.saved == 1
    screen.tabs.setCurrentWidget(screen.battle)
    assert screen.battle.choose_buttons["holnists"].text() == "Holnists: confirm (1)"
    assert len(screen.battle.ticked("holnists")) == 1
    click(qtbot, screen.battle.choose_buttons["holnists"])
    t = window.table.state.pos
    assert t.battle is None and t.last_battle.result == "the Holnists surrender"
    assert len([u for u in ("regiment90", "regiment91") if u in t.units]) == 1
    assert "the Holnists surrender" in screen.battle.result.text()
