"""What the window tells the table after each change: the announcement of what the input did
(the rules' ``Entry.said``) and, once the game is over, its result screen in place of the table.

The window keeps only the hook (``Telling(window)``, ``after(change)``, ``reset()``); everything
said here comes from the session, never decided here.
"""

from __future__ import annotations

from . import game_screens
from .widgets.announcement import Announcement
from .widgets.result_screen import ResultScreen

#: The inputs chance decides (the dice, the deck, the hurricane indicator): their own log words
#: name what came up ("The indicator shows red: Anna flies 4 spaces"), so when the rules add
#: nothing the announcement says those words. A decision the table made (a move, a card laid on
#: a route) is announced only for what it did beyond itself: its own words are what was just done.
CHANCE = ("roll", "draw")


def announced(entry) -> str:
    return entry.said or (entry.text if entry.input.kind in CHANCE else "")


class Telling:
    def __init__(self, window):
        self.window = window
        self.announcement = Announcement()
        self.result = ResultScreen()
        self.looking = False  # the table chose to look at the final board instead of the result
        window.notices.add(self.announcement, "phase", 2)  # its height kept: nothing jumps
        window.table_layout.insertWidget(window.table_layout.indexOf(window.notices), self.result, 1)
        self.result.new_game.connect(window.close_game)
        self.result.rematch.connect(self.rematch)
        self.result.export.connect(window.export_dialog)
        self.result.back.connect(self.look_at_board)

    def after(self, change) -> None:
        session = self.window.table.session
        if change is None:
            self.announcement.clear()
        elif change.event == "input":
            self.announcement.announce(". ".join(filter(None, map(announced, change.added))))
        else:
            self.announcement.clear()  # an undone outcome is no longer true
        if change is not None:
            self.looking = False
        self.show_result(game_screens.final_report(session))

    def show_result(self, result) -> None:
        screen = self.window.screen_widget
        if result is None or self.looking:
            self.result.hide()
            if screen is not None:
                screen.show()
            return
        if screen is not None:
            screen.hide()  # first, so the window never holds both and grows to fit them
        self.result.show_result(result)

    def look_at_board(self) -> None:
        self.looking = True
        self.show_result(None)

    def rematch(self) -> None:
        session = self.window.table.session
        again = game_screens.rematch_inputs(session)
        if self.window.new_game(session.rules.game_id, dict(session.setup)):
            for inp in again:  # given again as the table gave them, each judged by the rules anew
                self.window.table.submit(inp, bool(inp.override))
            self.announcement.clear()  # the table did none of it just now: the log shows the roster

    def reset(self) -> None:
        self.announcement.clear()
        self.result.hide()
        self.looking = False
