"""Ab die Post!'s inputs, declared once: arguments, what admits each, its check, effect and words.

Rule ids are ``ab_die_post.*``; each has a section in ``rules/ab_die_post/reference.md``. The
inputs are documented in ``docs/games/ab_die_post.md``: ``draw`` (a spare-part card, or the ball
the hurricane indicator shows after ``fly``), ``stop_drawing``, ``fly``, ``move``, ``pay`` and
``keep_card``. An input that names no ``player`` acts for the player whose turn it is.
"""

from __future__ import annotations

from ..core.input_table import (
    ByState,
    Either,
    Flag,
    Given,
    InputTable,
    ListOf,
    Number,
    OneOf,
    Ref,
    arg,
    kind,
    optional,
)
from ..core.violations import Violation
from ..core.words import counted
from . import flight, hurricane, scoring, turns
from .board import GOAL
from .state import BALLS, LANES, VALUES, RaceState

#: the most spaces a path flown over may name (a move is a few spaces long)
LONGEST_PATH = 60


def _board(s: RaceState):
    return s.board  # None: a race without a board says where a plane came down by lane and zone


def _board_words(s: RaceState) -> str:
    name = s.board.name if s.board is not None else ""
    return f"a space of the board '{name}' (spaces look like i3, m7, o12)"


#: a spare-part card: its value (a whole number, never true or false)
CARD = OneOf(VALUES, what=f"a spare part worth {', '.join(map(str, VALUES[:-1]))} or {VALUES[-1]}",
             exact=True)
#: the ball in the indicator's window
BALL = OneOf(BALLS, what=f"one of the indicator's balls: {', '.join(BALLS)}", exact=True)
#: what a draw shows: the ball while the indicator is owed (ab_die_post.indicator), else a card
DRAWN = ByState(lambda s: BALL if s.phase == "indicator" else CARD, f"{CARD.what}, or {BALL.what}")
#: a river zone of this game, counted from the flight's start
ZONE = Number(1, lambda s: s.settings.river_zones, whole=True, noun="a river zone")
SPACE = Ref(_board, "space of the board", _board_words)
#: the spaces flown over, the landing space (or the goal airport) last
PATH = ListOf(SPACE, 1, max_len=LONGEST_PATH, last=Either(SPACE, OneOf((GOAL,))),
              what="a list of the space ids flown over, the landing space last")


def _players(s: RaceState):
    return s.players


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
    return f"The indicator shows {ball}{src}: {s.current} flies {counted(s.settings.wind.get(ball, 0), 'space')}"


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
    kind("draw", arg("card", DRAWN), ACTOR, well_formed=turns.draw_well_formed,
         check=turns.check_draw, apply=_draw, words=_draw_words),
    kind("stop_drawing", ACTOR, check=turns.check_stop, apply=turns.apply_stop,
         words=lambda s, a: f"{turns.actor(s, a)} stops drawing with "
                            f"{counted(s.points_in_hand(turns.actor(s, a)), 'point')} in hand"),
    kind("fly", ACTOR, check=turns.check_fly, apply=turns.apply_fly,
         words=lambda s, a: f"{turns.actor(s, a)} flies ({flight.plane_text(s, turns.actor(s, a))}, "
                            f"{counted(s.points_in_hand(turns.actor(s, a)), 'point')} in hand)"),
    kind("move", ACTOR, optional("blocked", Flag(), False), optional("goal", Flag(), False),
         optional("lane", OneOf(LANES)), optional("zone", ZONE), optional("flanks", Number(0, 2, whole=True)),
         optional("space", SPACE), optional("path", PATH), well_formed=flight.move_well_formed,
         check=flight.check_move, apply=flight.apply_move, words=_move_words),
    kind("pay", arg("player", PLAYER), arg("cards", ListOf(CARD, noun="card values 1, 2 or 3")),
         well_formed=hurricane.pay_well_formed, check=hurricane.check_pay, apply=hurricane.apply_pay,
         words=lambda s, a: f"{a['player']} pays {'+'.join(map(str, a['cards']))} for the hurricane"),
    kind("keep_card", arg("player", PLAYER), optional("card", CARD), well_formed=scoring.keep_well_formed,
         check=scoring.check_keep, apply=scoring.apply_keep, words=_keep_words),
], ended=_ended, owed=_owed, owed_stops=True, frozen_at_end=True)
