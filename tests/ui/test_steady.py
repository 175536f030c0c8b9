"""A steady label (ui/widgets/steady.py) keeps the most lines it has needed at its width and type,
so what is under it does not move at every click; at another width it counts its lines afresh."""

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

import rules
from ui.widgets.steady import SteadyHeight

SAMPLE = Path(rules.__file__).parent / "ab_die_post" / "samples" / "four_player_game.json"


def _column(qtbot):
    box = QWidget()
    lay = QVBoxLayout(box)
    label = QLabel()
    label.setWordWrap(True)
    under = QLabel("under")
    lay.addWidget(label)
    lay.addWidget(under)
    lay.addStretch(1)
    qtbot.addWidget(box)
    box.resize(300, 400)
    box.show()
    qtbot.waitExposed(box)
    return box, label, under, SteadyHeight(label)


def _settle(qtbot, box):
    box.layout().activate()
    qtbot.wait(1)


def test_a_label_keeps_the_lines_it_needed_and_what_is_under_it_stays(qtbot):
    box, label, under, steady = _column(qtbot)
    label.setText("one\ntwo\nthree")
    steady.hold()
    _settle(qtbot, box)
    three, at = label.height(), under.y()
    label.setText("one")
    steady.hold()
    _settle(qtbot, box)
    assert label.height() == three and under.y() == at
    label.setText("one\ntwo\nthree\nfour")  # more lines than ever: it grows
    steady.hold()
    _settle(qtbot, box)
    assert label.height() > three


def test_at_another_width_a_label_counts_its_lines_afresh(qtbot):
    box, label, under, steady = _column(qtbot)
    label.setText("one\ntwo\nthree")
    steady.hold()
    _settle(qtbot, box)
    three = label.height()
    label.setText("one")
    steady.hold()
    box.resize(420, 400)
    _settle(qtbot, box)
    assert label.minimumHeight() == 0 and label.height() < three
    steady.hold()
    _settle(qtbot, box)
    assert label.height() < three  # one line, at the new width


def test_the_ab_die_post_table_does_not_move_under_the_phase_bar(window, qtbot):
    window.resize(1366, 768)
    assert window.open_record(str(SAMPLE))
    qtbot.mouseClick(window.telling.result.buttons["back"], Qt.MouseButton.LeftButton)
    for _ in range(60):
        window.undo()
    screen = window.screen_widget
    heights, lines = [], set()
    for _ in range(60):
        window.redo()
        qtbot.wait(1)
        heights.append(screen.phase.height())
        lines.add(screen.phase.next.text().count("\n"))
    assert len(lines) > 1, "the steps to do took the same number of lines all along"
    assert heights == sorted(heights), "the phase bar shrank, moving the table under it"
