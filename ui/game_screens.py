"""Which table screen and setup dialog each game uses (only the games that are ready)."""

from __future__ import annotations

from importlib import import_module

from companion.games import rules_for

SCREENS = {"couriers": "ui.couriers.desk", "ab_die_post": "ui.ab_die_post.table",
           "thurn_and_taxis": "ui.thurn_and_taxis.table", "postman": "ui.postman.table"}


def rules(game_id: str):
    return rules_for(game_id)


def create(game_id: str, table):
    return import_module(SCREENS[game_id]).create(table)


def ask_setup(parent, game_id: str, pack) -> dict | None:
    return import_module(SCREENS[game_id]).ask_setup(parent, pack)


def final_report(session):
    """What the result screen shows once the session's ``result()`` says the game is over
    (``companion/<game>/final_report.py``, asked through the game's view), else None."""
    if session.result() is None:
        return None
    return import_module(f"companion.{session.rules.game_id}.view").final_report(session)


def rematch_inputs(session) -> list:
    """The inputs a rematch gives again before the table takes over: the game's own answer
    (``companion/<game>/view.py`` ``rematch_inputs``, the Courier Desk's roster), else none, as
    a game whose players are its setup starts them again from the setup alone."""
    view = import_module(f"companion.{session.rules.game_id}.view")
    ask = getattr(view, "rematch_inputs", None)
    return list(ask(session)) if ask is not None else []
