"""The Postman on a phone: card plays with their targets, casualties, retreats, the seat's own
rolls and the turn's buttons. Moving stacks stays on the laptop's map (a path is drawn there)."""

from __future__ import annotations

from ...core.session import Session
from ...postman import mail
from ...postman import view as queries
from ...postman.battle import casualties_needed
from ...postman.state import PostmanState
from .kit import action, dice_actions, mine, pick

#: Steps whose arguments the step already names in full: one button each.
_BUTTONS = ("end_phase", "fight", "recruit", "militia_phase", "stay")
#: A card with a unit and a town to choose (Narrow Escape) has many targets: the first few.
MAX_TARGETS = 24

#: The seat's own hidden things, as the cover and its heading name them.
HAND = {"title": "Your hand", "empty": "No cards in your hand."}


def offers(session: Session, seat: str, view: dict) -> list[dict]:
    s: PostmanState = session.state
    out: list[dict] = []
    for step in view["steps"]:
        if not mine(step, seat):
            continue
        k = step["kind"]
        if k == "roll":
            out += dice_actions(step)
        elif k == "draw":
            out.append(action(step["text"], "draw", app="draw"))
        elif k in _BUTTONS:
            out.append(action(step["text"], k, step["args"]))
        elif k == "casualties":
            out.append(_casualties(s, seat, step))
        elif k == "battle_retreat":
            out += _battle_retreats(s, seat)
        elif k == "retreat":
            out += _retreats(s, seat)
        elif k == "discard":
            out.append(_discard(s, seat, step))
        elif k == "move":
            out.append(action("Stacks move on the laptop's map", "", note=step["text"]))
    return out + _card_plays(s, seat)


def _card_plays(s: PostmanState, seat: str) -> list[dict]:
    out = []
    for card in queries.playable_cards(s, seat):
        for target in queries.card_targets(s, seat, card.id)[:MAX_TARGETS]:
            words = ", ".join(_target_words(s, key, value) for key, value in target.items())
            label = f"Play {card.name}" + (f": {words}" if words else "")
            out.append(action(label, "play_card", {"card": card.id, "side": seat, **target},
                              private=True, note=card.text))
    return out


def _target_words(s: PostmanState, key: str, value) -> str:
    if key == "unit":
        return queries.unit_label(s, value)
    if key in ("to", "town"):
        return f"{'to ' if key == 'to' else ''}{s.board.towns[value].name}"
    if key == "die":
        return f"reroll die {value + 1} ({s.pos.last_roll[value]})"
    return f"{key} {value}"


def _casualties(s: PostmanState, seat: str, step: dict) -> dict:
    b = s.fight
    units = [u.id for u in sorted(s.units_in(b.town, seat), key=queries.unit_order)]
    options = [(u, queries.unit_label(s, u)) for u in units]
    if seat == "postmen" and b.militia_fight:
        options += [("militia", "Militia")] * s.pos.militia.get(b.town, 0)
    return action(step["text"], "casualties", {"side": seat},
                  fields=[pick("units", "Casualties", options, casualties_needed(s, seat))])


def _battle_retreats(s: PostmanState, seat: str) -> list[dict]:
    b = s.fight
    return [action(f"Retreat to {s.board.towns[x].name}", "battle_retreat", {"to": x})
            for x in queries.retreat_towns(s, b.town, seat)]


def _retreats(s: PostmanState, seat: str) -> list[dict]:
    o = s.pos.offer
    if o is None:
        return []
    towns = queries.retreat_towns(s, o.town, seat)
    return [action(f"{queries.unit_label(s, u)} tries to retreat to {s.board.towns[x].name}",
                   "retreat", {"unit": u, "to": x}) for u in o.units for x in towns][:MAX_TARGETS]


def _discard(s: PostmanState, seat: str, step: dict) -> dict:
    hand = [(c.id, c.name) for c in queries.hand_view(s, seat)]
    return action(step["text"], "discard", {"side": seat}, private=True,
                  fields=[pick("cards", "Cards to discard", hand, mail.over_limit(s, seat))])


_SIDE = {"postmen": "Postmen", "holnists": "Holnists"}
_OF = {"postmen": "Postmen's", "holnists": "Holnists'"}


def headline(view: dict) -> dict:
    if view["winner"]:
        return {"whose": f"The {_SIDE[view['winner']]} have won", "phase": "Game over"}
    phase = "Dealing" if view["phase"] == "deal" else f"{view['phase'].capitalize()} phase"
    return {"whose": f"The {_OF[view['active']]} turn", "phase": f"Turn {view['turn']}, {phase}"}


def hand(view: dict) -> list[dict]:
    own = view["own"]
    items = [{"title": c["name"], "text": c["text"], "note": _face(c["id"]), "card": c["id"]}
             for c in own["hand"]]
    if "spied_hand" in own:
        items += [{"title": f"Spied: {c['name']}", "text": c["text"], "note": _face(c["id"])}
                  for c in own["spied_hand"]]
    return items


def _face(cid: str) -> str:
    """The card as printed: rank and suit ("Q♥")."""
    return cid[:-1] + {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}.get(cid[-1], cid[-1])


def facts(view: dict) -> list[dict]:
    out = [{"label": f"{_OF[s]} hand", "value": f"{n} card(s)"} for s, n in view["hand_counts"].items()]
    if view["battle"]:
        out.append({"label": "Battle", "value": f"{view['battle']['town']}, round {view['battle']['round']}"})
    if view["last_battle"]:
        out.append({"label": "Last battle", "value": view["last_battle"]})
    towns: dict[str, dict[str, dict[str, int]]] = {}
    for u in view["units"]:
        kinds = towns.setdefault(u["town_name"], {}).setdefault(u["side"], {})
        kinds[u["name"]] = kinds.get(u["name"], 0) + 1
    for town, sides in sorted(towns.items()):
        parts = [f"{_SIDE[side]}: " + ", ".join(name if n == 1 else f"{name} \u00d7{n}" for name, n in kinds.items())
                 for side, kinds in sides.items()]
        out.append({"label": town, "value": "; ".join(parts)})
    return out
