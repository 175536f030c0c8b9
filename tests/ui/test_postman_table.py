"""The Postman table, driven through the window: the map, moves by click with their Sneak rolls,
the phase bar, a battle resolved with one click, both hands, the one-click Recruit and Militia
phases, a flagged move overridden, undo, save and resume."""

from PySide6.QtCore import Qt

LEFT = Qt.MouseButton.LeftButton


def click(qtbot, button):
    assert button.isVisible() and button.isEnabled(), button.text()
    qtbot.mouseClick(button, LEFT)


def start(window, qtbot, setup=None):
    window.ask_setup = lambda parent, game, pack: setup or {"map": "short"}
    assert window.new_game("postman", seed=7)
    return window.screen_widget


def test_the_board_is_drawn_with_every_town_and_both_stacks(window, qtbot):
    screen = start(window, qtbot)
    board = window.table.state.board
    assert set(screen.map.town_items) == set(board.towns)
    click(qtbot, screen.cards.draw.all_button)  # the opening hands
    assert window.table.state.pos.phase == "move"
    post = screen.map.town_items[board.post_town]
    assert post.look.counts == {"postmen": 5} and post.look.leaders == {"postmen"}
    camp = screen.map.town_items[board.base_camp]
    assert camp.look.counts == {"holnists": 5}
    assert "Militia: 1 of" in screen.map.town_items["eugene"].toolTip()
    before = screen.map.zoom_level()
    click(qtbot, screen.zoom_in)
    assert screen.map.zoom_level() > before
    assert screen.map.town_items["eugene"].scale_ == 1
    window.actions_["text:larger"].trigger()  # the map's markers grow with the window's text
    assert screen.map.town_items["eugene"].scale_ > 1.5


# -- a scripted evening on the seven-town test board --------------------------------------------
BOARD = {
    "map": {"name": "Test valley", "post_town": "pt", "base_camp": "bc"},
    "town": [
        {"id": "pt", "name": "Post Town", "size": "small", "x": 10, "y": 10},
        {"id": "fo", "name": "Forest Town", "size": "medium", "terrain": ["forest"], "x": 30, "y": 12},
        {"id": "ri", "name": "River Town", "size": "large", "terrain": ["water"], "x": 50, "y": 8},
        {"id": "mo", "name": "Mountain Town", "size": "small", "terrain": ["mountains"], "x": 70, "y": 14},
        {"id": "bc", "name": "Base Camp", "size": "medium", "x": 90, "y": 10},
        {"id": "ed", "name": "Edge Town", "size": "small", "edge": True, "x": 50, "y": 30},
    ],
    "road": [{"from": a, "to": b} for a, b in (("pt", "fo"), ("fo", "ri"), ("ri", "mo"), ("mo", "bc"),
                                               ("fo", "ed"), ("ed", "mo"))],
}
POSTMEN = ["QH", "KH", "AD", "5D", "KD"]
HOLNISTS = ["3C", "AS", "5S", "JS", "QS"]


def type_card(qtbot, screen, card):
    qtbot.keyClicks(screen.cards.draw.entry, card)
    qtbot.keyClick(screen.cards.draw.entry, Qt.Key.Key_Return)


def type_dice(qtbot, window, *values):
    assert window.dice.request is not None
    assert window.dice.request.dice.count == len(values), window.dice.title.text()
    qtbot.keyClicks(window.dice.typed, " ".join(map(str, values)))
    qtbot.keyClick(window.dice.typed, Qt.Key.Key_Return)


def play_card(qtbot, screen, side, card):
    hand = screen.cards.hands[side]
    if not hand.is_revealed:
        click(qtbot, hand.cover_button)
    button = hand.buttons[[i.id for i in hand.items].index(card)]
    qtbot.mouseClick(button, LEFT)


def next_phase(qtbot, screen):
    click(qtbot, screen.phase.button)


