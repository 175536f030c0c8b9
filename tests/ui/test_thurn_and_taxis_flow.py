"""Thurn and Taxis through the window: a full turn with the table's own cards typed in, the
privacy screen, a refused card with its reason in the banner, a close through the close dialog
with its previews, the hand cut, and a virtual-deck game dealt by the app."""

from __future__ import annotations

from PySide6.QtCore import Qt

from companion.core.inputs import Input, draw
from ui.thurn_and_taxis.close_dialog import CloseDialog

LEFT = Qt.MouseButton.LeftButton


def click(qtbot, button):
    assert button.isEnabled() and button.isVisible(), button.text()
    qtbot.mouseClick(button, LEFT)


def open_game(window, deck="table", players=("Anna", "Ben")):
    assert window.new_game("thurn_and_taxis", {"players": list(players), "deck": deck}, seed=3)
    return window.screen_widget


def enter(qtbot, screen, card):
    """Type the card the table turned over (display gap or blind draw)."""
    screen.drawn.setCurrentIndex(screen.drawn_cards.index(card))
    click(qtbot, screen.drawn_button)


def hand_button(screen, label):
    return next(b for b in screen.hand.buttons if b.text() == label)


def setup_display(qtbot, screen):
    for card in ("basel", "lodz", "budweis", "linz", "passau", "innsbruck"):
        enter(qtbot, screen, card)


def test_a_full_turn_with_the_tables_cards(window, qtbot):
    screen = open_game(window)
    assert screen.drawn_button.text() == "Turned up"
    setup_display(qtbot, screen)
    assert [b.text() for b in screen.display_buttons] == ["Basel", "Lodz", "Budweis", "Linz", "Passau", "Innsbruck"]
    assert "Postmaster" in screen.phase.next.text() or "Take a card" in screen.phase.next.text()

    click(qtbot, screen.display_buttons[0])  # Anna takes Basel; the table turns up Ulm
    enter(qtbot, screen, "ulm")
    assert screen.display_buttons[0].text() == "Ulm"
    assert screen.drawn_button.text() == "Drawn"
    enter(qtbot, screen, "zuerich")  # the Postmaster's second card, drawn blind
    assert sorted(window.table.state.hand()) == ["basel", "zuerich"]
    assert not screen.hand.is_revealed  # the privacy screen
    assert "Pass the laptop to Anna" in screen.hand.cover_label.text()
    click(qtbot, screen.hand.cover_button)
    assert screen.hand.is_revealed
    click(qtbot, hand_button(screen, "Zürich"))
    assert window.table.state.players[0].route == ["zuerich"]
    assert screen.phase.button.text() == "End turn"
    click(qtbot, screen.phase.button)

    assert window.table.state.active.name == "Ben" and not screen.hand.is_revealed
    assert "Pass the laptop to Ben" in screen.hand.cover_label.text()
    enter(qtbot, screen, "pilsen")
    enter(qtbot, screen, "lodz")
    click(qtbot, screen.hand.cover_button)
    click(qtbot, hand_button(screen, "Pilsen"))
    click(qtbot, screen.phase.button)

    # Anna again: Augsburg has no road to Zürich, so it is not lit and is refused with the reason
    enter(qtbot, screen, "augsburg")
    click(qtbot, screen.hand.cover_button)
    assert hand_button(screen, "Basel").toolTip() == "Fits: click to play it"
    assert "no road joins Augsburg to Zürich" in hand_button(screen, "Augsburg").toolTip()
    n = len(window.table.session.entries)
    click(qtbot, hand_button(screen, "Augsburg"))
    assert len(window.table.session.entries) == n
    assert window.banner.isVisible() and "thurn_and_taxis.route.fit" in window.banner.text.text()
    click(qtbot, hand_button(screen, "Basel"))
    assert not window.banner.isVisible()
    assert window.table.state.players[0].route == ["zuerich", "basel"]
    assert "Anna: Zürich\u2013Basel" in screen.route_label.text()
    click(qtbot, screen.phase.button)
    assert window.table.state.active.name == "Ben" and window.table.state.round == 2


