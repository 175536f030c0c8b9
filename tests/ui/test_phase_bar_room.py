"""The phase bar takes the room of what it says (#14). At 1280x720 in table mode and the larger
type, Thurn and Taxis' bar kept a band under "Take a card (display or deck)" for its hidden End
turn button at 1.8 lines of the button's type (the bar 189 px, 31 px more than its words and the
button's one line), and the Postman's "Turn 1 · the Holnists Move ›" / "Fight › Recruit › Mail"
broke its steps over two lines of the turn's display type."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QApplication, QPushButton

import rules

from .cuts import open_cut

RULES = Path(rules.__file__).parent
TT = RULES / "thurn_and_taxis/samples/four_players_whole_game.json"
POSTMAN = RULES / "postman/samples/short_game.json"
HAND_OFF = 296  # Anna's turn begins: "Take a card (display or deck)", End turn hidden
PLAYED = 298  # she has drawn and played a card: End turn shows


def _settle():
    for _ in range(8):
        QApplication.processEvents()


def _open(window, tmp_path, record: Path, kept: int, table: bool = True, size=(1280, 720)):
    return open_cut(window, tmp_path, record, kept, size, "larger", table).phase


def _one_line_button(bar) -> int:
    """The height of a push button saying one line in the bar's button type."""
    probe = QPushButton("End turn")
    probe.setFont(bar.button.font())
    return probe.sizeHint().height()


def _band_under_the_turn(bar) -> int:
    margins = bar.layout().contentsMargins()
    return (bar.contentsRect().height() - margins.top() - margins.bottom() - bar.where.height()
            - bar.layout().verticalSpacing())


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_band_under_the_turn_is_the_steps_line_or_the_buttons_one_line(window, tmp_path, looks_back, size):
    bar = _open(window, tmp_path, TT, HAND_OFF, size=size)
    assert bar.stacked and not bar.button.isVisible()
    words = bar.next.heightForWidth(bar.next.width())
    # 92 px in table mode before: the hidden button's room at 1.8 lines of its type
    assert _band_under_the_turn(bar) <= max(words, _one_line_button(bar), 34) + 1, \
        (_band_under_the_turn(bar), words, _one_line_button(bar))
    assert _band_under_the_turn(bar) >= words  # and the steps' words are not cut


def test_the_bar_keeps_its_height_when_end_turn_comes(window, tmp_path, looks_back):
    without = _open(window, tmp_path, TT, HAND_OFF)
    assert not without.button.isVisible()
    height = without.height()
    bar = _open(window, tmp_path, TT, PLAYED)
    assert bar.button.isVisible() and bar.button.text() == "End turn"
    assert bar.height() == height
    # the button says its word whole in the room it has
    assert bar.button.height() >= bar.button.sizeHint().height()
    assert bar.button.width() >= bar.button.fontMetrics().horizontalAdvance("End turn")


def _lines(label) -> list[str]:
    """The lines a rich text label breaks its words into at its width."""
    doc = QTextDocument()
    doc.setDefaultFont(label.font())
    doc.setHtml(label.text())
    doc.setDocumentMargin(0)
    doc.setTextWidth(label.contentsRect().width())
    doc.size()  # laid out
    out = []
    block = doc.begin()
    while block.isValid():
        layout, text = block.layout(), block.text()
        out += [text[layout.lineAt(i).textStart():][:layout.lineAt(i).textLength()]
                for i in range(layout.lineCount())]
        block = block.next()
    return out


def _back_to(window, qtbot, undo: int):
    result = window.telling.result
    if result.isVisible():
        qtbot.mouseClick(result.buttons["back"], Qt.MouseButton.LeftButton)
    for _ in range(undo):
        window.undo()
    _settle()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("table", [True, False], ids=["table mode", "window"])
def test_the_postmans_steps_read_whole_on_one_line(window, tmp_path, qtbot, looks_back, table, size):
    bar = _open(window, tmp_path, POSTMAN, 30, table, size)
    lines = _lines(bar.where)
    steps = [line for line in lines if "Move" in line]
    assert len(steps) == 1 and all(step in steps[0] for step in ("Fight", "Recruit", "Mail")), lines
    assert all(line.strip() for line in lines)
    # the turn in the heading's type, its steps in the smaller type of what is owed
    heading, owed = bar.where.fontMetrics().lineSpacing(), bar.next.fontMetrics().lineSpacing()
    assert bar.where.height() <= heading + (owed if len(lines) > 1 else 0) + 8, (bar.where.height(), lines)
    assert window.height() <= size[1]


def test_the_postmans_steps_follow_the_turn_on_its_line_when_they_fit(window, tmp_path, looks_back):
    bar = _open(window, tmp_path, POSTMAN, 30, table=False, size=(1920, 1080))
    lines = _lines(bar.where)
    assert len(lines) == 1 and "Turn 1" in lines[0] and "Mail" in lines[0], lines
