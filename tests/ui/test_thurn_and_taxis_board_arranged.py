"""Thurn and Taxis' board arranges its legend and its bonus tiles the same way at a size however
the window got there (#14): each was placed on the other's last place, so at 1280x720 in table
mode and the larger type a game opened in table mode kept its tiles in the side column (legend
above the cities, board at 0.79) and the same game opened first and then put in table mode kept
them under the board (legend beside, board at 0.60, its names under table mode's 1.4 times)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

import rules

from .cuts import cut

SAMPLE = Path(rules.__file__).parent / "thurn_and_taxis" / "samples" / "four_players_whole_game.json"
HAND_OFF = 296


def _settle():
    for _ in range(8):
        QApplication.processEvents()


def _arrangement(window, tmp_path, size, table_first: bool):
    path = cut(tmp_path, SAMPLE, HAND_OFF)
    window.set_table_mode(False, full_screen=False)
    window.set_text_size("larger", remember=False)
    window.resize(*size)
    if table_first:
        window.set_table_mode(True, full_screen=False)
    assert window.open_record(str(path))
    if not table_first:
        _settle()
        window.set_table_mode(True, full_screen=False)
    _settle()
    board = window.screen_widget.map
    away = board.tiles.parentWidget() is board.tiles_home
    return (board.legend_beside, away, board.tiles.beside, round(board.transform().m11(), 3), board.size().toTuple())


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_board_is_arranged_alike_however_table_mode_came(window, tmp_path, looks_back, size):
    first = _arrangement(window, tmp_path, size, table_first=True)
    then = _arrangement(window, tmp_path, size, table_first=False)
    assert first == then