def test_a_whole_evening(window, qtbot, tmp_path):
    screen = start(window, qtbot, {"board": BOARD})
    table = window.table
    s = lambda: table.state  # noqa: E731

    # the opening hands, typed from a real deck through the draw prompt
    assert screen.cards.draw.isVisible() and screen.tabs.currentWidget() is screen.cards
    for card in POSTMEN + HOLNISTS:
        type_card(qtbot, screen, card)
    assert s().pos.phase == "move" and s().hand("postmen") == POSTMEN
    assert not screen.cards.hands["postmen"].is_revealed  # behind the privacy screen
    assert "Move" in screen.phase.where.text() and "Turn 1" in screen.phase.where.text()

    # Pony Express on rider1: the card asks for its unit on the map
    screen.pick = lambda title, options: "rider1"
    play_card(qtbot, screen, "postmen", "5D")
    assert screen.targeting is not None
    assert screen.map.town_items["pt"].look.mark == "target"
    screen.map.click_town("pt")
    assert screen.targeting is None and s().pos.move_bonus == {"rider1": 1}
    assert "5D" not in s().hand("postmen")

    # move two Riders by ticking them and clicking a green town; then undo it
    screen.select("pt")
    screen.stack.model.set_checked(["rider1", "rider2"])
    assert screen.map.town_items["ri"].look.mark == "reach"
    assert screen.map.town_items["bc"].look.mark is None  # 4 spaces: beyond a Rider
    screen.map.click_town("ri")
    assert s().pos.units["rider1"].town == "ri" and s().pos.units["rider2"].town == "ri"
    window.actions_["undo"].trigger()
    assert s().pos.units["rider1"].town == "pt"
    screen.select("pt")
    screen.stack.model.set_checked(["rider1", "rider2"])
    screen.map.click_town("ri")
    assert s().pos.units["rider1"].town == "ri"

    # a flagged move: rider3 to the Base Camp is 4 spaces; the banner cites the rule; Override
    screen.select("pt")
    screen.stack.model.set_checked(["rider3"])
    n = len(table.session.entries)
    screen.map.click_town("bc")
    assert len(table.session.entries) == n
    assert window.banner.isVisible() and "postman.move.limit" in window.banner.text.text()
    click(qtbot, window.banner.override_button)
    assert table.session.entries[-1].input.override == ("postman.move.limit",)
    assert s().pos.units["rider3"].town == "bc"

    # the Holnists there may retreat: a small panel for them; they stay
    assert screen.stack.offer.isVisible() and screen.tabs.currentWidget() is screen.stack
    click(qtbot, screen.stack.offer.stay_button)
    assert s().pos.offer is None

    # Next Phase: Fight. It refuses to skip the battle and says which
    next_phase(qtbot, screen)
    assert s().pos.phase == "fight" and s().pos.battles_left == ["bc"]
    assert any("Base Camp" in line for line in screen.phase.next.text().splitlines())
    next_phase(qtbot, screen)
    assert "postman.fight.all" in window.banner.text.text() and "Base Camp" in window.banner.text.text()
    click(qtbot, window.banner.cancel_button)

    # the battle: targets after modifiers, the odds bar, then the table's dice
    assert screen.tabs.currentWidget() is screen.battle
    assert screen.battle.bar.odds and abs(sum(screen.battle.bar.odds.values()) - 1) < 1e-9
    click(qtbot, screen.battle.fight_button)
    assert s().pos.battle is not None and s().pos.battle.town == "bc"
    hits = [r.cells[2].split()[0] for r in screen.battle.model.rows if r.side == "holnists"]
    assert hits == ["2+", "5+", "3+", "3+", "3+"]  # General, Patrol, three Regiments
    type_dice(qtbot, window, 1, 1, 1, 1, 1, 1)  # nobody hits: 0-0, the Postmen retreat
    assert s().pos.battle.step == "retreat"
    assert screen.battle.retreat_buttons and screen.map.town_items["mo"].look.mark == "retreat"
    screen.map.click_town("mo")
    assert s().pos.units["rider3"].town == "mo" and s().pos.battle is None
    assert "retreat to Mountain Town" in screen.battle.result.text()

    # Recruit with every unit in one click, with the table's dice
    next_phase(qtbot, screen)
    assert s().pos.phase == "recruit"
    assert screen.action_button.text() == "Recruit with all (3)"
    screen.table_dice.setChecked(True)
    click(qtbot, screen.action_button)
    type_dice(qtbot, window, 6)      # rider1 recruits a Militia of River Town
    type_dice(qtbot, window, 6)      # Type: 6 + 1 (large town): Cavalry
    qtbot.waitUntil(lambda: window.dice.request is not None and "Rider 3" in window.dice.title.text())
    type_dice(qtbot, window, 1)      # rider3 in Mountain Town fails (rider2 has no Militia left)
    qtbot.waitUntil(lambda: screen.summary.isVisible())
    assert "New Cavalry 1 in River Town" in screen.summary.text()

    # the Militia phase in one click, with the app's dice; one roll input in the log
    next_phase(qtbot, screen)
    assert s().pos.phase == "militia"
    screen.table_dice.setChecked(False)
    n = len(table.session.entries)
    click(qtbot, screen.action_button)
    assert screen.summary.text().startswith("Militia phase:")
    assert [e.input.kind for e in table.session.entries[n:]] == ["militia_phase", "roll"]

    # Mail: two cards typed, then the Holnists' turn
    next_phase(qtbot, screen)
    assert not screen.summary.isVisible()  # the Militia summary's moment has passed (#13 review)
    for card in ("9H", "8H"):
        type_card(qtbot, screen, card)
    next_phase(qtbot, screen)
    assert s().pos.active == "holnists" and "Turn 1" in screen.phase.where.text()
    assert "Militia" not in screen.phase.where.text()  # no Militia phase on Holnist turns

    # Forced March: a Holnist card on a town clicked on the map
    play_card(qtbot, screen, "holnists", "3C")
    assert screen.cards.hands["postmen"].is_revealed is False
    screen.map.click_town("bc")
    assert all(s().pos.move_bonus.get(u.id) == 1 for u in s().units_in("bc", "holnists"))
    for _phase in ("fight", "recruit", "mail"):
        next_phase(qtbot, screen)
    for card in ("2S", "3S"):
        type_card(qtbot, screen, card)
    next_phase(qtbot, screen)
    assert s().pos.active == "postmen" and s().pos.turn == 2

    # save, close and open again: the same game
    live = table.rules.state_json(s())
    path = tmp_path / "evening.json"
    assert window.save_as(path)
    window.close_game()
    assert window.open_record(path)
    assert window.table.rules.state_json(window.table.state) == live
    assert window.screen_widget.map.town_items["ri"].look.counts == {"postmen": 3}


