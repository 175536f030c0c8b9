"""Every game at a moment in the middle of play (a sample record cut short), in a 1280x720
window in the larger type, with table mode on and off: the window never grows past the screen,
and the board keeps its least size, wholly in sight. The finished games test_window_geometry.py
opens stayed at 720 while the Thurn and Taxis hand-off between players grew the window to 759
pixels (the phase bar's four lines over the map's and the hand's least heights)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QGraphicsView, QTableView

import rules

from .test_no_clipping import _on_top, _rows_shown, _seen

SAMPLES = Path(rules.__file__).parent
SCREEN = (1280, 720)
#: the least height a board keeps (the T&T map's LEAST_HEIGHT): over a board this short the
#: layout scrolls the page round it rather than squeeze it further
LEAST_BOARD = 130
#: (sample, inputs kept, what the moment is): T&T's hand-offs are the moments after an end_turn
MOMENTS = [
    ("thurn_and_taxis/samples/four_players_whole_game.json", 296, "T&T hand-off to Anna, round 16"),
    ("thurn_and_taxis/samples/four_players_whole_game.json", 300, "T&T, Anna's route of three"),
    ("ab_die_post/samples/four_player_game.json", 150, "ADP mid-race"),
    ("postman/samples/short_game.json", 30, "Postman, turn 2"),
    ("couriers/samples/several_turns.json", 40, "Courier Desk, couriers under way"),
]


def _settle():
    for _ in range(8):
        QApplication.processEvents()


def _cut(tmp_path: Path, sample: str, kept: int) -> Path:
    record = json.loads((SAMPLES / sample).read_text())
    assert len(record["inputs"]) > kept, "a moment in the middle: the game goes on after it"
    record["inputs"], record["undone"] = record["inputs"][:kept], []
    path = tmp_path / f"{Path(sample).stem}-{kept}.json"
    path.write_text(json.dumps(record))
    return path


def _boards_kept(window) -> list[str]:
    """What of the screen's boards is squeezed or out of sight: a board view under LEAST_BOARD
    or not wholly shown, a board table (the Courier Desk's) with fewer whole rows than its
    useful minimum."""
    out = []
    screen = window.screen_widget
    views = [v for v in screen.findChildren(QGraphicsView) if v.property("board") and v.isVisible()]
    for view in views:
        port = _on_top(view.viewport(), window)
        _seen_rect, fixed = _seen(view.viewport(), window)
        if not fixed.adjusted(-1, -1, 1, 1).contains(port):
            out.append(f"{type(view).__name__} is cut: y {port.top()}..{port.bottom()}, "
                       f"only {fixed.top()}..{fixed.bottom()} shows")
        if view.height() < LEAST_BOARD:
            out.append(f"{type(view).__name__} is squeezed to {view.width()}x{view.height()} px")
    if not views:  # the Courier Desk: its tables are the board
        tables = [t for t in screen.findChildren(QTableView) if t.isVisible()]
        assert tables
        out += [f"{t.objectName() or type(t).__name__} {why}" for t in tables if (why := _rows_shown(t, window))]
    return out


def _looked_at(window, when: str) -> list[str]:
    _settle()
    found = [f"{when}: {p}" for p in _boards_kept(window)]
    if window.width() > SCREEN[0] or window.height() > SCREEN[1]:
        found.append(f"{when}: the window grew to {window.width()}x{window.height()}")
    return found


@pytest.mark.parametrize("table_first", [False, True], ids=["opened in its window", "opened in table mode"])
@pytest.mark.parametrize(("sample", "kept", "moment"), MOMENTS, ids=[m[2] for m in MOMENTS])
def test_a_game_in_the_middle_of_play_fits_a_1280x720_screen_in_the_larger_type(window, tmp_path, sample, kept,
                                                                                  moment, table_first):
    window.set_text_size("larger", remember=False)
    window.resize(*SCREEN)
    window.set_table_mode(table_first, full_screen=False)
    assert window.open_record(str(_cut(tmp_path, sample, kept)))
    assert not window.telling.result.isVisible(), "the game is not over"
    found = _looked_at(window, "opened")
    window.set_table_mode(not table_first, full_screen=False)
    found += _looked_at(window, "table mode on" if not table_first else "table mode off")
    window.set_table_mode(table_first, full_screen=False)
    found += _looked_at(window, "and back")
    window.set_table_mode(False, full_screen=False)
    window.set_text_size("normal", remember=False)
    assert not found, "\n".join(found)

