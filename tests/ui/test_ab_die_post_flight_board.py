"""Ab die Post!'s flight drawn all the time, not only while a plane moves: every plane in its
lane and zone (or on the start field, or at the goal airport), the passenger and the zones."""

from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtWidgets import QApplication

import rules
from ui.ab_die_post.board_view import WORDS_RANK

SAMPLE = Path(rules.__file__).parent / "ab_die_post" / "samples" / "four_player_game.json"


@pytest.mark.parametrize("table_mode", [False, True], ids=["window", "table-mode"])
@pytest.mark.parametrize("size", ["normal", "large", "larger"])
def test_every_plane_is_drawn_where_the_state_puts_it(window, qtbot, size, table_mode):
    """At 1280x720 at each text size, and in table mode: every plane, the passenger and every
    zone's name shown (a word the board hid because it met another is not shown)."""
    window.set_text_size(size, remember=False)
    window.resize(1280, 720)
    assert window.open_record(str(SAMPLE))
    window.set_table_mode(table_mode, full_screen=False)
    qtbot.mouseClick(window.telling.result.buttons["back"], Qt.MouseButton.LeftButton)  # past the result
    screen = window.screen_widget
    board = screen.flight_board
    assert board.isVisible() and board.height() >= 100
    s = window.table.state
    assert set(board.plane_items) == set(s.players)  # every plane, wherever it is
    zones = s.settings.river_zones
    for player in s.players:
        plane = s.planes[player]
        tip = board.plane_items[player].toolTip()
        assert tip.startswith(f"{player}: ")
        if plane.at_goal:
            assert "goal airport" in tip
        elif not plane.in_air:
            assert "start field" in tip
        else:
            assert f"{plane.lane} lane, zone {plane.zone}" in tip
    # planes in the air sit in their own zone: a later zone is further along the U
    flying = sorted((p for p in s.players if s.planes[p].in_air and not s.planes[p].at_goal),
                    key=lambda p: s.planes[p].zone)
    assert len(flying) == 2 and s.planes[flying[0]].zone < s.planes[flying[1]].zone
    QApplication.processEvents()
    port = QRectF(board.viewport().rect())
    shown = {text for box, text, *_ in board.text_boxes() if port.contains(box.translated(-QPointF(board.viewport().pos())))}
    pieces = {item.toPlainText() for item in board.scene().items()
              if hasattr(item, "toPlainText") and item.isVisible() and item.data(WORDS_RANK) is None}
    assert {f"zone {z}" for z in range(1, zones + 1)} <= shown, shown
    assert {"start field", "goal airport"} <= shown and "P" in pieces
    # the two airports' boxes never meet, however large the planes are drawn
    start, goal = board._airports
    assert not start.intersects(goal)
    window.set_table_mode(False, full_screen=False)
    window.set_text_size("normal", remember=False)


def test_a_new_game_shows_the_board_with_every_plane_on_the_start_field(window, qtbot):
    window.ask_setup = lambda parent, game, pack: {"players": ["Anna", "Ben", "Cleo"]}
    assert window.new_game("ab_die_post", seed=3)
    board = window.screen_widget.flight_board
    assert board.isVisible()
    assert all("start field" in board.plane_items[p].toolTip() for p in ("Anna", "Ben", "Cleo"))


def test_the_table_fits_a_720_pixel_screen(window, qtbot):
    window.resize(1280, 720)
    assert window.open_record(str(SAMPLE))
    assert window.minimumSizeHint().height() <= 720
