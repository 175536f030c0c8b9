"""An internal error in the window: a report in the user data folder, a dialog that says it is a
bug and where the report is, and the game plays on with its autosave intact."""

import sys

import pytest
from PySide6.QtCore import Qt

from companion.core import autosave
from ui.crash_dialog import CrashHandler

LEFT = Qt.MouseButton.LeftButton


def add_commander(qtbot, desk, name, side, rank):
    desk.dialogs.add_commander = lambda sides: {"name": name, "side": side, "rank": rank, "building": False}
    qtbot.mouseClick(desk.add_commander_button, LEFT)


@pytest.fixture
def crashes(window, monkeypatch):
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # put back whatever pytest-qt had
    handler = CrashHandler(window).install()
    handler.dialogs = []
    handler.show = lambda title, text: handler.dialogs.append((title, text))
    return handler


@pytest.mark.qt_no_exception_capture
def test_an_error_in_a_click_shows_a_dialog_writes_a_report_and_keeps_the_game(
        window, desk, qtbot, data_dir, crashes, monkeypatch):
    add_commander(qtbot, desk, "Meade", "Union", "army")
    saved = window.table.autosaver.path
    before = autosave.read(saved).to_json()

    def broken(*args, **kwargs):
        raise KeyError("forced for the test")

    monkeypatch.setattr(window.table.session.rules, "describe", broken)
    add_commander(qtbot, desk, "Lee", "Confederate", "army")  # the click's slot raises

    [(title, text)] = crashes.dialogs
    [report] = sorted((data_dir / "crash-reports").glob("crash-*.txt"))
    assert "bug" in title and "This is a bug in Posthorn" in text and str(report) in text
    assert str(saved) in text
    body = report.read_text(encoding="utf-8")
    assert "KeyError: 'forced for the test'" in body and f"record: {saved}" in body
    assert "command: posthorn (window)" in body and "version: Posthorn" in body
    assert crashes.exit_status == 3

    # the window is still there and the game goes on; the autosave holds every input made
    assert window.isVisible() and window.table is not None
    assert autosave.read(saved).to_json() == before
    monkeypatch.undo()
    add_commander(qtbot, desk, "Lee", "Confederate", "army")
    rec = autosave.read(saved)
    assert [i.args.get("name") for i in rec.inputs] == ["Meade", "Lee"]


def test_no_error_means_exit_status_0(window, crashes):
    assert crashes.exit_status == 0 and crashes.dialogs == []


def test_an_error_in_an_asyncio_task_reaches_the_same_dialog(window, crashes):
    class Loop:
        def default_exception_handler(self, context):
            raise AssertionError("a real exception must not reach the default handler")

    crashes.loop_exception(Loop(), {"message": "Task exception", "exception": RuntimeError("in a task")})
    assert len(crashes.dialogs) == 1 and crashes.exit_status == 3


@pytest.mark.parametrize("argv", [["--self-test"], ["--screenshot", "shot.png"]])
def test_the_window_commands_exit_3_on_an_internal_error(argv, data_dir, tmp_path, monkeypatch, capsys):
    import companion.selftest
    import ui.app

    def broken(*args, **kwargs):
        raise RuntimeError("forced for the test")

    monkeypatch.setattr(companion.selftest, "run", broken)
    monkeypatch.setattr(ui.app, "_screenshot", broken)
    monkeypatch.chdir(tmp_path)
    assert ui.app.main(argv) == 3
    [report] = sorted((data_dir / "crash-reports").glob("crash-*.txt"))
    assert "this is a bug in Posthorn" in capsys.readouterr().err
    assert "RuntimeError: forced for the test" in report.read_text(encoding="utf-8")
