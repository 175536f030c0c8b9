"""The end of a flight and of the game (ab_die_post.flight.*, game.end).

The first plane on the goal airport ends the flight for everyone. The rest are placed by river
zone (nearest the goal first), then by lane (inner, middle, outer); planes on the start field are
not placed and score nothing.
"""

from __future__ import annotations

from ..core.input_table import Given
from ..core.violations import MalformedInput, Violation
from .state import LANES, FlightResult, RaceState
from .turns import settle_deck


def placings(s: RaceState, goal_player: str | None) -> dict[str, int]:
    """ab_die_post.flight.end: places by zone and lane; planes tied on both share the better place
    (setting ``tied_planes = "share"``) and the next plane takes the place after them. With a
    board and ``tied_planes = "further"`` the plane further along the lane is placed first."""
    flying = [p for p in s.players if s.planes[p].in_air and p != goal_player]
    further = s.settings.tied_planes == "further" and s.board is not None

    def key(p):
        plane = s.planes[p]
        ahead = -s.drawn_board.progress(plane.space, s.outward) if further and plane.space else 0
        return (-plane.zone, LANES.index(plane.lane), ahead)

    flying.sort(key=key)
    places = {goal_player: 1} if goal_player else {}
    for i, p in enumerate(flying):
        place = len(places) + 1
        if i and key(flying[i - 1]) == key(p):
            place = places[flying[i - 1]]
        places[p] = place
    return places


def flight_points(s: RaceState, places: dict[str, int]) -> dict[str, int]:
    """ab_die_post.flight.points: 7/5/4/3/2/1 by place, plus the passenger card's bonus."""
    table = s.settings.place_points
    points = {p: (table[places[p] - 1] if p in places and places[p] <= len(table) else 0)
              for p in s.players}
    if s.passenger is not None:
        points[s.passenger] += s.settings.passenger_bonus
    return points


def in_first_half(s: RaceState, player: str) -> bool:
    plane = s.planes[player]
    if not plane.in_air:
        return s.settings.start_field_keeps_card and not plane.at_goal
    return plane.zone <= s.settings.first_half_zones


def end_flight(s: RaceState, goal_player: str | None) -> None:
    places = placings(s, goal_player)
    points = flight_points(s, places)
    for p, n in points.items():
        s.scores[p] += n
    s.last_points = points
    s.results.append(FlightResult(s.flight, places, points, s.passenger))
    s.payments = []
    if any(score >= s.settings.target_score for score in s.scores.values()):
        s.phase = "over"
        s.winners = winners(s)
        return
    # ab_die_post.flight.keep: first-half planes keep one card, everyone else discards all
    s.keeping = []
    for p in s.players:
        hand = s.hand(p)
        if not hand:
            continue
        if not in_first_half(s, p):
            _discard_all_but(s, p, None)
        elif len(set(hand)) == 1:
            _discard_all_but(s, p, hand[0])  # only one kind of card to keep: no choice to ask
        else:
            s.keeping.append(p)
    settle_deck(s)
    s.phase = "keep"
    if not s.keeping:
        next_flight(s)


def _discard_all_but(s: RaceState, player: str, keep) -> None:
    hand = s.hand(player)
    kept = False
    for card in list(hand):
        if card == keep and not kept:
            kept = True
            continue
        s.deck.play(player, card)


def keep_well_formed(s: RaceState, a: Given) -> None:
    """The card kept must be in the keeper's hand."""
    hand = s.hand(a["player"])
    if a["card"] is not None and a["card"] not in hand:
        raise MalformedInput(f"keep_card.card: {a['player']} holds {sorted(hand)}; got {a['card']!r}")


def check_keep(s: RaceState, a: Given) -> list[Violation]:
    player = a["player"]
    if s.phase != "keep":
        return [Violation("ab_die_post.flight.keep", "cards are kept only at the end of a flight")]
    if player not in s.keeping:
        why = ("has chosen already" if in_first_half(s, player) else
               "was past the first half of the route: all cards are discarded")
        return [Violation("ab_die_post.flight.keep", f"{player} {why}")]
    return []


def apply_keep(s: RaceState, a: Given) -> None:
    player = a["player"]
    _discard_all_but(s, player, a["card"])
    settle_deck(s)
    if player in s.keeping:
        s.keeping.remove(player)
    if s.phase == "keep" and not s.keeping:
        next_flight(s)


def first_player(s: RaceState) -> str:
    """ab_die_post.flight.next: furthest behind on the score track; tie, fewest points in the last
    flight; still tied (no source says), the first of them in seating order."""
    return min(s.players, key=lambda p: (s.scores[p], s.last_points.get(p, 0), s.players.index(p)))


def next_flight(s: RaceState) -> None:
    """ab_die_post.flight.next: the route reversed, every plane on the airport just reached."""
    s.flight += 1
    for plane in s.planes.values():
        plane.to_start()
    s.passenger = None
    s.ball = None
    s.keeping = []
    s.current = first_player(s)
    s.phase = "turn"
    s.drawn_this_turn = 0
    s.ended = None


def winners(s: RaceState) -> tuple[str, ...]:
    """ab_die_post.game.end: furthest past the target, then most points in the last flight; a tie
    after both (not covered by any source) is a shared win."""
    key = {p: (s.scores[p], s.last_points.get(p, 0)) for p in s.players}
    best = max(key.values())
    return tuple(p for p in s.players if key[p] == best)
