"""A real flow through the window: start the Courier Desk, build the roster, send and ride
couriers, roll with the app's dice and the table's, undo, override a flag, quit and resume."""

import json

from PySide6.QtCore import Qt

from companion.core.inputs import Input
from ui.main_window import MainWindow

from .courier_steps import (
    add_commander,
    build_roster,
    click,
    ride_and_lose_the_trail,
    send_to_hancock,
)


def test_whole_evening_with_undo_override_and_resume(window, desk, qtbot, data_dir):
    build_roster(qtbot, window, desk)
    assert desk.phase.button.text() == "Begin courier step"

    desk.dialogs.send_courier = lambda state, sender: {"sender": "meade", "recipient": "buford",
                                                       "message": "Hold the ridge"}
    click(qtbot, desk.send_button)
    assert "C1" in window.table.state.couriers
    click(qtbot, desk.phase.button)  # Begin courier step
    assert window.table.state.phase == "couriers"

    desk.select_courier("C1")
    # the speeds as a table says them: the number to roll, the dice in brackets
    mv = window.table.state.settings
    for box, speed in ((desk.officer, mv.speeds["officer"]), (desk.double, mv.speeds["double"])):
        assert box.text().endswith(f", lost on {speed.lost_on}{'' if speed.lost_on >= speed.dice.highest else '+'} "
                                   f"({speed.dice})"), box.text()
        assert " on 1d6" not in box.text() and " on 2d6" not in box.text()
    desk.double.setChecked(True)
    desk.enemy_near.setChecked(True)
    desk.distance.setValue(3)
    assert "lost on 4+" in desk.loss_preview.text()  # 6 on 1d6, two steps lower within 4"
    desk.arrives.setChecked(True)
    click(qtbot, desk.ride_button)

    # the dice tray now shows the loss roll with its odds; the table types its own die
    assert window.dice.request is not None and "loss roll" in window.dice.title.text().lower()
    assert "50%" in window.dice.detail.text()
    qtbot.keyClicks(window.dice.typed, "9")
    qtbot.keyClick(window.dice.typed, Qt.Key.Key_Return)
    assert window.banner.isVisible() and "1 to 6" in window.banner.text.text()  # refused, game goes on
    assert window.table.state.pending is not None
    qtbot.keyClicks(window.dice.typed, "2")
    qtbot.keyClick(window.dice.typed, Qt.Key.Key_Return)
    courier = window.table.state.couriers["C1"]
    assert courier.status == "searching"
    assert window.table.session.entries[-1].input.source == "table"

    # location roll with the app's dice, then undo it (asks, and stays in the log as undone)
    click(qtbot, desk.locate_button)
    window.dice.animate = False
    click(qtbot, window.dice.roll_button)
    assert window.table.session.entries[-1].input.source == "app"
    asked = []
    window.confirm = lambda title, text: asked.append(text) or True
    rolled = window.table.session.entries[-1].text
    assert window.actions_["undo"].text().startswith("&Undo Location roll")
    window.actions_["undo"].trigger()
    assert asked and rolled in asked[0]
    assert window.table.state.pending is not None  # the location roll is owed again
    log_lines = [window.log.model.index(i).data() for i in range(window.log.model.rowCount())]
    assert any("undone" in line and "Location roll" in line for line in log_lines)
    assert window.actions_["redo"].isEnabled()
    click(qtbot, window.dice.roll_button)  # a fresh roll, not a replay of the undone one
    assert window.table.state.pending is None

    # a flagged move: a courier moves twice in a turn; the banner cites the rule, Override plays it
    n = len(window.table.session.entries)
    desk.select_courier("C1")
    desk.arrives.setChecked(False)
    click(qtbot, desk.ride_button)
    assert len(window.table.session.entries) == n
    assert window.banner.isVisible()
    assert "couriers.move.once" in window.banner.text.text()
    click(qtbot, window.banner.rule_button)
    assert window.rules.current_rule() == "couriers.move.once"
    click(qtbot, window.banner.override_button)
    entry = window.table.session.entries[-1]
    assert entry.input.override == ("couriers.move.once",)
    assert not window.banner.isVisible()
    window.table.roll_table([1])  # its loss roll

    # a brigade HQ is flagged with its rule and not recorded
    desk.select_commander("buford")
    desk.dialogs.place = lambda *a, **k: {"place": "Seminary"}
    click(qtbot, desk.establish_button)
    assert "couriers.hq.brigade" in window.banner.text.text()
    click(qtbot, window.banner.cancel_button)
    assert window.table.state.commanders["buford"].hq is None

    click(qtbot, desk.phase.button)  # End turn
    assert window.table.state.turn == 2
    live = window.table.rules.state_json(window.table.state)
    autosave = window.table.autosaver.path
    from companion.core import autosave as saves

    assert len(saves.read(autosave).inputs) == len(window.table.session.entries)  # after the last input
    window.close()

    again = MainWindow()
    qtbot.addWidget(again)
    again.warn = lambda title, text: (_ for _ in ()).throw(AssertionError(text))
    qtbot.waitUntil(lambda: again.start.resume_box.isVisibleTo(again.start))
    assert "Courier Desk" in again.start.resume_label.text()
    click(qtbot, again.start.resume_button)
    assert again.table.rules.state_json(again.table.state) == live
    assert again.table.autosaver.path == autosave  # our own autosave continues in place
    lines = [again.log.model.index(i).data() for i in range(again.log.model.rowCount())]
    assert any("undone" in line for line in lines)  # undone roll still visible after resume


