"""Ab die Post! with a board, through the window: the move page shows the drawn track instead of
the lane, zone and flank buttons; the player clicks the landing space and flies there."""

import os

from PySide6.QtCore import Qt

from companion.ab_die_post.board import GOAL
from ui.ab_die_post.dialogs import ask_setup

LEFT = Qt.MouseButton.LeftButton
SETUP = {"players": ["Anna", "Ben", "Cleo"], "board": "illustrative"}


def click(qtbot, button):
    assert button.isEnabled() and button.isVisible(), button.text()
    qtbot.mouseClick(button, LEFT)


def click_space(qtbot, view, target):
    qtbot.mouseClick(view.viewport(), LEFT, pos=view.click_point(target))


def open_board_game(window, qtbot, setup=SETUP):
    window.ask_setup = lambda parent, game, pack: setup
    click(qtbot, window.start.cards["ab_die_post"].button)
    screen = window.screen_widget
    for _ in range(3):  # everyone draws 2 + 2
        click(qtbot, screen.turn_page.table_cards[2])
        click(qtbot, screen.turn_page.table_cards[2])
        click(qtbot, screen.turn_page.stop_button)
    return screen


def snap(widget, name):
    """With POSTHORN_SNAP=folder set, save what the widget looks like (for looking at it)."""
    folder = os.environ.get("POSTHORN_SNAP")
    if folder:
        widget.grab().save(os.path.join(folder, name))


def test_a_move_by_clicking_the_landing_space(window, qtbot):
    window.resize(1280, 800)
    screen = open_board_game(window, qtbot)
    click(qtbot, screen.turn_page.fly_button)
    click(qtbot, screen.indicator.colour_buttons["blue"])
    mp = screen.move_page
    assert screen.pages.currentWidget() is mp
    assert mp.board_box.isVisible() and not mp.manual.isVisible() and not mp.blocked_button.isVisible()
    view = mp.board_view
    # blue from the start field: o3, m3, i3 straight on; nothing else (the landing is straight)
    assert set(mp.landings) == {"i3", "m3", "o3"}
    assert not mp.board_move_button.isEnabled()
    click_space(qtbot, view, "o2")  # not within reach: nothing picked
    assert mp.selected is None
    click_space(qtbot, view, "m3")
    assert mp.selected == "m3" and "middle lane, zone 1" in mp.board_text.text()
    qtbot.wait(20)  # let the layout settle before looking
    snap(window, "ab_die_post_board_move.png")
    click(qtbot, mp.board_move_button)
    plane = window.table.state.planes["Anna"]
    assert (plane.space, plane.lane, plane.zone) == ("m3", "middle", 1)
    assert "Anna flies to the middle lane's 3rd space (zone 1)" in window.table.session.entries[-1].text

    # Ben's green would land on m3: red on the track, and picking it keeps the plane on the field
    click(qtbot, screen.turn_page.fly_button)
    click(qtbot, screen.indicator.colour_buttons["green"])
    assert mp.selected is None and mp.landings["m2"].taken is None
    assert set(mp.landings) == {"i2", "m2", "o2"}
    s = window.table.state
    s.planes["Anna"].space = "m2"  # as if Anna stood one space back (the rules take it from here)
    mp.update_from(s)
    assert mp.landings["m2"].taken == "Anna"
    click_space(qtbot, view, "m2")
    assert "taken by Anna" in mp.board_text.text()
    qtbot.wait(20)
    snap(window, "ab_die_post_board_taken.png")
    click(qtbot, mp.board_move_button)
    assert not window.table.state.planes["Ben"].in_air and window.table.state.current == "Cleo"


def test_the_goal_airport_is_clicked_on_the_track(window, qtbot):
    screen = open_board_game(window, qtbot)
    s = window.table.state
    plane = s.planes["Anna"]
    plane.in_air, plane.space, plane.lane, plane.zone = True, "i11", "inner", 6
    click(qtbot, screen.turn_page.fly_button)
    click(qtbot, screen.indicator.colour_buttons["yellow"])
    mp = screen.move_page
    assert GOAL in mp.landings and "goal airport is within reach" in mp.wind.text()
    click_space(qtbot, mp.board_view, GOAL)
    assert mp.selected == GOAL and "flight ends" in mp.board_text.text()
    click(qtbot, mp.board_move_button)
    assert window.table.state.results[-1].places["Anna"] == 1


def test_setup_dialog_offers_the_board(qtbot):
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QComboBox, QDialogButtonBox

    from companion.games import bundled_pack

    def answer():
        dlg = QApplication.activeModalWidget()
        boards = [c for c in dlg.findChildren(QComboBox) if c.findData("illustrative") >= 0]
        boards[0].setCurrentIndex(boards[0].findData("illustrative"))
        QApplication.processEvents()
        snap(dlg, "ab_die_post_board_setup.png")
        dlg.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()

    QTimer.singleShot(0, answer)
    setup = ask_setup(None, bundled_pack("ab_die_post"))
    assert setup["board"] == "illustrative"
    assert "river_zones" not in setup["settings"] and setup["settings"]["tied_planes"] == "share"
