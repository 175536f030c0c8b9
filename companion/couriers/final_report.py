"""The end of an evening at the Courier Desk (couriers.game.end): the side the table named as
winner in a sentence (ending.py, the same words as the announcement), what became of every
side's couriers, and a few figures of the evening."""

from __future__ import annotations

from ..core.final_report import FinalReport, ScoreLine, roll_figures
from ..core.words import counted
from . import ending
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
    return FinalReport(ending.headline(s), ending.delivered_words(s), tuple(ended.winners),
                       ("couriers sent", *FATES, "still riding"), tuple(lines),
                       roll_figures(session, str(s.turn)) + courier_figures(s))


def courier_figures(s: DeskState) -> tuple[tuple[str, str], ...]:
    """How hard the commanders were to find (couriers.locate.roll) and how many courier steps a
    delivered message took from its sender to its recipient."""
    tries = sum(sum(c.attempts.values()) for c in s.couriers.values())
    searched = sum(1 for c in s.couriers.values() if c.attempts)
    out = []
    if tries:
        out.append(("Location rolls", f"{tries} by {counted(searched, 'courier')}"))
    # a courier sent on turn 1 and delivered in that turn's courier step took 1 courier step
    took = [c.finished_turn - c.sent_turn + 1 for c in s.couriers.values() if c.status == "delivered"]
    if took:
        out.append(("Courier steps to deliver", f"{sum(took) / len(took):.1f} on average "
                                                f"({counted(len(took), 'message')} delivered)"))
    return tuple(out)
