"""The slim dice tray in table mode with no roll owed, for any screen that sets ``slim_dice``
(the Postman does; the Courier Desk does not, and is tried here as if it did): a line whole on
one line, the hint and the last dice whole within the dock, the dock far narrower than the whole
tray and inside the window; a screen that does not set it keeps the whole tray (#14)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtGui import QFontMetrics
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from ui.main_window import DICE_WIDTH

RULES = Path(__file__).resolve().parents[2] / "rules"


def settle():
    for _ in range(6):
        QApplication.processEvents()
        QTest.qWait(15)


def postman_moment(tmp_path) -> Path:
    """The sample game at input 30: the Holnists' move, no roll owed, the last roll's die shown."""
    record = json.loads((RULES / "postman/samples/short_game.json").read_text(encoding="utf-8"))
    record["inputs"], record["undone"] = record["inputs"][:30], []
    path = tmp_path / "postman-30.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def open_in_table_mode(window, path, text):
    window.set_text_size(text, remember=False)
    window.resize(1280, 720)
    assert window.open_record(str(path))
    window.set_table_mode(True, full_screen=False)
    settle()
    assert window.table.session.pending_roll() is None


def assert_slim_and_whole(window):
    tray, dock = window.dice, window.dice_dock
    assert tray.is_slim()
    assert dock.width() < 0.7 * DICE_WIDTH, dock.width()
    assert window.rect().contains(dock.mapTo(window, dock.rect().topRight()))
    need = QFontMetrics(tray.title.font()).horizontalAdvance(tray.title.text())
    assert need <= tray.title.width(), (tray.title.text(), need, tray.title.width())
    assert tray.title.heightForWidth(tray.title.width()) <= tray.title.fontMetrics().lineSpacing() + 2
    assert tray.slim_hint.isVisible()
    assert tray.slim_hint.heightForWidth(tray.slim_hint.width()) <= tray.slim_hint.height()
    view = dock.widget().child.viewport()
    for part in (tray.title, tray.slim_hint, tray.faces):
        right = part.mapTo(view, part.rect().topRight()).x()
        assert right < view.width(), (part, right, view.width())
    assert tray.faces.sizeHint().width() <= tray.faces.width() or tray.faces.wordWrap()
    for hidden in (tray.roll_button, tray.typed, tray.chart):
        assert not hidden.isVisible() or hidden is tray.chart and tray.request is None


@pytest.mark.parametrize("text", ["larger", "normal"])
def test_the_postmans_slim_tray_is_a_whole_line(window, tmp_path, text):
    open_in_table_mode(window, postman_moment(tmp_path), text)
    assert window.dice.faces.text()  # the last roll's die
    assert_slim_and_whole(window)
    window.set_table_mode(False, full_screen=False)
    settle()
    assert not window.dice.is_slim() and window.dice_dock.width() >= DICE_WIDTH - 20
    window.set_text_size("normal", remember=False)


@pytest.mark.parametrize("slim", [True, False])
def test_any_screen_that_sets_slim_dice_gets_the_same_slim_tray(window, monkeypatch, slim):
    from ui.couriers.desk import CourierDesk

    monkeypatch.setattr(CourierDesk, "slim_dice", slim, raising=False)
    open_in_table_mode(window, RULES / "couriers/samples/several_turns.json", "larger")
    if slim:
        assert_slim_and_whole(window)
    else:  # the Desk's tables are laid out for the whole tray
        assert not window.dice.is_slim()
        assert window.dice_dock.width() >= DICE_WIDTH - 20
    window.set_table_mode(False, full_screen=False)
    window.set_text_size("normal", remember=False)
