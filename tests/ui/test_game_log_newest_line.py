"""The game log keeps its newest line in sight and five whole lines of room, at every text size
(#14: the log hid its newest line when its rows grew with the type)."""

from __future__ import annotations

from pathlib import Path

import pytest

SAMPLE = Path(__file__).resolve().parents[2] / "rules" / "thurn_and_taxis" / "samples" / "four_players_whole_game.json"


def settle(qtbot) -> None:
    for _ in range(5):
        qtbot.wait(20)


def rows_in_sight(log) -> tuple[int, bool]:
    """How many lines of text the log's whole rows in sight hold (a wrapped row holds two or
    more), and whether the newest row is one of them."""
    view, model = log.view, log.model
    height = view.viewport().height()
    whole = [r for r in range(model.rowCount())
             if 0 <= view.visualRect(model.index(r, 0)).top() and view.visualRect(model.index(r, 0)).bottom() < height]
    lines = sum(view.document().findBlockByNumber(r).layout().lineCount() for r in whole)
    return lines, model.rowCount() - 1 in whole


@pytest.mark.parametrize("when", ["before opening", "after opening"])
def test_the_newest_line_and_five_lines_show_at_the_larger_size(window, qtbot, when):
    window.resize(1280, 720)
    if when == "before opening":
        window.set_text_size("larger", remember=False)
    assert window.open_record(str(SAMPLE))
    if when == "after opening":
        window.set_text_size("larger", remember=False)
    settle(qtbot)
    shown, newest = rows_in_sight(window.log)
    assert newest, "the newest line of the log is out of sight"
    assert shown >= 5, f"the log shows {shown} whole lines"
    assert window.log.view.horizontalScrollBar().maximum() == 0  # a long line wraps


def test_a_log_scrolled_up_stays_where_the_reader_put_it(window, qtbot):
    window.resize(1280, 720)
    assert window.open_record(str(SAMPLE))
    settle(qtbot)
    bar = window.log.view.verticalScrollBar()
    bar.setValue(10)
    window.set_text_size("larger", remember=False)
    settle(qtbot)
    assert bar.value() == 10 and not rows_in_sight(window.log)[1]
    bar.setValue(bar.maximum())  # back at the bottom, it follows again
    window.set_text_size("normal", remember=False)
    settle(qtbot)
    assert rows_in_sight(window.log)[1]
