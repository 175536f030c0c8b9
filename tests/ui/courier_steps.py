"""Steps through a Courier Desk game in a real window, shared by the tests that need a game at
that point: the roster built, a courier sent, and a courier searching after a failed location
roll (couriers.locate.failed)."""

from PySide6.QtCore import Qt

LEFT = Qt.MouseButton.LeftButton


def click(qtbot, button):
    assert button.isEnabled(), button.text()
    qtbot.mouseClick(button, LEFT)


def add_commander(qtbot, desk, name, side, rank, building=False):
    desk.dialogs.add_commander = lambda sides: {"name": name, "side": side, "rank": rank,
                                               "building": building}
    click(qtbot, desk.add_commander_button)


def build_roster(qtbot, window, desk):
    add_commander(qtbot, desk, "Meade", "Union", "army")
    add_commander(qtbot, desk, "Buford", "Union", "brigade")
    add_commander(qtbot, desk, "Lee", "Confederate", "army")
    desk.select_commander("meade")
    desk.dialogs.place = lambda *a, **k: {"place": "Leister House", "building": True}
    click(qtbot, desk.declare_button)
    assert window.table.state.commanders["meade"].hq == "Leister House"
    click(qtbot, desk.phase.button)  # Begin the game
    assert window.table.state.turn == 1


def send_to_hancock(qtbot, window, desk):
    """The roster and Hancock's corps under Meade; Buford sends C1 to Hancock and the courier
    step begins with C1 chosen."""
    build_roster(qtbot, window, desk)
    add_commander(qtbot, desk, "Hancock", "Union", "corps")
    desk.dialogs.send_courier = lambda state, sender: {"sender": "buford", "recipient": "hancock",
                                                       "message": "Cavalry screen is thin"}
    click(qtbot, desk.send_button)
    click(qtbot, desk.phase.button)  # Begin courier step
    desk.select_courier("C1")


def ride_and_lose_the_trail(qtbot, window, desk, towards="buford"):
    """C1 rides ``towards`` a unit and arrives, gets through (the table's 1 1), fails its
    location roll (1 2) and, a turn later, is chosen again to ride on searching."""
    desk.towards.setCurrentIndex(desk.towards.findData(towards))
    desk.arrives.setChecked(True)
    click(qtbot, desk.ride_button)
    window.table.roll_table([1, 1])
    click(qtbot, desk.locate_button)
    window.table.roll_table([1, 2])  # not found: searching
    click(qtbot, desk.phase.button)  # End turn
    click(qtbot, desk.phase.button)  # Begin courier step
    desk.select_courier("C1")
