"""The flight itself: the ball in the indicator's window, the move by the wind table, the
passenger (ab_die_post.indicator, move.*, passenger).

The table moves the plane on the board and tells Posthorn where it came down: its lane, its
river zone (counted from this flight's start airport), how many of the passenger's two flank
spaces it has now passed, or that it landed on the goal airport. A plane whose landing space was
taken, does not move (``blocked``), from the start field as from anywhere.

With a board (``board.py``) the table names the landing space instead (``space``, or ``goal``)
and may give the spaces flown over (``path``); Posthorn checks the move against the board
(exact distance, straight take-off and landing, a landing space taken means no move) and
derives the lane, the zone and the passenger flank spaces passed from the spaces.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.input_table import Given
from ..core.violations import MalformedInput, Violation
from ..core.words import counted
from . import hurricane, scoring
from .board import GOAL, START
from .state import HURRICANE, LANES, RaceState
from .turns import actor, end_turn, out_of_turn
from .words import space_count, space_words


def show_ball(s: RaceState, ball: str) -> list[str]:
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


def distance(s: RaceState) -> int:
    return s.settings.wind.get(s.ball, 0) if s.ball is not None else 0


def reach(s: RaceState) -> tuple[list[int], bool, int]:
    """For the move page, without a board: the river zones the current plane may come down in
    with this wind, whether the goal airport is within reach, and the fewest passenger flank
    spaces it may report (planes fly forward: ab_die_post.move.wind)."""
    plane = s.planes[s.current]
    zones, wind = s.settings.river_zones, distance(s)
    top = min(zones, plane.zone + wind)
    return list(range(max(1, plane.zone), top + 1)), plane.zone + wind > zones, plane.flanks


def goal_zone(s: RaceState) -> int:
    """The goal airport counted as one zone beyond the last river zone."""
    return s.settings.river_zones + 1


def read_move(s: RaceState, a: Given) -> tuple[str | None, int, int, bool]:
    """Where a move without a board says the plane came down: (lane, zone, flanks, goal);
    MalformedInput when its arguments do not say one place."""
    goal = a["goal"]
    plane = s.planes[actor(s, a)]
    if a["blocked"]:  # the landing space was taken: the plane stays where it was
        if goal or a["lane"] is not None or a["zone"] is not None or a["flanks"] is not None:
            raise MalformedInput("move: a blocked plane stays put; give no lane, zone, flanks or goal")
        return plane.lane, plane.zone, plane.flanks, False
    lane = a["lane"]
    if lane is None and goal:
        lane = plane.lane  # the goal airport, reached in the lane the plane flies in
    if lane is None:
        raise MalformedInput("move: missing argument 'lane'" + (" (the plane is on the start field)" if goal else ""))
    if goal:
        zone = goal_zone(s)
    elif a["zone"] is None:
        raise MalformedInput("move: missing argument 'zone'")
    else:
        zone = a["zone"]
    flanks = a["flanks"] if a["flanks"] is not None else plane.flanks
    return lane, zone, flanks, goal


def move_well_formed(s: RaceState, a: Given) -> None:
    """A move's arguments say one landing, by space on a board, by lane and zone without one."""
    if s.board is not None:
        read_board_move(s, a)
    else:
        read_move(s, a)


def _not_now(s: RaceState, player: str) -> list[Violation]:
    """A move comes after a coloured ball (what else is owed first is the table's owed)."""
    if s.phase in ("turn", "drawing"):
        return [Violation("ab_die_post.move.pending",
                          "no coloured ball shows: a plane moves only after flying and shaking the indicator")]
    return out_of_turn(s, player)


def check_move(s: RaceState, a: Given) -> list[Violation]:
    if s.board is not None:
        return check_board_move(s, a)
    player = actor(s, a)
    lane, zone, flanks, goal = read_move(s, a)
    out = _not_now(s, player)
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
                          f"a {s.ball} ball moves {counted(wind, 'space')}: from {where} the plane cannot reach {to}")]
    if flanks - plane.flanks > wind:
        return [Violation("ab_die_post.move.wind",
                          f"a {s.ball} ball moves {counted(wind, 'space')}: too few to pass {flanks - plane.flanks} flank spaces")]
    return []


def apply_move(s: RaceState, a: Given) -> None:
    if s.board is not None:
        return apply_board_move(s, a)
    player = actor(s, a)
    lane, zone, flanks, goal = read_move(s, a)
    plane = s.planes[player]
    if a["blocked"]:
        if s.phase == "move":
            end_turn(s)
        return
    plane.lane, plane.zone, plane.in_air = lane or plane.lane or LANES[-1], zone, True
    _land(s, player, flanks, goal)


