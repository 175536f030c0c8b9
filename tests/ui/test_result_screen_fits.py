"""The result screen at 1280x720 with the larger type and in table mode: the scores never wrap a
side's name ("The / Postmen"), every side's row shows, and where the body scrolls it ends under a
whole line (a score row or a figure), never across one (ui/widgets/result_screen.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QFontMetrics
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel

SAMPLES = Path(__file__).resolve().parents[2] / "rules"
ENDED = ["postman/samples/short_game.json", "thurn_and_taxis/samples/four_players_whole_game.json",
         "ab_die_post/samples/four_player_game.json"]


def settle():
    for _ in range(6):
        QApplication.processEvents()
        QTest.qWait(20)


def open_end(window, record, table_mode):
    window.set_text_size("larger", remember=False)
    window.resize(1280, 720)
    assert window.open_record(str(SAMPLES / record))
    if table_mode:
        window.set_table_mode(True, full_screen=False)
    settle()
    result = window.telling.result
    assert result.isVisible()
    return result


def in_view(result, widget, rect: QRect) -> QRect:
    """``rect`` of ``widget`` in the body's viewport."""
    viewport = result.body.viewport()
    return QRect(widget.mapTo(viewport, rect.topLeft()), rect.size())


def cut_lines(result) -> list[str]:
    """The score rows the body's viewport shows only in part, and the figures it cuts across a
    line of their text (a wrapped value may show its first lines whole)."""
    view = result.body.viewport().rect()
    table = result.scores
    out = []
    for row in range(table.rowCount()):
        rect = table.visualRect(table.model().index(row, 0))
        rect = QRect(table.viewport().mapTo(result.body.viewport(), rect.topLeft()), rect.size())
        if rect.intersects(view) and not view.contains(rect):
            out.append(f"score row {row}: {rect.top()}-{rect.bottom()} in 0-{view.bottom()}")
    for pair in result.figure_widgets():
        for label in pair:
            rect = in_view(result, label, label.rect())
            if not rect.intersects(view) or view.contains(rect):
                continue
            shown = view.bottom() + 1 - rect.top()
            step = label.fontMetrics().lineSpacing()
            if min(shown % step, step - shown % step) > 2:
                out.append(f"figure {label.text()!r}: {shown} px of {rect.height()} show, lines of {step}")
    return out


@pytest.mark.parametrize("table_mode", [False, True])
@pytest.mark.parametrize("record", ENDED)
def test_the_result_body_never_ends_across_a_line(window, record, table_mode):
    result = open_end(window, record, table_mode)
    assert cut_lines(result) == []
    window.set_table_mode(False, full_screen=False)
    window.set_text_size("normal", remember=False)


@pytest.mark.parametrize("table_mode", [False, True])
@pytest.mark.parametrize("record", ENDED)
def test_every_side_shows_with_its_name_on_one_line(window, record, table_mode):
    result = open_end(window, record, table_mode)
    table = result.scores
    view = result.body.viewport().rect()
    for row in range(table.rowCount()):
        item = table.item(row, 0)
        font = item.font().resolve(table.font())
        need = QFontMetrics(font).horizontalAdvance(item.text())
        assert need < table.columnWidth(0) - 4, (item.text(), need, table.columnWidth(0))
        rect = table.visualRect(table.model().index(row, 0))
        top = table.viewport().mapTo(result.body.viewport(), rect.topLeft())
        assert view.contains(QRect(top, rect.size())), f"{item.text()}'s row is out of sight"
    window.set_table_mode(False, full_screen=False)
    window.set_text_size("normal", remember=False)


