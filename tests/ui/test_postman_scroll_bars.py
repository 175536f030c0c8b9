"""The Postman's battle and town tables never show a sideways scroll bar, not even for one pass
of the event loop: their columns share the width by the text and the tables are never narrower
than its longest words, yet with the bar shown as needed it came up and was painted whenever
new rows brought the upright bar, and hid again once the columns were shared out anew, a ghost
bar left on screen by a click (found comparing the dirty-region paint with a fresh render)."""

import random

from playout import Playout, setup_of
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication

from . import frames


class Shown(QObject):
    """Counts the times a widget was shown or painted."""

    def __init__(self):
        super().__init__()
        self.events: list[str] = []

    def eventFilter(self, obj, event) -> bool:
        if event.type() in (QEvent.Type.Show, QEvent.Type.Paint):
            self.events.append(event.type().name)
        return False


def test_the_battle_and_town_tables_never_show_a_sideways_bar(window):
    window.resize(1366, 768)
    found = []
    for seed in (1, 2):  # each brought the bar up within 30 inputs while it was shown as needed
        rng = random.Random(seed)
        assert window.new_game("postman", setup_of("postman", rng), seed=seed)
        screen = window.screen_widget
        bars = {"battle": screen.battle.view.horizontalScrollBar(), "town": screen.stack.view.horizontalScrollBar()}
        watch = {name: Shown() for name in bars}
        for name, bar in bars.items():
            bar.installEventFilter(watch[name])
        session = window.table.session
        player = Playout(session, rng, undo=0.25, via=window.table)
        battles = 0
        for step in range(45):
            if not player.step():
                break
            frames.settle(QApplication.instance())
            battles += session.state.pos.battle is not None
            found += [(seed, step, name, w.events) for name, w in watch.items() if w.events]
        assert battles, "no battle was fought: the battle table was never put to the test"
    assert found == []
