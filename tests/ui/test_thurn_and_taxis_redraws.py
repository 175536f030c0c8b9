"""The Thurn and Taxis table redraws a panel only when the change record says a part of the
state it shows changed (``ThurnTable.redraws`` counts them, never timed), and a panel skipped
is never stale: after every input, undo and redo of a random game the screen shows what a
screen built afresh on the same state shows."""

import random

from playout import Playout
from PySide6.QtCore import Qt

from companion.core.inputs import Input
from companion.core.parts import EVERY
from ui import palette
from ui.thurn_and_taxis.table import ThurnTable

from .test_thurn_and_taxis_flow import click, enter, open_game, setup_display


def shown(screen) -> dict:
    """Everything a player reads on the table (the hand behind its cover included)."""
    scores = screen.scores
    cells = [[(scores.index(r, c).data(), scores.index(r, c).data(Qt.ItemDataRole.ToolTipRole),
               bool(f and f.bold()) if (f := scores.index(r, c).data(Qt.ItemDataRole.FontRole)) else False)
              for c in range(scores.columnCount())] for r in range(scores.rowCount())]
    return {
        "phase": (screen.phase.where.text(), screen.phase.next.text(), screen.phase.button.isVisibleTo(screen.phase),
                  screen.phase.button.text()),
        "display": [(b.text(), b.isEnabled(), b.toolTip(), b.property("paletteSheet")) for b in screen.display_buttons],
        "deck": (screen.deck_button.text(), screen.deck_button.isEnabled(), screen.drawn_button.text(),
                 screen.drawn_button.isEnabled(), screen.deck_label.text()),
        "officials": [(b.isEnabled(), b.property("paletteSheet")) for b in screen.official_buttons.values()],
        "route": (screen.route_label.text(), screen.discard_button.isEnabled(), screen.close_button.isEnabled()),
        "hand": (screen.hand.heading.text(), [(i.id, i.label, i.lit, i.tooltip) for i in screen.hand.items]),
        "scores": cells,
        "map": (sorted((type(i).__name__, i.toolTip(), round(i.zValue(), 1)) for i in screen.map._dynamic),
                screen.map.tiles.stacks),
    }


def test_a_panel_is_skipped_only_when_nothing_it_shows_changed(window, qtbot):
    screen = open_game(window, players=("Anna", "Ben", "Cara"))
    session = window.table.session
    player = Playout(session, random.Random(7), table_dice=1.0, undo=0.2)
    steps = 0
    while steps < 80 and player.step():
        steps += 1
        fresh = ThurnTable(window.table)
        assert shown(screen) == shown(fresh), (steps, window.table.last_change.event, window.table.last_change.kinds)
        fresh.deleteLater()
    assert steps == 80
    # the map and the score board were skipped on the way (cards taken and drawn touch neither) ...
    assert screen.redraws["map"] < screen.redraws["hand"] and screen.redraws["scores"] < screen.redraws["hand"]
    # ... and drawn again when they had to be
    assert screen.redraws["map"] > 5 and screen.redraws["scores"] > 5


def test_a_card_taken_leaves_the_map_and_scores_alone_and_a_card_played_redraws_the_map(window, qtbot):
    screen = open_game(window)
    setup_display(qtbot, screen)
    before = screen.redraws.copy()
    click(qtbot, screen.display_buttons[0])  # Anna takes Basel
    assert screen.display_buttons[0].text() == "\u2013"
    grew = {k for k in screen.redraws if screen.redraws[k] != before[k]}
    assert grew == {"phase", "display", "route", "hand"}
    enter(qtbot, screen, "ulm")  # the gap filled
    enter(qtbot, screen, "zuerich")  # the Postmaster's blind draw
    click(qtbot, screen.hand.cover_button)
    before = screen.redraws.copy()
    model_rows = []
    screen.scores.dataChanged.connect(lambda a, b, *_: model_rows.append((a.row(), b.row())))
    click(qtbot, next(b for b in screen.hand.buttons if b.text() == "Basel"))
    assert window.table.state.players[0].route == ["basel"]
    assert screen.redraws["map"] == before["map"] + 1  # the route is laid open on the map
    assert model_rows == []  # the score board's figures are the same: no row redrawn
    window.undo()
    assert window.table.state.players[0].route == [] and screen.redraws["map"] == before["map"] + 2


