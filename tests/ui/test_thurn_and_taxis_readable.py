"""Thurn and Taxis read from across the table at every size (#14): the bonus tiles on offer all
in sight at 1280x720 in the larger type and table mode (only their first row was, the rest under
the side column's edge), the score board's cells each on one line ("\u25b6 / Anna", "5 (5 / pts)"
wrapped), the board as tall as its rows (at 1920x1080 in table mode it took the column's
leftover height, a tall empty area under the last player), and the winner on one line of the
phase bar at the end."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFontMetrics

import rules
from companion.core.inputs import Input

from .cuts import open_cut, settle

SAMPLE = Path(rules.__file__).parent / "thurn_and_taxis" / "samples" / "four_players_whole_game.json"
PLAY = 40  # Cara's turn: a card to play (the column scrolled to the route)
TAKE = 296  # Anna's turn: a card to take (the column at the display); "5 (5 pts)" on the board


def _tiles_out_of_sight(screen) -> list[str]:
    """The tiles on offer not wholly inside the side column's viewport."""
    strip, viewport = screen.map.tiles, screen.side.viewport()
    assert strip.parentWidget() is screen.map.tiles_home, "the tiles are expected in the side column here"
    out = []
    for (box, _left, _texts), (name, _values) in zip(strip._tiles(), strip.stacks, strict=True):
        rect = box.toAlignedRect()
        if not viewport.rect().contains(QRect(strip.mapTo(viewport, rect.topLeft()), rect.size())):
            out.append(name)
    return out


@pytest.mark.parametrize("kept", [PLAY, TAKE])
def test_every_tile_on_offer_is_in_sight(window, tmp_path, looks_back, kept):
    screen = open_cut(window, tmp_path, SAMPLE, kept, (1280, 720), "larger", table=True)
    assert screen.side.verticalScrollBar().maximum() > 0  # the column is taller than its room
    assert len(screen.map.tiles.stacks) == 10
    assert _tiles_out_of_sight(screen) == []


def test_the_tiles_stay_in_sight_from_the_take_to_the_play(window, tmp_path, looks_back):
    screen = open_cut(window, tmp_path, SAMPLE, TAKE, (1280, 720), "larger", table=True)
    assert window.table.submit(Input("draw", {"card": "carlsruhe"}, "app")).accepted
    settle()
    settle()
    assert screen.owed_box(screen.state) is screen.route_box  # the column has scrolled to the route
    assert _tiles_out_of_sight(screen) == []


def _wrapped_cells(view) -> list[str]:
    """The cells whose text takes more than one line at its column's width."""
    model, out = view.model(), []
    for row in range(model.rowCount()):
        for col in range(model.columnCount()):
            index = model.index(row, col)
            own = index.data(Qt.ItemDataRole.FontRole)
            fm = QFontMetrics(own.resolve(view.font()) if own is not None else view.font())
            text = index.data()
            room = view.columnWidth(col) - 8  # the delegate's margins either side
            lines = fm.boundingRect(QRect(0, 0, room, 10_000), Qt.TextFlag.TextWordWrap, text).height()
            if lines > fm.height() or view.rowHeight(row) > 1.5 * fm.lineSpacing() + 8:
                out.append(text)
    return out


@pytest.mark.parametrize("table", [False, True], ids=["window", "table_mode"])
@pytest.mark.parametrize("text", ["normal", "large", "larger"])
def test_each_score_cell_is_one_line(window, tmp_path, looks_back, text, table):
    screen = open_cut(window, tmp_path, SAMPLE, TAKE, (1280, 720), text, table)
    view = screen.score_view
    assert _wrapped_cells(view) == []
    heights = {view.rowHeight(r) for r in range(view.model().rowCount())}
    assert len(heights) == 1, f"rows of different heights: {heights}"


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_scores_are_as_tall_as_their_rows(window, tmp_path, looks_back, size):
    screen = open_cut(window, tmp_path, SAMPLE, TAKE, size, "larger", table=True)
    view = screen.score_view
    rows = sum(view.rowHeight(r) for r in range(view.model().rowCount()))
    assert view.height() == view.horizontalHeader().height() + rows + 2 * view.frameWidth()
    # and the tick for open scores right under it, not at the column's foot
    assert screen.open_scores.geometry().top() - view.geometry().bottom() <= 8


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_winner_reads_on_one_line_of_the_phase_bar(window, tmp_path, looks_back, size):
    screen = open_cut(window, tmp_path, SAMPLE, None, size, "larger", table=True)
    assert screen.state.over
    label = screen.phase.where
    fm = QFontMetrics(label.font())
    assert fm.horizontalAdvance(label.text()) <= label.contentsRect().width(), label.text()
    assert label.heightForWidth(label.width()) < 2 * fm.lineSpacing()
