"""The Postman table redraws a part only when what it shows changed, and then always: counted
in rebuilds (``HandPanel.rebuilds``, ``BattlePanel.redraws``, ``StackPanel.redraws``,
``MapView.placements``), never timed. A part skipped by mistake would be stale, so each test
also checks the part shows the state after the change (and after its undo)."""

from companion.postman import view as q
from ui.postman.battle_panel import STEPS

from .test_postman_map_labels import covered
from .test_postman_table import (
    BOARD,
    HOLNISTS,
    POSTMEN,
    battle_at_forest_town,
    click,
    start,
    type_card,
)


def counts(screen) -> dict:
    return {"postmen": screen.cards.hands["postmen"].rebuilds, "holnists": screen.cards.hands["holnists"].rebuilds,
            "battle": screen.battle.redraws, "town": screen.stack.redraws, "placed": screen.map.placements}


def grew(before: dict, after: dict) -> set:
    return {k for k in before if after[k] != before[k]}


def shows_hand(screen, state, side) -> bool:
    return [i.id for i in screen.cards.hands[side].items] == [c.id for c in q.hand_view(state, side)]


def test_a_draw_rebuilds_only_the_hand_it_went_to_and_an_undo_takes_it_back(window, qtbot):
    screen = start(window, qtbot, {"board": BOARD})
    state = lambda: window.table.state  # noqa: E731
    for card in POSTMEN[:2]:
        type_card(qtbot, screen, card)
    before = counts(screen)
    type_card(qtbot, screen, POSTMEN[2])  # the Postmen's third opening card
    assert grew(before, counts(screen)) == {"postmen"}  # the Holnists' empty hand stays as it was
    assert shows_hand(screen, state(), "postmen") and len(screen.cards.hands["postmen"].items) == 3
    before = counts(screen)
    window.undo()
    assert grew(before, counts(screen)) == {"postmen"}
    assert shows_hand(screen, state(), "postmen") and len(screen.cards.hands["postmen"].items) == 2
    for card in POSTMEN[2:] + HOLNISTS[:1]:
        type_card(qtbot, screen, card)
    assert shows_hand(screen, state(), "holnists") and len(screen.cards.hands["holnists"].items) == 1


def test_a_click_on_a_town_redraws_the_town_and_nothing_else(window, qtbot):
    screen = start(window, qtbot, {"board": BOARD})
    for card in POSTMEN + HOLNISTS:
        type_card(qtbot, screen, card)
    before = counts(screen)
    screen.map.click_town("ri")
    assert grew(before, counts(screen)) == {"town"}
    assert screen.stack.title.text() == "River Town"
    before = counts(screen)
    screen.refresh()  # the same table again: nothing is drawn afresh
    window.repaint()
    assert grew(before, counts(screen)) == set()


def test_a_move_places_the_names_again_and_keeps_them_clear(window, qtbot):
    window.resize(1280, 720)
    screen = start(window, qtbot, {"map": "default"})
    click(qtbot, screen.cards.draw.all_button)
    screen.map.fit()
    assert covered(screen.map) == []
    board = window.table.state.board
    near = sorted(board.graph.neighbors(board.post_town))[0]
    before = counts(screen)
    screen.select(board.post_town)
    screen.stack.model.set_checked(["rider1"])
    screen.map.click_town(near)
    assert window.table.state.pos.units["rider1"].town == near
    assert screen.map.town_items[near].look.counts == {"postmen": 1}  # the new counter is drawn ...
    assert screen.map.placements > before["placed"]  # ... and placed
    assert covered(screen.map) == []
    before = counts(screen)
    screen.refresh()  # nothing changed on the map: nothing is placed again
    assert screen.map.placements == before["placed"]
    window.undo()
    assert screen.map.town_items[near].look.counts == {}
    assert covered(screen.map) == []


def test_the_battle_panel_redraws_while_a_battle_is_on_and_rests_between(window, qtbot):
    screen = battle_at_forest_town(window, qtbot)
    state = lambda: window.table.state  # noqa: E731
    before = counts(screen)
    click(qtbot, screen.action_button)  # Fight in Forest Town
    assert "battle" in grew(before, counts(screen)) and state().pos.battle is not None
    assert screen.battle.title.text().startswith("Battle in Forest Town")
    click(qtbot, screen.battle.resolve_button)
    for _ in range(40):  # the seeded app dice: a battle of a few rounds
        b = state().pos.battle
        if b is None:
            break
        shown = q.battle_odds_now(state())  # what the panel must show now, never the step before
        assert screen.battle.title.text().endswith(f"round {shown.round} \u00b7 {STEPS.get(shown.step, shown.step)}")
        assert [r.id for r in screen.battle.model.rows] == [f.unit for side in q.SIDES for f in shown.fighters[side]]
        if b.step == "casualties":
            click(qtbot, screen.battle.choose_buttons[b.to_choose[0]])
        elif b.step == "retreat":
            click(qtbot, screen.battle.retreat_buttons[0])
        else:
            click(qtbot, screen.battle.resolve_button)
    assert state().pos.battle is None
    assert screen.battle.result.text() == f"Last battle: {state().pos.last_battle.result}"
    before = counts(screen)
    screen.map.click_town("ri")
    screen.map.click_town("pt")  # clicks between battles: the panel rests
    assert "battle" not in grew(before, counts(screen))
    assert not screen.battle.bar.isVisible() and screen.battle.title.text().startswith("No battle now")
