"""Thurn and Taxis' board as a picture: every player's route in progress in their colour (not
only the active player's) and the bonus tiles still on offer, with the value on top of each."""

from pathlib import Path

from PySide6.QtWidgets import QGraphicsLineItem

import rules
from ui.thurn_and_taxis.map_view import player_colour

SAMPLE = Path(rules.__file__).parent / "thurn_and_taxis" / "samples" / "four_players_whole_game.json"


def open_mid_game(window, undo=40):
    assert window.open_record(str(SAMPLE))
    for _ in range(undo):  # back into the last rounds, routes on the table
        window.table.undo()
    return window.screen_widget.map, window.table.state


def test_every_route_in_progress_is_drawn_in_its_players_colour(window, qtbot):
    view, s = open_mid_game(window)
    lines = [i for i in view.scene().items() if isinstance(i, QGraphicsLineItem) and "route" in i.toolTip()]
    for p in s.players:
        mine = [i for i in lines if i.toolTip().startswith(f"{p.name}'s route")]
        assert len(mine) == max(0, len(p.route) - 1), p.name
        assert all(i.pen().color() == player_colour(p.colour) for i in mine)
    assert sum(len(p.route) >= 2 for p in s.players) >= 2  # more than the active player's
    active = [i for i in lines if i.toolTip().startswith(s.active.name)]
    others = [i for i in lines if not i.toolTip().startswith(s.active.name)]
    assert all(a.pen().widthF() > o.pen().widthF() for a in active for o in others)


def test_the_bonus_tiles_on_offer_follow_the_game(window, qtbot):
    view, s = open_mid_game(window)
    strip = view.tiles
    assert strip.isVisible() and strip.height() >= 2 * strip.fontMetrics().lineSpacing()
    assert strip.stacks == [(st.name, s.stacks[st.id]) for st in s.board.stacks.values()]
    empty = [name for name, left in strip.stacks if not left]
    assert empty and all(f"{name}: none left" in strip.toolTip() for name in empty)
    before = {name: list(left) for name, left in strip.stacks}
    window.table.redo()
    while window.table.state.stacks == s.stacks and window.table.session.can_redo:
        window.table.redo()
    after = dict(view.tiles.stacks)
    assert after != before  # a tile taken shows at once
