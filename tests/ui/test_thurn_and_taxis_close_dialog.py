"""The Thurn and Taxis close dialog in the larger type (#14): its 520 px least let it take that
width, the Cartwright's tick ran past its edge ("toward t"), and four options wanted 713 px, more
than a 720-pixel screen holds: each preview lost its last line under its frame."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QAbstractButton

import rules
from ui.thurn_and_taxis.close_dialog import CloseDialog

from .cuts import open_cut, settle

SAMPLE = Path(rules.__file__).parent / "thurn_and_taxis" / "samples" / "four_players_whole_game.json"
LAST_CLOSE = 603  # Dora closes a route of 7: four options, each ending the game


@pytest.mark.parametrize("text", ["normal", "large", "larger"])
def test_the_close_dialog_shows_every_option_whole(window, tmp_path, looks_back, text):
    open_cut(window, tmp_path, SAMPLE, LAST_CLOSE, (1280, 720), text)
    dlg = CloseDialog(window.table.state, window)
    dlg.show()
    settle()
    try:
        assert len(dlg.previews) == 4
        assert dlg.height() <= dlg.screen().availableGeometry().height()
        cut = [p.text() for p in dlg.previews if p.heightForWidth(p.width()) > p.height()]
        assert cut == [], "a preview's last line is under its frame"
        # a tick's or an option's words do not wrap: each as wide as they are, inside the dialog
        for button in dlg.findChildren(QAbstractButton):
            if button.isVisibleTo(dlg) and button.text():
                assert button.width() >= button.sizeHint().width(), button.text()
                right = button.mapTo(dlg, button.rect().topRight()).x()
                assert right <= dlg.width(), button.text()
    finally:
        dlg.close()
