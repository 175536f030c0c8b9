"""Help > Keyboard shortcuts reads at every text size: each action on one line, each key whole,
the dialog inside the screen (its list scrolls instead), and only keys an ordinary keyboard has."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFontMetrics

from ui.widgets.shortcuts_dialog import KEYS_JOINED

from .test_keys_and_saved_games import keys_bound

MEDIA_KEYS = {"Open", "Save", "Close", "Undo", "Redo", "Zoom In", "Zoom Out", "Help", "Shift+Save"}


def opened(window, qtbot, size):
    window.set_text_size(size, remember=False)
    keys_bound(window, qtbot)
    window.actions_["keys"].trigger()
    dialog = window.shortcuts_dialog
    qtbot.waitExposed(dialog)
    return dialog


@pytest.mark.parametrize("size", ["normal", "larger"])
def test_every_action_is_one_line_and_every_key_whole(window, qtbot, size):
    dialog = opened(window, qtbot, size)
    for label in dialog.what_labels + dialog.key_labels:
        fm = QFontMetrics(label.font())
        assert fm.horizontalAdvance(label.text()) <= label.contentsRect().width(), label.text()
        assert label.height() < 2 * fm.height(), label.text()


@pytest.mark.parametrize("size", ["normal", "larger"])
def test_the_dialog_stays_on_its_screen(window, qtbot, size):
    dialog = opened(window, qtbot, size)
    room = dialog.screen().availableGeometry()
    assert dialog.frameGeometry().height() <= room.height()
    last = dialog.what_labels[-1]
    # what is under the list's edge scrolls into sight
    dialog.list.ensureWidgetVisible(last)
    port = dialog.list.viewport()
    top = last.mapTo(port, last.rect().topLeft()).y()
    assert 0 <= top and top + last.height() <= port.height()


def test_no_media_key_is_listed(window, qtbot):
    dialog = opened(window, qtbot, "normal")
    keys = {key for label in dialog.key_labels for key in label.text().split(KEYS_JOINED)}
    assert not keys & MEDIA_KEYS
    assert "Ctrl+O" in keys and "F1" in keys and "Ctrl++" in keys
