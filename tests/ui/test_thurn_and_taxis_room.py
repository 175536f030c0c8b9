"""Thurn and Taxis readable from across the table (#14): at a hand-off at 1280x720 in the larger
type the map had about 465x160 px between a 110 px cover and a four-line phase bar, in table mode
the cover's second line was cut at its bottom, and calling the Postal Carrier widened the side
column and shrank the map under the pointer."""

from __future__ import annotations

from collections import namedtuple
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QGraphicsSimpleTextItem

import rules
from companion.core.inputs import Input
from ui.thurn_and_taxis.table import step_line

from .cuts import open_cut
from .test_no_clipping import _on_top, _seen

SAMPLE = Path(rules.__file__).parent / "thurn_and_taxis" / "samples" / "four_players_whole_game.json"
HAND_OFF, ROUTE = 296, 300  # after Dora's end_turn (Anna's cover); Anna's route of three, Postal Carrier called

Step = namedtuple("Step", "text kind required")


def _settle():
    for _ in range(8):
        QApplication.processEvents()


def _open(window, tmp_path, kept, size=(1280, 720), text="larger", table=False):
    return open_cut(window, tmp_path, SAMPLE, kept, size, text, table)


def _least_name_px(board) -> float:
    scale = board.transform().m11()
    return min(i.boundingRect().height() * scale for i in board.name_items.values()
               if isinstance(i, QGraphicsSimpleTextItem))


@pytest.mark.parametrize("table", [False, True], ids=["window", "table mode"])
def test_at_a_hand_off_the_map_is_large_and_the_cover_says_it_whole(window, tmp_path, looks_back, table):
    screen = _open(window, tmp_path, HAND_OFF, table=table)
    assert not screen.hand.is_revealed
    board = screen.map
    # was 465x161 outside table mode (names 10.5 px)
    assert board.height() >= 240, (board.width(), board.height())
    assert _least_name_px(board) >= (20 if table else 13)
    label = screen.hand.cover_label
    assert label.heightForWidth(label.width()) <= label.height(), "the cover's words are cut"
    assert "Pass the laptop to Anna" in label.text()
    for w in (board.viewport(), screen.hand, screen.phase):
        _seen_rect, fixed = _seen(w, window)
        assert fixed.adjusted(-1, -1, 1, 1).contains(_on_top(w, window)), f"{type(w).__name__} is cut"
    assert window.height() <= 720


@pytest.mark.parametrize("table", [False, True], ids=["window", "table mode"])
@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("text", ["normal", "larger"])
def test_the_phase_bar_says_the_step_on_one_line(window, tmp_path, looks_back, table, size, text):
    for kept in (HAND_OFF, ROUTE):
        screen = _open(window, tmp_path, kept, size, text, table)
        words = screen.phase.next
        assert words.heightForWidth(words.width()) < 2 * words.fontMetrics().lineSpacing(), (kept, words.text())
        assert "Call an official" in words.toolTip() or "Official this turn" in words.toolTip()


def test_nothing_moves_when_the_hand_is_shown_covered_or_an_official_called(window, tmp_path, looks_back):
    screen = _open(window, tmp_path, ROUTE - 2)  # Anna has played Freiburg; the Postal Carrier next
    where = _on_top(screen.map, window)
    screen.hand.reveal()
    _settle()
    assert _on_top(screen.map, window) == where, "the map moved when the hand was shown"
    assert window.table.submit(Input("official", {"name": "postal_carrier"})).accepted
    _settle()
    assert screen.official_buttons["postal_carrier"].text().endswith("this turn")
    assert _on_top(screen.map, window) == where, "the map moved when the official's check came"
    screen.hand.cover()
    _settle()
    assert _on_top(screen.map, window) == where, "the map moved when the hand was covered"


def test_the_step_line_names_what_is_owed_else_what_may_be_done():
    take = Step("Take a card from the display", "take_display", True)
    deck = Step("Draw the top card of the deck", "draw", True)
    official = Step("Call an official: Postmaster", "official", False)
    give_up = Step("Give up the route (if no card fits)", "discard_route", False)
    close = Step("Close the route (3 cards)", "close_route", False)
    end = Step("End the turn", "end_turn", False)
    assert step_line([take, deck, official, give_up, end], 3) == "Take a card (display or deck)"
    assert step_line([take, official], 3) == "Take a card from the display"  # the deck is out
    assert step_line([Step("Discard 2 cards from the hand, keeping 3", "cut_hand", True), end], 3) \
        == "Discard down to 3 cards"
    assert step_line([official, close, end], 3) == "May: close the route (3 cards)"
    assert step_line([official, end], 3) == "May: call an official"
    assert step_line([end], 3) == "Nothing more to do this turn"