def to_a_closable_route(window, postmaster=True):
    """Anna reaches Basel-Freiburg-Sigmaringen in her third turn (Ben plays along)."""
    t = window.table

    def do(kind, **args):
        out = t.submit(draw(args["card"], "table") if kind == "draw" else Input(kind, args))
        assert out is not None and out.accepted, out and out.violations

    for card in ("basel", "lodz", "budweis", "linz", "passau", "innsbruck",
                 "basel", "freiburg"):
        do("draw", card=card)
    do("play", card="basel")
    do("end_turn")
    for card in ("pilsen", "lodz"):
        do("draw", card=card)
    do("play", card="lodz")
    do("end_turn")
    do("draw", card="sigmaringen")
    do("play", card="freiburg")
    do("end_turn")
    do("draw", card="pilsen")
    do("play", card="pilsen")
    do("end_turn")
    if postmaster:
        do("official", name="postmaster")
        do("draw", card="ulm")
    do("draw", card="augsburg")
    do("play", card="sigmaringen")
    assert t.state.players[0].route == ["basel", "freiburg", "sigmaringen"]


def test_close_dialog_previews_and_the_hand_cut(window, qtbot):
    screen = open_game(window)
    t = window.table
    to_a_closable_route(window)
    assert t.state.players[0].route == ["basel", "freiburg", "sigmaringen"]
    assert screen.close_button.isEnabled()
    for card in ("kempten", "zuerich"):  # a fuller hand, so the close must cut it to 3
        t.state.deck.draw(card, "Anna")

    shown = {}

    def answer(state):
        dlg = CloseDialog(state, screen)
        qtbot.addWidget(dlg)
        shown["previews"] = [p.text() for p in dlg.previews]
        shown["titles"] = [r.text() for r in dlg.radios]
        assert not dlg.cartwright.isEnabled()  # the Postmaster was this turn's official
        dlg.radios[0].setChecked(True)
        return dlg.chosen()

    screen.dialogs.close_route = answer
    click(qtbot, screen.close_button)
    assert shown["titles"][0] == "One house in each province (3 houses)"
    assert "houses in Basel, Freiburg, Sigmaringen" in shown["previews"][0]
    assert "carriage 3\u00a0(2\u00a0points)" in shown["previews"][0]
    assert any("Every city of Baden: Freiburg" in title for title in shown["titles"])
    anna = t.state.players[0]
    assert anna.houses == ["basel", "freiburg", "sigmaringen"] and anna.carriages == [3]
    assert screen.scores.index(0, 2).data() == "3\u00a0(2\u00a0pts)"
    assert screen.scores.index(0, 1).data() == "17"
    # four cards in hand: one must go (the hand is cut to 3), the End turn button waits for it
    assert len(t.state.hand()) == 4 and t.state.turn.cut_due
    assert not screen.phase.button.isVisible()
    assert screen.hand.is_revealed
    click(qtbot, hand_button(screen, "Augsburg"))
    assert len(t.state.hand()) == 3 and not t.state.turn.cut_due
    click(qtbot, screen.phase.button)
    assert t.state.active.name == "Ben"


def test_the_cartwright_from_the_close_dialog(window, qtbot):
    screen = open_game(window)
    window.table.state.players[0].carriages.append(3)  # Anna already holds the 3
    to_a_closable_route(window, postmaster=False)
    dlg = CloseDialog(window.table.state, screen)
    qtbot.addWidget(dlg)
    assert dlg.cartwright.isEnabled()
    assert "carriage" not in dlg.previews[0].text()  # 3 cards do not reach the 4
    dlg.cartwright.setChecked(True)
    assert "carriage 4\u00a0(3\u00a0points)" in dlg.previews[0].text()
    screen.dialogs.close_route = lambda state: dlg.chosen()
    click(qtbot, screen.close_button)
    assert window.table.state.turn.official == "cartwright" and window.table.state.players[0].carriages == [3, 4]