def test_courier_captured_cannot_ride(window, desk, qtbot):
    build_roster(qtbot, window, desk)
    desk.dialogs.send_courier = lambda state, sender: {"sender": "lee", "recipient": "meade",
                                                       "message": "Surrender"}
    click(qtbot, desk.send_button)
    assert "couriers.send.side" in window.banner.text.text()
    desk.dialogs.send_courier = lambda state, sender: {"sender": "meade", "recipient": "buford",
                                                       "message": "Advance"}
    click(qtbot, desk.send_button)
    desk.select_courier("C1")
    click(qtbot, desk.capture_button)
    assert window.table.state.couriers["C1"].status == "captured"
    assert not desk.ride_button.isEnabled()
    click(qtbot, desk.phase.button)
    window.table.submit(__import__("companion.core.inputs", fromlist=["Input"]).Input(
        "move_courier", {"courier": "C1", "speed": "officer", "nearest_enemy": None, "arrives": False}))
    assert "couriers.move.finished" in window.banner.text.text()


def test_save_as_and_export_log(window, desk, qtbot, tmp_path):
    build_roster(qtbot, window, desk)
    target = tmp_path / "shared.json"
    assert window.save_as(target)
    assert json.loads(target.read_text())["game"] == "couriers"
    md = tmp_path / "log.md"
    assert window.export_log(md)
    text = md.read_text()
    assert "Meade declares his headquarters at Leister House" in text
    assert "The game begins" in text


def test_corrupt_autosave_is_reported_and_left_alone(qtbot, data_dir):
    from ui.main_window import MainWindow as Win

    auto = data_dir / "autosave"
    auto.mkdir(parents=True)
    broken = auto / "couriers-broken.json"
    broken.write_text('{"format": "posthorn-record", "version": 1, "game": "couriers", "inp')
    win = Win()
    qtbot.addWidget(win)
    qtbot.waitUntil(lambda: "couriers-broken.json" in win.start.problem.text())
    assert "not valid JSON" in win.start.problem.text()
    assert not win.start.resume_box.isVisibleTo(win.start)
    assert broken.read_text().endswith('"inp')


def test_open_broken_record_says_where_and_keeps_file(window, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "posthorn-record", "version": 1, "game": "couriers",
                               "pack": {"id": "couriers", "hash": "x"}, "seed": 1, "setup": {},
                               "inputs": [{"kind": 3}]}))
    before = bad.read_bytes()
    assert not window.open_record(bad)
    assert "inputs[0]" in window.warnings[-1]
    assert bad.read_bytes() == before
    assert window.table is None


def test_models_pass_qtmodeltester(window, desk, qtbot, qtmodeltester):
    build_roster(qtbot, window, desk)
    desk.dialogs.send_courier = lambda state, sender: {"sender": "meade", "recipient": "buford",
                                                       "message": "Go"}
    click(qtbot, desk.send_button)
    qtmodeltester.check(desk.commanders)
    qtmodeltester.check(desk.couriers)
    qtmodeltester.check(window.log.model)


def test_only_games_with_a_table_screen_can_be_started(window):
    from companion.games import GAMES
    from ui.game_screens import SCREENS

    assert "couriers" in SCREENS
    for game in GAMES:
        playable = game in SCREENS
        assert (window.start.cards[game].button is not None) == playable
        assert window.actions_[f"new:{game}"].isEnabled() == playable


