"""The flight itself: the ball in the indicator's window, the move by the wind table, the
passenger (ab_die_post.indicator, move.*, passenger).

The table moves the plane on the board and tells Posthorn where it came down: its lane, its
river zone (counted from this flight's start airport), how many of the passenger's two flank
spaces it has now passed, or that it landed on the goal airport. A plane whose landing space was
taken does not move (``blocked``), from the start field as from anywhere.
"""

from __future__ import annotations

from ..core.inputs import Args
from ..core.violations import MalformedInput, Violation
from . import hurricane, scoring
from .state import HURRICANE, LANES, PostState
from .turns import actor, end_turn, out_of_turn, waiting


def show_ball(s: PostState, ball: str) -> list[str]:
    """The indicator shows ``ball``: a colour owes a move, black is a hurricane for every plane
    in the air. Returns the players a hurricane sent back to the start field."""
    s.ball = ball
    if ball != HURRICANE:
        s.phase = "move"
        return []
    sent_back = hurricane.strike(s)
    if s.payments:
        s.phase = "hurricane"
    else:
        end_turn(s)
    return sent_back


def distance(s: PostState) -> int:
    return s.settings.wind.get(s.ball, 0)


def goal_zone(s: PostState) -> int:
    """The goal airport counted as one zone beyond the last river zone."""
    return s.settings.river_zones + 1


def read_move(s: PostState, a: Args) -> tuple[str | None, int, int, bool]:
    goal = a.flag("goal")
    plane = s.planes[actor(s, a)]
    if a.flag("blocked"):  # the landing space was taken: the plane stays where it was
        if goal or any(k in a.args for k in ("lane", "zone", "flanks")):
            raise MalformedInput("move: a blocked plane stays put; give no lane, zone, flanks or goal")
        return plane.lane, plane.zone, plane.flanks, False
    if goal:
        lane = a.choice("lane", LANES, default=plane.lane, required=False)
        zone = goal_zone(s)
    else:
        lane = a.choice("lane", LANES)
        zone = int(a.number("zone", lo=1, hi=s.settings.river_zones))
        if zone != a.args["zone"]:
            raise MalformedInput(f"move.zone: expected a whole zone number, got {a.args['zone']!r}")
    flanks = a.args.get("flanks", plane.flanks)
    if flanks not in (0, 1, 2) or isinstance(flanks, bool):
        raise MalformedInput(f"move.flanks: expected 0, 1 or 2 passenger flank spaces, got {flanks!r}")
    return lane, zone, flanks, goal


def check_move(s: PostState, a: Args) -> list[Violation]:
    player = actor(s, a)
    lane, zone, flanks, goal = read_move(s, a)
    if s.phase != "move":
        if s.phase in ("turn", "drawing"):
            return [Violation("ab_die_post.move.pending",
                              "no coloured ball shows: a plane moves only after flying and shaking the indicator")]
        return waiting(s)
    out = out_of_turn(s, player)
    if out:
        return out
    plane = s.planes[player]
    wind = distance(s)
    if zone < plane.zone or flanks < plane.flanks:
        return [Violation("ab_die_post.move.wind", "planes fly forward: a move cannot go back a zone "
                                                   "or un-pass a passenger flank space")]
    if zone - plane.zone > wind:
        where = f"zone {plane.zone}" if plane.in_air else "the start field"
        to = "the goal airport" if goal else f"zone {zone}"
        return [Violation("ab_die_post.move.wind",
                          f"a {s.ball} ball moves {wind} space(s): from {where} the plane cannot reach {to}")]
    if flanks - plane.flanks > wind:
        return [Violation("ab_die_post.move.wind",
                          f"a {s.ball} ball moves {wind} space(s): too few to pass {flanks - plane.flanks} flank spaces")]
    return []


def apply_move(s: PostState, a: Args) -> None:
    player = actor(s, a)
    lane, zone, flanks, goal = read_move(s, a)
    plane = s.planes[player]
    if a.flag("blocked"):
        if s.phase == "move":
            end_turn(s)
        return
    plane.lane, plane.zone, plane.in_air = lane or plane.lane or LANES[-1], zone, True
    before, plane.flanks = plane.flanks, flanks
    if flanks == 2 and before < 2 and s.passenger is None:
        s.passenger = player  # ab_die_post.passenger: the first plane past both flank spaces
    if goal:
        plane.at_goal = True
        scoring.end_flight(s, player)
    elif s.phase == "move":
        end_turn(s)


def plane_text(s: PostState, player: str) -> str:
    plane = s.planes[player]
    if plane.at_goal:
        return "at the goal airport"
    if not plane.in_air:
        return "on the start field"
    return f"{plane.lane} lane, zone {plane.zone}"
