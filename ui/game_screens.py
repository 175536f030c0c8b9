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


def result(session):
    """The game's result once it is over (``companion/<game>/result.py``), else None."""
    try:
        module = import_module(f"companion.{session.rules.game_id}.result")
    except ModuleNotFoundError:
        return None  # a game with no end of its own (the Courier Desk)
    return module.result(session)
