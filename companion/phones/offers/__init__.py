"""What a seat may do now, as actions a phone can show: a button, or a short form whose fields
fill an input's arguments (a card to pick, dice to type, a courier's orders).

An action only helps the phone build an input: whatever the phone sends goes through
``Session.submit_from``, which checks the seat and every rule, so an offer never decides a rule.
Each game's offers read the same questions its screens ask (``companion/<game>/...``).
"""

from __future__ import annotations

from ...core.inputs import Input
from ...core.session import Session
from ...core.violations import MalformedInput
from . import ab_die_post, couriers, postman, thurn_and_taxis

GAMES = {"postman": postman, "thurn_and_taxis": thurn_and_taxis, "ab_die_post": ab_die_post,
         "couriers": couriers}


def offers(session: Session, seat: str, view: dict) -> list[dict]:
    """The actions ``seat`` has now, read from its own view and the rules' questions; only those
    the rules say are the seat's own and (a button) break no rule now."""
    game = GAMES.get(session.rules.game_id)
    found = game.offers(session, seat, view) if game is not None else []
    return [a for a in found if _allowed(session, seat, a)]


def _allowed(session: Session, seat: str, a: dict) -> bool:
    if not a["kind"]:
        return True  # a note
    try:
        inp = Input(a["kind"], a["args"], a["source"])
        if session.seat_of(inp) not in (seat, None):
            return False
        return bool(a["app"] or a["fields"]) or not session.check(inp)
    except MalformedInput:
        return False


def hand_words(game_id: str) -> dict:
    game = GAMES.get(game_id)
    return dict(game.HAND) if game is not None else {"title": "Yours", "empty": "Nothing yet."}


def after_input(session: Session) -> None:
    """What the laptop's screen does by itself after an input (a Thurn and Taxis display gap
    filled from the app's deck), done after a phone's input too."""
    game = GAMES.get(session.rules.game_id)
    hook = getattr(game, "after_input", None)
    if hook is not None:
        hook(session)


def headline(game_id: str, view: dict) -> dict:
    """Whose turn it is and the phase, in words."""
    game = GAMES.get(game_id)
    return game.headline(view) if game is not None else {"whose": "", "phase": ""}


def hand(game_id: str, view: dict, offered: list[dict]) -> list[dict]:
    """The seat's own hidden things as items (title, text, note; ``lit`` when one of the offers
    plays it now): its cards, its orders."""
    game = GAMES.get(game_id)
    items = game.hand(view) if game is not None else []
    playing = {a["args"].get("card") for a in offered if a["kind"] in ("play_card", "play")}
    for item in items:
        item["lit"] = item.get("card") in playing
    return items


def facts(game_id: str, view: dict) -> list[dict]:
    """The public state as (label, value) lines, for the board view."""
    game = GAMES.get(game_id)
    return game.facts(view) if game is not None else []
