"""The end of a game of Ab die Post! (ab_die_post.game.end): the points of every flight with the
place that earned them and the passenger's bonus, the totals, who won (furthest past the target,
then most points in the last flight), and the evening's figures: spare parts and indicator balls
by the app and by the table, hurricanes against the expected, busts."""

from __future__ import annotations

from ..core.final_report import FinalReport, ScoreLine, by_source, roll_figures
from .state import HURRICANE, RaceState


def final_report(session) -> FinalReport | None:
    s: RaceState = session.state
    ended = session.result()  # ab_die_post.game.end
    if ended is None:
        return None
    target = s.settings.target_score
    order = sorted(s.players, key=lambda p: (-s.scores[p], -s.last_points.get(p, 0)))
    flights = tuple(f"flight {r.flight}" for r in s.results)
    lines = tuple(ScoreLine(p, tuple(_flight_cell(s, r, p) for r in s.results) + (str(s.scores[p]),),
                            p in ended.winners) for p in order)
    won = " and ".join(ended.winners)
    over = [p for p in s.players if s.scores[p] >= target]
    why = f"{won} reached {max(s.scores[p] for p in ended.winners)} points (the game ends at {target})"
    if len(over) > 1:
        why += f"; {len(over)} players passed {target}: the furthest past wins, then the most points in the last flight"
    return FinalReport(f"{won} win{'s' if len(ended.winners) == 1 else ''}", why, tuple(ended.winners),
                      flights + ("total",), lines, _figures(session))


def _flight_cell(s: RaceState, r, player: str) -> str:
    """"7 (1st)", "9 (1st, passenger +2)", "0" for a plane that never left the start field."""
    points = r.points.get(player, 0)
    place = r.places.get(player)
    if place is None:
        return str(points)
    extra = f", passenger +{s.settings.passenger_bonus}" if r.passenger == player else ""
    return f"{points} ({_ordinal(place)}{extra})"


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _figures(session) -> tuple[tuple[str, str], ...]:
    s: RaceState = session.state
    parts = {"app": 0, "table": 0}
    balls = {"app": 0, "table": 0}
    hurricanes = 0
    for e in session.entries:
        if e.input.kind != "draw":
            continue
        source = "table" if e.input.source == "table" else "app"
        drawn = e.input.args.get("card")
        if isinstance(drawn, int):  # a spare part; the indicator's balls are colours
            parts[source] += 1
        else:
            balls[source] += 1
            hurricanes += drawn == HURRICANE
    chance = s.settings.balls.get(HURRICANE, 0) / max(1, sum(s.settings.balls.values()))
    n = sum(balls.values())
    return (roll_figures(session, str(len(s.results)), "Flights")[:1]
            + (("Spare parts drawn", by_source(parts)), ("Indicator balls", by_source(balls)),
               ("Hurricanes", f"{hurricanes} of {n} balls, {n * chance:.1f} expected "
                              f"({s.settings.balls.get(HURRICANE, 0)} black of {sum(s.settings.balls.values())} loaded)"),
               ("Busts (third red 3)", _busts(s))))


def _busts(s: RaceState) -> str:
    """"3 (Anna 2, Ben 1)": every bust the rules decided, and whose."""
    total = sum(s.busts.values())
    who = ", ".join(f"{p} {s.busts[p]}" for p in s.players if s.busts.get(p))
    return f"{total} ({who})" if total else "0"
