"""The Courier Desk on a phone: a side writes and sends its sealed orders, rides and rolls for
its own couriers, declares a capture of the enemy's, and either side may step the turn on."""

from __future__ import annotations

from ...core.session import Session
from ...couriers import view
from ...couriers.state import DeskState
from .kit import action, choice, dice_actions, flag, mine, number, text

_BUTTONS = ("attempt_location", "start_game", "begin_courier_step", "end_turn")

#: The seat's own hidden things, as the cover and its heading name them.
HAND = {"title": "Your side's orders", "empty": "No orders sent yet."}


def offers(session: Session, seat: str, view: dict) -> list[dict]:
    s: DeskState = session.state
    out: list[dict] = []
    for step in view["steps"]:
        if not mine(step, seat):
            continue
        k = step["kind"]
        if k == "roll":
            out += dice_actions(step)
        elif k == "move_courier":
            out.append(_ride(s, step))
        elif k in _BUTTONS:
            out.append(action(step["text"], k, step["args"]))
    if s.phase != "setup":
        out += _send(s, seat)
    out += [action(f"Courier {c.id} was captured by our troops", "capture", {"courier": c.id})
            for c in s.couriers.values() if c.side != seat and not c.finished]
    return out


def _ride(s: DeskState, step: dict) -> dict:
    """A ride names its target as the desk's does: only those the rules take now (never back
    where its location roll failed), and the table's word on the next closest unit where the
    rules ask for it (couriers.locate.failed)."""
    c = s.couriers[step["args"]["courier"]]
    speeds = [(name, sp.label) for name, sp in s.settings.speeds.items()]
    targets = view.open_targets(s, c)
    fields = [choice("speed", "Speed", speeds),
              number("nearest_enemy", "Nearest enemy (inches)", *s.settings.nearest_enemy_range,
                     optional=True, step=0.5),
              choice("towards", "Rides to", [(t, view.target_words(s, c, t)) for t in targets],
                     default=targets.index(view.offered_target(s, c)) if targets else 0),
              flag("arrives", "Arrives this turn")]
    if view.asks_next_closest(s, c):
        fields.append(flag("next_closest", "It is the next closest unit (the table says)"))
    return action(step["text"], "move_courier", step["args"], fields=fields)


def _send(s: DeskState, seat: str) -> list[dict]:
    ours = [(c.id, f"{c.name} ({c.rank})") for c in s.commanders.values() if c.side == seat]
    if len(ours) < 2:
        return []
    return [action("Write and send sealed orders", "send_courier", private=True, fields=[
        choice("sender", "From", ours), choice("recipient", "To", ours, default=1),
        text("message", "Orders", 500)])]


def headline(view: dict) -> dict:
    if view["phase"] == "setup":
        return {"whose": "Setting up", "phase": "Before the game"}
    step = "courier step" if view["phase"] == "couriers" else "battle"
    return {"whose": f"Turn {view['turn']}", "phase": step.capitalize()}


def hand(view: dict) -> list[dict]:
    items = []
    for cid, message in sorted(view["own"]["orders"].items()):
        c = view["couriers"][cid]
        to = view["commanders"].get(c["recipient"], {}).get("name", c["recipient"])
        items.append({"title": f"Courier {cid} to {to}", "text": message, "note": c["status"]})
    return items


def facts(view: dict) -> list[dict]:
    out = []
    for cid, c in sorted(view["couriers"].items()):
        to = view["commanders"].get(c["recipient"], {}).get("name", c["recipient"])
        orders = f": \u201c{c['message']}\u201d" if c["message"] else ""
        out.append({"label": f"Courier {cid} ({c['side']})", "value": f"to {to}, {c['status']}{orders}"})
    return out or [{"label": "Couriers", "value": "none sent yet"}]
