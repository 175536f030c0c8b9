"""The announcement and the result screen in the window: what an input did is shown in large
type and to screen readers until the next input; a finished game opens on its result, with New
game, Rematch and Export, and the board one click away."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from companion.core.inputs import Input, roll

SAMPLES = Path(__file__).resolve().parents[2] / "rules"


def click(qtbot, button):
    assert button.isVisible() and button.isEnabled(), button.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_an_outcome_is_announced_until_the_next_input(window, desk, qtbot):
    window.resize(1600, 1000)  # in a smaller window its slot fits long words in a smaller size
    t = window.table
    for cid, name, rank in (("meade", "Meade", "army"), ("gibbon", "Gibbon", "brigade")):
        assert t.submit(Input("add_commander", {"id": cid, "name": name, "side": "Union", "rank": rank})).accepted
    for kind, args in (("start_game", {}), ("send_courier", {"sender": "gibbon", "recipient": "meade", "message": "Go"}),
                       ("begin_courier_step", {}),
                       ("move_courier", {"courier": "C1", "speed": "officer", "nearest_enemy": 10})):
        assert t.submit(Input(kind, args)).accepted, kind
    said = window.telling.announcement
    assert not said.isVisible()  # the ride's own words say it; its verdict comes with the roll
    t.submit(roll([6, 5], "table"))  # 11 against 11+: lost
    entry = t.session.entries[-1]
    assert said.isVisible() and said.text.text().startswith("Courier C1 is lost")
    assert said.accessibleDescription() == entry.said and said.accessibleName().startswith("Announcement: Courier C1 is lost")
    assert entry.text.endswith(entry.said)  # the log line carries the same words
    from PySide6.QtGui import QFontInfo

    from ui.widgets.phase_bar import PhaseBar

    bar = PhaseBar()
    qtbot.addWidget(bar)
    bar.show()
    said.text.ensurePolished()
    bar.where.ensurePolished()
    assert QFontInfo(said.text.font()).pixelSize() >= QFontInfo(bar.where.font()).pixelSize()  # as large
    t.submit(Input("send_courier", {"sender": "gibbon", "recipient": "meade", "message": "Again"}))
    assert not said.isVisible() and said.accessibleDescription() == ""  # stale: gone at the next input


def test_an_announcement_goes_after_a_few_seconds(qtbot):
    from ui.widgets.announcement import Announcement

    a = Announcement()
    qtbot.addWidget(a)
    a.announce("Sneak failed: Rider 1 stops in Canyonville. Destroyed: Rider 2", ms=30)
    assert a.isVisible() and a.text.text() == "Sneak failed: Rider 1 stops in Canyonville. Destroyed: Rider 2"
    qtbot.waitUntil(lambda: not a.isVisible(), timeout=2000)


def test_a_finished_game_opens_on_its_result_and_undo_goes_back_to_play(window, qtbot):
    assert window.open_record(SAMPLES / "postman" / "samples" / "short_game.json")
    result = window.telling.result
    assert result.isVisible() and not window.screen_widget.isVisible()
    assert result.headline.text() == "The Postmen win"
    assert result.why.text() == ("The General fell in the Rule Number 7 duel at Riverford: "
                                 "the Postman rolled 5 against the General's 2 + 1")
    assert ("Rolls", "0 by the app, 13 by the table") in result.figure_texts()
    assert result.scores.item(0, 0).text() == "\u2605 The Postmen"
    assert result.accessibleName() == "Game over: The Postmen win"
    click(qtbot, result.buttons["back"])
    assert not result.isVisible() and window.screen_widget.isVisible()
    window.undo()
    assert not result.isVisible() and window.table.session.state.pos.winner is None


def test_rematch_starts_the_same_players_again(window, qtbot):
    assert window.open_record(SAMPLES / "ab_die_post" / "samples" / "four_player_game.json")
    players = window.table.session.setup["players"]
    result = window.telling.result
    assert result.isVisible() and result.headline.text() == "Dirk wins"
    click(qtbot, result.buttons["rematch"])
    s = window.table.session
    assert s.setup["players"] == players and not s.entries and not result.isVisible()
    assert window.screen_widget.isVisible()


def test_new_game_goes_to_the_start_page(window, qtbot):
    assert window.open_record(SAMPLES / "thurn_and_taxis" / "samples" / "four_players_whole_game.json")
    result = window.telling.result
    assert result.headline.text() == "Dora wins"
    click(qtbot, result.buttons["new_game"])
    assert window.table is None and window.stack.currentWidget() is window.start


def test_no_phase_after_the_end(window, qtbot):
    assert window.open_record(SAMPLES / "ab_die_post" / "samples" / "four_player_game.json")
    click(qtbot, window.telling.result.buttons["back"])
    where = window.screen_widget.phase.where.text()
    assert where == "Game over after flight 3: Dirk wins" and "outward" not in where
    assert window.open_record(SAMPLES / "postman" / "samples" / "short_game.json")
    click(qtbot, window.telling.result.buttons["back"])
    bar = window.screen_widget.phase
    assert bar.where.text() == "Game over: The Postmen win" and not bar.button.isVisible()
    assert bar.next.text() == "The Postmen win: the General has fallen"



def send_a_courier_to_be_rolled(t) -> None:
    """Two Union commanders, the game begun, and Gibbon's courier riding to Meade, its loss roll owed."""
    for cid, name, rank in (("meade", "Meade", "army"), ("gibbon", "Gibbon", "brigade")):
        t.submit(Input("add_commander", {"id": cid, "name": name, "side": "Union", "rank": rank}))
    for kind, args in (("start_game", {}), ("send_courier", {"sender": "gibbon", "recipient": "meade", "message": "Go"}),
                       ("begin_courier_step", {}), ("move_courier", {"courier": "C1", "speed": "officer"})):
        assert t.submit(Input(kind, args)).accepted, kind

