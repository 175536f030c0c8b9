"""Nothing on the table moves when a notice comes or goes: the announcement, the flag banner and
the Postman's phase summary show in one slot of reserved height (ui/widgets/notices.py), so the
phase bar, the board, the side panels and every button keep their places, at every text size."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton, QApplication, QFrame, QGraphicsView, QTabWidget

from ui import looks

SAMPLES = Path(__file__).resolve().parents[2] / "rules"
LONG = ("Sneak failed: Rider 1 stops in Canyonville. Destroyed: Rider 2. The Holnists draw a card "
        "and the General moves on to Glendale, where the Militia wait")


def panels(window) -> dict[str, QRect]:
    """Where the table's main panels and its buttons are, in the window's coordinates."""
    screen = window.screen_widget
    found = {"screen": screen, "phase bar": screen.phase}
    for kind in (QGraphicsView, QTabWidget, QAbstractButton, QFrame):
        for i, w in enumerate(screen.findChildren(kind)):
            # the notices are not the table's (the Postman's float in its screen's room, #14)
            if w.isVisible() and not window.notices.isAncestorOf(w):
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


#: in table mode the rows under the table that hold nothing: the table's own margin (6 px) and
#: a pixel or two of a frame's shadow, never the slot's reserved lines (92 px at larger)
EMPTY_ROWS = 10
TABLE_MODE = ["postman/samples/flagged_and_overridden.json", "thurn_and_taxis/samples/four_players_whole_game.json",
              "ab_die_post/samples/first_flight.json", "couriers/samples/several_turns.json"]


def empty_rows_at_the_bottom(window) -> int:
    """How many pixel rows, from the window's bottom up, hold nothing under the table (one colour
    from side to side of the table's column)."""
    area = window.table_area
    left = area.mapTo(window, QPoint(0, 0)).x()
    image = window.grab().toImage()
    rows = 0
    for y in range(image.height() - 1, -1, -1):
        colours = {image.pixel(x, y) for x in range(left, left + area.width())}
        if len(colours) > 1:
            break
        rows += 1
    return rows


def open_in_table_mode(window, record: str, size: str):
    window.set_text_size(size, remember=False)
    window.resize(1280, 720)
    assert window.open_record(str(SAMPLES / record))
    result = window.telling.result
    if result.isVisible():
        result.buttons["back"].click()
    window.set_table_mode(True, full_screen=False)
    settle()


@pytest.mark.parametrize("size", ["normal", "larger"])
@pytest.mark.parametrize("record", TABLE_MODE)
def test_table_mode_gives_the_slots_rows_to_the_table_and_draws_a_notice_over_its_edge(window, record, size):
    """In table mode the slot floats: the screen reaches the window's bottom (the autosave line
    goes to the menu bar's corner), and a notice is drawn over the table's bottom edge, so
    nothing under it moves when it comes or goes; the banner's buttons take clicks, the
    announcement lets them through to the table under it."""
    open_in_table_mode(window, record, size)
    empty = empty_rows_at_the_bottom(window)
    assert empty <= EMPTY_ROWS, f"{empty} empty rows under the table"
    assert window.saved_line.isVisible() and window.saved_line.words().startswith("Saved automatically")
    assert not window.notices.idle.isVisible()
    still = panels(window)
    said = window.telling.announcement
    said.announce("Courier C1 is lost")
    settle()
    # the Postman's notices float over a room under its side tabs, never over its map (#14):
    # as large there as fits its width, the others' over the table's edge in the phase's type
    room = getattr(window.screen_widget, "notice_room", None)
    if room is None:
        assert said.text.font().pointSizeF() == looks.LOOKS.points("phase")  # read from across the table
    else:
        assert said.text.font().pointSizeF() >= looks.LOOKS.points("heading")
        view = window.screen_widget.map.viewport()
        assert not QRect(said.mapTo(window, QPoint(0, 0)), said.size()).intersects(
            QRect(view.mapTo(window, QPoint(0, 0)), view.size()))
    assert said.text.heightForWidth(said.text.width()) <= said.text.height()  # whole
    said.announce(LONG)
    settle()
    assert said.isVisible() and not moved(still, panels(window)), "\n".join(moved(still, panels(window)))
    slot = window.notices
    over, margin = (room, 0) if room is not None else (window.table_area, 6)
    bottom = over.mapTo(window, QPoint(0, over.height()))
    assert slot.mapTo(window, QPoint(0, slot.height())).y() == bottom.y() - margin  # on the table's edge
    middle = said.rect().center()
    if slot.height() <= slot.need:  # in its reserved lines a click goes to the table under it
        assert window.childAt(said.mapTo(window, middle)) is not said.text
    else:  # risen over more of the table, it hides what a click would reach: a click hides it
        assert window.childAt(said.mapTo(window, middle)) in (said, said.text)
        QTest.mouseClick(said.text, Qt.MouseButton.LeftButton)
        assert not said.isVisible()
    window.banner.show_error("no road from Post Town to Hilltop (step 1)")
    settle()
    assert not moved(still, panels(window)), "\n".join(moved(still, panels(window)))
    cancel = window.banner.cancel_button
    assert window.childAt(cancel.mapTo(window, cancel.rect().center())) is cancel  # on top, and takes clicks
    cancel.click()
    settle()
    assert not moved(still, panels(window)) and empty_rows_at_the_bottom(window) == empty
    window.set_table_mode(False, full_screen=False)
    settle()
    assert not window.saved_line.isVisible() and window.notices.idle.isVisible()
    window.set_text_size("normal", remember=False)
