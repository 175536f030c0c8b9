"""The Courier Desk late in a game: an input redraws the rows it changed and measures only the
rows on screen, and every row still shows what the state says (a stale row is a bug). Counted in
rows redrawn and rows measured, not in time (the time is bench/ui_latency.py's)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

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
    # two left: named on the same one line (each one's heading is the ride panel's), the rules'
    # whole words the line's tooltip
    assert desk.phase.next.text() == "Move couriers C1, C2"
    assert desk.phase.next.toolTip().splitlines()[:2] == [
        st.text for st in window.table.session.next_steps() if st.kind == "move_courier"]


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


# -- redrawn from the change record (#10 item 4) ---------------------------------------------------
def _brush(value):
    return value.color().name() if value is not None else None


def _table(model):
    roles = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole)
    return [[tuple(model.index(r, c).data(role) for role in roles) + (_brush(model.index(r, c).data(Qt.ItemDataRole.ForegroundRole)),)
             for c in range(model.columnCount())] for r in range(model.rowCount())]


def _button(b):
    return (b.text(), b.isEnabled(), b.toolTip(), b.isHidden())


def shown(desk) -> dict:
    """Everything a player reads on the desk, and what each control would give."""
    return {
        "phase": (desk.phase.where.text(), desk.phase.next.text(), _button(desk.phase.button)),
        "commanders": _table(desk.commanders),
        "couriers": _table(desk.couriers),
        "selected": (desk.selected_commander(), desk.selected_courier()),
        "buttons": [_button(b) for b in (desk.add_commander_button, desk.declare_button, desk.moved_button,
                                         desk.return_button, desk.establish_button, desk.send_button,
                                         desk.end_button)],
        "speeds": (desk.officer.text(), desk.double.text(), desk.enemy_near.text(),
                   desk.distance.minimum(), desk.distance.maximum(), desk.distance.value()),
        "courier": (desk.move_box.title(), desk.heading.text(), desk.loss_preview.text(),
                    [desk.history.item(i).text() for i in range(desk.history.count())],
                    [(desk.towards.itemData(i), desk.towards.itemText(i)) for i in range(desk.towards.count())],
                    desk.towards.currentIndex(), _button(desk.next_closest), _button(desk.arrives),
                    [_button(b) for b in (desk.ride_button, desk.locate_button, desk.capture_button,
                                          desk.orders_button)]),
    }


def fresh_desk(window, like):
    """A desk built afresh on the same table, with the same commander and courier chosen."""
    from ui.couriers.desk import CourierDesk

    fresh = CourierDesk(window.table)
    for pick, view, chosen in ((fresh.select_commander, fresh.commander_view, like.selected_commander()),
                               (fresh.select_courier, fresh.courier_view, like.selected_courier())):
        view.clearSelection()
        if chosen:
            pick(chosen)
    return fresh


def test_after_random_evenings_through_the_window_every_panel_shows_what_a_fresh_desk_shows(window, desk, qtbot):
    import random

    from playout import Playout

    window.resize(1366, 768)
    session = window.table.session
    assert session.tell_parts  # the window has the session find the parts for this screen
    skipped, speeds = 0, desk.redraws["speeds"]
    for seed in (3, 11):
        player = Playout(session, random.Random(seed), table_dice=0.5, undo=0.2, via=window.table)
        for step in range(70):
            if not player.step():
                break
            fresh = fresh_desk(window, desk)
            change = window.table.session.last_change
            a, b = shown(desk), shown(fresh)
            assert a == b, (seed, step, change.event, sorted(change.state_parts), [k for k in a if a[k] != b[k]])
            fresh.deleteLater()
            skipped += not change.changed("couriers")
        # the next evening on a desk already played: undo the whole game
        while session.can_undo:
            window.undo()
        assert shown(desk) == shown(fresh_desk(window, desk))
    assert skipped > 5  # some changes left the courier table alone, and it still matched
    assert desk.redraws["speeds"] == speeds  # the pack's numbers: drawn when the desk was opened only


def test_a_panel_is_redrawn_when_a_part_it_shows_changed_and_left_when_none_did(window, desk, qtbot):
    from companion.core.inputs import roll

    build_roster(qtbot, window, desk)  # the game begun: turn 1, the wargame's turn
    _submit(window, "send_courier", sender="meade", recipient="buford", message="Hold")

    def drawn(kind, override=False, **args):
        before = desk.redraws.copy()
        outcome = window.table.submit(Input(kind, args), override) if kind != "roll" else \
            window.table.submit(roll(args["values"], "table"), override)
        assert outcome is not None and outcome.accepted, (kind, outcome and outcome.violations)
        return {k for k in desk.redraws if desk.redraws[k] != before[k]}, window.table.session.last_change.state_parts

    panels, parts = drawn("move_commander", commander="lee")  # a commander moved: his row
    assert parts >= {"commanders"} and "couriers" not in parts
    assert panels == {"commanders", "couriers", "phase", "buttons", "courier"}  # a courier's heading names him
    panels, parts = drawn("begin_courier_step")
    assert parts == {"phase", "phase.*"}  # the phase alone (a value, not split into fields)
    assert panels == {"phase", "buttons", "courier"}  # neither table: nothing a row shows changed
    panels, parts = drawn("move_courier", courier="C1", speed="officer", nearest_enemy=None, arrives=False)
    assert "couriers" in parts and "commanders" not in parts
    assert "commanders" not in panels and "couriers" in panels
    panels, parts = drawn("roll", values=[1, 1])
    assert "commanders" not in panels and "couriers" in panels
    # a roll nobody asked for, overridden, changes nothing (couriers.roll.none): no panel is drawn
    panels, parts = drawn("roll", override=True, values=[3, 4])
    assert parts == frozenset() and panels == set()
    window.undo()  # the overridden roll undone: the state is as it was, still nothing drawn
    assert shown(desk) == shown(fresh_desk(window, desk))


def test_the_chosen_couriers_history_keeps_its_newest_line_in_sight(window, desk, qtbot):
    """Filled only when it changed, the history still follows its newest line when it is laid
    out again (shown, resized), and stays where the reader scrolled it otherwise."""
    window.resize(1280, 720)
    build_roster(qtbot, window, desk)
    _submit(window, "send_courier", sender="meade", recipient="buford", message="Hold")
    for _turn in range(8):  # a long story: one ride a turn, each through its loss roll
        _submit(window, "begin_courier_step")
        _submit(window, "move_courier", courier="C1", speed="officer", nearest_enemy=None, arrives=False)
        assert window.table.submit(Input("roll", {"values": [1, 1]}, "table")).accepted
        _submit(window, "end_turn")
    desk.select_courier("C1")
    qtbot.wait(20)
    bar = desk.history.verticalScrollBar()
    assert bar.maximum() > 0 and bar.value() == bar.maximum()
    window.resize(1366, 768)  # its lines wrap anew: the newest stays in sight
    qtbot.wait(20)
    assert bar.value() == bar.maximum()
    bar.triggerAction(bar.SliderAction.SliderToMinimum)  # the reader looks at its first lines
    _submit(window, "begin_courier_step")  # a change its story does not show
    qtbot.wait(20)
    assert bar.value() == 0


# -- the courier table reads only the couriers that can have changed (#12) -------------------------
def test_the_courier_table_follows_an_evening_reading_only_the_couriers_that_can_have_changed(qtbot):
    """Followed state by state through long random evenings (bench/replay.py's table) with undo
    and redo, the table shows what one built afresh shows; a row is moved, added or removed in
    place (no reset), and each step reads only the couriers riding and those the step made
    anew, never a finished courier left as it was."""
    import random
    import sys
    from pathlib import Path

    from playout import Playout

    from ui.couriers.models import CourierModel

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    import replay  # bench/replay.py: the benchmarks' long Courier Desk evening

    followed = CourierModel()
    resets, read = [], []
    followed.modelReset.connect(lambda: resets.append(1))
    sign = followed.signature
    followed.signature = lambda c: read.append(c.id) or sign(c)
    steps = 0
    for seed in (5, 8):
        session = replay.build_game(300, seed)  # dozens of couriers finished already
        followed.show_all(session.state)  # a new evening: a new roster
        player = Playout(session, random.Random(seed), table_dice=0.5, words=replay.orders, words_rate=0.6,
                         avoid=replay.NEVER, undo=0.25)
        for _ in range(150):
            assert player.step()
            before = followed.state
            read.clear()
            followed.follow(session.state)
            fresh = CourierModel()
            fresh.show_all(session.state)
            assert followed._keys == fresh._keys and _table(followed) == _table(fresh)
            s = session.state
            anew = {cid for cid, c in s.couriers.items() if before.couriers.get(cid) is not c}
            assert set(read) <= set(s.riding) | anew  # never a finished courier left as it was
            assert len(s.couriers) - len(s.riding) > 20
            steps += 1
    assert len(resets) <= 2 + steps // 20  # a new evening, and now and then a state read afresh
