"""The end of an evening at the Courier Desk (couriers.game.end): the side the table named as
winner, and what became of every side's couriers."""

from __future__ import annotations

from ..core.final_report import FinalReport, ScoreLine, roll_figures
from .state import DeskState

FATES = ("delivered", "lost", "captured")


def final_report(session) -> FinalReport | None:
    s: DeskState = session.state
    ended = session.result()
    if ended is None:
        return None
    lines = []
    for side in s.sides:
        mine = [c for c in s.couriers.values() if c.side == side]
        counts = [sum(1 for c in mine if c.status == fate) for fate in FATES]
        riding = len(mine) - sum(counts)
        lines.append(ScoreLine(side, (str(len(mine)), *map(str, counts), str(riding)), side in ended.winners))
    lines.sort(key=lambda line: (not line.winner, -int(line.cells[1])))
    headline = f"{ended.winners[0]} win" if ended.winners else "The game ends in a draw"
    return FinalReport(headline, f"The table ended the game on turn {s.turn}", tuple(ended.winners),
                       ("couriers sent", *FATES, "still riding"), tuple(lines),
                       roll_figures(session.entries, str(s.turn)))
