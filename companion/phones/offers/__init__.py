"""What a seat may do now, as actions a phone can show: a button, or a short form whose fields
fill an input's arguments (a card to pick, dice to type, a courier's orders).

An action only helps the phone build an input: whatever the phone sends goes through
``Session.submit_from``, which checks the seat and every rule, so an offer never decides a rule.
Each game's offers read the same questions its screens ask (``companion/<game>/...``).
"""

from __future__ import annotations

from ...core.session import Session
from . import ab_die_post, couriers, postman, thurn_and_taxis

GAMES = {"postman": postman, "thurn_and_taxis": thurn_and_taxis, "ab_die_post": ab_die_post,
         "couriers": couriers}


def offers(session: Session, seat: str, view: dict) -> list[dict]:
    """The actions ``seat`` has now, read from its own view and the rules' questions."""
    game = GAMES.get(session.rules.game_id)
    return game.offers(session, seat, view) if game is not None else []


def headline(game_id: str, view: dict) -> dict:
    """Whose turn it is and the phase, in words."""
    game = GAMES.get(game_id)
    return game.headline(view) if game is not None else {"whose": "", "phase": ""}


def hand(game_id: str, view: dict) -> list[dict]:
    """The seat's own hidden things as items (title, text, note): its cards, its orders."""
    game = GAMES.get(game_id)
    return game.hand(view) if game is not None else []


def facts(game_id: str, view: dict) -> list[dict]:
    """The public state as (label, value) lines, for the board view."""
    game = GAMES.get(game_id)
    return game.facts(view) if game is not None else []
