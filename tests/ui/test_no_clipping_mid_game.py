"""Every screen reads in full in the middle of a game too, not only at a sample's last input: the
moments where a game's screens are fullest (a battle owed, a retreat offered, a hurricane's
payments, a route being built, couriers on the road), at the harshest look (1280x720, dark, the
larger type, in and out of table mode) and at a large screen in table mode, where the board and
the phase bar grow (#14). The checks are test_no_clipping's own."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from .cuts import cut
from .test_no_clipping import _read_every_screen

RULES = Path(__file__).resolve().parents[2] / "rules"
#: a sample and the inputs kept: moments chosen by looking at each game's screens
MOMENTS = [
    ("postman/samples/short_game.json", 25),  # a town's offer: stay or retreat
    ("postman/samples/short_game.json", 32),  # a battle owed, its step buttons
    ("postman/samples/short_game.json", 38),
    ("thurn_and_taxis/samples/four_players_whole_game.json", 40),
    ("thurn_and_taxis/samples/four_players_whole_game.json", 296),
    ("ab_die_post/samples/four_player_game.json", 40),
    ("ab_die_post/samples/four_player_game.json", 150),
    ("couriers/samples/several_turns.json", 20),
    ("couriers/samples/several_turns.json", 40),
]
LOOKS = [((1280, 720), "dark", "larger"), ((1920, 1080), "light", "normal")]


@pytest.mark.parametrize("look", LOOKS, ids=lambda lk: f"{lk[0][0]}x{lk[0][1]}-{lk[1]}-{lk[2]}")
@pytest.mark.parametrize("moment", MOMENTS, ids=lambda m: f"{m[0].split('/')[0]}-{m[1]}")
def test_every_screen_reads_in_full_in_the_middle_of_a_game(window, tmp_path, moment, look, qtbot):
    (w, h), scheme, size = look
    window.set_colours(scheme, remember=False)
    window.set_text_size(size, remember=False)
    window.resize(w, h)
    QApplication.processEvents()
    record, kept = moment
    try:
        found = _read_every_screen(window, cut(tmp_path, RULES / record, kept), qtbot, (w, h))
    finally:
        window.set_table_mode(False, full_screen=False)
        window.set_colours("light", remember=False)
        window.set_text_size("normal", remember=False)
    assert not found, "\n".join(found)
