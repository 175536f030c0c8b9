"""What each input of The Postman did, in the table's words: the log line's end and the
announcement ("Sneak failed: Rider 1 stops in Canyonville", "Recruit: a Militia of River Town
becomes Cavalry 1", "Duel: the Postman's 2 is rolled again"); a card played says what it did
(``played.py``).

``before`` keeps a few facts of the state before the input (and the rules' own verdict on each die
of a roll, from ``rolls.successes``); ``said`` compares them with the state after.
"""

from __future__ import annotations

from ..core.checkpoints import copy_state
from ..core.inputs import Input
from ..core.words import counted
from . import battle, played, rolls
from .inputs import INPUTS
from .state import PostmanState
from .town_view import kind_label, unit_label
from .words import side
from .words import town as _town


def before(s: PostmanState, inp: Input) -> dict:
    t = s.pos
    # the units as they stand (a unit's kind never changes: a recruit's type is a new unit), so
    # a lost one is named as it was; copied at C speed, before every input
    out: dict = {"units": dict(t.units),
                 "militia": dict(t.militia), "winner": t.winner, "last_battle": t.last_battle,
                 "battle": t.battle.town if t.battle is not None else None}
    if inp.kind == "roll" and t.due is not None:
        due = copy_state(t.due)  # the rolled Due as it was asked (a fifth of deepcopy's time)
        values = list(INPUTS.value(s, inp, "values", []))
        if due.reroll_index is not None and values:  # Luck: one die rolled again, the others kept
            merged = list(due.keep)
            merged[due.reroll_index] = values[0]
            values = merged
        out["due"] = due
        out["ok"] = rolls.successes(s, due, tuple(values)) if due.kind not in ("duel", "duel_reroll") else []
        if due.kind in ("duel", "duel_reroll") and len(values) >= (1 if due.kind == "duel_reroll" else 2):
            general = due.info.get("general", 0) if due.kind == "duel_reroll" else values[1]
            out["duel"] = (values[0], general, battle.duel_outcome(s, values[0], general))
    elif inp.kind == "play_card":
        out["played"] = played.before(s, inp)
    return out


def said(b: dict, s: PostmanState, inp: Input) -> str:
    parts: list[str] = []
    if "due" in b:
        parts.append(_roll(b, s))
    card = played.played(b["played"], s, inp) if "played" in b else ""
    parts.append(card)
    # the card's words already name the rider it brought or the unit it destroyed
    said_by_card = card and b["played"]["card"].effect in ("california_postman", "brutality")
    if not said_by_card:
        parts += _new_units(b, s, inp)
    parts += _militia(b, s) if inp.kind == "roll" and b["due"].kind == "militia" else []
    if inp.kind != "casualties" and not said_by_card:
        parts += _fallen(b, s, inp)
    parts += _battle_end(b, s)
    if s.pos.winner and not b["winner"]:
        parts.append(f"{side(s.pos.winner, True)} win the game")
    return ". ".join(p for p in parts if p)


def _roll(b: dict, s: PostmanState) -> str:
    due, ok = b["due"], b["ok"]
    info = due.info
    who = _was(b, s, info.get("unit", ""))
    town = _town(s, info.get("town"))
    k = due.kind
    if k == "sneak":
        return f"Sneak succeeded: {who} slips past the enemy in {town}" if ok[0] else \
            f"Sneak failed: {who} stops in {town}"
    if k == "retreat":
        return f"Retreat: {who} gets away to {_town(s, info.get('to'))}" if ok[0] else \
            f"Retreat failed: {who} stays in {town}"
    if k == "recruit":
        return f"Recruit: {who} wins over a Militia of {town}; the type roll says what it becomes" \
            if ok[0] else f"Recruit failed: the Militia of {town} stay as they are"
    if k == "militia_fight":
        return f"The Militia of {town} fight the Holnists" if ok[0] else f"The Militia of {town} stay out"
    if k == "rule7":
        return "Rule Number 7: the Leaders fight a duel for the game" if ok[0] else \
            "Rule Number 7: no duel, the battle is fought"
    if k in ("duel", "duel_reroll") and "duel" in b:
        return _duel(s, *b["duel"])
    if k == "round":
        hits = s.fight.round_losses if s.pos.battle is not None else {}
        if not hits:
            return ""
        return (f"Round {info.get('round', 1)} in {town}: the Postmen lose {hits.get('postmen', 0)}, "
                f"the Holnists {hits.get('holnists', 0)}")
    return ""


def _duel(s: PostmanState, postman: int, general: int, outcome: str) -> str:
    """The duel's dice and what they decide (postman.fight.rule7): the Postman's 1 or 2 rolled
    again once, a tie rolled again; a win is said by the battle's end."""
    bonus = s.catalog.tables["rule7"]["general_bonus"]
    plus = f"+ {bonus}" if bonus >= 0 else f"\u2212 {-bonus}"
    dice = f"Duel: the Postman {postman} against the General {general} {plus} = {general + bonus}"
    if outcome == "reroll":
        return f"Duel: the Postman's {postman} is rolled again (the General keeps his {general})"
    if outcome == "tie":
        return f"{dice}: a tie, both roll again"
    return dice


def _new_units(b: dict, s: PostmanState, inp: Input) -> list[str]:
    if s.pos.units.keys() == b["units"].keys():  # most inputs: asked at C speed
        return []
    new = [uid for uid in s.pos.units if uid not in b["units"]]
    if not new:
        return []
    town = _town(s, s.pos.units[new[0]].town)
    names = ", ".join(unit_label(s, uid) for uid in new)
    if "due" in b and b["due"].kind == "type":
        return [f"Recruit: the Militia of {town} become{'s' if len(new) == 1 else ''} {names}"]
    return [f"New in {town}: {names}"]


def _militia(b: dict, s: PostmanState) -> list[str]:
    grew = [town for town, n in s.pos.militia.items() if n > b["militia"].get(town, 0)]
    if not grew:
        return ["Militia: none appear"]
    names = ", ".join(_town(s, t) for t in sorted(grew, key=lambda t: _town(s, t)))
    return [f"Militia appear in {counted(len(grew), 'town')}: {names}"]


def _fallen(b: dict, s: PostmanState, inp: Input) -> list[str]:
    if s.pos.units.keys() == b["units"].keys():
        return []
    gone = [uid for uid in b["units"] if uid not in s.pos.units]
    if not gone:
        return []
    return ["Destroyed: " + ", ".join(_was(b, s, uid) for uid in gone)]


def _was(b: dict, s: PostmanState, uid: str) -> str:
    """A unit's name as it was before the input, also once it has left the board (its kind is
    kept, not its name: naming every unit before every input cost more than the input)."""
    unit = b["units"].get(uid)
    return kind_label(s, unit.kind, uid) if unit is not None else ""


def _battle_end(b: dict, s: PostmanState) -> list[str]:
    last = s.pos.last_battle
    if last is None or last is b["last_battle"] or b["battle"] is None or s.pos.battle is not None:
        return []
    result = "no battle is fought" if last.result == "no battle" else last.result
    return [f"Battle in {_town(s, last.town)}: {result}"]

