"""Ab die Post! through the window: start a game, draw spare parts by the app and by the table,
fly with the hurricane indicator (shaken and seen), set the landing place with clicks, pay a
hurricane in the dialog, finish a flight, keep a card, undo, override a flag, resume."""

import asyncio
import json

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox

from ui.ab_die_post.dialogs import PaymentDialog, ask_setup
from ui.ab_die_post.indicator import IndicatorPanel
from ui.main_window import MainWindow

LEFT = Qt.MouseButton.LeftButton
SETUP = {"players": ["Anna", "Ben", "Cleo"], "settings": {"river_zones": 4, "first_half_zones": 2}}


def click(qtbot, button):
    assert button.isEnabled() and button.isVisible(), button.text()
    qtbot.mouseClick(button, LEFT)


def open_game(window, qtbot, setup=SETUP):
    window.ask_setup = lambda parent, game, pack: setup
    click(qtbot, window.start.cards["ab_die_post"].button)
    assert window.table is not None
    return window.screen_widget


def table_draws(qtbot, screen, *cards, stop=True):
    for c in cards:
        click(qtbot, screen.turn_page.table_cards[c])
    if stop:
        click(qtbot, screen.turn_page.stop_button)


def test_a_flight_through_the_window(window, qtbot):
    screen = open_game(window, qtbot)
    tp = screen.turn_page
    assert "third red 3: 0%" in tp.draw_button.text()
    table_draws(qtbot, screen, 3, 3, stop=False)
    assert "third red 3: 25%" in tp.draw_button.text()  # 13 threes among 53 cards
    click(qtbot, tp.stop_button)
    click(qtbot, tp.draw_button)  # Ben: the app deals
    assert window.table.session.entries[-1].input.source == "app"
    assert len(window.table.state.deck.hands["Ben"]) == 1
    click(qtbot, tp.stop_button)
    table_draws(qtbot, screen, 2, 1, 1)  # Cleo
    assert window.table.state.current == "Anna"
    assert screen.players.data(screen.players.index(0, 1)) == "3 3"

    # Anna flies: the indicator page, the table's device shows blue, then a click for the place
    click(qtbot, tp.fly_button)
    assert screen.pages.currentWidget() is screen.indicator
    assert "Hurricane 25%" in screen.indicator.odds.text()
    click(qtbot, screen.indicator.colour_buttons["blue"])
    mp = screen.move_page
    assert screen.pages.currentWidget() is mp and "3 spaces" in mp.wind.text()
    assert not mp.zone_buttons[4].isEnabled()  # 3 spaces from the start field reach zone 3 at most
    click(qtbot, mp.lane_buttons["outer"])
    click(qtbot, mp.zone_buttons[3])
    click(qtbot, mp.flank_buttons[2])
    click(qtbot, mp.move_button)
    plane = window.table.state.planes["Anna"]
    assert (plane.lane, plane.zone, window.table.state.passenger) == ("outer", 3, "Anna")
    assert "Anna (outer, 2): pays 3" in screen.costs.text()

    # Ben cannot fly yet; Cleo's black ball: Anna pays in the dialog, its proposal accepted
    assert not tp.fly_button.isEnabled()
    table_draws(qtbot, screen, 1)
    click(qtbot, tp.fly_button)
    screen.indicator.animate = False
    screen.indicator.pick = lambda choices: "black"
    click(qtbot, screen.indicator.shake_button)
    assert window.table.session.entries[-1].input.source == "app"
    assert screen.pages.currentWidget() is screen.pay_page
    asked = []
    screen.dialogs.payment = lambda p, lane, cost, hand: asked.append((p, lane, cost)) or [3]
    click(qtbot, screen.pay_page.buttons["Anna"])
    assert asked == [("Anna", "outer", 2)] and window.table.state.deck.hands["Anna"] == [3]
    assert window.table.state.current == "Anna" and window.table.state.phase == "turn"

    # undo the payment, then the ball (a chance input: the window asks first)
    paid = window.table.state
    window.actions_["undo"].trigger()
    assert paid is not window.table.state and window.table.state.phase == "hurricane"
    assert paid.phase == "turn"  # the state held before the undo is as it was
    questions = []
    window.confirm = lambda title, text: questions.append(text) or True
    window.actions_["undo"].trigger()
    assert questions and "black" in questions[0]
    assert window.table.state.phase == "indicator"
    click(qtbot, screen.indicator.colour_buttons["yellow"])
    mp = screen.move_page
    click(qtbot, mp.blocked_button)  # the landing space was taken
    assert not window.table.state.planes["Cleo"].in_air

    # Anna lands on the goal airport: flight 1 ends, Cleo (start field) keeps a card
    click(qtbot, screen.turn_page.fly_button)
    click(qtbot, screen.indicator.colour_buttons["green"])
    click(qtbot, screen.move_page.goal_button)
    s = window.table.state
    assert s.results[-1].points == {"Anna": 9, "Ben": 0, "Cleo": 0}
    assert "1. Anna +9" in screen.result.text() and "passenger: Anna" in screen.result.text()
    assert screen.track.scores == [("Anna", 9), ("Ben", 0), ("Cleo", 0)]
    assert screen.pages.currentWidget() is screen.keep_page and "Cleo" in s.keeping
    if "Ben" in s.keeping:  # Ben's first card was the app's: keep whichever is offered first
        click(qtbot, next(b for b in screen.keep_page.buttons if b.text().startswith("Ben")))
    keep = [b for b in screen.keep_page.buttons if b.text() == "Cleo keeps a 2"]
    click(qtbot, keep[0])
    s = window.table.state
    assert s.flight == 2 and s.current in ("Ben", "Cleo") and s.deck.hands["Cleo"] == [2]
    assert "Flight 2 (homeward)" in screen.phase.where.text()

    live = window.table.rules.state_json(window.table.state)
    autosave = window.table.autosaver.path
    assert json.loads(autosave.read_text())["game"] == "ab_die_post"
    window.close()
    again = MainWindow()
    qtbot.addWidget(again)
    again.warn = lambda title, text: (_ for _ in ()).throw(AssertionError(text))
    again.show()
    qtbot.waitUntil(again.start.resume_button.isVisible)  # the autosaves are read after the first frame
    click(qtbot, again.start.resume_button)
    assert again.table.rules.state_json(again.table.state) == live


