"""Ab die Post! read from a metre away (#14): the spare parts' chips inside their cell, a score
("11 / 15") on one line, the score track never under its column's scroll edge, every player's
row in sight at 1280x720 in the larger type with the docks, and in table mode a phase line
that breaks between its phrases only. Each measured on the window as the sweep found it."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QFont, QFontMetrics, QTextLayout

import rules
from ui.ab_die_post.models import CARDS_COLUMN, CardDelegate, CardsRole
from ui.widgets.columns import _pad

from .cuts import open_cut

SAMPLE = Path(rules.__file__).parent / "ab_die_post" / "samples" / "four_player_game.json"
SCORE_COLUMN = 4


def _in(widget, ref) -> QRect:
    return QRect(widget.mapTo(ref, QPoint(0, 0)), widget.size())


def _bold(font: QFont) -> QFont:
    out = QFont(font)
    out.setBold(True)
    return out


def test_every_hand_of_chips_fits_its_cell(window, tmp_path, looks_back):
    """Outside table mode a row keeps one line: the Spare parts column holds each hand's chips
    side by side (it was sized by the figures' text, and Anna's eight chips overlapped)."""
    screen = open_cut(window, tmp_path, SAMPLE, 40, (1280, 720), "normal")
    view, model = screen.player_view, screen.players
    width = view.horizontalHeader().sectionSize(CARDS_COLUMN)
    for row in range(model.rowCount()):
        cards = model.index(row, CARDS_COLUMN).data(CardsRole)
        need = CardDelegate.needs(len(cards), 0, view.font())[1]
        assert need <= width, f"row {row}: {len(cards)} chips need {need} px, the cell has {width}"


@pytest.mark.parametrize("size,text", [((1366, 768), "large"), ((1280, 720), "larger")])
def test_a_score_keeps_one_line(window, tmp_path, looks_back, size, text):
    """"11 / 15" in the bold of whose turn it is, whole in its column (it wrapped at 1366x768
    in the large type)."""
    screen = open_cut(window, tmp_path, SAMPLE, 200, size, text)
    view, model = screen.player_view, screen.players
    width = view.horizontalHeader().sectionSize(SCORE_COLUMN)
    for row in range(model.rowCount()):
        words = model.index(row, SCORE_COLUMN).data()
        need = QFontMetrics(_bold(view.font())).horizontalAdvance(words) + _pad(view)
        assert need <= width, f"{words!r} needs {need} px, its column has {width}"
        assert "\n" not in words and " " not in words  # a figure never breaks


@pytest.mark.parametrize("kept", [40, 200])
@pytest.mark.parametrize("size,text", [((1280, 720), "large"), ((1366, 768), "large"), ((1280, 720), "larger")])
def test_the_score_track_is_never_under_the_scroll_edge(window, tmp_path, looks_back, kept, size, text):
    """The track shows whole in its column's viewport, or not at all where it would not fit
    over the board (the Score column says the same): at 1280x720 large it lay 76 px under."""
    screen = open_cut(window, tmp_path, SAMPLE, kept, size, text)
    column = screen.players_column.column
    viewport = column.viewport()
    for part in (screen.track_box, screen.result, screen.costs):
        if part.isVisible():
            rect = _in(part, viewport)
            assert viewport.rect().contains(rect), f"{part} at {rect.getRect()} outside {viewport.rect().getRect()}"


@pytest.mark.parametrize("kept", [40, 200, 150])
def test_whose_turn_and_the_next_rows_show_at_1280x720_larger(window, tmp_path, looks_back, kept):
    """With the docks, outside table mode, the players' column showed a row and a third: the
    board gives up height (down to its floor) for every row, and where they still do not all
    fit the column shows the row of whose turn it is and the next ones."""
    screen = open_cut(window, tmp_path, SAMPLE, kept, (1280, 720), "larger")
    view, model = screen.player_view, screen.players
    seen = _in(screen.players_column.column.viewport(), window) & _in(view.viewport(), window)
    shown = [row for row in range(model.rowCount())
             if seen.contains(QRect(view.viewport().mapTo(window, view.visualRect(model.index(row, 0)).topLeft()),
                                    view.visualRect(model.index(row, 0)).size()))]
    current = model.row_of(window.table.state.current)
    heights = [view.rowHeight(r) for r in range(model.rowCount())]
    # where not every row fits (the board keeps 22% of the window's height), the deciding
    # player's row and the next
    assert current in shown and len(shown) >= min(2, model.rowCount()), \
        f"rows {shown} of {model.rowCount()} in sight, whose turn: {current} ({heights} px in a " \
        f"{seen.height()} px viewport)"


def _lines(label) -> list[str]:
    """The lines the label lays its words in at its width."""
    text = label.text()
    layout = QTextLayout(text, label.font())
    layout.beginLayout()
    width = label.contentsRect().width()
    out = []
    while True:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(width)
        out.append(text[line.textStart():line.textStart() + line.textLength()].strip())
    layout.endLayout()
    return out


@pytest.mark.parametrize("kept,flight,phrase", [(150, "Flight 2 (homeward)", "drawing spare parts"),
                                                (84, "Flight 1 (outward)", "draw or fly")])
def test_the_phase_line_breaks_between_its_phrases_in_table_mode(window, tmp_path, looks_back, kept, flight,
                                                                 phrase):
    """At 1280x720 in table mode's type the turn's phase ("drawing spare parts") and the flight
    ("Flight 2 (homeward)") each stay on one line ("spare parts" took a line of its own)."""
    screen = open_cut(window, tmp_path, SAMPLE, kept, (1280, 720), "larger", table=True)
    lines = [line.replace("\u00a0", " ") for line in _lines(screen.phase.where)]
    for words in (flight, phrase):
        assert any(words in line for line in lines), f"{words!r} broken over {lines}"
