"""The Courier Desk late in a game: an input redraws the rows it changed and measures only the
rows on screen, and every row still shows what the state says (a stale row is a bug). Counted in
rows redrawn and rows measured, not in time (the time is bench/ui_latency.py's)."""

from __future__ import annotations

import pytest

from companion.core.inputs import Input

from .courier_steps import build_roster

LONG = "Brigadier General John Gibbon of the Second Division, Second Corps"
SENT = 60  # couriers on the table, most of them captured: far more rows than the view shows


def _submit(window, kind, **args):
    outcome = window.table.submit(Input(kind, args))
    assert outcome is not None and outcome.accepted, (kind, args, outcome and outcome.violations)


@pytest.fixture
def long_desk(window, desk, qtbot):
    window.resize(1366, 768)
    build_roster(qtbot, window, desk)
    _submit(window, "add_commander", name=LONG, side="Union", rank="division", id="gibbon")
    for i in range(SENT):
        _submit(window, "send_courier", sender="meade", recipient="gibbon" if i % 2 else "buford",
                message=f"Order {i + 1}")
    for i in range(SENT - 3):
        _submit(window, "capture", courier=f"C{i + 1}")
    qtbot.wait(10)
    return desk


def _redrawn(model):
    rows = []
    model.dataChanged.connect(lambda a, b, *_r: rows.extend(range(a.row(), b.row() + 1)))
    return rows


def _cells(model, row):
    return [model.index(row, col).data() for col in range(model.columnCount())]


def test_an_input_redraws_only_the_rows_it_changed(window, long_desk, qtbot):
    desk = long_desk
    couriers, commanders = desk.couriers, desk.commanders
    assert couriers.rowCount() == SENT
    assert [r.id for r in couriers.rows[:3]] == ["C58", "C59", "C60"]  # still riding, first
    courier_rows, commander_rows = _redrawn(couriers), _redrawn(commanders)
    _submit(window, "begin_courier_step")
    assert courier_rows == [] and commander_rows == []  # nothing either table shows changed
    _submit(window, "move_courier", courier="C59", speed="officer", nearest_enemy=None, arrives=False)
    # the table's dice, all ones: the courier gets through and stays among those riding (an app
    # roll could lose it, and a lost courier rightly moves among the finished: two rows)
    dice = window.table.session.pending_roll().dice
    outcome = window.table.submit(Input("roll", {"values": [1] * dice.count}, "table"))
    assert outcome is not None and outcome.accepted
    assert window.table.state.couriers["C59"].status == "in transit"
    assert set(courier_rows) == {couriers.row_of("C59")}
    assert "moved" in _cells(couriers, couriers.row_of("C59"))[2]
    assert commander_rows == []


def test_a_courier_that_finishes_moves_among_the_finished_and_keeps_its_selection(window, long_desk, qtbot):
    desk = long_desk
    couriers = desk.couriers
    moved, reset = [], []
    couriers.rowsMoved.connect(lambda *a: moved.append(a[1]))
    couriers.modelReset.connect(lambda: reset.append(1))
    desk.select_courier("C58")
    _submit(window, "capture", courier="C58")
    assert moved == [0] and reset == []
    row = couriers.row_of("C58")
    assert row == SENT - 3 + 0 + 2 and _cells(couriers, row)[2] == "captured"  # C1..C57, then C58
    assert desk.selected_courier() == "C58"
    window.undo()
    assert _cells(couriers, couriers.row_of("C58"))[2] == "in transit"
    assert couriers.row_of("C58") == 0 and reset == []


def test_only_the_rows_on_screen_are_measured(window, long_desk, qtbot):
    desk = long_desk
    view, fitter = desk.courier_view, desk.courier_view._rows_on_screen
    on_screen = view.viewport().height() // view.rowHeight(0) + 1
    assert on_screen < SENT // 2
    before = fitter.measured
    _submit(window, "capture", courier="C60")  # moves a row: every row below it shifts
    _submit(window, "begin_courier_step")
    assert fitter.measured - before <= 2 * on_screen


def _fitted(view, row):
    """The height ResizeToContents would give ``row``."""
    return max(view.sizeHintForRow(row), view.verticalHeader().minimumSectionSize())


def _rows_on_screen(view):
    first, last = view.rowAt(0), view.rowAt(view.viewport().height() - 1)
    return range(first, (last if last >= 0 else view.model().rowCount() - 1) + 1)


@pytest.mark.parametrize("size", ["normal", "larger"])
def test_rows_on_screen_are_as_tall_as_their_text_after_a_scroll(window, long_desk, qtbot, size):
    desk = long_desk
    window.set_text_size(size, remember=False)
    qtbot.wait(10)
    view = desk.courier_view
    for _ in range(2):
        shown = _rows_on_screen(view)
        assert [view.rowHeight(r) for r in shown] == [_fitted(view, r) for r in shown]
        view.verticalScrollBar().setValue(view.verticalScrollBar().maximum())
        qtbot.wait(10)
    tall = max(view.rowHeight(r) for r in shown)
    if size == "normal":  # the long name wraps: a row on screen is two lines high or more
        assert tall >= 2 * view.fontMetrics().height()


def test_many_couriers_on_the_road_take_one_line_of_the_phase_bar(window, desk, qtbot):
    window.resize(1366, 768)
    build_roster(qtbot, window, desk)
    for i in range(8):
        _submit(window, "send_courier", sender="meade", recipient="buford", message=f"Order {i + 1}")
    _submit(window, "begin_courier_step")
    assert desk.phase.next.text() == "Move couriers C1, C2, C3 and 5 more"
    for i in range(6):
        _submit(window, "capture", courier=f"C{i + 3}")
    # two left: each named with its heading, as the rules word the step
    assert desk.phase.next.text().splitlines() == [
        st.text for st in window.table.session.next_steps() if st.kind == "move_courier"]
    assert len(desk.phase.next.text().splitlines()) == 2


def test_the_desk_holds_still_while_a_roll_is_owed(window, desk, qtbot):
    """The phase bar's button hides while a roll is owed: the bar keeps its room, so the words
    keep their width and the tables under the bar do not move (nor are laid out again)."""
    window.resize(1366, 768)
    build_roster(qtbot, window, desk)
    _submit(window, "send_courier", sender="meade", recipient="buford", message="Hold")
    _submit(window, "begin_courier_step")
    qtbot.wait(10)
    where = (desk.phase.next.width(), desk.commander_view.mapTo(desk, desk.commander_view.rect().topLeft()))
    _submit(window, "move_courier", courier="C1", speed="officer", nearest_enemy=None, arrives=False)
    qtbot.wait(10)
    assert not desk.phase.button.isVisible()  # a loss roll is owed
    assert (desk.phase.next.width(), desk.commander_view.mapTo(desk, desk.commander_view.rect().topLeft())) == where
