"""An input, undo or redo does not lay the main window out again: the Undo and Redo buttons keep
their words (the step is in their tips and in the Edit menu) and a screen's re-layouts stay
inside its fence (ui/widgets/layout_fence.py). Counted in layout requests the window receives,
never timed. The one step that brings a game's result screen may: the result takes the dice
dock's room (a game over owes no roll), and at most twice."""

from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication

RULES = Path(__file__).resolve().parents[2] / "rules"
RECORDS = {"couriers": "several_turns.json", "postman": "short_game.json",
           "thurn_and_taxis": "four_players_whole_game.json", "ab_die_post": "four_player_game.json"}


class Count(QObject):
    def __init__(self, watched):
        super().__init__()
        self.n = 0
        watched.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:
            self.n += 1
        return False


def settle(qtbot, window) -> None:
    """Every re-layout asked for done (each level of widgets asks the next in an event of its own)."""
    for _ in range(6):
        QApplication.processEvents()
    window.repaint()


@pytest.mark.parametrize("game", sorted(RECORDS))
def test_undo_redo_and_input_leave_the_windows_layout_alone(window, qtbot, game):
    window.resize(1366, 768)
    assert window.open_record(str(RULES / game / "samples" / RECORDS[game]))
    settle(qtbot, window)
    s = window.table.session
    steps = min(12, len(s.entries) - 1)
    undo = window.step_buttons["undo"]
    for _ in range(steps):  # back, then forward again, the way the buttons do it
        window.undo()
        settle(qtbot, window)
    count = Count(window)
    ending = 0
    for _ in range(steps):
        ending += _laid_out_if_it_ends(count, window, lambda: (window.redo(), settle(qtbot, window)))
    assert count.n - ending == 0, f"the window was laid out again {count.n - ending} times in {steps} redos"
    assert ending <= 2
    again = [e.input for e in s.entries[-steps:]]
    for _ in range(steps):
        window.undo()
    settle(qtbot, window)
    count.n = ending = 0
    verdicts = []
    for inp in again:
        ending += _laid_out_if_it_ends(count, window, lambda inp=inp: (
            verdicts.append(window.table.submit(inp, bool(inp.override)).accepted), settle(qtbot, window)))
        assert verdicts[-1]
        assert undo.toolTip() == f"Undo {s.undo_name}"  # the words are still there, in the button's tip
        assert window.actions_["undo"].text().replace("&", "").startswith("Undo ")
    assert count.n - ending == 0, f"the window was laid out again {count.n - ending} times in {steps} inputs"
    assert ending <= 2


def _laid_out_if_it_ends(count, window, step) -> int:
    """The layouts ``step`` caused when it brought the result screen, else 0."""
    before, ended = count.n, window.telling.result.isVisible()
    step()
    return count.n - before if window.telling.result.isVisible() != ended else 0


def test_a_screen_that_needs_more_room_still_gets_it(window, qtbot):
    window.resize(1366, 768)
    assert window.open_record(str(RULES / "couriers" / "samples" / RECORDS["couriers"]))
    settle(qtbot, window)
    fence, screen = window.table_fence, window.screen_widget
    passed = fence.passed_on
    screen.setMinimumWidth(fence.width() + 40)  # the screen's least width grows past the window's room
    settle(qtbot, window)
    # the window laid out again, once or, as the desk's parts settle at the new width before the
    # window's own layout comes round, twice; never on and on: the fence has room now
    assert passed + 1 <= fence.passed_on <= passed + 2
    assert fence.width() >= screen.minimumWidth() and screen.width() >= screen.minimumWidth()
