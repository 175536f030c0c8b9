"""The Postman table, driven through the window: the map, moves by click with their Sneak rolls,
the phase bar, a battle resolved with one click, both hands, the one-click Recruit and Militia
phases, a flagged move overridden, undo, save and resume."""

from PySide6.QtCore import Qt

LEFT = Qt.MouseButton.LeftButton


def click(qtbot, button):
    assert button.isVisible() and button.isEnabled(), button.text()
    qtbot.mouseClick(button, LEFT)


def start(window, qtbot, setup=None):
    window.ask_setup = lambda parent, game, pack: setup or {"map": "short"}
    assert window.new_game("postman", seed=7)
    return window.screen_widget


def test_the_board_is_drawn_with_every_town_and_both_stacks(window, qtbot):
    screen = start(window, qtbot)
    board = window.table.state.board
    assert set(screen.map.town_items) == set(board.towns)
    click(qtbot, screen.cards.draw.all_button)  # the opening hands
    assert window.table.state.t.phase == "move"
    post = screen.map.town_items[board.post_town]
    assert post.look.counts == {"postmen": 5} and post.look.leaders == {"postmen"}
    camp = screen.map.town_items[board.base_camp]
    assert camp.look.counts == {"holnists": 5}
    assert "Militia: 1 of" in screen.map.town_items["eugene"].toolTip()
    before = screen.map.zoom_level()
    click(qtbot, screen.zoom_in)
    assert screen.map.zoom_level() > before
    screen.large.setChecked(True)
    assert screen.map.town_items["eugene"].scale_ > 1