def test_the_courier_desk_ends_on_what_became_of_the_couriers(window, desk, qtbot):
    t = window.table
    send_a_courier_to_be_rolled(t)
    t.submit(roll([6, 6], "table"))  # 12: lost
    assert t.submit(Input("end_game", {"winner": "Union"})).accepted
    result = window.telling.result
    assert result.isVisible()
    assert result.headline.text() == "The Union side wins: the table's verdict on turn 1"
    row = [result.scores.item(0, c).text() for c in range(result.scores.columnCount())]
    assert row == ["\u2605 Union", "1", "0", "1", "0", "0"]
    out = t.session.submit(Input("end_turn"))
    assert not out.accepted and out.violations[0].rule == "couriers.game.end"


def test_ride_is_disabled_while_a_roll_is_owed_and_says_why(window, desk, qtbot):
    t = window.table
    for cid, name, rank in (("meade", "Meade", "army"), ("gibbon", "Gibbon", "brigade")):
        t.submit(Input("add_commander", {"id": cid, "name": name, "side": "Union", "rank": rank}))
    for kind, args in (("start_game", {}), ("send_courier", {"sender": "gibbon", "recipient": "meade", "message": "Go"}),
                       ("send_courier", {"sender": "gibbon", "recipient": "meade", "message": "Again"}),
                       ("begin_courier_step", {})):
        assert t.submit(Input(kind, args)).accepted, kind
    desk.select_courier("C2")
    assert desk.ride_button.isEnabled()
    assert t.submit(Input("move_courier", {"courier": "C1", "speed": "officer"})).accepted
    desk.select_courier("C2")
    assert not desk.ride_button.isEnabled() and "couriers.roll.pending" in desk.ride_button.toolTip()
    t.submit(roll([1, 1], "table"))
    desk.select_courier("C2")
    assert desk.ride_button.isEnabled()


def test_the_postman_phase_button_waits_while_a_roll_is_owed(window, qtbot):
    assert window.open_record(SAMPLES / "postman" / "samples" / "short_game.json")
    s = window.table.session
    idx = next(i for i, e in enumerate(s.entries) if "Attack dice" in e.text)
    while len(s.entries) > idx:
        window.undo()
    bar = window.screen_widget.phase
    assert s.pending_roll() is not None
    assert not bar.button.isEnabled() and ".pending" in bar.button.toolTip()
    window.table.roll_table([1, 1])
    while s.pending_roll() is not None or s.state.pos.battle is not None:
        step = s.next_steps()[0]
        if step.kind == "roll":
            window.table.roll_table([1] * step.roll.dice.count)
        else:
            break
    if s.why_not(__import__("companion.core.inputs", fromlist=["Input"]).Input("end_phase")) == []:
        assert bar.button.isEnabled()