def _land(s: RaceState, player: str, flanks: int, goal: bool) -> None:
    plane = s.planes[player]
    before, plane.flanks = plane.flanks, flanks
    if flanks == 2 and before < 2 and s.passenger is None:
        s.passenger = player  # ab_die_post.passenger: the first plane past both flank spaces
    if goal:
        plane.at_goal = True
        scoring.end_flight(s, player)
    elif s.phase == "move":
        end_turn(s)


def plane_text(s: RaceState, player: str) -> str:
    plane = s.planes[player]
    if plane.at_goal:
        return "at the goal airport"
    if not plane.in_air:
        return "on the start field"
    at = f", {space_count(s.drawn_board, plane.space, s.outward)}" if plane.space and s.board is not None else ""
    return f"{plane.lane} lane, zone {plane.zone}{at}"


# -- with a board ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Landing:
    """One place a move can end: a space id or GOAL, reached by ``path`` (the spaces flown over,
    the landing place last), with the flank spaces passed this flight once there and the player
    whose plane already stands there (then the plane does not move)."""

    target: str
    path: tuple[str, ...]
    flanks: int
    taken: str | None = None


def origin(s: RaceState, player: str) -> str:
    plane = s.planes[player]
    return plane.space if plane.in_air and plane.space else START


def straight_applies(s: RaceState, start: str) -> bool:
    """ab_die_post.move.straight: on every move, or (setting ``straight_flight = "from_start"``)
    only on the move that leaves the start airport."""
    return s.settings.straight_flight == "every_move" or start == START


def _paths(s: RaceState, start: str, n: int, straight: bool):
    """Every path of ``n`` steps from ``start`` (or fewer, ending on the goal airport), as a
    tuple of nodes after ``start``: forward only, no node twice, straight ends if asked."""
    board, outward = s.drawn_board, s.outward

    def walk(node, path, kinds):
        if path and (node == GOAL or len(path) == n):
            if not straight or (kinds[0] and kinds[-1]):
                yield tuple(path)
            return
        for nxt, along in board.steps(node, outward):
            if nxt == start or nxt in path:
                continue
            path.append(nxt)
            kinds.append(along)
            yield from walk(nxt, path, kinds)
            path.pop()
            kinds.pop()

    if n > 0:
        yield from walk(start, [], [])


def flanks_after(s: RaceState, player: str, path) -> int:
    passed = sum(1 for node in path if node in s.drawn_board.passenger)
    return min(2, s.planes[player].flanks + passed)


def occupant(s: RaceState, space: str, mover: str) -> str | None:
    if space == GOAL:
        return None
    return next((p for p in s.players if p != mover and s.planes[p].in_air
                 and not s.planes[p].at_goal and s.planes[p].space == space), None)


def landings(s: RaceState, player: str | None = None, straight: bool | None = None) -> dict[str, Landing]:
    """Where the current move can end, by space id (and GOAL): for each, the path that passes
    the most passenger flank spaces. Empty unless a board is in play and a move is owed."""
    if s.board is None or s.ball is None:
        return {}
    player = player or s.current
    start = origin(s, player)
    if straight is None:
        straight = straight_applies(s, start)
    out: dict[str, Landing] = {}
    for path in _paths(s, start, distance(s), straight):
        flanks = flanks_after(s, player, path)
        best = out.get(path[-1])
        if best is None or flanks > best.flanks:
            out[path[-1]] = Landing(path[-1], path, flanks, occupant(s, path[-1], player))
    return out


def read_board_move(s: RaceState, a: Given) -> tuple[str | None, tuple[str, ...] | None]:
    """(landing space id or GOAL or None when blocked, the path given or None); MalformedInput
    when the arguments do not say one landing on the board (each space is read as the board's)."""
    extra = sorted(k for k in ("lane", "zone", "flanks") if a[k] is not None)
    if extra:
        raise MalformedInput(f"move.{extra[0]}: with a board, name the landing space (space) or the "
                             "goal airport (goal); its lane, zone and flank spaces follow from the board")
    space, path = a["space"], a["path"]
    if a["blocked"]:
        if a["goal"] or space is not None or path is not None:
            raise MalformedInput("move: a blocked plane stays put; give no space, path or goal")
        return None, None
    if a["goal"]:
        if space is not None:
            raise MalformedInput("move: give the landing space or goal, not both")
        target = GOAL
    elif space is None:
        raise MalformedInput("move: missing argument 'space' (the landing space, e.g. 'o7'), "
                             "or goal: true or blocked: true")
    else:
        target = space
    if path is None:
        return target, None
    if path[-1] != target:
        raise MalformedInput(f"move.path: the path ends on {path[-1]!r}, not on the landing "
                             f"{'goal airport' if target == GOAL else 'space ' + repr(target)}")
    return target, tuple(path)


