"""The end of a game of Ab die Post! (ab_die_post.game.end): the points of every flight, the
totals, and who won (furthest past the target, then most points in the last flight)."""

from __future__ import annotations

from ..core.final_report import FinalReport, ScoreLine, roll_figures
from .state import RaceState


def final_report(session) -> FinalReport | None:
    s: RaceState = session.state
    ended = session.result()  # ab_die_post.game.end
    if ended is None:
        return None
    target = s.settings.target_score
    order = sorted(s.players, key=lambda p: (-s.scores[p], -s.last_points.get(p, 0)))
    flights = tuple(f"flight {r.flight}" for r in s.results)
    lines = tuple(ScoreLine(p, tuple(str(r.points.get(p, 0)) for r in s.results) + (str(s.scores[p]),),
                            p in ended.winners) for p in order)
    won = " and ".join(ended.winners)
    over = [p for p in s.players if s.scores[p] >= target]
    why = f"{won} reached {max(s.scores[p] for p in ended.winners)} points (the game ends at {target})"
    if len(over) > 1:
        why += f"; {len(over)} players passed {target}: the furthest past wins, then the most points in the last flight"
    return FinalReport(f"{won} win{'s' if len(ended.winners) == 1 else ''}", why, tuple(ended.winners),
                      flights + ("total",), lines,
                      roll_figures(session.entries, str(len(s.results)), "Flights")[:1])
