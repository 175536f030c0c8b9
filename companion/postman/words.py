"""The Postman's inputs in words, for the game log."""

from __future__ import annotations

from ..core.input_table import Given
from ..core.words import capital
from . import rolls
from .state import PostmanState
from .town_view import side_words, unit_in_line, unit_label


def town(s: PostmanState, tid) -> str:
    """A town by its name on the map (the record keeps its id)."""
    info = s.board.towns.get(tid) if isinstance(tid, str) else None
    return info.name if info is not None else str(tid)


SUITS = {"H": "\u2665", "D": "\u2666", "C": "\u2663", "S": "\u2660"}


def card(cid) -> str:
    """A card as printed on it: "9\u2666", "10\u2660", "A\u2665" (the record keeps "9D")."""
    text = str(cid)
    if len(text) >= 2 and text[-1] in SUITS:
        return text[:-1] + SUITS[text[-1]]
    return text


side = side_words


def _stack(s: PostmanState, units) -> str:
    """A few units by name; a big stack by kind and count ("The Postman, Postal Rider ×9")."""
    if len(units) <= 3:
        return ", ".join(unit_label(s, u) for u in units)
    counts: dict[str, int] = {}
    for uid in units:
        u = s.pos.units.get(uid)
        name = s.unit_type(u).name if u else str(uid)
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(name if n == 1 else f"{name} \u00d7{n}" for name, n in counts.items())


def _target(s: PostmanState, key: str, value) -> str:
    """A card's target in words: "on Rider 1", "in Canyonville", "die 2"."""
    if key in ("town", "to"):
        return f"{'to' if key == 'to' else 'in'} {town(s, value)}"
    if key == "unit":
        return f"on {unit_in_line(s, value)}"
    if key == "die":
        return f"die {value + 1}"
    return f"{key} {value}"


def roll(s: PostmanState, a: Given) -> str:
    due = s.pos.due
    values = a["values"]
    src = "table dice" if a.source == "table" else "app dice"
    if due is None:
        return f"Roll {values} ({src})"
    return f"{capital(rolls.purpose(s, due))}: {' '.join(map(str, values))} ({src})"


def draw(s: PostmanState, a: Given) -> str:
    # the log is read by both players: a card drawn into a hand stays secret (the record keeps
    # it); a card discarded at random goes face up on the discard pile, so it is named
    if s.pos.discards_owed:
        return _side_does(s.pos.discards_owed[0], "discard", [card(a["card"])]) + " at random"
    drawer = s.pos.draws_owed[0] if s.pos.draws_owed else "?"
    n = len(s.hand(drawer)) + 1 if drawer in ("postmen", "holnists") else "?"
    return f"{side(drawer, True)} draw a card ({n} in hand)"


def move(s: PostmanState, a: Given) -> str:
    path = " \u2192 ".join(town(s, x) for x in a["path"])
    units = a["units"]
    return f"{_stack(s, units)} move{'s' if len(units) == 1 else ''}: {path}"


def retreat(s: PostmanState, a: Given) -> str:
    return f"{unit_label(s, a['unit'])} tries to retreat to {town(s, a['to'])}"


def end_phase(s: PostmanState, a: Given) -> str:
    return f"End of the {s.pos.phase.capitalize()} phase"


def fight(s: PostmanState, a: Given) -> str:
    return f"Battle in {town(s, a['town'])}"


def _side_does(who, verb: str, things: list[str]) -> str:
    """"The Holnists discard 9♦, K♣", "The Postmen lose Rider 2, a Militia": a side, what it does, to what."""
    return f"{side(who, True)} {verb} {', '.join(things)}"


def casualties(s: PostmanState, a: Given) -> str:
    return _side_does(a["side"], "lose", [unit_in_line(s, u) if u != "militia" else "a Militia" for u in a["units"]])


def battle_retreat(s: PostmanState, a: Given) -> str:
    b = s.pos.battle
    return f"{side(b.retreating, True) if b else 'The ?'} retreat to {town(s, a['to'])}"


def recruit(s: PostmanState, a: Given) -> str:
    return f"{unit_label(s, a['unit'])} makes a recruit roll"


def discard(s: PostmanState, a: Given) -> str:
    return _side_does(a["side"], "discard", [card(c) for c in a["cards"]])


def play_card(s: PostmanState, a: Given) -> str:
    played = s.catalog.cards[a["card"]]
    # the targets in the order the input gives them ("on Rider 1, to Pineview")
    extra = ", ".join(_target(s, key, a[key]) for key in a.inp.args
                      if key not in ("card", "side") and a.get(key) is not None)
    who = a["side"] or played.side  # an overridden play may be by the other colour's side
    return f"{side(who, True)} play {card(played.id)} {played.name}" + (f" ({extra})" if extra else "")
