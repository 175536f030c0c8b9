"""The ride panel's target reads whole where the desk is one column (#14), and the desk holds
still across a roll in table mode.

Stacked (1280x720 in the larger type) the panel is in its wide shape, and the "Rides to" box sat
beside the distance with 283 px: "the headquarters at Widow Leister's farm" read "the
headquarters at Wido". The dice dock stays whole for the Desk in table mode (no ``slim_dice``):
slim while no roll is owed, the desk at 1280x720 normal turned from beside (Ride at x 715) to
stacked (Ride at x 394) at every Ride click, as the roll came, and back when it was made."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QStyle, QStyleOptionComboBox

from .test_courier_desk_fits import MOMENTS, _cut, _in_sight, _on_window, _settle


def _field(box) -> int:
    """The width the combo box's style gives its text."""
    opt = QStyleOptionComboBox()
    box.initStyleOption(opt)
    return box.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, opt,
                                      QStyle.SubControl.SC_ComboBoxEditField, box).width()


@pytest.fixture(autouse=True)
def _normal_again(window):
    yield
    window.set_table_mode(False, full_screen=False)
    window.set_text_size("normal", remember=False)


@pytest.mark.parametrize("table", [False, True])
def test_the_target_reads_whole_in_the_wide_panel(window, tmp_path, table):
    window.set_text_size("larger", remember=False)
    window.resize(1280, 720)
    assert window.open_record(_cut(tmp_path, MOMENTS["courier chosen"]))
    if table:
        window.set_table_mode(True, full_screen=False)
    _settle()
    desk = window.screen_widget
    assert desk.ride.shape == "wide"
    box = desk.towards
    longest = max(box.fontMetrics().horizontalAdvance(box.itemText(i)) for i in range(box.count()))
    assert "headquarters" in " ".join(box.itemText(i) for i in range(box.count()))
    assert longest <= _field(box), (longest, _field(box))
    for w in (box, desk.ride_button, desk.arrives):  # and the panel's controls still in sight
        assert _in_sight(w, window) == _on_window(w, window), type(w).__name__


def test_in_table_mode_the_desk_holds_still_across_a_roll(window, tmp_path):
    window.resize(1280, 720)
    assert window.open_record(_cut(tmp_path, MOMENTS["courier chosen"]))
    window.set_table_mode(True, full_screen=False)
    _settle()
    desk = window.screen_widget
    shape, dock = desk.room.shape, window.dice_dock.width()
    where = _on_window(desk.ride_button, window)
    desk.ride_button.click()  # a loss roll owed
    _settle()
    assert window.table.state.pending is not None
    assert (desk.room.shape, window.dice_dock.width()) == (shape, dock)
    assert _on_window(desk.ride_button, window) == where
    window.table.roll_app()  # and made
    _settle()
    assert window.table.state.pending is None
    assert (desk.room.shape, window.dice_dock.width()) == (shape, dock)
    assert _on_window(desk.ride_button, window) == where