def test_virtual_deck_is_dealt_by_the_app(window, qtbot, qtmodeltester):
    screen = open_game(window, deck="virtual", players=("Anna", "Ben", "Cara", "Dora"))
    assert all(window.table.state.display) and screen.deck_button.isVisible() and not screen.drawn.isVisible()
    click(qtbot, screen.display_buttons[2])
    assert all(window.table.state.display)  # the gap was turned up at once
    click(qtbot, screen.deck_button)
    assert len(window.table.state.hand()) == 2
    assert window.table.session.entries[-1].input.source == "app"
    log = [window.log.model.index(i).data() for i in range(window.log.model.rowCount())]
    assert any("Anna draws the top card of the deck" in line for line in log)
    qtmodeltester.check(screen.scores)
    assert screen.scores.rowCount() == 4
    # the Administrator is refused on an empty-handed first turn, with the rule in the banner
    assert not screen.official_buttons["administrator"].isEnabled()
    window.table.submit(Input("official", {"name": "administrator"}))
    assert "thurn_and_taxis.official.forced_postmaster" in window.banner.text.text()


def test_map_shows_houses_and_the_route(window, qtbot):
    screen = open_game(window, deck="virtual")
    s = window.table.state
    s.players[0].houses.extend(["ulm", "basel"])
    s.players[1].houses.append("ulm")
    screen.refresh()
    houses = [i for i in screen.map._dynamic if "house in" in i.toolTip()]
    assert sorted(i.toolTip() for i in houses) == ["Anna's house in Basel", "Anna's house in Ulm",
                                                  "Ben's house in Ulm"]
    assert len(screen.map.city_items) == 22


def test_the_drawn_list_always_offers_every_city(window, qtbot):
    """Review: the list held only the cities left in the deck, so a city vanishing from the
    shared screen told everyone who held it."""
    screen = open_game(window)
    setup_display(qtbot, screen)
    deck = window.table.state.deck
    deck.draw_pile.pop("lodz", None)  # as if both other Lodz were in hands now
    screen.refresh()
    assert len(screen.drawn_cards) == 22 and "lodz" in screen.drawn_cards


def test_with_few_houses_left_the_player_chooses_where_they_go(window, qtbot):
    """Review: the dialog silently took the first cities when houses ran short; the rules
    (thurn_and_taxis.houses.all) let the player choose."""
    screen = open_game(window)
    to_a_closable_route(window, postmaster=False)
    anna = window.table.state.players[0]
    anna.houses.extend(["lodz"] * (20 - 2))  # two houses left; Basel-Freiburg-Sigmaringen needs 3
    dlg = CloseDialog(window.table.state, screen)
    qtbot.addWidget(dlg)
    each = next(i for i, o in enumerate(dlg.options) if o.kind == "each_province")
    boxes = dlg.short[each]
    assert [b.isChecked() for b, _k in boxes] == [True, True, False]
    assert not boxes[2][0].isEnabled()  # two ticks: the third waits
    boxes[0][0].setChecked(False)
    boxes[2][0].setChecked(True)
    dlg.radios[each].setChecked(True)
    args, _call = dlg.chosen()
    assert len(args["cities"]) == 2
    assert "basel" not in args["cities"] and "sigmaringen" in args["cities"]
    assert "Sigmaringen" in dlg.previews[each].text()


def test_the_official_of_this_turn_is_said_on_its_button_until_the_game_ends(window, qtbot):
    # thurn_and_taxis.official.one_per_turn: the one called this turn says so in words, not
    # only in colour; the others keep their plain names, and a finished game has no turn
    from pathlib import Path

    import rules

    record = Path(rules.__file__).parent / "thurn_and_taxis/samples/four_players_whole_game.json"
    assert window.open_record(str(record))
    screen = window.screen_widget
    names = {oid: o["name"] for oid, o in window.table.state.board.officials.items()}
    assert window.table.state.over and window.table.state.turn.official == "cartwright"
    assert {oid: b.text() for oid, b in screen.official_buttons.items()} == names
    window.undo()
    window.undo()  # before the last close: Dora has called the Cartwright this turn
    s = window.table.state
    assert not s.over and s.turn.official == "cartwright"
    for oid, b in screen.official_buttons.items():
        assert b.text() == (f"{names[oid]} \u2713 this turn" if oid == "cartwright" else names[oid])
    while window.table.state.turn.official == "cartwright":
        window.undo()  # back before the call: no official yet this turn
    assert window.table.state.turn.official is None
    assert {oid: b.text() for oid, b in screen.official_buttons.items()} == names
