"""Ab die Post!'s inputs, declared once: arguments, what admits each, its check, effect and words.

Rule ids are ``ab_die_post.*``; each has a section in ``rules/ab_die_post/reference.md``. The
inputs are documented in ``docs/games/ab_die_post.md``: ``draw`` (a spare-part card, or the ball
the hurricane indicator shows after ``fly``), ``stop_drawing``, ``fly``, ``move``, ``pay`` and
``keep_card``. An input that names no ``player`` acts for the player whose turn it is.
"""

from __future__ import annotations

from ..core.input_table import (
    ArgType,
    Expected,
    Flag,
    Given,
    InputTable,
    ListOf,
    Number,
    OneOf,
    arg,
    is_number,
    kind,
    optional,
)
from ..core.violations import Violation
from . import flight, hurricane, scoring, turns
from .board import GOAL
from .state import BALLS, LANES, VALUES, RaceState

#: the most spaces a path flown over may name (a move is a few spaces long)
LONGEST_PATH = 60


class Card(ArgType):
    """A spare-part card: its value, 1, 2 or 3 (a whole number, never true or false)."""

    what = f"a spare part worth {', '.join(map(str, VALUES[:-1]))} or {VALUES[-1]}"

    def read(self, value, state) -> int:
        if type(value) is not int or value not in VALUES:
            raise Expected(self.what)
        return value


class Drawn(ArgType):
    """What a draw shows: the ball in the indicator's window while the indicator is owed
    (ab_die_post.indicator), a spare-part card otherwise."""

    ball = f"one of the indicator's balls: {', '.join(BALLS)}"
    what = f"{Card.what}, or {ball}"

    def read(self, value, state: RaceState):
        if state.phase == "indicator":
            if not isinstance(value, str) or value not in BALLS:
                raise Expected(self.ball)
            return value
        return CARD.read(value, state)


class Zone(ArgType):
    """A river zone of this game (1 to its ``river_zones``), counted from the flight's start."""

    what = "a river zone"

    def read(self, value, state: RaceState) -> int:
        last = state.settings.river_zones
        if (not is_number(value)
                or value != int(value) or not 1 <= value <= last):
            raise Expected(f"a river zone from 1 to {last}")
        return int(value)


class Space(ArgType):
    """A space of the board the game is played on (ignored by a game without a board, which
    says where a plane came down by lane and zone)."""

    what = "a space of the board"

    def read(self, value, state: RaceState):
        if state.board is None:
            return value
        if not isinstance(value, str) or not state.board.has(value):
            raise Expected(f"a space of the board '{state.board.name}' (spaces look like i3, m7, o12)")
        return value


class Path(ArgType):
    """The spaces flown over, the landing space (or the goal airport) last."""

    what = "a list of the space ids flown over, the landing space last"

    def read(self, value, state: RaceState):
        if state.board is None:
            return value
        board = state.board
        if (not isinstance(value, list) or not value or len(value) > LONGEST_PATH
                or not all(isinstance(n, str) and (board.has(n) or (n == GOAL and i == len(value) - 1))
                           for i, n in enumerate(value))):
            raise Expected(self.what)
        return value


def _players(s: RaceState):
    return s.players


CARD = Card()
PLAYER = OneOf(_players, "players")
ACTOR = optional("player", PLAYER)  # absent: the player whose turn it is


# -- what ends or holds up the race (ab_die_post.game.end, the phases' waits) --------------------
def _ended(s: RaceState, a: Given) -> Violation | None:
    return Violation("ab_die_post.game.end", "the game is over") if s.phase == "over" else None


def _held(s: RaceState, a: Given) -> bool:
    """Whether the phase's wait holds this input up (turns.WAITING names what comes first)."""
    if a.kind == "draw":
        return s.phase != "indicator"  # while the indicator is owed, the draw is its ball
    if a.kind == "move":
        return s.phase != "move"
    if a.kind == "pay":  # a payment asked of nobody while a hurricane blows is ab_die_post.hurricane.air
        return s.phase in ("indicator", "keep") and hurricane.owed(s, a["player"]) is None
    return a.kind != "keep_card"  # a card kept out of time is ab_die_post.flight.keep


