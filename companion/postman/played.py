"""What a card played did, in the table's words, for the announcement and the log line's end
(postman.card.<effect>): "Ambush: the Postmen get +3 to their attack rolls in Canyonville",
"Intercept: Rider 1's sneak roll now needs 5+ = Sneak 4, Intercept -1 (33%)".

``before`` keeps the few facts of the state before the play; ``played`` words the card from
them and the state after, reading the rules' own numbers (the battle's attack modifiers, the
owed roll's request), so the words cannot promise what the rules do not then do. A play that
changed nothing (overridden out of its window) says nothing.
"""

from __future__ import annotations

import copy
from collections.abc import Callable

from ..core.inputs import Input
from ..core.roll_targets import die_targets
from ..core.words import counted
from . import battle, rolls
from .state import OTHER, PostmanState
from .town_view import sides_own, unit_label
from .words import side as side_words


def before(s: PostmanState, inp: Input) -> dict:
    t = s.pos
    card = s.catalog.cards.get(str(inp.args.get("card")))
    return {"card": card, "side": inp.args.get("side") or (card.side if card else None),
            "discards_owed": len(t.discards_owed), "draws_owed": len(t.draws_owed),
            "due": copy.deepcopy(t.due), "last_roll": tuple(t.last_roll),
            "in_battle": t.battle is not None,
            "target": unit_label(s, str(inp.args.get("unit"))) if inp.args.get("unit") in t.units else "",
            "units": {uid: u.town for uid, u in t.units.items()}}


def played(b: dict, s: PostmanState, inp: Input) -> str:
    card = b["card"]
    if card is None:
        return ""
    words = EFFECTS.get(card.effect)
    said = words(b, s, inp) if words is not None else ""
    return f"{card.name}: {said}" if said else ""


def _who(b: dict, capital: bool = False) -> str:
    return side_words(b["side"], capital)


def _town(s: PostmanState, town) -> str:
    info = s.board.towns.get(town) if isinstance(town, str) else None
    return info.name if info is not None else str(town)


def _battle_town(s: PostmanState) -> str:
    return _town(s, s.pos.battle.town) if s.pos.battle is not None else ""


def _attack_bonus(b: dict, s: PostmanState, inp: Input) -> str:
    """Whose attack rolls the card changed, and by what, as the battle's own modifiers say."""
    if s.pos.battle is None:
        return ""
    name = b["card"].name
    got = [(side, m.value) for side in ("postmen", "holnists")
           for m in battle.attack_mods(s, side) if m.name == name]
    if not got:
        return ""
    if len(got) == 2 and got[0][1] == got[1][1]:
        return f"every unit in the battle of {_battle_town(s)} gets {got[0][1]:+d} to its attack rolls"
    return "; ".join(f"{side_words(side)} get {value:+d} to their attack rolls in {_battle_town(s)}"
                     for side, value in got)


def _roll_now(b: dict, s: PostmanState, inp: Input) -> str:
    """A card that changes the owed roll: what the roll needs now, after every modifier."""
    due = s.pos.due
    if due is None or b["due"] is None or due.info.get("mods") == (b["due"].info.get("mods") or []):
        return ""
    req = rolls.request(s, due)
    target = die_targets(req)[0]
    return f"{req.purpose} now needs {target.text()}"


def _militia(b: dict, s: PostmanState, inp: Input) -> str:
    fought = s.pos.battle or s.pos.last_battle  # Cowed may end the battle at once: no battle
    if not b["in_battle"] or fought is None:
        return ""
    town = _town(s, fought.town)
    return f"the Militia of {town} {'fight the Holnists' if fought.militia_fight else 'do not fight'}"


def _discards(b: dict, s: PostmanState, inp: Input) -> str:
    n = len(s.pos.discards_owed) - b["discards_owed"]
    if n <= 0:
        return ""
    return f"{side_words(OTHER[b['side']])} discard {counted(n, 'card')} at random"


def _draws(b: dict, s: PostmanState, inp: Input) -> str:
    n = len(s.pos.draws_owed) - b["draws_owed"]
    return f"{_who(b)} draw {counted(n, 'card')}" if n > 0 else ""


