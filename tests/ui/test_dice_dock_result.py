"""A game over owes no roll: its result screen has the dice dock's room, in table mode and out of
it, and "Look at the board" (or an undo) brings the tray back showing what it showed (#14: at
1280x720 larger, table mode, "No roll owed" and the last dice stood beside the Postman's result and
its scores scrolled). The lists of units in the scores read in the figures' type, not the scores'."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QFontMetrics
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from ui.widgets.result_screen import is_words

RULES = Path(__file__).resolve().parents[2] / "rules"
ENDED = RULES / "postman/samples/short_game.json"


def cut(tmp_path, inputs: int) -> Path:
    """The sample game as it stood after ``inputs`` inputs (a mid-game record)."""
    import json

    record = json.loads(ENDED.read_text(encoding="utf-8"))
    record["inputs"], record["undone"] = record["inputs"][:inputs], []
    path = tmp_path / f"postman-{inputs}.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def settle():
    for _ in range(6):
        QApplication.processEvents()
        QTest.qWait(20)


def open_end(window, table_mode):
    window.set_text_size("larger", remember=False)
    window.resize(1280, 720)
    assert window.open_record(str(ENDED))
    if table_mode:
        window.set_table_mode(True, full_screen=False)
    settle()
    assert window.telling.result.isVisible()


def leave(window):
    window.set_table_mode(False, full_screen=False)
    window.set_text_size("normal", remember=False)


def last_faces(window) -> str:
    """The faces the tray shows for the game's last roll, asked of a fresh tray."""
    from ui.widgets.dice_tray import DiceTray

    tray = DiceTray()
    tray.set_request(None, window.table.session.entries)
    return tray.faces.text()


@pytest.mark.parametrize("table_mode", [False, True])
def test_the_result_screen_has_the_dice_docks_room(window, table_mode):
    open_end(window, table_mode)
    assert not window.dice_dock.isVisible()
    assert not window.dice.isVisible()
    # the Rules tabbed behind the tray do not take its room either
    assert not window.rules_dock.isVisible()
    result = window.telling.result
    right = result.mapTo(window, result.rect().topRight()).x()
    assert right >= window.width() - 20, (right, window.width())
    leave(window)


@pytest.mark.parametrize("table_mode", [False, True])
def test_looking_at_the_board_brings_the_tray_back_as_it_was(window, table_mode):
    open_end(window, table_mode)
    window.telling.result.buttons["back"].click()
    settle()
    assert window.screen_widget.isVisible()
    assert window.dice_dock.isVisible() and window.dice.isVisible()
    assert window.dice.title.text() == "No roll owed"
    assert window.dice.faces.text() == last_faces(window) != ""
    # the Rules are back behind the tray outside table mode, put away in it
    assert window.rules_dock.toggleViewAction().isChecked() == (not table_mode)
    assert window.dice_dock.visibleRegion().isEmpty() is False
    leave(window)
    settle()
    assert window.dice_dock.isVisible() and window.rules_dock.toggleViewAction().isChecked()


def test_an_undo_from_the_result_brings_the_tray_back_and_the_end_puts_it_away_again(window):
    open_end(window, table_mode=True)
    window.undo()
    settle()
    assert not window.telling.result.isVisible()
    assert window.dice_dock.isVisible()
    window.redo()
    settle()
    assert window.telling.result.isVisible()
    assert not window.dice_dock.isVisible()
    leave(window)
    settle()
    # table mode left over the result: the room put back is the docks', never the tray's
    assert not window.dice_dock.isVisible()
    assert window.log_dock.isVisible()


def test_a_game_still_going_keeps_its_tray(window, tmp_path):
    window.resize(1280, 720)
    assert window.open_record(str(cut(tmp_path, 30)))
    settle()
    assert window.dice_dock.isVisible()
    window.set_table_mode(True, full_screen=False)
    settle()
    assert window.dice_dock.isVisible()
    leave(window)


@pytest.mark.parametrize("table_mode", [False, True])
def test_a_list_of_units_reads_in_the_figures_type_and_the_scores_do_not_scroll(window, table_mode):
    from ui.looks import LOOKS

    open_end(window, table_mode)
    table = window.telling.result.scores
    words = [table.item(r, c) for r in range(table.rowCount()) for c in range(1, table.columnCount())
             if is_words(table.item(r, c).text())]
    figures = [table.item(r, c) for r in range(table.rowCount()) for c in range(1, table.columnCount())
               if not is_words(table.item(r, c).text())]
    assert words and figures
    for item in words:
        assert item.font().resolve(table.font()).pointSizeF() == pytest.approx(
            min(LOOKS.points("figures"), table.font().pointSizeF())), item.text()
    if table_mode:  # the figures stay in the scores' large type
        assert table.font().pointSizeF() > LOOKS.points("figures")
    for item in figures:
        assert item.font().resolve(table.font()).pointSizeF() == table.font().pointSizeF()
    # each list wraps only between the units it names (ui/widgets/result_screen.py, _joined), so
    # to no more lines than it has units (four lines in the scores' type before c1f58ef)
    for item in words:
        row = item.row()
        lines = QFontMetrics(item.font().resolve(table.font())).lineSpacing()
        units = item.text().count(", ") + 1
        assert table.rowHeight(row) <= units * lines + 16 or table.rowHeight(row) <= QFontMetrics(
            table.font()).lineSpacing() + 16, (item.text(), table.rowHeight(row), lines)
    leave(window)


def test_cells_of_words_and_of_figures_are_told_apart():
    assert is_words("The Postman, Postal Rider \u00d74")
    assert is_words("Holnist Patrol")
    for figure in ("6", "\u221211", "-3", "7-carriage: 10", "9 (4 tiles)", "3 (4th)", ""):
        assert not is_words(figure), figure