def test_app_dice_tumble_on_the_qasync_loop(window, desk, qtbot):
    import asyncio

    import qasync
    from PySide6.QtWidgets import QApplication

    build_roster(qtbot, window, desk)
    desk.dialogs.send_courier = lambda state, sender: {"sender": "meade", "recipient": "buford",
                                                       "message": "Go"}
    click(qtbot, desk.send_button)
    click(qtbot, desk.phase.button)
    desk.select_courier("C1")
    click(qtbot, desk.ride_button)
    faces = []

    async def roll_and_watch():
        click(qtbot, window.dice.roll_button)
        assert not window.dice.roll_button.isEnabled()  # no second roll while the dice tumble
        for _ in range(20):
            faces.append(window.dice.faces.text())
            await asyncio.sleep(0.03)

    loop = qasync.QEventLoop(QApplication.instance(), already_running=False)
    asyncio.set_event_loop(loop)
    try:
        loop.run_until_complete(roll_and_watch())
    finally:
        asyncio.set_event_loop(None)
        loop.close()
    assert window.table.state.pending is None
    assert window.table.session.entries[-1].input.source == "app"
    assert len(set(faces)) > 2  # the faces changed while tumbling


def test_new_game_with_a_house_rule_pack(window, qtbot, data_dir):
    import shutil
    from pathlib import Path

    packs = data_dir / "packs"
    club = packs / "club"
    shutil.copytree(Path(__file__).resolve().parents[2] / "rules" / "couriers", club)
    text = (club / "pack.toml").read_text().replace('id = "couriers"', 'id = "couriers-club"')
    (club / "pack.toml").write_text(text.replace("title = ", 'title = "Club rules" #', 1))
    (club / "couriers.toml").write_text((club / "couriers.toml").read_text().replace(
        "officer_move = 24.0", "officer_move = 18.0"))
    broken = packs / "broken"
    shutil.copytree(club, broken)
    (broken / "couriers.toml").write_text("officer_move = [")
    offered = []

    def choose(found, problems):
        offered.append(([p.id for p in found], [str(e) for e in problems]))
        return next(p for p in found if p.id == "couriers-club")

    window.choose_pack = choose
    window.ask_setup = lambda parent, game, pack: {"sides": ["Blue", "Grey"]}
    assert window.new_game("couriers")
    ids, problems = offered[0]
    assert ids == ["couriers", "couriers-club"]
    assert len(problems) == 1 and "broken" in problems[0] and "not valid TOML" in problems[0]
    assert window.table.session.pack.id == "couriers-club"
    assert window.table.state.settings.officer_move == 18.0
    saved = json.loads(window.table.autosaver.path.read_text())
    assert saved["pack"]["id"] == "couriers-club"


def test_orders_are_sealed_until_asked_for_or_captured(window, desk, qtbot):
    build_roster(qtbot, window, desk)
    desk.dialogs.send_courier = lambda state, sender: {"sender": "meade", "recipient": "buford",
                                                       "message": "Hold the ridge"}
    click(qtbot, desk.send_button)
    lines = [window.log.model.index(i).data() for i in range(window.log.model.rowCount())]
    assert not any("Hold the ridge" in line for line in lines)  # the shared log keeps it sealed
    desk.select_courier("C1")
    assert desk.history.item(0).text() == "Orders: sealed (Show orders)"
    click(qtbot, desk.orders_button)
    assert "Hold the ridge" in desk.history.item(0).text()
    click(qtbot, desk.orders_button)
    assert "Hold the ridge" not in desk.history.item(0).text()
    click(qtbot, desk.capture_button)  # the enemy reads a captured message
    assert "Hold the ridge" in desk.history.item(0).text()


def test_the_proximity_reading_names_the_distance_to_measure(window, qtbot):
    """couriers.loss: the pack (or the game's setup) says which distance sets the band."""
    window.ask_setup = lambda parent, game, pack: {"sides": ["Blue", "Grey"], "settings": {"proximity": "end"}}
    assert window.new_game("couriers")
    assert window.screen_widget.enemy_near.text() == "Nearest enemy at the end of the move:"


def test_standard_shortcuts_are_bound_once_the_window_is_on_screen(window, qtbot):
    from PySide6.QtGui import QKeySequence

    undo = window.actions_["undo"]
    qtbot.waitUntil(lambda: not undo.shortcut().isEmpty())
    assert undo.shortcut() == QKeySequence(QKeySequence.StandardKey.Undo)
    assert window.actions_["export"].shortcut().toString() == "Ctrl+E"