def test_a_second_result_shows_only_its_own_figures_before_the_event_loop_runs(qtbot):
    from types import SimpleNamespace as NS

    from ui.widgets.result_screen import ResultScreen

    screen = ResultScreen()
    qtbot.addWidget(screen)
    first = NS(headline="Anna wins", why="", columns=(), scores=[], figures=[("Flights", "3"), ("Spare parts drawn", "2")])
    second = NS(headline="The Postmen win", why="", columns=(), scores=[], figures=[("Turns", "2")])
    screen.show_result(first)
    screen.show_result(second)  # no event loop between: a script's or a screenshot's grab
    assert [w.text() for w in screen.figures.findChildren(QLabel)] == ["Turns", "2"]


@pytest.mark.parametrize("table_mode", [False, True])
@pytest.mark.parametrize("record", ENDED)
def test_only_the_winners_row_is_bold_at_every_fitted_size(window, record, table_mode):
    """The scores shrink to "title" or "heading" where the table's own size would wrap a name;
    those sizes are bold, and every side read as the winner (Postman, 1280x720 larger, table mode)."""
    result = open_end(window, record, table_mode)
    table = result.scores
    for row in range(table.rowCount()):
        item = table.item(row, 0)
        bold = item.font().resolve(table.font()).bold()
        assert bold == item.text().startswith("\u2605"), (item.text(), table.font().pointSizeF())
    window.set_table_mode(False, full_screen=False)
    window.set_text_size("normal", remember=False)


@pytest.mark.parametrize("table_mode", [False, True])
def test_the_figures_and_buttons_are_read_across_the_table_in_table_mode(window, table_mode):
    """In table mode the figures under the scores and the buttons under them grow with the
    scores (they kept the body type, about 15 px at 1920x1080 larger); outside it they are body type."""
    window.set_text_size("larger", remember=False)
    window.resize(1920, 1080)
    assert window.open_record(str(SAMPLES / ENDED[0]))
    window.set_table_mode(table_mode, full_screen=False)
    settle()
    result = window.telling.result
    body = QApplication.font().pointSizeF()
    sizes = [w.font().pointSizeF() for pair in result.figure_widgets() for w in pair]
    sizes += [b.font().pointSizeF() for b in result.buttons.values()]
    assert sizes
    for size in sizes:
        if table_mode:
            assert size >= 1.3 * body, (size, body)
        else:
            assert size == pytest.approx(body), (size, body)
    window.set_table_mode(False, full_screen=False)
    window.set_text_size("normal", remember=False)


def test_in_table_mode_the_headings_take_the_figures_type(window):
    result = open_end(window, ENDED[0], True)
    head = result.scores.horizontalHeader()
    figures = result.figure_widgets()[0][1].font().pointSizeF()
    assert head.font().pointSizeF() >= figures
    assert head.viewport().font().pointSizeF() == head.font().pointSizeF()  # what it paints in
    window.set_table_mode(False, full_screen=False)
    window.set_text_size("normal", remember=False)


@pytest.mark.parametrize("record", ENDED)
def test_with_room_in_table_mode_the_figures_grow_past_their_own_type(window, record):
    from ui.looks import LOOKS
    from ui.widgets.result_screen import WORDS_SIZE

    window.resize(1920, 1080)
    assert window.open_record(str(SAMPLES / record))
    window.set_table_mode(True, full_screen=False)
    settle()
    result = window.telling.result
    value = result.figure_widgets()[0][1]
    assert value.font().pointSizeF() > LOOKS.points(WORDS_SIZE)
    assert cut_lines(result) == [] and result.body.verticalScrollBar().maximum() == 0
    window.set_table_mode(False, full_screen=False)
    settle()
    assert value.font().pointSizeF() == LOOKS.points(WORDS_SIZE)  # out of table mode, its own again


def test_a_list_of_units_breaks_only_between_units(window):
    result = open_end(window, ENDED[0], True)
    table = result.scores
    cells = [table.item(r, c).text() for r in range(table.rowCount()) for c in range(1, table.columnCount())]
    lists = [t for t in cells if "," in t]
    assert lists and all(" " not in part for t in lists for part in t.split(", "))
    window.set_table_mode(False, full_screen=False)
    window.set_text_size("normal", remember=False)
