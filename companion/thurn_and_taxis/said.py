"""What each input of Thurn and Taxis did, in the table's words: a route closed with its houses,
carriage and the number of bonus tiles (their points stay face down until the end,
thurn_and_taxis.score), the end triggered, the winner.
"""

from __future__ import annotations

from ..core.inputs import Input
from ..core.words import counted
from .scoring import carriage_points, ranking, score, winner
from .state import GameState


def before(s: GameState, inp: Input) -> dict:
    p = s.active
    return {"name": p.name, "houses": len(p.houses), "carriages": len(p.carriages),
            "tiles": len(p.tiles), "ended_by": s.ended_by, "over": s.over, "route": list(p.route)}


def said(b: dict, s: GameState, inp: Input) -> str:
    parts: list[str] = []
    p = next(x for x in s.players if x.name == b["name"])
    if inp.kind == "close_route":
        placed = len(p.houses) - b["houses"]
        parts.append(f"Route closed: {p.name} places {counted(placed, 'house')}, {s.houses_left(p)} left")
        if len(p.carriages) > b["carriages"]:
            parts.append(f"{p.name} takes the {p.carriages[-1]}-carriage")
        tiles = len(p.tiles) - b["tiles"]
        if tiles:
            parts.append(f"{p.name} takes {counted(tiles, 'bonus tile')}, face down")
    elif inp.kind == "discard_route" and b["route"]:
        parts.append(f"Route lost: {p.name}'s {counted(len(b['route']), 'card')} "
                     f"{'goes' if len(b['route']) == 1 else 'go'} to the discards")
    if s.ended_by is not None and b["ended_by"] is None:
        parts.append(f"{s.players[s.ended_by].name} ends the game: the round is played out, then the scores count")
    if s.over and not b["over"]:
        parts.append(result_words(s))
    return ". ".join(parts)


def result_words(s: GameState) -> str:
    seat = winner(s)
    if seat is None:
        best = score(s, s.players[ranking(s)[0]])
        tied = [x.name for x in s.players if score(s, x) == best]
        return f"The game is over: {' and '.join(tied)} share the win with {best} points"
    w = s.players[seat]
    tiles = sum(v for _sid, v in w.tiles)
    return (f"The game is over: {w.name} wins with {score(s, w)} points "
            f"(carriage {carriage_points(s, w)}, tiles {tiles}, {s.houses_left(w)} houses left)")
