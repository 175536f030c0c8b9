"""The Postman's side panels at 1280x720 with the larger type: a unit's name stays on one line
("Rider / 3" wrapped), and the battle table is never taller than its rows (the duel's two Leaders
left most of it empty, pushing the odds and the buttons out of sight)."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

SAMPLE = Path(__file__).resolve().parents[2] / "rules" / "postman" / "samples" / "short_game.json"


def settle():
    for _ in range(6):
        QApplication.processEvents()
        QTest.qWait(20)


def open_at(window, tmp_path, inputs: int):
    """The sample game cut after ``inputs`` inputs, at 1280x720 with the larger type."""
    record = json.loads(SAMPLE.read_text())
    record["inputs"] = record["inputs"][:inputs]
    path = tmp_path / f"cut_{inputs}.json"
    path.write_text(json.dumps(record))
    window.set_text_size("larger", remember=False)
    window.resize(1280, 720)
    assert window.open_record(str(path))
    settle()
    return window.screen_widget


def one_line_rows(view) -> list[str]:
    """The rows whose text wrapped (taller than one line of the view's type and its padding)."""
    line = view.fontMetrics().lineSpacing()
    model = view.model()
    return [str(model.index(r, 0).data()) for r in range(model.rowCount()) if view.rowHeight(r) > 1.6 * line]


def test_a_units_name_stays_on_one_line_in_the_town_panel(window, tmp_path):
    screen = open_at(window, tmp_path, 24)  # the Holnists' move: Post Town holds Rider 3 and Rider 4
    screen.tabs.setCurrentWidget(screen.stack)
    settle()
    view = screen.stack.view
    assert view.model().rowCount() >= 2
    assert one_line_rows(view) == []
    window.set_text_size("normal", remember=False)


def test_the_battle_table_is_as_tall_as_its_rows_in_the_duel(window, tmp_path):
    screen = open_at(window, tmp_path, 57)  # Rule Number 7 rolled: the Leaders' duel is owed
    screen.tabs.setCurrentWidget(screen.battle)
    settle()
    view = screen.battle.view
    rows = sum(view.rowHeight(r) for r in range(view.model().rowCount()))
    assert view.model().rowCount() == 2
    empty = view.height() - (view.horizontalHeader().height() + rows + 2 * view.frameWidth())
    assert empty < min(view.rowHeight(r) for r in range(2)), f"{empty} px empty under the Leaders"
    assert one_line_rows(view) == []
    window.set_text_size("normal", remember=False)
