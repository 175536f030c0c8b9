"""The Postman's inputs in words, for the game log."""

from __future__ import annotations

from ..core.inputs import Input
from . import rolls
from .state import PostmanState
from .town_view import unit_label


def _town(s: PostmanState, town) -> str:
    return s.board.towns[town].name if town in s.board.towns else str(town)


def _unit(s: PostmanState, uid) -> str:
    return unit_label(s, uid) if isinstance(uid, str) else str(uid)


SUITS = {"H": "\u2665", "D": "\u2666", "C": "\u2663", "S": "\u2660"}


def card(cid) -> str:
    """A card as printed on it: "9\u2666", "10\u2660", "A\u2665" (the record keeps "9D")."""
    text = str(cid)
    if len(text) >= 2 and text[-1] in SUITS:
        return text[:-1] + SUITS[text[-1]]
    return text


def side(side, capital: bool = False) -> str:
    """"the Postmen", "the Holnists" (their plural makes "the Holnists' cards")."""
    name = {"postmen": "the Postmen", "holnists": "the Holnists"}.get(side, str(side))
    return name[:1].upper() + name[1:] if capital else name


def _stack(s: PostmanState, units) -> str:
    """A few units by name; a big stack by kind and count ("The Postman, Postal Rider ×9")."""
    if len(units) <= 3:
        return ", ".join(_unit(s, u) for u in units)
    counts: dict[str, int] = {}
    for uid in units:
        u = s.pos.units.get(uid)
        name = s.unit_type(u).name if u else str(uid)
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(name if n == 1 else f"{name} \u00d7{n}" for name, n in counts.items())


def _side(s) -> str:
    return side(s)[4:]


def _target(s: PostmanState, key: str, value) -> str:
    """A card's target in words: "on Rider 1", "in Canyonville", "die 2"."""
    if key in ("town", "to"):
        return f"{'to' if key == 'to' else 'in'} {_town(s, value)}"
    if key == "unit":
        return f"on {_unit(s, value)}"
    if key == "die" and isinstance(value, int):
        return f"die {value + 1}"
    return f"{key} {value}"


def describe(s: PostmanState, inp: Input) -> str:
    a = inp.args
    k = inp.kind
    if k == "roll":
        due = s.pos.due
        values = a.get("values", [])
        src = "table dice" if inp.source == "table" else "app dice"
        if due is None:
            return f"Roll {values} ({src})"
        req = rolls.request(s, due)
        return f"{req.purpose[:1].upper()}{req.purpose[1:]}: {' '.join(map(str, values))} ({src})"
    if k == "draw":
        # the log is read by both players: a card drawn into a hand stays secret (the record keeps
        # it); a card discarded at random goes face up on the discard pile, so it is named
        if s.pos.discards_owed:
            return f"The {_side(s.pos.discards_owed[0])} discard {card(a.get('card'))} at random"
        drawer = s.pos.draws_owed[0] if s.pos.draws_owed else "?"
        n = len(s.hand(drawer)) + 1 if drawer in ("postmen", "holnists") else "?"
        return f"The {_side(drawer)} draw a card ({n} in hand)"
    if k == "move":
        path = " \u2192 ".join(_town(s, x) for x in a.get("path", []))
        units = a.get("units", [])
        return f"{_stack(s, units)} move{'s' if len(units) == 1 else ''}: {path}"
    if k == "retreat":
        return f"{_unit(s, a.get('unit'))} tries to retreat to {_town(s, a.get('to'))}"
    if k == "stay":
        return "The rest stay"
    if k == "end_phase":
        return f"End of the {s.pos.phase.capitalize()} phase"
    if k == "fight":
        return f"Battle in {_town(s, a.get('town'))}"
    if k == "casualties":
        return f"The {_side(a.get('side'))} lose {', '.join(_unit(s, u) if u != 'militia' else 'a Militia' for u in a.get('units', []))}"
    if k == "battle_retreat":
        b = s.pos.battle
        return f"The {_side(b.retreating) if b else '?'} retreat to {_town(s, a.get('to'))}"
    if k == "recruit":
        return f"{_unit(s, a.get('unit'))} makes a recruit roll"
    if k == "militia_phase":
        return "Militia phase: roll for every empty town"
    if k == "discard":
        return f"The {_side(a.get('side'))} discard {', '.join(card(c) for c in a.get('cards', []))}"
    if k == "play_card":
        played = s.catalog.cards[a["card"]]  # check refused a card that does not exist
        extra = ", ".join(_target(s, key, v) for key, v in a.items() if key not in ("card", "side"))
        who = a.get("side", played.side)  # an overridden play may be by the other colour's side
        return f"{side(who, True)} play {card(played.id)} {played.name}" + (f" ({extra})" if extra else "")
    return k.replace("_", " ")
