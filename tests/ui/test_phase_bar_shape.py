"""The phase bar's shape (ui/widgets/phase_bar.py): its words and buttons side by side while the
words keep room for a line of heading, the turn across the whole bar with the steps and buttons
on the line under it when they would not (the
Postman's turn and phases wrapped a word a line beside three controls at 1280x720 in the larger
type), and the shape held at a width, so a control that comes and goes never moves the bar."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QCheckBox, QPushButton

import rules
from ui.widgets.phase_bar import PhaseBar

SAMPLES = Path(rules.__file__).parent
WHERE = "Turn 2 \u00b7 the Postmen   Move \u203a Fight \u203a Recruit \u203a Militia \u203a Mail"


def _bar(qtbot, width: int) -> tuple[PhaseBar, QPushButton]:
    bar = PhaseBar()
    qtbot.addWidget(bar)
    step = QPushButton("Fight in Firwood")
    bar.add_control(QCheckBox("Table dice"))
    bar.add_control(step)
    bar.set_phase(WHERE, ["Fight the battle in Firwood"], "Next: Recruit phase", "next_phase")
    bar.resize(width, 200)
    bar.show()
    qtbot.waitExposed(bar)
    QApplication.processEvents()
    return bar, step


def _room(bar: PhaseBar) -> int:
    """The words' room beside the controls, in average characters of the heading's type."""
    return (bar.contentsRect().width() - 24 - bar._controls_width()) // QFontMetrics(bar.where.font()).averageCharWidth()


def test_the_buttons_go_under_the_words_only_when_beside_them_the_words_would_be_cramped(qtbot):
    fm = QFontMetrics(PhaseBar().where.font())
    wide = fm.averageCharWidth() * PhaseBar.LEAST_WORDS + 900
    narrow = fm.averageCharWidth() * PhaseBar.LEAST_WORDS + 300
    bar, _ = _bar(qtbot, wide)
    assert _room(bar) >= PhaseBar.LEAST_WORDS and not bar.stacked
    assert bar.button.geometry().left() > bar.where.geometry().right()  # beside
    bar, _ = _bar(qtbot, narrow)
    assert _room(bar) < PhaseBar.LEAST_WORDS and bar.stacked
    assert bar.button.geometry().top() > bar.where.geometry().bottom()  # under the turn,
    assert bar.button.geometry().left() > bar.next.geometry().right()  # beside the steps to do
    assert bar.button.geometry().right() >= bar.contentsRect().right() - 14  # at the right
    # the words take the whole width: the turn and its phases on one line
    assert bar.where.width() >= bar.contentsRect().width() - 30


def test_a_control_that_comes_and_goes_keeps_the_bars_shape_at_its_width(qtbot):
    fm = QFontMetrics(PhaseBar().where.font())
    bar, step = _bar(qtbot, fm.averageCharWidth() * PhaseBar.LEAST_WORDS + 300)
    assert bar.stacked
    height = bar.height()
    step.hide()  # the phase's one-click step is gone: beside the words there would be room now
    QApplication.processEvents()
    assert bar.stacked and bar.height() == height
    step.show()
    QApplication.processEvents()
    assert bar.stacked and bar.height() == height


def test_the_postmans_turn_reads_on_one_line_at_1280x720_in_the_larger_type(window, qtbot):
    window.set_text_size("larger", remember=False)
    window.resize(1280, 720)
    assert window.open_record(str(SAMPLES / "postman/samples/short_game.json"))
    result = window.telling.result
    if result.isVisible():
        qtbot.mouseClick(result.buttons["back"], Qt.MouseButton.LeftButton)
    for _ in range(3):
        window.confirm = lambda *_a: True
        window.undo()
    QApplication.processEvents()
    bar = window.screen_widget.phase
    assert bar.stacked
    lines = bar.where.heightForWidth(bar.where.width()) // bar.where.fontMetrics().lineSpacing()
    assert lines <= 2, lines  # it wrapped a word a line (four lines) beside the controls
    assert window.height() <= 720
