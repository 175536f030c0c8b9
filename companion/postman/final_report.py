"""The end of a game of The Postman (postman.victory): which Leader fell and how, what each side
had left, and the evening's figures."""

from __future__ import annotations

from ..core.final_report import FinalReport, ScoreLine, roll_figures
from .state import OTHER, PostmanState
from .words import side


def final_report(session) -> FinalReport | None:
    s: PostmanState = session.state
    t = s.pos
    ended = session.result()  # postman.victory: a Leader has fallen
    if ended is None or not ended.winners:
        return None
    won = ended.winners[0]
    loser = OTHER[won]
    leader = next(u.name for u in s.catalog.units.values() if u.side == loser and u.leader)
    how = _how(session, s)
    lines = []
    for who in (won, loser):
        units = [u for u in t.units.values() if u.side == who]
        kinds: dict[str, int] = {}
        for u in units:
            kinds[s.unit_type(u).name] = kinds.get(s.unit_type(u).name, 0) + 1
        left = ", ".join(k if n == 1 else f"{k} \u00d7{n}" for k, n in kinds.items()) or "none"
        lines.append(ScoreLine(side(who, True), (str(len(units)), left, str(len(s.hand(who)))), who == won))
    return FinalReport(f"{side(won, True)} win", f"{leader} fell{how}", (side(won, True),),
                      ("units left", "which", "cards in hand"), tuple(lines),
                      roll_figures(session.entries, str(t.turn)))


def _how(session, s: PostmanState) -> str:
    """Where and how the Leader fell: the battle and its end, else the input that did it."""
    fell = next((e for e in reversed(session.entries) if "win the game" in e.said), None)
    if fell is None:
        return ""
    did = fell.text.split(" \u2192 ")[0]
    last = s.pos.last_battle
    if last is not None and f"Battle in {s.board.towns[last.town].name}" in fell.said:
        result = last.result
        why = did if result == "a leader has fallen" else f"{result} ({did})"
        return f" in the battle of {s.board.towns[last.town].name}: {why}"
    return f": {did}"
