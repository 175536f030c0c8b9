"""Thurn and Taxis on a phone: take from the display or the deck, call an official, play a card
at an end it fits, give up or close the route, cut the hand, end the turn."""

from __future__ import annotations

from ...core.session import Session
from ...thurn_and_taxis import closing, officials
from ...thurn_and_taxis.board import OFFICIALS
from ...thurn_and_taxis.state import GameState
from .kit import action, mine, pick

_BUTTONS = ("discard_route", "end_turn")

#: The seat's own hidden things, as the cover and its heading name them.
HAND = {"title": "Your hand", "empty": "No cards in your hand."}


def offers(session: Session, seat: str, view: dict) -> list[dict]:
    s: GameState = session.state
    own = view["own"]
    out: list[dict] = []
    for step in view["steps"]:
        if not mine(step, seat):
            continue
        k = step["kind"]
        if k == "take_display":
            fits = set(own["display_fits"])
            out += [action(f"Take {c['name']}", "take_display", {"card": c["id"]},
                           note="fits your route" if c["id"] in fits else "")
                    for c in view["display"] if c is not None]
        elif k == "draw" and s.deck_mode == "virtual":
            out.append(action(step["text"], "draw", app="draw"))
        elif k == "official":
            out += [action(f"Call the {officials.title(s, o)}", "official", {"name": o})
                    for o in OFFICIALS if officials.why_not(s, o) is None]
        elif k == "play":
            out += [action(f"Play {c['name']} at the {end} end", "play", {"card": c["id"], "end": end},
                           private=True) for c in own["hand"] for end in c["fits"]]
        elif k == "close_route":
            out += _closings(s, step)
        elif k == "cut_hand":
            hand = [(c["id"], c["name"]) for c in own["hand"]]
            extra = len(hand) - s.board.game["hand_after_closing"]
            out.append(action(step["text"], "cut_hand", private=True,
                              fields=[pick("cards", "Cards to discard", hand, extra)]))
        elif k in _BUTTONS:
            out.append(action(step["text"], k, step["args"]))
    return out


def after_input(session: Session) -> None:
    """With the app's deck, a gap in the display is filled at once (thurn_and_taxis.display.refill),
    as the laptop's table fills it after its own inputs."""
    s: GameState = session.state
    while s.deck_mode == "virtual" and s.refill_due() and not s.over:
        if not session.deal().accepted:
            break
        s = session.state


def _closings(s: GameState, step: dict) -> list[dict]:
    out = []
    for option in closing.options(s):
        if not option.count:
            continue
        cities = option.default_cities()
        names = ", ".join(s.board.name(c) for c in cities)
        if option.kind == "each_province":
            args: dict = {"option": "each_province", "cities": cities}
            label = f"Close the route: a house in each province ({names})"
        else:
            args = {"option": "one_province", "province": option.province, "cities": cities}
            label = f"Close the route: houses in {option.province} ({names})"
        out.append(action(label, "close_route", args))
    return out


def headline(view: dict) -> dict:
    if view["over"]:
        best = max(view["scores"].items(), key=lambda kv: kv[1]["total"] if isinstance(kv[1], dict) else kv[1])
        return {"whose": f"Game over: {best[0]} leads", "phase": "Final scores"}
    end = f"; the game ends after this round ({view['ended_by']})" if view["ended_by"] else ""
    return {"whose": f"{view['active']}'s turn", "phase": f"Round {view['round']}{end}"}


def hand(view: dict) -> list[dict]:
    return [{"title": c["name"], "text": "", "card": c["id"],
             "note": f"fits the route ({', '.join(c['fits'])} end)" if c["fits"] else "does not fit the route"}
            for c in view["own"]["hand"]]


def facts(view: dict) -> list[dict]:
    out = [{"label": "Display", "value": ", ".join(c["name"] for c in view["display"] if c) or "empty"},
           {"label": "Deck", "value": f"{view['draw_pile']} card(s)"}]
    for p in view["players"]:
        route = " \u2013 ".join(c["name"] for c in p["route"])
        out.append({"label": p["name"], "value": f"{p['hand_count']} in hand; "
                    + (f"route {route}; " if route else "no route yet; ") + f"{p['houses_left']} houses left"})
    return out
