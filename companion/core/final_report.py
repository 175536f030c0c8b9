"""The end of a game as the table reads it: who won and why, the final scores with their
breakdown, and a few figures of the evening (turns, rolls by the app and by the table, luck).

Each game answers ``final_report(session)`` in ``companion/<game>/final_report.py``, built on
the session's ``result()`` (who won, by which rule) with the breakdown the table wants to read;
None while the game goes on. The result screen and the tests read this one shape.
"""

from __future__ import annotations

from dataclasses import dataclass

from .words import counted


@dataclass(frozen=True)
class ScoreLine:
    name: str
    cells: tuple[str, ...]     # one per ``FinalReport.columns``
    winner: bool = False


@dataclass(frozen=True)
class FinalReport:
    headline: str                      # "The Holnists win"
    why: str                           # "The Postman fell in the battle of Riverford: ..."
    winners: tuple[str, ...]
    columns: tuple[str, ...]           # the score table's headings after the name
    scores: tuple[ScoreLine, ...]      # best first
    figures: tuple[tuple[str, str], ...] = ()


def by_source(counts: dict[str, int]) -> str:
    """"12 by the app, 3 by the table"."""
    return f"{counts['app']} by the app, {counts['table']} by the table"


def roll_figures(entries, turns: str, label: str = "Turns") -> tuple[tuple[str, str], ...]:
    """Turns, the rolls and the draws (cards, balls) by the app and by the table, and the luck of
    each side's dice against the expected face (every die of every roll counts, d6 assumed
    unless the values say more). Rolls and draws only where the game had any."""
    faces: dict[str, list[int]] = {"app": [], "table": []}
    rolls = {"app": 0, "table": 0}
    draws = {"app": 0, "table": 0}
    for e in entries:
        inp = e.input
        source = "table" if inp.source == "table" else "app"
        if inp.kind == "draw":
            draws[source] += 1
            continue
        values = inp.args.get("values") if inp.kind == "roll" else None
        if not isinstance(values, list | tuple):
            continue
        rolls[source] += 1
        faces[source] += [v for v in values if isinstance(v, int)]
    out = [(label, turns)]
    if sum(rolls.values()):
        out.append(("Rolls", by_source(rolls)))
    if sum(draws.values()):
        out.append(("Draws", by_source(draws)))
    for source, name in (("app", "Luck of the app's dice"), ("table", "Luck of the table's dice")):
        if faces[source]:
            mean = sum(faces[source]) / len(faces[source])
            sides = max(6, *faces[source])
            out.append((name, f"average face {mean:.2f} against {(sides + 1) / 2:.2f} expected "
                              f"({counted(len(faces[source]), 'die', 'dice')})"))
    return tuple(out)