def test_end_of_turn_moves_the_score_boards_marker_and_redraws_only_those_rows(window, qtbot):
    screen = open_game(window)
    setup_display(qtbot, screen)
    click(qtbot, screen.display_buttons[0])
    enter(qtbot, screen, "ulm")
    enter(qtbot, screen, "zuerich")
    click(qtbot, screen.hand.cover_button)
    click(qtbot, next(b for b in screen.hand.buttons if b.text() == "Zürich"))
    rows = []
    screen.scores.dataChanged.connect(lambda a, b, *_: rows.append((a.row(), b.row())))
    resets = []
    screen.scores.modelReset.connect(lambda: resets.append(1))
    click(qtbot, screen.phase.button)  # End turn: Ben's turn
    assert screen.scores.index(1, 0).data().startswith("\u25b6\u00a0Ben")
    assert not screen.scores.index(0, 0).data().startswith("\u25b6")
    assert resets == [] and rows == [(0, 1)]


def test_the_tile_strip_is_painted_afresh_only_when_a_stack_or_its_look_changed(window, qtbot):
    screen = open_game(window)
    strip = screen.map.tiles
    window.repaint()
    painted = strip.paintings
    window.repaint()
    strip.repaint()
    assert strip.paintings == painted  # the same strip again: copied from the last painting
    (name, values), *rest = strip.stacks
    strip.set_stacks([(name, values[1:]), *rest])  # its top tile taken
    strip.repaint()
    assert strip.paintings == painted + 1
    assert any(text == str(values[1]) for _box, text, _font, _flags in strip.text_boxes())
    window.set_colours("light" if palette.scheme() == "dark" else "dark", remember=False)
    strip.repaint()
    assert strip.paintings == painted + 2  # the other colours: painted afresh in them
    window.set_colours("system", remember=False)


def test_the_parts_are_found_only_for_a_screen_that_reads_them(window, qtbot, monkeypatch):
    from ui.couriers.desk import CourierDesk

    # a screen that does not read the parts (the Courier Desk, told so for this test)
    monkeypatch.setattr(CourierDesk, "reads_state_parts", False)
    window.ask_setup = lambda parent, game, pack: {"sides": ["Union", "Confederate"]}
    qtbot.mouseClick(window.start.cards["couriers"].button, Qt.MouseButton.LeftButton)
    session = window.table.session
    assert not session.tell_parts
    window.table.submit(Input("add_commander", {"id": "meade", "name": "Meade", "side": "Union", "rank": "army"}))
    assert session.last_change.state_parts == {EVERY} and session.last_change.changed("anything")
    screen = open_game(window)
    assert window.table.session.tell_parts and screen.reads_state_parts
    setup_display(qtbot, screen)
    assert window.table.last_change.state_parts and EVERY not in window.table.last_change.state_parts


def test_the_map_keeps_its_size_when_end_turn_comes_and_goes(window, qtbot):
    """End turn shows and hides twice a turn; the phase bar's words keep their width meanwhile
    (their lines, and so the bar's height and the map under it, stay as they were)."""
    window.resize(1366, 768)
    screen = open_game(window)
    setup_display(qtbot, screen)
    qtbot.wait(5)
    bar = screen.phase
    size, widths, shown = screen.map.size(), (bar.where.width(), bar.next.width()), []
    click(qtbot, screen.display_buttons[0])  # Anna takes Basel
    enter(qtbot, screen, "ulm")
    enter(qtbot, screen, "zuerich")
    click(qtbot, screen.hand.cover_button)
    click(qtbot, next(b for b in screen.hand.buttons if b.text() == "Zürich"))
    shown.append(bar.button.isVisible())
    qtbot.wait(5)
    assert (bar.where.width(), bar.next.width()) == widths and screen.map.size() == size
    click(qtbot, bar.button)  # End turn: Ben must take a card before he may end his
    shown.append(bar.button.isVisible())
    qtbot.wait(5)
    assert shown == [True, False]
    assert (bar.where.width(), bar.next.width()) == widths and screen.map.size() == size


def test_a_house_or_route_still_on_the_table_is_not_drawn_again(window, qtbot):
    screen = open_game(window, players=("Anna", "Ben", "Cara"))
    board, seen = screen.map, {"kept": 0, "drawn": 0}
    draw = board.set_state

    def checked(s):  # each drawing keeps the very items of the pieces still where they were
        houses, routes = dict(board._houses), dict(board._routes)
        draw(s)
        for key, item in board._houses.items():
            assert item is houses[key] if key in houses else True
            seen["kept" if key in houses else "drawn"] += 1
        for key, items in board._routes.items():
            assert items is routes[key] if key in routes else True

    board.set_state = checked
    player = Playout(window.table.session, random.Random(11), table_dice=1.0, undo=0.2)
    steps = 0
    while steps < 600 and player.step():
        steps += 1
    assert seen["kept"] > seen["drawn"] > 0
    fresh = ThurnTable(window.table)
    assert shown(screen) == shown(fresh)
    fresh.deleteLater()