def battle_at_forest_town(window, qtbot, holnists=("regiment",), militia=0):
    """Postmen Riders reach Forest Town where Holnists stand; the table is in the Fight phase."""
    from companion.postman.state import Unit

    screen = start(window, qtbot, {"board": BOARD})
    for card in POSTMEN + ["KC", "AS", "5S", "JS", "QS"]:
        type_card(qtbot, screen, card)
    t = window.table.state.pos
    t.militia["fo"] = militia
    for i, kind in enumerate(holnists):  # a position set up directly, as the rule tests do
        t.units[f"{kind}9{i}"] = Unit(f"{kind}9{i}", kind, "holnists", "fo")
    screen.select("pt")
    screen.stack.model.set_checked(["rider1", "rider2"])
    screen.map.click_town("fo")
    if window.table.state.pos.offer is not None:  # the move made a new state
        click(qtbot, screen.stack.offer.stay_button)
    next_phase(qtbot, screen)
    assert window.table.state.pos.battles_left == ["fo"]
    return screen


def test_battle_cards_change_the_odds_and_resolve_rolls_with_the_app(window, qtbot):
    screen = battle_at_forest_town(window, qtbot, holnists=("regiment", "regiment"))
    state = lambda: window.table.state  # noqa: E731
    assert screen.action_button.text() == "Fight in Forest Town"
    click(qtbot, screen.action_button)
    before = dict(screen.battle.bar.odds)
    # the Holnists' Trap: the hand's tooltip shows the odds with it, then the bar moves
    click(qtbot, screen.battle.card_buttons["holnists"])
    assert screen.tabs.currentWidget() is screen.cards
    hand = screen.cards.hands["holnists"]
    assert not any("With it" in i.tooltip for i in hand.items)  # covered: no tooltip to read yet
    click(qtbot, hand.cover_button)
    tip = next(i.tooltip for i in hand.items if i.id == "KC")
    assert "With it the Postmen" in tip
    play_card(qtbot, screen, "holnists", "KC")
    assert "Trap" in screen.battle.notes.text()
    assert screen.battle.bar.odds["lose"] > before["lose"]
    assert screen.tabs.currentWidget() is screen.battle  # back to the battle to see the bar
    # the Postmen's Ambush (+3 to every unit, as worded)
    click(qtbot, screen.battle.card_buttons["postmen"])
    play_card(qtbot, screen, "postmen", "QH")
    assert not screen.cards.hands["holnists"].is_revealed  # one hand shown at a time
    assert "Ambush" in screen.battle.notes.text()
    n = len(window.table.session.entries)
    click(qtbot, screen.battle.resolve_button)
    rolls = [e for e in window.table.session.entries[n:] if e.input.kind == "roll"]
    assert rolls and all(e.input.source == "app" for e in rolls)
    b = state().pos.battle
    # the app's dice stop where a side must choose (or the battle is over)
    assert b is None or b.step in ("casualties", "retreat")
    while state().pos.battle is not None:
        b = state().pos.battle
        if b.step == "casualties":
            side = b.to_choose[0]
            click(qtbot, screen.battle.choose_buttons[side])
        elif b.step == "retreat":
            click(qtbot, screen.battle.retreat_buttons[0])
        else:
            click(qtbot, screen.battle.resolve_button)
    assert "Last battle:" in screen.battle.result.text()


