"""In table mode the announcement is read from across the table: what a roll or a closed route did
is said at least in the phase bar's step-line type, whole, rising over the table's bottom third
at most, and gone at a click on it or at the next input (#14, ui/widgets/notices.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtTest import QTest

from companion.core.inputs import Input
from ui.looks import LOOKS
from ui.widgets.notices import GROWS_TO

from .cuts import open_cut, settle

RULES = Path(__file__).resolve().parents[2] / "rules"
#: a game's record and an input whose words are of a usual length (35 to 90 letters)
MOMENTS = [
    ("thurn_and_taxis/samples/four_players_whole_game.json", 51),  # "Route closed: Anna places 1 house, ..."
    ("ab_die_post/samples/four_player_game.json", 38),  # "Hurricane! Anna (outer lane) must pay 2; ..."
    ("couriers/samples/several_turns.json", 8),  # "Gen. Lee sets up his headquarters at ..."
]
LOOKS_ = [((1280, 720), "larger"), ((1920, 1080), "normal"), ((1280, 720), "normal")]


def in_window(widget, window) -> QRect:
    return QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())


def announce_input(window, tmp_path, record: str, n: int, size, text: str):
    """The record's first ``n - 1`` inputs opened in table mode at the look, then input ``n``."""
    import json

    data = json.loads((RULES / record).read_text(encoding="utf-8"))
    given = data["inputs"][n - 1]
    open_cut(window, tmp_path, RULES / record, n - 1, size=size, text=text, table=True)
    assert window.table.submit(Input.from_json(given)).accepted
    settle()
    return window.telling.announcement


@pytest.mark.parametrize("size, text", LOOKS_)
@pytest.mark.parametrize("record, n", MOMENTS)
def test_the_announcement_keeps_the_phase_bars_type_in_table_mode(window, looks_back, tmp_path, record, n, size, text):
    said = announce_input(window, tmp_path, record, n, size, text)
    assert said.isVisible() and said.words
    assert said.text.font().pointSizeF() >= LOOKS.points("phase.next"), said.words  # read from two metres
    assert said.text.heightForWidth(said.text.width()) <= said.text.height()  # whole
    slot, over = window.notices, window.notices.parentWidget()
    shown, room = in_window(said, window), in_window(over, window)
    assert room.contains(shown)
    assert shown.height() <= max(slot.need, int(over.height() * GROWS_TO)) + 1  # the bottom third at most


def test_a_risen_announcement_takes_a_click_and_goes(window, looks_back, tmp_path):
    said = announce_input(window, tmp_path, *MOMENTS[0], (1280, 720), "larger")
    slot = window.notices
    assert slot.height() > slot.need  # risen over the table: it would hide what a click reaches
    at = said.mapTo(window, said.rect().center())
    assert window.childAt(at) in (said, said.text)
    QTest.mouseClick(said.text, Qt.MouseButton.LeftButton)
    settle()
    assert not said.isVisible() and slot.height() == 0  # the table under it shows again
    said.announce("Courier C1 is lost")  # short words stay in the reserved lines: clicks go through
    settle()
    assert slot.height() == slot.need and window.childAt(said.mapTo(window, said.rect().center())) not in (said, said.text)


def test_out_of_table_mode_the_slot_never_rises(window, looks_back, tmp_path):
    record, n = MOMENTS[0]
    data_path = RULES / record
    open_cut(window, tmp_path, data_path, n - 1, size=(1280, 720), text="larger", table=False)
    said = window.telling.announcement
    said.announce("Route closed: Anna places 1 house, 19 left. Anna takes the 3-carriage")
    settle()
    assert window.notices.height() == window.notices.need  # its reserved height: nothing under it moves
