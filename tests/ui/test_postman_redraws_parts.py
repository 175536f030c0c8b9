"""The Postman table redraws a panel only when the change record says a part of the state it
shows changed (``PostmanTable.redraws`` counts them, never timed), and a panel skipped is never
stale: after every input, undo and redo of random games played through the window, the screen
shows what a screen built afresh on the same state shows."""

import random
import re

import pytest
from playout import Playout, setup_of
from PySide6.QtWidgets import QCheckBox, QLabel, QPushButton, QWidget

from companion.core.parts import EVERY
from ui.postman.table import PostmanTable

from .test_postman_table import BOARD, HOLNISTS, POSTMEN, start, type_card

TYPE_SIZE = re.compile(r"font-size:[\d.]+pt;?")


def words(panel: QWidget) -> list[tuple]:
    """Every label and button the panel shows, with its state (a panel behind another tab counts:
    it is what the player reads when the tab is opened). The words, not their type: the phase
    bar sets its steps in the size of what is owed, and the screen built afresh is never shown,
    so its type is never fitted to the window."""
    return [(type(w).__name__, TYPE_SIZE.sub("", w.text()), w.isEnabled(), w.toolTip())
            for w in panel.findChildren(QWidget)
            if isinstance(w, QLabel | QPushButton | QCheckBox) and w.isVisibleTo(panel)]


def rows(model) -> list:
    """The table's rows and headings (not its ticks: the player's choice, kept in the same town)."""
    return [*model.rows, model.headers]


def _shown_or_none(widget: QWidget, what):
    return what if widget.isVisibleTo(widget.window()) else None


def shown(screen: PostmanTable) -> dict:
    """Everything a player reads on the table (both hands behind their covers included)."""
    return {
        "phase": words(screen.phase),
        "hint": (screen.hint.text(), screen.cancel_button.isVisibleTo(screen)),
        "town": (words(screen.stack), rows(screen.stack.model)),
        "battle": (words(screen.battle), _shown_or_none(screen.battle.view, rows(screen.battle.model)),
                   _shown_or_none(screen.battle.bar, screen.battle.bar.odds)),
        "cards": words(screen.cards),
        "hands": {side: [(i.id, i.label, i.lit, i.tooltip) for i in hand.items]
                  for side, hand in screen.cards.hands.items()},
        "map": {tid: (item.look, item.toolTip()) for tid, item in screen.map.town_items.items()},
    }


def fresh_like(window, screen: PostmanTable) -> PostmanTable:
    """A screen built afresh on the same table, with the same town selected and the same units
    ticked there (the player's choice, which a screen keeps while its town stays the same)."""
    fresh = PostmanTable(window.table)
    fresh.select(screen.selected)
    fresh.stack.model.set_checked(screen.stack.ticked())
    fresh.refresh()
    return fresh


@pytest.mark.parametrize("seed", [3, 11])
def test_a_panel_is_skipped_only_when_nothing_it_shows_changed(window, seed):
    rng = random.Random(seed)
    assert window.new_game("postman", setup_of("postman", rng), seed=seed)
    screen = window.screen_widget
    session = window.table.session
    assert session.tell_parts and screen.reads_state_parts
    player = Playout(session, rng, undo=0.2, via=window.table)
    steps = 0
    while steps < 70 and player.step():
        steps += 1
        if steps % 9 == 0:  # a player looks at another town now and then
            screen.select(rng.choice(sorted(session.state.board.towns)))
        fresh = fresh_like(window, screen)
        change = window.table.last_change
        now, afresh = shown(screen), shown(fresh)
        assert now == afresh, (steps, change.event, change.kinds, sorted(change.state_parts),
                               [(k, now[k], afresh[k]) for k in now if now[k] != afresh[k]])
        fresh.deleteLater()
    assert steps >= 40
    # the map, the town and the battle were skipped on the way (draws and rolls touch none) ...
    assert screen.redraws["map"] < screen.redraws["cards"] and screen.redraws["battle"] < screen.redraws["cards"]
    assert screen.redraws["town"] < screen.redraws["cards"]
    # ... and drawn again when they had to be
    assert screen.redraws["map"] > 5 and screen.redraws["town"] > 5


def test_a_card_drawn_leaves_the_map_town_and_battle_alone_and_a_move_redraws_the_map(window, qtbot):
    screen = start(window, qtbot, {"board": BOARD})
    type_card(qtbot, screen, POSTMEN[0])
    before = screen.redraws.copy()
    type_card(qtbot, screen, POSTMEN[1])  # the Postmen's second opening card
    assert window.table.last_change.changed("pos.decks") and not window.table.last_change.changed("pos.units")
    assert {k for k in screen.redraws if screen.redraws[k] != before[k]} == {"phase", "cards"}
    assert {i.id for i in screen.cards.hands["postmen"].items} == set(POSTMEN[:2])  # and drawn in its hand
    for card in POSTMEN[2:] + HOLNISTS:
        type_card(qtbot, screen, card)
    screen.select("pt")
    screen.stack.model.set_checked(["rider1"])
    before = screen.redraws.copy()
    screen.map.click_town("fo")  # Rider 1 moves to Forest Town
    assert window.table.state.pos.units["rider1"].town == "fo"
    assert screen.redraws["map"] > before["map"] and screen.redraws["town"] > before["town"]
    assert screen.map.town_items["fo"].look.counts == {"postmen": 1}
    before = screen.redraws.copy()
    window.undo()
    assert screen.redraws["map"] == before["map"] + 1 and screen.map.town_items["fo"].look.counts == {}


def test_a_change_the_kernel_cannot_split_redraws_every_panel(window, qtbot):
    """A change whose parts are unknown (``*``) counts as touching every part."""
    screen = start(window, qtbot, {"board": BOARD})
    type_card(qtbot, screen, POSTMEN[0])
    before = screen.redraws.copy()
    change = window.table.last_change
    screen.refresh(type(change)(change.event, state_parts=frozenset({EVERY})))
    assert all(screen.redraws[k] == before[k] + 1 for k in ("phase", "town", "battle", "cards", "map"))