def test_flagged_fly_is_explained_and_can_be_overridden(window, qtbot):
    screen = open_game(window, qtbot)
    table_draws(qtbot, screen, 1, 2)
    screen.submit("fly")  # as if the table insisted: 3 points are not enough
    table_draws(qtbot, screen, 1)  # (refused input left the turn with Ben)
    assert window.table.state.current == "Cleo"
    n = len(window.table.session.entries)
    screen.submit("draw", source="table", card=1, player="Anna")
    assert "ab_die_post.turn.order" in window.banner.text.text()
    click(qtbot, window.banner.override_button)
    assert len(window.table.session.entries) == n + 1
    assert window.table.session.entries[-1].input.override == ("ab_die_post.turn.order",)
    assert window.table.state.current == "Cleo"


def test_fly_under_four_points_shows_the_rule(window, qtbot):
    screen = open_game(window, qtbot)
    table_draws(qtbot, screen, 1, 2)
    table_draws(qtbot, screen, 1)
    table_draws(qtbot, screen, 1)
    assert not screen.turn_page.fly_button.isEnabled()
    assert "needs 4" in screen.turn_page.fly_button.text()
    screen.submit("fly")
    assert "ab_die_post.fly.parts" in window.banner.text.text()
    click(qtbot, window.banner.rule_button)
    assert window.rules.current_rule() == "ab_die_post.fly.parts"


def test_payment_dialog_proposes_the_cheapest_and_lets_the_player_choose(qtbot):
    dlg = PaymentDialog(None, "Ben", "middle", 4, [3, 1, 2, 3])
    qtbot.addWidget(dlg)
    dlg.show()
    assert dlg.chosen() == [1, 3]  # exactly 4, one red 3 fewer
    assert "Paying 4 of 4" in dlg.total.text()
    dlg.card_buttons[0].setChecked(False)  # the 1 back: 3 is short
    assert "1 short" in dlg.total.text()
    qtbot.mouseClick(dlg.card_buttons[3], LEFT)  # the other 3 too: 6, overpaid
    assert dlg.chosen() == [3, 3] and "2 more than the cost" in dlg.total.text()
    click(qtbot, dlg.cheapest)
    assert dlg.chosen() == [1, 3]


def test_setup_dialog_defaults(qtbot):
    from companion.games import bundled_pack

    def answer():
        dlg = QApplication.activeModalWidget()
        assert isinstance(dlg, QDialog)
        dlg.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()

    QTimer.singleShot(0, answer)
    setup = ask_setup(None, bundled_pack("ab_die_post"))
    assert setup["players"] == ["Anna", "Ben", "Cleo"]
    assert setup["settings"]["draw_mode"] == "multi" and setup["settings"]["target_score"] == 15


def test_indicator_tumbles_on_a_running_loop(qtbot):
    panel = IndicatorPanel()
    qtbot.addWidget(panel)
    panel.set_request(("green", "black", "black"), "", None)
    panel.pick = lambda choices: "green"
    shown = []
    panel.shake.connect(shown.append)

    async def shake():
        panel._shake_clicked()
        assert not panel.shake_button.isEnabled()  # no second shake while the balls rattle
        await asyncio.sleep(0.8)

    asyncio.run(shake())
    assert shown == ["green"]


def test_player_model_passes_qtmodeltester(window, qtbot, qtmodeltester):
    screen = open_game(window, qtbot)
    table_draws(qtbot, screen, 3, 2)
    qtmodeltester.check(screen.players)