def _where(s: RaceState, node: str) -> str:
    start = "the " + s.drawn_board.end_names(s.outward)[0].lower()
    return space_words(s.drawn_board, node, s.outward, start)


def check_path(s: RaceState, player: str, path: tuple[str, ...]) -> list[Violation]:
    board, outward = s.drawn_board, s.outward
    start = origin(s, player)
    wind = distance(s)
    kinds = []
    node = start
    for nxt in path:
        kind = board.step_kind(node, nxt, outward)
        if kind is None or nxt == start or path.count(nxt) > 1:
            return [Violation("ab_die_post.move.links",
                              f"{_where(s, node)} to {_where(s, nxt)} is no step forward: a plane flies "
                              "to the next space along its lane or over a cross-link, never back or "
                              "over a space twice")]
        kinds.append(kind)
        node = nxt
    to_goal = path[-1] == GOAL
    if len(path) > wind or (len(path) < wind and not to_goal):
        return [Violation("ab_die_post.move.wind",
                          f"a {s.ball} ball moves exactly {counted(wind, 'space')}; this path flies {len(path)}")]
    if straight_applies(s, start) and not (kinds[0] and kinds[-1]):
        which = "take-off" if not kinds[0] else "landing"
        return [Violation("ab_die_post.move.straight",
                          f"the {which} changes lanes: the first and the last step of a move go "
                          "straight along a lane")]
    return []


def check_board_move(s: RaceState, a: Given) -> list[Violation]:
    player = actor(s, a)
    target, path = read_board_move(s, a)
    out = _not_now(s, player)
    if out:
        return out
    wind = distance(s)
    if target is None:  # blocked: only when a space the plane could land on is taken
        if not any(land.taken for land in landings(s, player).values()):
            return [Violation("ab_die_post.move.occupied",
                              f"no space the {s.ball} ball can take {player} to is taken: the plane moves")]
        return []
    if path is not None:
        return check_path(s, player, path)
    if target in landings(s, player):
        return []
    start = _where(s, origin(s, player))
    to = _where(s, target)
    if target in landings(s, player, straight=False):
        return [Violation("ab_die_post.move.straight",
                          f"{to} can be reached from {start} only by changing lanes on the first or the "
                          "last step: a plane takes off and lands straight along a lane")]
    how = "within" if target == GOAL else "exactly"
    return [Violation("ab_die_post.move.wind",
                      f"a {s.ball} ball moves {counted(wind, 'space')}: {to} is not {how} {counted(wind, 'space')} from "
                      f"{start} along the lanes and cross-links")]


def board_landing(s: RaceState, player: str, target: str, path) -> Landing:
    """The landing a move input means, even for an overridden one."""
    if path is not None:
        return Landing(target, path, flanks_after(s, player, path), occupant(s, target, player))
    found = landings(s, player).get(target) or landings(s, player, straight=False).get(target)
    if found is not None:
        return found
    return Landing(target, (target,), flanks_after(s, player, (target,)), occupant(s, target, player))


def apply_board_move(s: RaceState, a: Given) -> None:
    player = actor(s, a)
    target, path = read_board_move(s, a)
    land = None if target is None else board_landing(s, player, target, path)
    if target is None or land is None or land.taken:  # ab_die_post.move.occupied: the plane does not move at all
        if s.phase == "move":
            end_turn(s)
        return
    plane = s.planes[player]
    plane.in_air = True
    if target == GOAL:
        last = next((n for n in reversed((origin(s, player),) + land.path) if n not in (START, GOAL)), None)
        plane.space = None
        plane.lane = s.drawn_board.lane_of(last) if last else (plane.lane or LANES[-1])
        plane.zone = goal_zone(s)
    else:
        plane.space = target
        plane.lane = s.drawn_board.lane_of(target)
        plane.zone = s.drawn_board.zone(target, s.outward)
    _land(s, player, land.flanks, target == GOAL)


def board_move_text(s: RaceState, player: str, a: Given) -> str:
    """The log's words for a move on a board (read before it applies)."""
    target, path = read_board_move(s, a)
    if target is None:
        return f"{player}'s landing space is taken: the plane does not move"
    land = board_landing(s, player, target, path)
    if land.taken:
        return (f"{player} would land on {_where(s, target)}, where {land.taken}'s plane is: "
                "the plane does not move")
    if target == GOAL:
        return f"{player} lands on the goal airport: the flight ends"
    plane = s.planes[player]
    extra = " and takes the passenger" if (land.flanks == 2 and s.passenger is None and plane.flanks < 2) else ""
    return f"{player} flies to {_where(s, target)}{extra}"
