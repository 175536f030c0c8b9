"""The end of a game as the table reads it: who won and why, the final scores with their
breakdown, and a few figures of the evening (turns, rolls by the app and by the table, the luck of
their dice against the targets the rules judged them by).

Each game answers ``final_report(session)`` in ``companion/<game>/final_report.py``, built on
the session's ``result()`` (who won, by which rule) with the breakdown the table wants to read;
None while the game goes on. The result screen and the tests read this one shape.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, replace

from .dice import Dice, RollRequest
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


def roll_figures(session, turns: str, label: str = "Turns") -> tuple[tuple[str, str], ...]:
    """Turns, the rolls and the draws (cards, balls) by the app and by the table, and the luck of
    each side's dice against the targets the rules judged them by (``dice_luck``). Rolls, draws
    and luck only where the game had any."""
    rolls = {"app": 0, "table": 0}
    draws = {"app": 0, "table": 0}
    for e in session.entries:
        inp = e.input
        source = "table" if inp.source == "table" else "app"
        if inp.kind == "draw":
            draws[source] += 1
        elif inp.kind == "roll":
            rolls[source] += 1
    out = [(label, turns)]
    if sum(rolls.values()):
        out.append(("Rolls", by_source(rolls)))
    if sum(draws.values()):
        out.append(("Draws", by_source(draws)))
    luck = dice_luck(session) if sum(rolls.values()) else {}
    for source, name in (("app", "Luck of the app's dice"), ("table", "Luck of the table's dice")):
        if source in luck and luck[source].judged:
            out.append((name, luck[source].words()))
    return tuple(out)


@dataclass
class Luck:
    """The dice of one source against their targets: how many went the roller's way (met the
    target the rules judged them by; missed it, for a roll the roller must not reach, such as a
    courier's loss roll), of how many judged, and the sum of the chances of that."""

    met: int = 0
    judged: int = 0
    expected: float = 0.0

    def words(self) -> str:
        """"14 successes of 40 against a target, 12.3 expected": more than expected is luck."""
        return (f"{counted(self.met, 'success', 'successes')} of {self.judged} against a target, "
                f"{self.expected:.1f} expected")


#: per session, its entries when its luck was last found and that luck: an end screen drawn
#: again (a resize, a theme, the export) reads it instead of folding the game again
_FOUND: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def dice_luck(session) -> dict[str, Luck]:
    """The luck of the app's and the table's dice, found by folding the game's inputs again: each
    roll is judged against the roll request owed just before it (its target after every
    modifier), die by die where the rules judge the dice one by one. A duel's dice are compared
    with each other, not with a target, and a roll with nothing owed has no target: neither
    counts. Found once for the same entries (they are values: an undo or a new input makes other
    ones); each call gets its own copy."""
    entries = tuple(session.entries)
    found = _FOUND.get(session)
    if found is None or found[0] != entries:  # a tuple compares its items by identity first
        found = (entries, fold_luck(session, entries))
        _FOUND[session] = found
    return {source: replace(luck) for source, luck in found[1].items()}


def fold_luck(session, entries) -> dict[str, Luck]:
    """``dice_luck`` of ``entries``, folded afresh on a state of its own (nobody else holds it)."""
    luck = {"app": Luck(), "table": Luck()}
    rules = session.rules
    state = rules.new_state(session.pack, session.setup)
    for e in entries:
        inp = e.input
        if inp.kind == "roll":
            request = rules.pending_roll(state)
            if request is not None:
                _judge(request, inp.args.get("values"), luck["table" if inp.source == "table" else "app"])
        rules.apply(state, inp)
    return luck


def _judge(request: RollRequest, values, luck: Luck) -> None:
    if request.contest or not isinstance(values, list | tuple) or len(values) != request.dice.count:
        return
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        return
    if request.per_die:
        one = Dice(1, request.dice.sides)
        for value, (target, mod, _what) in zip(values, request.per_die, strict=False):
            luck.judged += 1
            luck.met += value + mod >= target
            luck.expected += one.chance_at_least(target - mod)
        return
    luck.judged += 1
    luck.met += request.met(values) == request.success
    luck.expected += request.chance_met if request.success else 1 - request.chance_met