def test_a_unit_retreats_from_an_arriving_stack(window, qtbot):
    from companion.postman.state import Unit

    screen = start(window, qtbot, {"board": BOARD})
    for card in POSTMEN + HOLNISTS:
        type_card(qtbot, screen, card)
    t = window.table.state.pos
    t.units["patrol9"] = Unit("patrol9", "patrol", "holnists", "fo")
    screen.select("pt")
    screen.stack.model.set_checked(["rider1"])
    screen.map.click_town("fo")
    offer = screen.stack.offer
    assert offer.isVisible() and "The Holnists in Forest Town" in offer.heading.text()
    assert screen.map.town_items["ri"].look.mark == "retreat"
    go = [w for w in offer.rows if hasattr(w, "text") and w.text() == "Try to retreat"][0]
    click(qtbot, go)  # to the first town offered
    assert window.dice.request is not None and "patrol 9's retreat roll" in window.dice.title.text().lower()
    lit = {i.id for i in screen.cards.hands["holnists"].items if i.lit}
    assert lit == set()  # Intercept is for a Postmen unit's roll, not the Holnists' own
    type_dice(qtbot, window, 6)  # 4+, forest +1: away
    assert window.table.state.pos.units["patrol9"].town != "fo"


def test_next_phase_refuses_while_a_roll_is_owed(window, qtbot):
    screen = battle_at_forest_town(window, qtbot)
    click(qtbot, screen.battle.fight_button)
    # the button asks the session: while the roll is owed it waits, and says why
    assert screen.phase.button.isVisible() and not screen.phase.button.isEnabled()
    assert "postman." in screen.phase.button.toolTip() and ".pending" in screen.phase.button.toolTip()


def test_item_models_pass_qtmodeltester(window, qtbot, qtmodeltester):
    screen = battle_at_forest_town(window, qtbot, militia=1)
    click(qtbot, screen.battle.fight_button)
    screen.select("fo")
    qtmodeltester.check(screen.stack.model)
    qtmodeltester.check(screen.battle.model)


def test_over_the_hand_limit_a_click_discards(window, qtbot):
    screen = start(window, qtbot, {"board": BOARD})
    for card in POSTMEN + HOLNISTS:
        type_card(qtbot, screen, card)
    for _phase in ("fight", "recruit", "militia"):
        next_phase(qtbot, screen)
    click(qtbot, screen.action_button)  # Militia rolls
    next_phase(qtbot, screen)
    for card in ("2H", "3H"):
        type_card(qtbot, screen, card)
    next_phase(qtbot, screen)  # 7 cards: the turn ends
    assert window.table.state.pos.active == "holnists"
    for _phase in ("fight", "recruit", "mail"):
        next_phase(qtbot, screen)
    for card in ("2S", "3S"):
        type_card(qtbot, screen, card)
    assert len(window.table.state.hand("holnists")) == 7
    next_phase(qtbot, screen)
    assert window.table.state.pos.active == "postmen"
    for _phase in ("fight", "recruit", "militia"):
        next_phase(qtbot, screen)
    click(qtbot, screen.action_button)
    next_phase(qtbot, screen)
    for card in ("4H", "6H"):
        type_card(qtbot, screen, card)
    assert len(window.table.state.hand("postmen")) == 9
    hand = screen.cards.hands["postmen"]
    assert "over the limit" in hand.heading.text()
    next_phase(qtbot, screen)
    assert "postman.mail.limit" in window.banner.text.text()
    play_card(qtbot, screen, "postmen", "2H")
    play_card(qtbot, screen, "postmen", "3H")
    assert len(window.table.state.hand("postmen")) == 7
    next_phase(qtbot, screen)
    assert window.table.state.pos.active == "holnists"


