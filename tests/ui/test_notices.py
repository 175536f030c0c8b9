"""Nothing on the table moves when a notice comes or goes: the announcement, the flag banner and
the Postman's phase summary show in one slot of reserved height (ui/widgets/notices.py), so the
phase bar, the board, the side panels and every button keep their places, at every text size."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton, QApplication, QFrame, QGraphicsView, QTabWidget

SAMPLES = Path(__file__).resolve().parents[2] / "rules"
LONG = ("Sneak failed: Rider 1 stops in Canyonville. Destroyed: Rider 2. The Holnists draw a card "
        "and the General moves on to Glendale, where the Militia wait")


def panels(window) -> dict[str, QRect]:
    """Where the table's main panels and its buttons are, in the window's coordinates."""
    screen = window.screen_widget
    found = {"screen": screen, "phase bar": screen.phase}
    for kind in (QGraphicsView, QTabWidget, QAbstractButton, QFrame):
        for i, w in enumerate(screen.findChildren(kind)):
            if w.isVisible():
                found[f"{type(w).__name__} {i} {getattr(w, 'text', lambda: '')()}"] = w
    return {name: QRect(w.mapTo(window, QPoint(0, 0)), w.size()) for name, w in found.items()}


def settle():
    """Every delayed relayout done (columns share their width on a zero timer)."""
    for _ in range(4):
        QApplication.processEvents()
        QTest.qWait(20)


def moved(before: dict, after: dict) -> list[str]:
    return [f"{name}: {before[name]} -> {after[name]}" for name in before
            if name in after and before[name] != after[name]]


@pytest.mark.parametrize("size", ["normal", "larger"])
@pytest.mark.parametrize("record", ["postman/samples/flagged_and_overridden.json",
                                    "ab_die_post/samples/first_flight.json",
                                    "couriers/samples/several_turns.json"])
def test_nothing_moves_when_a_notice_comes_or_goes(window, record, size):
    window.set_text_size(size, remember=False)
    window.resize(1280, 720)
    assert window.open_record(str(SAMPLES / record))
    settle()
    still = panels(window)
    said = window.telling.announcement
    said.announce(LONG)
    settle()
    assert said.isVisible()
    assert not moved(still, panels(window)), "\n".join(moved(still, panels(window)))
    window.banner.show_error("no road from Post Town to Hilltop (step 1)")
    settle()
    assert window.banner.isVisible() and not said.isVisible()  # the newest notice shows
    assert not moved(still, panels(window)), "\n".join(moved(still, panels(window)))
    window.banner.hide()
    settle()
    assert not moved(still, panels(window)), "\n".join(moved(still, panels(window)))
    window.set_text_size("normal", remember=False)


def test_the_postman_summary_shows_in_the_slot(window):
    window.resize(1280, 720)
    assert window.open_record(str(SAMPLES / "postman/samples/flagged_and_overridden.json"))
    settle()
    still = panels(window)
    summary = window.screen_widget.summary
    summary.setText("Recruit phase: Rider 5 joins the Postmen in Post Town; 2 Militia join in Hilltop")
    summary.show()
    settle()
    assert summary.isVisible() and window.notices.isAncestorOf(summary)
    assert not moved(still, panels(window)), "\n".join(moved(still, panels(window)))


def test_the_announcement_steps_down_a_size_rather_than_overflow_its_slot(window):
    from ui.widgets.notices import FRAME

    window.resize(1600, 1000)  # a tall window keeps two lines of the phase bar's size
    assert window.open_record(str(SAMPLES / "couriers/samples/several_turns.json"))
    said, slot = window.telling.announcement, window.notices
    said.announce("Courier C1 is lost")
    settle()
    height, large = slot.height(), said.text.font().pointSizeF()
    said.announce(" ".join([LONG] * 2))
    settle()
    assert said.text.font().pointSizeF() < large  # a smaller named size...
    assert said.text.heightForWidth(said.text.width()) <= slot.height() - FRAME  # ...that fits
    said.announce(" ".join([LONG] * 8))  # too long even in body text: it scrolls in the slot
    settle()
    assert slot.height() == height
    window.resize(1280, 720)
    settle()
    assert slot.height() < height  # a short window keeps one line of each notice
