"""The platform's keys, the keys of the table (Space, R, digits), on-screen Undo/Redo, About,
and the start page's Saved games list (open, rename, put in the trash, broken files)."""

import json
import sys
from importlib.metadata import version
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox

SAMPLES = Path(__file__).resolve().parents[2] / "rules"
COURIERS = SAMPLES / "couriers" / "samples" / "several_turns.json"
TT = SAMPLES / "thurn_and_taxis" / "samples" / "four_players_whole_game.json"
CTRL = Qt.KeyboardModifier.ControlModifier


def keys_bound(window, qtbot):
    qtbot.waitUntil(lambda: "step" in window.actions_ and bool(window.actions_["redo"].shortcuts()), timeout=3000)


def press(qtbot, window, key, modifier=Qt.KeyboardModifier.NoModifier):
    window.activateWindow()
    qtbot.keyClick(window, key, modifier)


@pytest.mark.skipif(sys.platform == "darwin", reason="Ctrl+Y is the Windows and Linux redo")
def test_ctrl_z_undoes_and_ctrl_y_redoes(window, qtbot):
    assert window.open_record(str(COURIERS))
    keys_bound(window, qtbot)
    n = len(window.table.session.entries)
    press(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert len(window.table.session.entries) == n - 1
    press(qtbot, window, Qt.Key.Key_Y, CTRL)
    assert len(window.table.session.entries) == n
    press(qtbot, window, Qt.Key.Key_Z, CTRL)
    press(qtbot, window, Qt.Key.Key_Z, CTRL | Qt.KeyboardModifier.ShiftModifier)
    assert len(window.table.session.entries) == n


def test_on_screen_undo_and_redo_name_the_step_in_their_tip(window, qtbot):
    assert window.open_record(str(COURIERS))
    assert window.toolbar.isVisible()
    undo, redo = window.step_buttons["undo"], window.step_buttons["redo"]
    assert undo.isVisible() and undo.parent() is window.toolbar
    assert undo.text() == "Undo" and window.table.session.undo_name in undo.toolTip()
    assert not redo.isEnabled()
    n = len(window.table.session.entries)
    qtbot.mouseClick(undo, Qt.MouseButton.LeftButton)
    assert len(window.table.session.entries) == n - 1 and redo.isEnabled()
    qtbot.mouseClick(redo, Qt.MouseButton.LeftButton)
    assert len(window.table.session.entries) == n
    window.close_game()
    assert not window.toolbar.isVisible()


def test_ctrl_s_saves_to_the_file_saved_before_and_asks_the_first_time(window, qtbot, tmp_path):
    assert window.open_record(str(COURIERS))
    keys_bound(window, qtbot)
    asked = []
    window.save_as_dialog = lambda: asked.append(True)
    press(qtbot, window, Qt.Key.Key_S, CTRL)
    assert asked == [True]
    mine = tmp_path / "mine.json"
    assert window.save_as(mine)
    n = len(json.loads(mine.read_text())["inputs"])
    window.table.undo()
    press(qtbot, window, Qt.Key.Key_S, CTRL)
    assert len(json.loads(mine.read_text())["inputs"]) == n - 1
    assert asked == [True]


def test_space_does_the_step_owed_next(window, desk, qtbot):
    keys_bound(window, qtbot)
    desk.dialogs.add_commander = lambda sides: {"name": "Meade", "side": "Union", "rank": "army",
                                               "building": False}
    qtbot.mouseClick(desk.add_commander_button, Qt.MouseButton.LeftButton)
    assert window.table.state.turn == 0
    press(qtbot, window, Qt.Key.Key_Space)
    assert window.table.state.turn == 1  # the phase bar's Begin the game


def test_space_on_a_control_reached_with_tab_is_that_control_s(window, desk, qtbot):
    keys_bound(window, qtbot)
    desk.dialogs.add_commander = lambda sides: {"name": "Meade", "side": "Union", "rank": "army",
                                               "building": False}
    qtbot.mouseClick(desk.add_commander_button, Qt.MouseButton.LeftButton)
    asked = []
    desk.dialogs.add_commander = lambda sides: asked.append(True)
    window.activateWindow()
    # the control after it in the Tab order, then Shift+Tab back to it (the click left it focused)
    after = desk.add_commander_button.nextInFocusChain()
    while not (after.focusPolicy() & Qt.FocusPolicy.TabFocus and after.isVisible() and after.isEnabled()):
        after = after.nextInFocusChain()
    after.setFocus()
    qtbot.keyClick(after, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    assert QApplication.focusWidget() is desk.add_commander_button
    qtbot.keyClick(desk.add_commander_button, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: asked == [True], timeout=2000)  # the focused button clicked ...
    assert window.table.state.turn == 0  # ... and the phase bar's Begin the game waits
    # a click elsewhere moves the focus by the mouse: Space is the table's again
    view = desk.commander_view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.viewport().rect().center())
    press(qtbot, window, Qt.Key.Key_Space)
    assert window.table.state.turn == 1


def courier_riding(window, desk, qtbot):
    for name, side in (("Meade", "Union"), ("Buford", "Union")):
        desk.dialogs.add_commander = lambda sides, n=name, s=side: {"name": n, "side": s, "rank": "army",
                                                                    "building": False}
        qtbot.mouseClick(desk.add_commander_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(desk.phase.button, Qt.MouseButton.LeftButton)  # Begin the game
    desk.dialogs.send_courier = lambda state, sender: {"sender": "meade", "recipient": "buford",
                                                       "message": "Hold the ridge"}
    qtbot.mouseClick(desk.send_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(desk.phase.button, Qt.MouseButton.LeftButton)
    desk.select_courier("C1")
    desk.arrives.setChecked(True)
    qtbot.mouseClick(desk.ride_button, Qt.MouseButton.LeftButton)
    assert window.table.session.pending_roll() is not None


def test_r_rolls_the_dice_that_are_due(window, desk, qtbot):
    keys_bound(window, qtbot)
    courier_riding(window, desk, qtbot)
    window.dice.animate = False
    n = len(window.table.session.entries)
    press(qtbot, window, Qt.Key.Key_R)
    assert len(window.table.session.entries) == n + 1
    assert window.table.session.entries[-1].input.kind == "roll"
    assert window.table.session.entries[-1].input.source == "app"


def test_a_digit_types_the_table_dice_and_enter_uses_them(window, desk, qtbot):
    keys_bound(window, qtbot)
    courier_riding(window, desk, qtbot)
    n = len(window.table.session.entries)
    press(qtbot, window, Qt.Key.Key_4)
    assert window.dice.typed.text() == "4" and window.dice.typed.hasFocus()
    qtbot.keyClicks(window.dice.typed, " 3")  # the loss roll is 2d6: the next die goes on typing
    qtbot.keyClick(window.dice.typed, Qt.Key.Key_Return)
    assert not window.banner.isVisible(), window.banner.text.text()
    last = window.table.session.entries[-1].input
    assert len(window.table.session.entries) == n + 1
    assert last.kind == "roll" and last.source == "table" and last.args["values"] == (4, 3)


def test_no_digit_is_taken_when_no_roll_is_due(window, desk, qtbot):
    keys_bound(window, qtbot)
    press(qtbot, window, Qt.Key.Key_4)
    assert window.dice.typed.text() == ""


def test_the_shortcut_list_names_every_key(window, qtbot):
    keys_bound(window, qtbot)
    window.actions_["keys"].trigger()
    text = window.shortcuts_dialog.text()
    for key, what in (("Ctrl+Z", "Undo"), ("Ctrl+S", "Save"), ("F11", "Table mode"), ("Space", "step owed"),
                      ("R", "Roll"), ("Ctrl+O", "Open"), ("Ctrl++", "Bigger text")):
        assert key in text and what in text, (key, what)
    if sys.platform != "darwin":
        assert "Ctrl+Y" in text


def test_about_shows_the_installed_version(window, monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "about", lambda parent, title, text: shown.append(text))
    window.actions_["about"].trigger()
    assert f"Posthorn {version('posthorn')}" in shown[0]


# -- saved games --------------------------------------------------------------------------------
def saved(window, *records):
    """Open each record (its game continues in a new autosave) and go back to the start page."""
    for r in records:
        assert window.open_record(str(r))
        window.close_game()
    window.refresh_resume()
    return window.start.saved_games


def test_saved_games_lists_every_autosave_with_game_title_players_time_and_length(window):
    games = saved(window, COURIERS, TT)
    rows = [[games.list.topLevelItem(i).text(c) for c in range(5)] for i in range(games.list.topLevelItemCount())]
    assert len(rows) == 2
    tt, couriers = rows  # the newest first
    assert tt[0] == "Thurn and Taxis" and tt[2] == "Anna, Ben, Cara, Dora"
    assert couriers[0] == "Courier Desk" and couriers[2] == "Union, Confederate"
    assert couriers[1].startswith("Gettysburg")
    n = len(json.loads(COURIERS.read_text())["inputs"])
    assert couriers[4] == f"{n} inputs"
    assert "UTC" not in couriers[3] and couriers[3][:1].isdigit()


def test_a_broken_file_is_listed_with_why_and_the_others_still_open(window, data_dir, qtbot):
    saved(window, COURIERS)
    bad = data_dir / "autosave" / "zz-broken.json"
    bad.write_text("{not json")
    window.refresh_resume()
    games = window.start.saved_games
    texts = [games.list.topLevelItem(i).text(1) for i in range(games.list.topLevelItemCount())]
    assert any(t.startswith("Cannot be opened") and "JSON" in t for t in texts)
    assert games.open_button.isEnabled()  # the newest game that opens is the one chosen
    games.select(bad)
    assert not games.open_button.isEnabled() and games.delete_button.isEnabled()
    assert bad.read_text() == "{not json"  # left exactly as it was
    good = next(r for r in games.rows if not r.problem)
    games.select(good.path)
    qtbot.mouseClick(games.open_button, Qt.MouseButton.LeftButton)
    assert window.table is not None and window.table.autosaver.path == good.path


def test_rename_gives_the_saved_game_a_new_title(window, qtbot):
    games = saved(window, COURIERS)
    path = games.rows[0].path
    window.ask_text = lambda title, label, text: "Tuesday at Jo's"
    games.select(path)
    qtbot.mouseClick(games.rename_button, Qt.MouseButton.LeftButton)
    assert json.loads(path.read_text())["title"] == "Tuesday at Jo's"
    assert window.start.saved_games.list.topLevelItem(0).text(1) == "Tuesday at Jo's"
    window.ask_text = lambda title, label, text: None  # cancelled: nothing changes
    assert not window.rename_saved(str(path))
    assert json.loads(path.read_text())["title"] == "Tuesday at Jo's"


def test_delete_puts_the_saved_game_in_the_trash(window, qtbot):
    games = saved(window, COURIERS, TT)
    trashed = []
    window.trash = lambda files: trashed.extend(files)
    path = games.rows[0].path
    games.select(path)
    qtbot.mouseClick(games.delete_button, Qt.MouseButton.LeftButton)
    assert trashed == [path, path.with_name(path.name + ".journal")]  # the game and its journal


def test_without_a_trash_delete_asks_and_only_yes_deletes(window, qtbot):
    games = saved(window, COURIERS)
    path = games.rows[0].path

    def no_trash(files):
        raise OSError("no trash on this system")

    window.trash = no_trash
    window.confirm = lambda title, text: False
    assert not window.delete_saved(str(path))
    assert path.exists()
    window.confirm = lambda title, text: "for good" in text
    assert window.delete_saved(str(path))
    assert not path.exists()
    assert window.start.saved_games.isHidden()  # nothing left to list


def test_the_real_trash_is_the_platform_one(tmp_path, monkeypatch):
    """send2trash, into a trash folder of this test's own (XDG_DATA_HOME), never the player's."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    from ui.main_window import _send_to_trash

    f = tmp_path / "game.json"
    f.write_text("{}")
    _send_to_trash([f])
    assert not f.exists()
    assert list((tmp_path / "xdg" / "Trash" / "files").iterdir())[0].name == "game.json"


def test_the_list_waits_for_the_first_frame(window):
    QApplication.processEvents()
    assert window.start.saved_games is None or window.start.saved_games.isHidden()


def test_ctrl_plus_and_minus_change_the_text_size_and_f11_is_table_mode(window, desk, qtbot):
    from ui.looks import LOOKS

    keys_bound(window, qtbot)
    press(qtbot, window, Qt.Key.Key_Plus, CTRL)
    assert LOOKS.text_size == "large"
    press(qtbot, window, Qt.Key.Key_Equal, CTRL)  # Ctrl and the key under + without Shift
    assert LOOKS.text_size == "larger"
    press(qtbot, window, Qt.Key.Key_Minus, CTRL)
    press(qtbot, window, Qt.Key.Key_Minus, CTRL)
    assert LOOKS.text_size == "normal"
    press(qtbot, window, Qt.Key.Key_F11)
    assert LOOKS.table_mode and window.isFullScreen()
    press(qtbot, window, Qt.Key.Key_F11)
    assert not LOOKS.table_mode and not window.isFullScreen()


def test_the_start_page_offers_each_new_game_in_plain_words(window):
    words = {g: card.button.text() for g, card in window.start.cards.items() if card.button}
    assert words["postman"] == "New Postman game"
    assert words["couriers"] == "New Courier Desk game"
