"""The end of a game of Thurn and Taxis (thurn_and_taxis.score): every player's carriage, bonus
tiles (their points, face up at last, and how many) and houses left, best first, with the tie
rule applied (thurn_and_taxis.score.tie); and the evening's figures: rounds, routes closed,
officials called, cards drawn by the app and by the table."""

from __future__ import annotations

from ..core.final_report import FinalReport, ScoreLine, roll_figures
from ..core.words import counted
from .scoring import carriage_points, game_end_holder, ranking, score
from .state import GameState


def final_report(session) -> FinalReport | None:
    s: GameState = session.state
    ended = session.result()  # thurn_and_taxis.score, or .score.tie for a shared win
    if ended is None:
        return None
    order = ranking(s)
    best = score(s, s.players[order[0]])
    won = list(ended.winners)
    lines = tuple(ScoreLine(p.name, (_carriage(s, p), _tiles(p),
                                     f"{s.houses_left(p)} ({_number(-s.houses_left(p))})",
                                     _number(score(s, p))), p.name in won)
                  for p in (s.players[i] for i in order))
    ender = _ender(s)
    tie = ""
    tied = [p.name for p in s.players if score(s, p) == best]
    if len(tied) > 1:
        holder = game_end_holder(s)
        tie = (f"; {', '.join(tied)} tie at {best}, and the game-end tile "
               f"({s.players[holder].name if holder is not None else 'nobody'}) breaks it")
    headline = f"{won[0]} wins" if len(won) == 1 else f"{' and '.join(won)} share the win"
    return FinalReport(headline, f"{ender}; the round was played out, then the scores counted{tie}",
                      tuple(won), ("carriage", "tiles", "houses left", "score"), lines,
                      _figures(session))


def _tiles(p) -> str:
    """"9 (3 tiles)": the points of the bonus tiles, and how many."""
    return f"{_number(sum(v for _sid, v in p.tiles))} ({counted(len(p.tiles), 'tile')})"


def _figures(session) -> tuple[tuple[str, str], ...]:
    s: GameState = session.state
    kinds = [e.input.kind for e in session.entries]
    return (roll_figures(session, str(s.round), "Rounds")
            + (("Routes closed", str(kinds.count("close_route"))),
               ("Officials called", str(kinds.count("official")))))


def _carriage(s: GameState, p) -> str:
    return f"{p.carriage}-carriage: {carriage_points(s, p)}" if p.carriage is not None else "none: 0"


def _number(n: int) -> str:
    return f"\u2212{-n}" if n < 0 else str(n)


def _ender(s: GameState) -> str:
    """Who ended the game and how (thurn_and_taxis.end.trigger)."""
    if s.ended_by is None:
        return "The game was ended"
    p = s.players[s.ended_by]
    how = "placing the last house" if s.houses_left(p) == 0 else "taking the 7-carriage"
    return f"{p.name} ended the game by {how}"
