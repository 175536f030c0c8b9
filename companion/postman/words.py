"""The Postman's inputs in words, for the game log."""

from __future__ import annotations

from ..core.inputs import Input
from . import rolls
from .state import PostmanState


def _town(s: PostmanState, town) -> str:
    return s.board.towns[town].name if town in s.board.towns else str(town)


def _unit(s: PostmanState, uid) -> str:
    u = s.t.units.get(uid)
    return f"{s.unit_type(u).name} {uid}" if u else str(uid)


def _stack(s: PostmanState, units) -> str:
    """A few units by name; a big stack by kind and count ("The Postman, Postal Rider ×9")."""
    if len(units) <= 3:
        return ", ".join(_unit(s, u) for u in units)
    counts: dict[str, int] = {}
    for uid in units:
        u = s.t.units.get(uid)
        name = s.unit_type(u).name if u else str(uid)
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(name if n == 1 else f"{name} \u00d7{n}" for name, n in counts.items())


def _side(side) -> str:
    return {"postmen": "Postmen", "holnists": "Holnists"}.get(side, str(side))


def describe(s: PostmanState, inp: Input) -> str:
    a = inp.args
    k = inp.kind
    if k == "roll":
        due = s.t.due
        values = a.get("values", [])
        src = "table dice" if inp.source == "table" else "app dice"
        if due is None:
            return f"Roll {values} ({src})"
        req = rolls.request(s, due)
        return f"{req.purpose[:1].upper()}{req.purpose[1:]}: {' '.join(map(str, values))} ({src})"
    if k == "draw":
        # the log is read by both players: a card drawn into a hand stays secret (the record keeps
        # it); a card discarded at random goes face up on the discard pile, so it is named
        if s.t.discards_owed:
            return f"The {_side(s.t.discards_owed[0])} discard {a.get('card')} at random"
        side = s.t.draws_owed[0] if s.t.draws_owed else "?"
        n = len(s.hand(side)) + 1 if side in ("postmen", "holnists") else "?"
        return f"The {_side(side)} draw a card ({n} in hand)"
    if k == "move":
        path = " \u2192 ".join(_town(s, x) for x in a.get("path", []))
        return f"{_stack(s, a.get('units', []))} move: {path}"
    if k == "retreat":
        return f"{_unit(s, a.get('unit'))} tries to retreat to {_town(s, a.get('to'))}"
    if k == "stay":
        return "The rest stay"
    if k == "end_phase":
        return f"End of the {s.t.phase.capitalize()} phase"
    if k == "fight":
        return f"Battle in {_town(s, a.get('town'))}"
    if k == "casualties":
        return f"The {_side(a.get('side'))} lose {', '.join(_unit(s, u) if u != 'militia' else 'a Militia' for u in a.get('units', []))}"
    if k == "battle_retreat":
        b = s.t.battle
        return f"The {_side(b.retreating) if b else '?'} retreat to {_town(s, a.get('to'))}"
    if k == "recruit":
        return f"{_unit(s, a.get('unit'))} makes a recruit roll"
    if k == "militia_phase":
        return "Militia phase: roll for every empty town"
    if k == "discard":
        return f"The {_side(a.get('side'))} discard {', '.join(map(str, a.get('cards', [])))}"
    if k == "play_card":
        card = s.catalog.cards[a["card"]]  # check refused a card that does not exist
        extra = ", ".join(f"{key} {_town(s, v) if key in ('town', 'to') else v}" for key, v in a.items()
                          if key not in ("card", "side"))
        side = a.get("side", card.side)  # an overridden play may be by the other colour's side
        return f"{str(side).capitalize()} play {card.id} {card.name}" + (f" ({extra})" if extra else "")
    return k.replace("_", " ")
