"""Ab die Post! on a phone: draw spare parts (with the odds), stop, fly, shake the indicator,
say where the plane came down, pay a hurricane, keep a card for the next flight."""

from __future__ import annotations

from ...ab_die_post import flight
from ...ab_die_post.state import LANES, RaceState
from ...core.session import Session
from ...core.words import counted, percent
from .kit import action, choice, mine, number

_BUTTONS = ("stop_drawing", "fly", "pay")

#: The seat's own hidden things, as the cover and its heading name them.
HAND = {"title": "Your spare parts", "empty": "No spare parts yet."}


def offers(session: Session, seat: str, view: dict) -> list[dict]:
    s: RaceState = session.state
    out: list[dict] = []
    for step in view["steps"]:
        if not mine(step, seat):
            continue
        k = step["kind"]
        if k == "draw":
            out.append(action(step["text"], "draw", app="draw"))
        elif k in _BUTTONS:
            out.append(action(step["text"], k, step["args"]))
        elif k == "keep_card":
            out += [action(f"Keep a {v}", "keep_card", {"player": seat, "card": v})
                    for v in sorted(set(view["own"]["hand"]))]
        elif k == "move":
            out += _moves(s, seat, step)
    return out


def _moves(s: RaceState, seat: str, step: dict) -> list[dict]:
    out = [action("The landing space was taken: stay put", "move", {"blocked": True})]
    if s.board is not None:
        for space, landing in sorted(flight.landings(s, seat).items()):
            if not landing.taken:
                out.append(action(f"Land on {space}", "move", {"space": space} if space != flight.GOAL
                                  else {"goal": True}))
        return out
    fields = [choice("lane", "Lane", [(lane, lane) for lane in LANES]),
              number("zone", "River zone", 1, s.settings.river_zones),
              number("flanks", "Passenger flank spaces passed", 0, 2)]
    return [action("Reached the goal airport", "move", {"goal": True}),
            action("Where the plane came down", "move", fields=fields, note=step["text"])] + out


def headline(view: dict) -> dict:
    if view["phase"] == "over":
        return {"whose": f"{', '.join(view['winners'])} won", "phase": "Game over"}
    return {"whose": f"{view['current']}'s turn", "phase": f"Flight {view['flight']}, {view['phase']}"}


def hand(view: dict) -> list[dict]:
    own = view["own"]
    odds = ", ".join(f"{v}: {percent(c)}" for v, c in own["card_chances"].items())
    return [{"title": f"{own['points']} points in spare parts", "text": " ".join(map(str, own["hand"])),
             "note": counted(own['threes'], "red 3")},
            {"title": "Next card", "text": odds or "the deck is empty",
             "note": f"third red 3: {percent(own['bust_chance'])}"}]


def facts(view: dict) -> list[dict]:
    out = [{"label": "Ball", "value": view["ball"] or "\u2013"}]
    for p in view["players"]:
        plane = view["planes"][p]
        where = "at the goal" if plane["at_goal"] else (
            f"{plane['lane']} lane, zone {plane['zone']}" if plane["in_air"] else "start field")
        out.append({"label": p, "value": f"{view['scores'][p]} points; {where}; "
                                         f"{len(view['deck']['hands'][p])} card(s)"})
    return out
