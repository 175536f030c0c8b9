"""What a click leaves on screen is what the window shows when painted afresh.

After an input, undo or redo, Qt paints only the regions the change marked dirty
(``frames.settle``); a widget that changes what it shows without asking for a paint stays stale
on screen. After every step of a random game of each game, played through the window's Table,
the window's pixels (its backing store) must equal a fresh render of every visible widget
(``frames.full_render``). bench/ui_latency.py times the same two paints.
"""

import random

import pytest
from playout import GAMES, Playout, setup_of
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from . import frames

STEPS = 40


def stale_after(window, what: str) -> list[str]:
    frames.settle(QApplication.instance())
    return [f"{what}: {p}" for p in frames.stale(window)]


@pytest.mark.parametrize("game", GAMES)
def test_every_click_leaves_the_screen_as_a_fresh_render(window, game):
    window.resize(1366, 768)
    rng = random.Random(12)
    assert window.new_game(game, setup_of(game, rng), seed=12)
    assert not stale_after(window, "opened")
    session = window.table.session
    player = Playout(session, rng, undo=0.25, via=window.table)
    found: list[str] = []
    for step in range(STEPS):
        if not player.step():
            break
        found += stale_after(window, f"step {step} ({session.entries[-1].input.kind if session.entries else '-'})")
    assert not found, "\n".join(found[:10])


def test_a_widget_changed_without_a_paint_is_found_stale(window):
    """The comparison sees a stale widget: a label given new words with its updates held back."""
    window.resize(1366, 768)
    assert window.new_game("thurn_and_taxis", setup_of("thurn_and_taxis", random.Random(1)), seed=1)
    assert not stale_after(window, "opened")
    bar = window.findChild(QWidget, "phaseBar")
    label = next(w for w in bar.findChildren(QLabel) if w.isVisible() and w.text())
    label.setUpdatesEnabled(False)
    label.setText("Words the screen never painted, long enough to be seen across the room")
    found = stale_after(window, "held back")
    label.setUpdatesEnabled(True)
    assert found and all("phaseBar" in f or "QLabel" in f for f in found), found
    assert not stale_after(window, "painted at last")



class Paints(QObject):
    def __init__(self, watched):
        super().__init__()
        self.n = 0
        watched.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.n += 1
        return False


def test_the_fresh_render_paints_what_repaint_leaves(window):
    """``frames.full_render`` paints every visible widget; ``MainWindow.repaint()``, which the
    benchmark timed before, sends no paint to the game log's viewport (its rows)."""
    window.resize(1366, 768)
    assert window.new_game("couriers", setup_of("couriers", random.Random(2)), seed=2)
    frames.settle(QApplication.instance())
    view = window.log.view  # (a text view: repaint() sends its viewport no paint either)
    assert view is not None and view.viewport().isVisible()
    paints = Paints(view.viewport())
    window.repaint()
    assert paints.n == 0
    frames.full_render(window)
    assert paints.n == 1
