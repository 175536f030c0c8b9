"""Thurn and Taxis's inputs, declared once: arguments, what admits each, its check, effect and words.

Rule ids are ``thurn_and_taxis.*``; each has a section in ``rules/thurn_and_taxis/reference.md``.
Every input acts for the player whose turn it is.
"""

from __future__ import annotations

from ..core.input_table import (
    Given,
    InputTable,
    ListOf,
    Named,
    Number,
    OneOf,
    arg,
    kind,
    optional,
)
from ..core.violations import Violation
from . import closing, officials, routes
from .board import OFFICIALS
from .state import GameState, begin_turn


def _provinces(s: GameState):
    return s.board.provinces


#: a city card: its id, its printed name or an ASCII spelling ("Zurich", "zuerich"), read as its id
CITY = Named(lambda s, value: s.board.find_city(value), "a city of the board")


# -- what ends or holds up the game (thurn_and_taxis.end.over, thurn_and_taxis.display.refill) ----
def _ended(s: GameState, a: Given) -> Violation | None:
    return Violation("thurn_and_taxis.end.over", "the game is over") if s.over else None


def _owed(s: GameState, a: Given) -> Violation | None:
    if s.refill_due() and a.kind != "draw":
        return Violation("thurn_and_taxis.display.refill", "the gap in the display is filled from the deck first")
    return None


# -- the end of a turn (thurn_and_taxis.turn.end, thurn_and_taxis.end.round) -----------------------
def check_end_turn(s: GameState, a: Given | None = None) -> list[Violation]:
    p, t = s.active, s.turn
    out = []
    if t.taken < routes.takes_needed(s):
        what = "both of the Postmaster's cards" if routes.takes_needed(s) == 2 else "a card"
        out.append(Violation("thurn_and_taxis.turn.end", f"{p.name} has not taken {what} yet"))
    elif not t.played and s.hand():
        out.append(Violation("thurn_and_taxis.turn.end",
                             f"{p.name} must play a card (giving up the route first if none fits)"))
    if t.cut_due:
        out.append(Violation("thurn_and_taxis.hand.limit",
                             f"{p.name} cuts the hand to {s.board.game['hand_after_closing']} first"))
    return out


def _end_turn(s: GameState, a: Given) -> None:
    n = len(s.players)
    if s.ended_by is not None and s.turn.seat == n - 1:
        s.over = True  # thurn_and_taxis.end.round: the round is finished, everyone had as many turns
        return
    nxt = (s.turn.seat + 1) % n
    if nxt == 0:
        s.round += 1
    begin_turn(s, nxt)


# -- words ------------------------------------------------------------------------------------------
def _draw_words(s: GameState, a: Given) -> str:
    if s.refill_due():
        return f"{s.board.name(a['card'])} is turned up in the display"
    return f"{s.active.name} draws the top card of the deck"  # the card stays private to its owner


def _close_words(s: GameState, a: Given) -> str:
    p = s.active
    award = closing.preview(s, a["cities"], a["carriage"])
    return f"{p.name} closes {routes.route_text(s, p.route)}: " + closing.award_text(s, award)


def _cut_words(s: GameState, a: Given) -> str:
    names = ", ".join(s.board.name(c) for c in a["cards"])
    return f"{s.active.name} cuts the hand to {s.board.game['hand_after_closing']}, discarding {names}"


INPUTS = InputTable("Thurn and Taxis", [
    kind("draw", arg("card", CITY), check=routes.check_draw, apply=routes.apply_draw, words=_draw_words,
         hidden=lambda s, a: () if s.refill_due() else ("card",)),  # drawn blind: the hand's
    kind("take_display", arg("card", CITY),
         check=routes.check_take_display, apply=routes.apply_take_display,
         words=lambda s, a: f"{s.active.name} takes {s.board.name(a['card'])} from the display"),
    kind("official", arg("name", OneOf(OFFICIALS)),
         check=officials.check_official, apply=officials.apply_official,
         words=lambda s, a: f"{s.active.name} calls the {officials.title(s, a['name'])}"),
    kind("play", arg("card", CITY), optional("end", OneOf(routes.ENDS)),
         check=routes.check_play, apply=routes.apply_play,
         words=lambda s, a: f"{s.active.name} plays {s.board.name(a['card'])}"),
    kind("discard_route", check=routes.check_discard, apply=routes.apply_discard,
         words=lambda s, a: f"{s.active.name} gives up the route {routes.route_text(s, s.active.route)}"),
    kind("close_route", arg("option", OneOf(closing.OPTIONS)),
         optional("province", OneOf(_provinces, "provinces")),
         arg("cities", ListOf(CITY, noun="the cities that get a house", unique=True)),
         optional("carriage", Number(whole=True)),
         check=closing.check_close, apply=closing.apply_close, words=_close_words),
    kind("cut_hand", arg("cards", ListOf(CITY, noun="the cards discarded")),
         check=closing.check_cut, apply=closing.apply_cut, words=_cut_words),
    # the result follows as the input's outcome (said.py)
    kind("end_turn", check=check_end_turn, apply=_end_turn, words=lambda s, a: f"{s.active.name} ends the turn"),
], ended=_ended, owed=_owed, settle=routes.settle, frozen_at_end=True)