def test_a_failed_autosave_shows_in_the_status_bar_and_play_goes_on(window, desk, qtbot, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    window.table.autosaver.path = blocker / "game.json"
    add_commander(qtbot, desk, "Meade", "Union", "army")
    assert "meade" in window.table.state.commanders
    assert "autosave to" in window.statusBar().currentMessage()
    assert "failed" in window.statusBar().currentMessage()


def test_a_ride_names_its_target_and_after_a_failed_roll_the_next_closest(window, desk, qtbot):
    send_to_hancock(qtbot, window, desk)
    # the recipient, and those below him on his side: not Meade above him, not Lee
    assert [desk.towards.itemText(i) for i in range(desk.towards.count())] == ["Hancock's corps", "Buford's brigade"]
    assert desk.towards.currentData() == "hancock" and not desk.next_closest.isVisibleTo(desk)
    desk.towards.setCurrentIndex(desk.towards.findData("buford"))
    desk.arrives.setChecked(True)
    # the box's words stay short and the same for every target (a check box never wraps); the
    # target is named in its tooltip
    assert desk.arrives.text() == "Arrives there this move"
    assert desk.arrives.toolTip() == "The courier arrives this move at Buford's brigade"
    ride_and_lose_the_trail(qtbot, window, desk, "buford")
    entries = window.table.session.entries
    ride = next(e for e in entries if e.input.kind == "move_courier")
    assert ride.input.args["towards"] == "buford"
    assert "in contact with Buford's brigade, of Hancock's command" in entries[entries.index(ride) + 1].said
    assert desk.next_closest.isVisibleTo(desk) and "next closest unit of Hancock's command" in desk.next_closest.toolTip()
    # the desk offers what the session takes: not back to Buford's brigade, where the roll failed
    assert [desk.towards.itemData(i) for i in range(desk.towards.count())] == ["hancock"]
    n = len(window.table.session.entries)
    click(qtbot, desk.ride_button)                  # the table has not said it is the next closest
    assert len(window.table.session.entries) == n and "couriers.locate.failed" in window.banner.text.text()
    click(qtbot, window.banner.cancel_button)
    desk.next_closest.setChecked(True)
    click(qtbot, desk.ride_button)
    entry = window.table.session.entries[-1]
    assert entry.input.args["next_closest"] is True and not entry.input.override
    assert window.table.state.couriers["C1"].history[-1].endswith("(the next closest unit)")


def test_add_commander_waits_while_a_loss_roll_is_owed(window, desk, qtbot):
    build_roster(qtbot, window, desk)
    desk.dialogs.send_courier = lambda state, sender: {"sender": "meade", "recipient": "buford",
                                                       "message": "Hold the ridge"}
    click(qtbot, desk.send_button)
    click(qtbot, desk.phase.button)  # Begin courier step
    assert desk.add_commander_button.isEnabled()
    desk.select_courier("C1")
    click(qtbot, desk.ride_button)
    assert window.table.state.pending is not None   # the loss roll is owed
    assert not desk.add_commander_button.isEnabled()
    assert "couriers.roll.pending" in desk.add_commander_button.toolTip()
    window.table.roll_table([6, 6])
    assert window.table.state.pending is None
    add_commander(qtbot, desk, "Hancock", "Union", "corps")   # offered again, and accepted
    assert "hancock" in window.table.state.commanders


def test_the_table_ends_the_game_and_the_window_announces_it(window, desk, qtbot):
    assert not desk.end_button.isEnabled() and "couriers.turn.order" in desk.end_button.toolTip()
    build_roster(qtbot, window, desk)
    desk.dialogs.send_courier = lambda state, sender: {"sender": "meade", "recipient": "buford",
                                                       "message": "Hold the ridge"}
    click(qtbot, desk.send_button)
    click(qtbot, desk.phase.button)  # Begin courier step
    desk.select_courier("C1")
    click(qtbot, desk.ride_button)
    assert not desk.end_button.isEnabled() and "couriers.roll.pending" in desk.end_button.toolTip()
    window.table.roll_table([6, 6])  # 12: lost
    desk.dialogs.end_game = lambda sides: None  # the table thinks better of it
    click(qtbot, desk.end_button)
    assert window.table.session.result() is None
    asked = []
    desk.dialogs.end_game = lambda sides: asked.append(tuple(sides)) or {"winner": "Confederate"}
    click(qtbot, desk.end_button)
    assert asked == [("Union", "Confederate")]
    verdict = ("The Confederate side wins: the table's verdict on turn 1. "
               "Messages delivered: Union 0 of 1, Confederate sent none")
    assert window.telling.announcement.isVisible() and window.telling.announcement.text.text() == verdict
    assert window.telling.announcement.accessibleDescription() == verdict
    assert window.table.session.entries[-1].text.endswith(verdict)  # the log line says the same
    assert window.telling.result.isVisible()
    assert window.telling.result.headline.text().startswith("The Confederate side wins: ")
    click(qtbot, window.telling.result.buttons["back"])  # the board as it ended: no step is next
    assert desk.phase.where.text() == "Game over after turn 1" and not desk.phase.button.isVisible()
    assert desk.phase.next.text() == "The Confederate side wins: the table's verdict on turn 1"


def test_the_end_game_dialog_offers_each_side_and_a_draw(qtbot):
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QComboBox, QDialog, QDialogButtonBox

    from ui.couriers.dialogs import CourierDialogs

    seen = []

    def answer(index):
        dlg = QApplication.activeModalWidget()
        assert isinstance(dlg, QDialog)
        box = dlg.findChild(QComboBox)
        seen.append([box.itemText(i) for i in range(box.count())])
        box.setCurrentIndex(index)
        dlg.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()

    dialogs = CourierDialogs(None)
    QTimer.singleShot(0, lambda: answer(2))
    assert dialogs.end_game(("Union", "Confederate")) == {}
    QTimer.singleShot(0, lambda: answer(0))
    assert dialogs.end_game(("Union", "Confederate")) == {"winner": "Union"}
    assert seen[0] == ["The Union side won", "The Confederate side won", "A draw"]


def test_a_rematch_starts_with_the_roster_the_table_entered_before_the_game(window, desk, qtbot):
    """Commanders are inputs, not setup: a rematch gives again the commanders added and the
    headquarters declared before the game began (an overridden one still overridden), and
    nothing from once the game was under way (rules/couriers/reference.md, "A rematch")."""
    build_roster(qtbot, window, desk)  # Meade (HQ at Leister House), Buford, Lee; then begun
    t = window.table
    first = [e.input for e in t.session.entries]
    add_commander(qtbot, desk, "Hancock", "Union", "corps")  # joins once the game is under way
    assert t.submit(Input("establish_hq", {"commander": "lee", "place": "Seminary Ridge"}), override=True).accepted
    assert t.state.commanders["lee"].hq == "Seminary Ridge"
    desk.dialogs.end_game = lambda sides: {"winner": "Union"}
    click(qtbot, desk.end_button)
    result = window.telling.result
    assert result.isVisible()
    click(qtbot, result.buttons["rematch"])

    s = window.table.session
    desk = window.screen_widget
    assert not result.isVisible() and desk.isVisible()
    assert not window.telling.announcement.isVisible()  # nothing was just done at the table
    assert s.setup["sides"] == ["Union", "Confederate"] and s.state.turn == 0 and s.state.phase == "setup"
    assert [e.input for e in s.entries] == [i for i in first if i.kind in ("add_commander", "declare_hq")]
    assert list(s.state.commanders) == ["meade", "buford", "lee"]
    assert s.state.commanders["meade"].hq == "Leister House" and s.state.commanders["meade"].hq_in_building
    assert s.state.commanders["lee"].hq is None  # established after the game began: not carried
    cells = [desk.commanders.index(r, 0).data() for r in range(desk.commanders.rowCount())]
    assert cells == ["Meade", "Buford", "Lee"]
    assert desk.phase.button.text() == "Begin the game"
    click(qtbot, desk.phase.button)
    assert s.state.turn == 1


def test_a_rematch_keeps_an_override_the_table_gave_before_the_game(window, desk, qtbot):
    add_commander(qtbot, desk, "Buford", "Union", "brigade")
    add_commander(qtbot, desk, "Lee", "Confederate", "army")
    t = window.table
    hq = Input("declare_hq", {"commander": "buford", "place": "McPherson Ridge"})
    flagged = t.submit(hq)
    assert not flagged.accepted  # a brigade keeps no headquarters
    assert t.submit(hq, override=True).accepted
    overridden = t.session.entries[-1].input.override
    assert overridden
    click(qtbot, desk.phase.button)  # Begin the game
    desk.dialogs.end_game = lambda sides: {"winner": None}
    click(qtbot, desk.end_button)
    click(qtbot, window.telling.result.buttons["rematch"])
    s = window.table.session
    assert s.state.commanders["buford"].hq == "McPherson Ridge"
    assert s.entries[-1].input.kind == "declare_hq" and s.entries[-1].input.override == overridden
