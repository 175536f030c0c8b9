"""The window opens fitting the screen it is on (never taller than the screen's room, at most
1280x800) and opens again where and as large as it was left."""

from ui.main_window import MainWindow


def test_the_first_window_fits_its_screen(qtbot):
    win = MainWindow()
    qtbot.addWidget(win)
    room = win.screen().availableGeometry()
    assert win.width() == min(1280, room.width()) and win.height() == min(800, room.height())
    assert room.contains(win.frameGeometry().topLeft())


def test_the_window_opens_as_it_was_left(qtbot):
    win = MainWindow()
    qtbot.addWidget(win)
    win.show()
    win.resize(700, 520)
    win.move(40, 30)
    win.close()
    again = MainWindow()
    qtbot.addWidget(again)
    assert (again.width(), again.height()) == (700, 520)
