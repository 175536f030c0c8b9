"""A turn is one of two things: obtain spare parts or fly (ab_die_post.turn.*, parts.*, fly.*).

Drawing is press-your-luck: one card at a time, each a chance input naming the card, until the
player stops or draws the third red 3 (ab_die_post.parts.bust). Flying needs cards worth 4 and
then owes the hurricane indicator's ball.
"""

from __future__ import annotations

from ..core.game import DrawRequest
from ..core.input_table import Given
from ..core.violations import MalformedInput, Violation
from .state import RED_THREE, RaceState

#: What each phase is waiting for, and the rule that says so, when another input comes.
WAITING = {
    "indicator": ("ab_die_post.indicator", "the hurricane indicator must be shaken first"),
    "move": ("ab_die_post.move.pending", "the plane must be moved by the wind first"),
    "hurricane": ("ab_die_post.hurricane.pending", "every plane in the air must pay the hurricane first"),
    "keep": ("ab_die_post.flight.keep", "the first-half planes must choose the card they keep first"),
    "over": ("ab_die_post.game.end", "the game is over"),
}


def waiting(s: RaceState) -> Violation | None:
    """What the phase waits for, as the violation of an input that comes before it."""
    if s.phase in WAITING:
        rule, why = WAITING[s.phase]
        return Violation(rule, why)
    return None


def actor(s: RaceState, a: Given) -> str:
    """The player an input names, or the player whose turn it is."""
    return a["player"] or s.current


def out_of_turn(s: RaceState, player: str, drawing: bool = False) -> list[Violation]:
    if player == s.current:
        return []
    if drawing and s.ended == (player, "bust"):
        return [Violation("ab_die_post.parts.bust",
                          f"{player}'s turn ended with the third red 3; it is {s.current}'s turn")]
    if drawing and s.ended == (player, "single"):
        return [Violation("ab_die_post.parts.single",
                          f"one card per turn: {player} has drawn this turn; it is {s.current}'s turn")]
    return [Violation("ab_die_post.turn.order", f"it is {s.current}'s turn, not {player}'s")]


def end_turn(s: RaceState, why: str | None = None) -> None:
    s.ended = (s.current, why) if why else None
    s.current = s.next_player(s.current)
    s.phase = "turn"
    s.drawn_this_turn = 0
    s.ball = None


def settle_deck(s: RaceState) -> None:
    """ab_die_post.parts.reshuffle: an empty draw deck is made again from the discards."""
    if s.deck.left == 0 and s.deck.discard:
        s.deck.reshuffle()


# -- drawing spare parts ------------------------------------------------------------------------
def card_request(s: RaceState) -> DrawRequest:
    return DrawRequest(f"{s.current} draws a spare part", tuple(sorted(s.deck.draw_pile.elements())),
                       "ab_die_post.parts.draw", s.current)


def ball_request(s: RaceState) -> DrawRequest:
    return DrawRequest(f"{s.current} shakes the hurricane indicator", s.settings.ball_choices(),
                       "ab_die_post.indicator", s.current, replace=True)


def draw_well_formed(s: RaceState, a: Given) -> None:
    """A spare part drawn must be one the draw pile still holds (the ball shown is read by its
    argument alone)."""
    if s.phase == "indicator":
        return
    if s.deck.left == 0:
        raise MalformedInput("draw: no card is left to draw; every spare part is in a hand")
    if s.deck.draw_pile[a["card"]] == 0:
        raise MalformedInput(f"draw.card: no {a['card']} is left in the draw pile (check the card split setting)")


def check_draw(s: RaceState, a: Given) -> list[Violation]:
    if s.phase == "indicator":
        return check_ball(s, a)
    player = actor(s, a)
    out = out_of_turn(s, player, drawing=True)
    if out:
        return out
    if s.phase == "drawing" and s.settings.draw_mode == "single":
        return [Violation("ab_die_post.parts.single", f"one card per turn: {player} has drawn this turn")]
    return []


def apply_draw(s: RaceState, a: Given) -> None:
    player = actor(s, a)
    card = a["card"]
    s.deck.draw(card, player)
    settle_deck(s)
    if player != s.current:  # an overridden draw out of turn: the card only, the turn goes on
        _bust(s, player)
        return
    s.ended = None
    s.phase = "drawing"
    s.drawn_this_turn += 1
    if _bust(s, player):
        end_turn(s, "bust")
    elif s.settings.draw_mode == "single":
        end_turn(s, "single")


def _bust(s: RaceState, player: str) -> bool:
    """ab_die_post.parts.bust: the third red 3 held discards all of them."""
    if s.threes(player) < s.settings.three_limit:
        return False
    for _ in range(s.threes(player)):
        s.deck.play(player, RED_THREE)
    settle_deck(s)
    s.busts[player] = s.busts.get(player, 0) + 1
    return True


def would_bust(s: RaceState, player: str, card) -> bool:
    return card == RED_THREE and s.threes(player) + 1 >= s.settings.three_limit


def check_stop(s: RaceState, a: Given) -> list[Violation]:
    player = actor(s, a)
    out = out_of_turn(s, player)
    if out:
        return out
    if s.phase != "drawing":
        return [Violation("ab_die_post.turn.one_action",
                          f"{player} has neither drawn nor flown: a turn is one or the other")]
    return []


def apply_stop(s: RaceState, a: Given) -> None:
    end_turn(s)


# -- flying ---------------------------------------------------------------------------------------
def check_fly(s: RaceState, a: Given) -> list[Violation]:
    player = actor(s, a)
    out = out_of_turn(s, player)
    if out:
        return out
    if s.phase == "drawing":
        return [Violation("ab_die_post.turn.one_action",
                          f"{player} drew spare parts this turn: a turn is drawing or flying, not both")]
    need, have = s.settings.min_points_to_fly, s.points_in_hand(player)
    if have < need:
        return [Violation("ab_die_post.fly.parts",
                          f"{player}'s spare parts are worth {have}; flying needs at least {need}")]
    return []


def apply_fly(s: RaceState, a: Given) -> None:
    s.ended = None
    s.grounded = []
    s.phase = "indicator"
    s.ball = None


def check_ball(s: RaceState, a: Given) -> list[Violation]:
    ball = a["card"]
    out = out_of_turn(s, actor(s, a))
    if out:
        return out
    if s.settings.balls[ball] == 0:
        return [Violation("ab_die_post.indicator",
                          f"no {ball} ball is loaded for {len(s.players)} players")]
    return []