def _spies(b: dict, s: PostmanState, inp: Input) -> str:
    draw = _draws(b, s, inp)
    return f"{draw}, then look at {sides_own(OTHER[b['side']])} hand this turn" if draw else ""


def _luck(b: dict, s: PostmanState, inp: Input) -> str:
    due = s.pos.due
    if due is None or due.reroll_index is None:
        return ""
    i = due.reroll_index
    shown = f" (it showed {b['last_roll'][i]})" if i < len(b["last_roll"]) else ""
    return f"{rolls.die_words(s, due, i)}{shown} is rolled again"


def _moved(b: dict, s: PostmanState, inp: Input) -> str:
    uid = str(inp.args.get("unit"))
    u = s.pos.units.get(uid)
    if u is None or b["units"].get(uid) == u.town:
        return ""
    how = "rides to" if b["card"].effect == "deliver_the_mail" else "gets away to"
    return f"{unit_label(s, uid)} {how} {_town(s, u.town)}, no roll"


def _new_rider(b: dict, s: PostmanState, inp: Input) -> str:
    new = [uid for uid in s.pos.units if uid not in b["units"]]
    return f"{', '.join(unit_label(s, u) for u in new)} joins {_who(b)} in {_town(s, inp.args.get('town'))}" if new else ""


def _move_bonus(b: dict, s: PostmanState, inp: Input) -> str:
    n = b["card"].modifier
    if b["card"].effect == "pony_express":
        uid = inp.args.get("unit")
        return f"{unit_label(s, uid)} moves {n} further this turn" if uid in s.pos.units else ""
    return f"{sides_own(b['side'])} stack in {_town(s, inp.args.get('town'))} moves {n} further this turn"


def _brutality(b: dict, s: PostmanState, inp: Input) -> str:
    target = inp.args.get("unit")
    if target == "militia":
        return f"a Militia of {_battle_town(s) or 'the battle'} is destroyed"
    if isinstance(target, str) and target in b["units"] and target not in s.pos.units:
        return f"{b['target']} is destroyed"
    return ""


def _discipline(b: dict, s: PostmanState, inp: Input) -> str:
    # any battle takes it (its casualties may be settled at once, the spared count reset)
    return f"{_who(b)} lose one unit fewer" if b["in_battle"] else ""


def _wilderness(b: dict, s: PostmanState, inp: Input) -> str:
    due = b["due"]
    if due is None or due.kind not in ("sneak", "retreat"):
        return ""
    who = unit_label(s, due.info.get("unit", ""))
    return f"{who} {'slips past the enemy' if due.kind == 'sneak' else 'gets away'}, no roll"


def _always(words: str) -> Callable[[dict, PostmanState, Input], str]:
    return lambda b, s, inp: words


#: Each effect's words (postman.card.<effect>).
EFFECTS: dict[str, Callable[[dict, PostmanState, Input], str]] = {
    "luck": _luck,
    "rumors": _always("+1 to every Militia roll this turn"),
    "hope": _always("+1 to every recruit roll this turn"),
    "winter": _always("the Holnists skip their next Move phase"),
    "fear": _always("the Postmen get \u22121 to their recruit rolls next turn"),
    "spies": _spies,
    "resupply": _draws,
    "confusion": _discards,
    "break_morale": _discards,
    "resistance": _militia,
    "cowed": _militia,
    "ambush": _attack_bonus,
    "trap": _attack_bonus,
    "firepower": _attack_bonus,
    "brutality": _brutality,
    "pony_express": _move_bonus,
    "forced_march": _move_bonus,
    "deliver_the_mail": _moved,
    "narrow_escape": _moved,
    "california_postman": _new_rider,
    "rough_terrain": lambda b, s, inp: f"the stack in {_town(s, inp.args.get('town'))} cannot move this turn",
    "wilderness": _wilderness,
    "intercept": _roll_now,
    "organization": _roll_now,
    "conscription": _roll_now,
    "discipline": _discipline,
}