def _owed(s: RaceState, a: Given) -> Violation | None:
    if s.phase == "over" or s.phase not in turns.WAITING or not _held(s, a):
        return None
    return turns.waiting(s)


# -- effects ----------------------------------------------------------------------------------------
def _draw(s: RaceState, a: Given) -> None:
    if s.phase == "indicator":
        flight.show_ball(s, a["card"])
    else:
        turns.apply_draw(s, a)


# -- words ------------------------------------------------------------------------------------------
def _draw_words(s: RaceState, a: Given) -> str:
    src = " (table)" if a.source == "table" else ""
    if s.phase != "indicator":
        return f"{turns.actor(s, a)} draws a {a['card']}{src}"  # a bust follows as its outcome (said.py)
    ball = a["card"]
    if ball == "black":
        return f"The indicator shows black{src}"  # the hurricane's bills follow as its outcome (said.py)
    return f"The indicator shows {ball}{src}: {s.current} flies {s.settings.wind.get(ball, 0)} space(s)"


def _move_words(s: RaceState, a: Given) -> str:
    who = turns.actor(s, a)
    if s.board is not None:
        return flight.board_move_text(s, who, a)
    if a["blocked"]:
        return f"{who}'s landing space is taken: the plane does not move"
    if a["goal"]:
        return f"{who} lands on the goal airport: the flight ends"
    extra = " and takes the passenger" if (a["flanks"] == 2 and s.passenger is None
                                            and s.planes[who].flanks < 2) else ""
    return f"{who} flies to the {a['lane']} lane, zone {a['zone']}{extra}"


def _keep_words(s: RaceState, a: Given) -> str:
    card = a["card"]
    return f"{a['player']} keeps {'a ' + str(card) if card is not None else 'no card'} for the next flight"


INPUTS = InputTable("Ab die Post!", [
    kind("draw", arg("card", Drawn()), ACTOR, well_formed=turns.draw_well_formed,
         check=turns.check_draw, apply=_draw, words=_draw_words),
    kind("stop_drawing", ACTOR, check=turns.check_stop, apply=turns.apply_stop,
         words=lambda s, a: f"{turns.actor(s, a)} stops drawing with "
                            f"{s.points_in_hand(turns.actor(s, a))} points in hand"),
    kind("fly", ACTOR, check=turns.check_fly, apply=turns.apply_fly,
         words=lambda s, a: f"{turns.actor(s, a)} flies ({flight.plane_text(s, turns.actor(s, a))}, "
                            f"{s.points_in_hand(turns.actor(s, a))} points in hand)"),
    kind("move", ACTOR, optional("blocked", Flag(), False), optional("goal", Flag(), False),
         optional("lane", OneOf(LANES)), optional("zone", Zone()), optional("flanks", Number(0, 2, whole=True)),
         optional("space", Space()), optional("path", Path()), well_formed=flight.move_well_formed,
         check=flight.check_move, apply=flight.apply_move, words=_move_words),
    kind("pay", arg("player", PLAYER), arg("cards", ListOf(CARD, noun="card values 1, 2 or 3")),
         well_formed=hurricane.pay_well_formed, check=hurricane.check_pay, apply=hurricane.apply_pay,
         words=lambda s, a: f"{a['player']} pays {'+'.join(map(str, a['cards']))} for the hurricane"),
    kind("keep_card", arg("player", PLAYER), optional("card", CARD), well_formed=scoring.keep_well_formed,
         check=scoring.check_keep, apply=scoring.apply_keep, words=_keep_words),
], ended=_ended, owed=_owed, owed_stops=True, frozen_at_end=True)