def test_a_draw_the_rules_add_nothing_to_is_announced_in_its_own_words(window, qtbot):
    """What chance decided is said even when the rules add no words: the hurricane indicator's
    ball and the spare part drawn in Ab die Post!; a decision the table made is not repeated."""
    from companion.core.inputs import draw

    window.new_game("ab_die_post", {"players": ["Anna", "Ben"]})
    t, said = window.table, window.telling.announcement
    t.submit(draw(2, "table"))
    entry = t.session.entries[-1]
    assert entry.said == "" and said.isVisible() and said.words == entry.text == "Anna draws a 2 (table)"
    t.submit(draw(2, "table"))
    assert t.submit(Input("stop_drawing")).accepted
    assert not said.isVisible()  # the table's own decision: its words are what it just did
    for _ in range(2):
        t.submit(draw(1, "table"))  # Ben
    assert t.submit(Input("stop_drawing")).accepted
    assert t.submit(Input("fly")).accepted  # Anna, with 4 points in hand
    t.submit(draw("red", "table"))
    assert said.isVisible() and said.words.startswith("The indicator shows red (table): Anna flies")


def test_export_on_the_result_screen_writes_the_log_with_the_result(window, qtbot, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog

    assert window.open_record(SAMPLES / "thurn_and_taxis" / "samples" / "four_players_whole_game.json")
    path = tmp_path / "evening.md"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), "Markdown (*.md)"))
    click(qtbot, window.telling.result.buttons["export"])
    text = path.read_text(encoding="utf-8")
    assert "## Result" in text and "**Dora wins.** Dora ended the game by taking the 7-carriage" in text
    assert "| **Dora** \u2605 | 7-carriage: 10 | 9 (4 tiles) | 9 (\u22129) | 10 |" in text  # the breakdown
    assert "- Routes closed: 14" in text
    assert window.telling.result.isVisible()  # still on the result: exporting ends nothing


@pytest.mark.parametrize("record, rows", [
    ("postman/samples/short_game.json", {"Turns", "Battles", "Cards played", "Rolls", "Draws",
                                         "Luck of the table's dice"}),
    ("ab_die_post/samples/four_player_game.json", {"Flights", "Spare parts drawn", "Indicator balls",
                                                    "Hurricanes", "Busts (third red 3)"}),
    ("thurn_and_taxis/samples/four_players_whole_game.json", {"Rounds", "Draws", "Routes closed",
                                                               "Officials called"})])
def test_every_result_screen_shows_the_games_figures_and_every_player(window, record, rows):
    assert window.open_record(SAMPLES / record)
    result = window.telling.result
    assert result.isVisible()
    shown = dict(result.figure_texts())
    assert set(shown) == rows and all(shown.values())
    session = window.table.session
    assert result.scores.rowCount() == len(session.seats())


def figures_placed(result) -> bool:
    """The figures beside the score table (their tops level) or right under it (no gap)."""
    table, title = result.scores, result.figures_title
    top = table.mapTo(result, table.rect().topLeft())
    at = title.mapTo(result, title.rect().topLeft())
    if result.side_by_side.wide:
        return at.x() >= top.x() + table.width() and abs(at.y() - top.y()) < 40
    return 0 <= at.y() - (top.y() + table.height()) <= 40


@pytest.mark.parametrize("record, size, beside", [
    ("ab_die_post/samples/four_player_game.json", (1366, 768), True),
    # the dice dock's room is the result's (#14): its wide "which" column leaves the figures room
    ("postman/samples/short_game.json", (1366, 768), True),
    ("postman/samples/short_game.json", (1000, 720), False),
    ("thurn_and_taxis/samples/four_players_whole_game.json", (1000, 720), False)])
def test_the_figures_follow_the_scores_and_the_buttons_always_show(window, qtbot, record, size, beside):
    """Beside the score table where both fit, under it where not, with no gap opening between
    them (the layout settles within a moment); the buttons stay in the window whatever scrolls."""
    window.resize(*size)
    assert window.open_record(SAMPLES / record)
    result = window.telling.result
    qtbot.wait(300)  # the table fits its columns on a timer: look once everything has settled
    assert figures_placed(result)
    assert result.side_by_side.wide is beside
    for b in result.buttons.values():
        assert b.isVisible() and window.rect().contains(b.mapTo(window, b.rect().bottomRight()))


def test_a_short_score_table_leaves_no_gap_above_the_figures(window, desk, qtbot):
    """The Courier Desk's two sides at 1280x720: the figures come right under the table (or beside
    it, now that the dice dock gives the result its room, #14)."""
    window.resize(1280, 720)
    t = window.table
    send_a_courier_to_be_rolled(t)
    t.submit(roll([6, 6], "table"))  # lost
    assert t.submit(Input("end_game", {"winner": "Union"})).accepted
    result = window.telling.result
    qtbot.wait(300)  # the table fits its columns on a timer: look once everything has settled
    assert figures_placed(result)
