import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """Every GUI test gets its own user data folder, so autosaves never leak between tests."""
    path = tmp_path / "data"
    monkeypatch.setenv("POSTHORN_DATA_DIR", str(path))
    monkeypatch.setenv("POSTHORN_SETTINGS_DIR", str(tmp_path / "settings"))  # never the player's
    return path


@pytest.fixture
def window(qtbot):
    from ui.main_window import MainWindow

    win = MainWindow()
    win.warnings = []
    win.warn = lambda title, text: win.warnings.append(text)
    win.confirm = lambda title, text: True
    qtbot.addWidget(win)
    win.show()
    return win


@pytest.fixture
def desk(window, qtbot):
    """A Courier Desk game opened by clicking its card on the start page."""
    from PySide6.QtCore import Qt

    window.ask_setup = lambda parent, game, pack: {"sides": ["Union", "Confederate"]}
    qtbot.mouseClick(window.start.cards["couriers"].button, Qt.MouseButton.LeftButton)
    assert window.table is not None
    return window.screen_widget


@pytest.fixture
def looks_back(window):
    """The window's looks put back after a test that set table mode or a text size."""
    yield
    window.set_table_mode(False, full_screen=False)
    window.set_text_size("normal", remember=False)
