"""The notice slot is sized from the type its notices use: a one-line announcement fits it whole at
every text size in a short window (1280x720, 1366x768), and a two-line one in a tall window, in
the phase bar's own size, with no scroll arrow; the idle line under the table keeps saying the last
autosave after the status message's time is up (ui/widgets/notices.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from ui import looks
from ui.widgets.columns import ScrollingColumn

SAMPLES = Path(__file__).resolve().parents[2] / "rules"
ONE_LINE = "Courier C1 is lost"


def settle():
    for _ in range(4):
        QApplication.processEvents()
        QTest.qWait(20)


def slot_scrolls(window) -> int:
    column = window.notices.findChild(ScrollingColumn)
    return column.verticalScrollBar().maximum()


@pytest.mark.parametrize("size", ["normal", "large", "larger"])
@pytest.mark.parametrize("screen", [(1280, 720), (1366, 768), (1920, 1080)])
def test_a_short_announcement_fits_the_slot_whole_in_the_phase_bars_size(window, size, screen):
    window.set_text_size(size, remember=False)
    window.resize(*screen)
    assert window.open_record(str(SAMPLES / "couriers/samples/several_turns.json"))
    settle()
    said = window.telling.announcement
    said.announce(ONE_LINE)
    settle()
    assert said.isVisible()
    assert said.text.font().pointSizeF() == looks.LOOKS.points("phase")
    assert slot_scrolls(window) == 0, (window.notices.height(), said.sizeHint().height())
    window.set_text_size("normal", remember=False)


@pytest.mark.parametrize("screen", [(1280, 720), (1366, 768)])
def test_the_idle_line_keeps_the_last_autosave_after_the_status_message_passes(window, screen):
    window.set_text_size("larger", remember=False)
    window.resize(*screen)
    assert window.open_record(str(SAMPLES / "couriers/samples/several_turns.json"))
    settle()
    saved = f"Saved automatically after input {len(window.table.session.entries)}"
    idle = window.notices.idle
    assert idle.isVisible() and idle.text() == saved
    window.statusBar().clearMessage()  # what its four seconds' timer does
    settle()
    assert idle.isVisible() and idle.text() == saved
    window.statusBar().showMessage("\u201cold game\u201d is in the trash", 5000)  # a passing message...
    settle()
    assert idle.text() == "\u201cold game\u201d is in the trash"
    window.statusBar().clearMessage()
    settle()
    assert idle.text() == saved  # ...and the line it rests on again
    assert idle.visibleRegion().boundingRect().height() >= idle.fontMetrics().height()
    window.set_text_size("normal", remember=False)