def test_a_stack_dragged_onto_a_town_moves_there(window, qtbot):
    screen = start(window, qtbot, {"board": BOARD})
    for card in POSTMEN + HOLNISTS:
        type_card(qtbot, screen, card)
    screen.select("fo")
    view = screen.map.viewport()
    # press on the Post Town's counter, drag across the map, let go over River Town
    item = screen.map.town_items["pt"]
    counter = item.mapToScene(item.counter_boxes()[0].center())
    src = screen.map.mapFromScene(counter)
    dst = screen.map.town_point("ri")
    assert screen.map.town_at(src) == "pt"
    qtbot.mousePress(view, LEFT, pos=src)
    qtbot.mouseMove(view, pos=(src + dst) / 2)
    qtbot.mouseMove(view, pos=dst)
    assert screen.selected == "pt" and screen.map.town_items["ri"].look.mark == "reach"  # in reach, lit
    assert screen.map._drag_line is not None
    n = len(window.table.session.entries)
    qtbot.mouseRelease(view, LEFT, pos=dst)
    entries = window.table.session.entries
    assert len(entries) == n + 1 and entries[-1].input.kind == "move"
    assert entries[-1].input.args == {"units": ["postman1", "rider1", "rider2", "rider3", "rider4"],
                                      "path": ["fo", "ri"]}
    assert screen.map.town_items["ri"].look.counts == {"postmen": 5} and screen.selected == "ri"
    assert screen.map._drag_line is None
    # a plain click is still a click: it selects, it moves nothing
    qtbot.mouseClick(view, LEFT, pos=screen.map.town_point("mo"))
    assert screen.selected == "mo" and len(entries) == n + 1


def test_stack_counters_keep_off_the_town_names_of_the_default_map(window, qtbot):
    screen = start(window, qtbot, {"map": "default"})
    click(qtbot, screen.cards.draw.all_button)
    t = window.table.state.pos
    board = window.table.state.board
    near = sorted(board.graph.neighbors(board.post_town))[0]
    t.units["general1"].town = near  # a crowded spot: a stack beside a town with a long name
    window.resize(1280, 800)
    screen.refresh()
    view = screen.map
    items = view.town_items

    def at(item, rect):
        return rect.translated(view.mapFromScene(item.pos()).toPointF())

    names = {tid: at(i, i.name_rect()) for tid, i in items.items()}
    for tid, item in items.items():
        for box in item.counter_boxes():
            hits = [o for o, r in names.items() if at(item, box).intersects(r)]
            assert hits == [], (tid, item.counter_at, hits)


def test_the_card_entry_never_offers_what_only_the_deck_or_a_hand_knows(qtbot):
    """Review found the completer listing the opponent's hand for a random discard."""
    from companion.core.game import DrawRequest
    from ui.postman.cards_panel import ALL_CARDS, DrawPrompt

    prompt = DrawPrompt()
    qtbot.addWidget(prompt)
    prompt.set_request(DrawRequest("discard a random card from the holnists' hand", ("10S", "AS"),
                                   "postman.card.confusion", takes="random_discard"), 2)
    assert prompt.entry.completer() is None
    prompt.set_request(DrawRequest("draw a card for the postmen", ("2H", "3C"), "postman.mail.draw"), 1)
    completions = prompt.entry.completer().model()
    offered = [completions.index(i, 0).data() for i in range(completions.rowCount())]
    assert offered == ALL_CARDS


