"""Thurn and Taxis' side column at 1280x720 in table mode and the larger type (#14): the display,
the officials, the route, the bonus tiles and the scores want some 650 px where the column has
about 505 (474 before the phase bar gave back its empty band), so it scrolls. The deck's count
took a line of its own under the draw button; the column now keeps in sight what the step owed
needs, and the scores once the game is over (they were under its bottom edge)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication

import rules
from companion.core.inputs import Input

from .cuts import open_cut

SAMPLE = Path(rules.__file__).parent / "thurn_and_taxis" / "samples" / "four_players_whole_game.json"
HAND_OFF = 296  # Anna's turn begins: take a card


def _settle():
    for _ in range(8):
        QApplication.processEvents()


def _open(window, tmp_path, kept=None, size=(1280, 720), text="larger", table=True):
    return open_cut(window, tmp_path, SAMPLE, kept, size, text, table)


def _in_sight(screen, widget) -> bool:
    """Whether ``widget`` lies whole inside the side column's viewport."""
    viewport = screen.side.viewport()
    top_left = widget.mapTo(viewport, QPoint(0, 0))
    return viewport.rect().contains(QRect(top_left, widget.size()))


@pytest.mark.parametrize("text", ["larger", "normal"])
def test_the_decks_count_reads_beside_the_draw(window, tmp_path, looks_back, text):
    screen = _open(window, tmp_path, HAND_OFF, text=text)
    label, draw = screen.deck_label, screen.deck_button
    assert draw.isVisible() and label.text().startswith("Deck 24")
    # on the draw's row, not a line under it (33 px of the column's height at the larger type)
    assert label.geometry().top() < draw.geometry().bottom() and label.geometry().bottom() > draw.geometry().top()
    assert label.heightForWidth(label.width()) <= label.height(), "the count is cut"
    assert _in_sight(screen, screen.display_box)


def test_the_scores_are_in_sight_once_the_game_is_over(window, tmp_path, qtbot, looks_back):
    screen = _open(window, tmp_path)
    result = window.telling.result
    if result.isVisible():
        qtbot.mouseClick(result.buttons["back"], Qt.MouseButton.LeftButton)
    _settle()
    assert screen.state.over
    assert screen.side.verticalScrollBar().maximum() > 0  # the column is taller than its room
    assert _in_sight(screen, screen.score_view), "the scores are under the side column's edge"


def test_the_column_scrolls_only_when_the_part_owed_changes(window, tmp_path, looks_back):
    screen = _open(window, tmp_path, HAND_OFF)
    bar = screen.side.verticalScrollBar()
    bar.setValue(bar.maximum())  # the player looks at the scores
    _settle()
    assert window.table.submit(Input("draw", {"card": "carlsruhe"}, "app")).accepted
    _settle()  # a card taken: now a card to play, the route's part of the column
    assert _in_sight(screen, screen.route_box)
    where = bar.value()
    assert window.table.submit(Input("play", {"card": "freiburg", "end": "left"})).accepted
    _settle()  # still the route's step: the column stays where it is
    assert bar.value() == where
