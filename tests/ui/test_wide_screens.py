"""A wide window gives its words room: at 1920x1080 with the larger text no score wraps."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

import rules

SAMPLES = Path(rules.__file__).parent


def test_thurn_and_taxis_scores_keep_one_line_on_a_wide_screen(window, qtbot):
    window.set_text_size("larger", remember=False)
    window.resize(1920, 1080)
    QApplication.processEvents()
    try:
        assert window.open_record(str(SAMPLES / "thurn_and_taxis/samples/four_players_whole_game.json"))
        qtbot.mouseClick(window.telling.result.buttons["back"], Qt.MouseButton.LeftButton)
        for _ in range(4):
            QApplication.processEvents()
            qtbot.wait(5)
        view = window.screen_widget.score_view
        line = view.fontMetrics().lineSpacing()
        tall = [r for r in range(view.model().rowCount()) if view.rowHeight(r) >= 2 * line]
        assert not tall, f"rows {tall} wrap in a {view.width()} px score table"
    finally:
        window.set_text_size("normal", remember=False)