def test_the_draw_prompt_reads_what_a_draw_is_for_from_the_request_never_its_words(qtbot):
    """A random discard is known by the request's ``takes``, whatever its purpose says: a draw
    whose words mention the discards is still a draw from the deck, and a random discard worded
    otherwise (another language) still picks at random and completes nothing."""
    from companion.core.game import DrawRequest
    from companion.postman import mail
    from ui.postman.cards_panel import DrawPrompt

    prompt = DrawPrompt()
    qtbot.addWidget(prompt)
    prompt.set_request(DrawRequest("draw a card for the postmen from the discards reshuffled", ("2H",),
                                   "postman.mail.draw"), 1)
    assert prompt.deal_button.text() == "Draw from the app's deck" and prompt.entry.completer() is not None
    prompt.set_request(DrawRequest("eine Karte der Holnisten zufällig abwerfen", ("10S", "AS"),
                                   "postman.card.confusion", takes="random_discard"), 1)
    assert prompt.deal_button.text() == "Pick one at random" and prompt.entry.completer() is None
    from postman.play import game

    s = game().state
    assert mail.draw_request(s) is None or mail.draw_request(s).takes == "draw"
    s.pos.discards_owed = ["holnists"]  # postman.card.confusion: a random card of theirs goes
    assert mail.draw_request(s).takes == "random_discard"


def test_one_click_recruit_stops_where_a_card_may_answer_and_continue_rolls_on(window, qtbot):
    """Review: with the app's dice the one-click Recruit rolled past Conscription, Organization
    and Luck. It now pauses whenever a card may answer the roll owed, whoever holds it."""
    screen = start(window, qtbot, {"board": BOARD})
    for card in POSTMEN + HOLNISTS:
        type_card(qtbot, screen, card)
    s = window.table.session
    t = s.state.pos
    from companion.postman.state import Unit

    t.militia["fo"] = 2
    t.units["rider9"] = Unit("rider9", "rider", "postmen", "fo")
    t.units["cavalry9"] = Unit("cavalry9", "cavalry", "postmen", "fo")
    while s.state.pos.phase != "recruit":  # each input makes a new state
        next_phase(qtbot, screen)
    screen.table_dice.setChecked(False)
    rolls_before = sum(1 for e in s.entries if e.input.kind == "roll")
    click(qtbot, screen.action_button)  # Recruit with all: the click itself is the first chance
    assert sum(1 for e in s.entries if e.input.kind == "roll") == rolls_before + 1
    assert s.pending_roll() is not None  # a second roll is owed and Luck may answer the first
    assert "Luck" in screen.summary.text() and screen.action_button.text() == "Continue"
    click(qtbot, screen.action_button)
    assert sum(1 for e in s.entries if e.input.kind == "roll") >= rolls_before + 2


def test_the_town_panel_tips_name_units_and_sides_as_people_do(window, qtbot):
    """A unit's tip reads "Postal Rider: Rider 2, the Postmen", never its record ids (#13 item 4)."""
    from PySide6.QtCore import Qt

    screen = start(window, qtbot)
    board = window.table.state.board
    screen.selected = board.post_town
    screen.refresh()
    model = screen.stack.model
    tips = [model.data(model.index(r, 0), Qt.ItemDataRole.ToolTipRole) for r in range(model.rowCount())]
    assert tips and all("the Postmen" in tip for tip in tips), tips
    ids = {u.id for u in window.table.state.units_in(board.post_town)} | {"postmen", "holnists"}
    assert not any(word.strip("(),") in ids for tip in tips for word in tip.split()), tips


def test_one_click_fight_is_offered_only_when_the_session_would_take_the_fight(window, qtbot, monkeypatch):
    """The one-click button asks the session (why_not) as it will judge the click, never the phase
    alone: a fight the rules refuse is not offered, and the refusal's rule keeps the battle unfought."""
    from companion.core.violations import Violation

    screen = battle_at_forest_town(window, qtbot)
    assert screen.action_button.isVisibleTo(screen) and screen.action_button.text() == "Fight in Forest Town"
    session = window.table.session
    asked = []
    real = session.why_not

    def refusing(inp):
        asked.append(inp)
        if inp.kind == "fight":
            return [Violation("postman.battle.pending", "a test refuses every fight")]
        return real(inp)

    monkeypatch.setattr(session, "why_not", refusing)
    screen.refresh()
    assert any(i.kind == "fight" and i.args.get("town") == "fo" for i in asked)
    assert not screen.action_button.isVisibleTo(screen) and screen.action_button.text() == ""
    monkeypatch.setattr(session, "why_not", real)
    screen.refresh()
    assert screen.action_button.text() == "Fight in Forest Town"
