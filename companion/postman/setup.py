"""Setting up a game (postman.setup)."""

from __future__ import annotations

from ..core.deck import Deck
from ..core.violations import MalformedInput
from .catalog import RANKS, SIDES, SUITS, Catalog
from .state import Position, PostmanState, Unit

ALL_CARDS = tuple(f"{r}{s}" for s in "HDCS" for r in RANKS)


def new_state(board, catalog: Catalog, setup: dict) -> PostmanState:
    if not isinstance(setup, dict):
        raise MalformedInput("setup: expected an object")
    variants = dict(catalog.variants)
    chosen = setup.get("variants", {})
    if not isinstance(chosen, dict):
        raise MalformedInput("setup.variants: expected an object")
    for key, value in chosen.items():
        allowed = {"deck": ("shared", "split"), "ambush": ("all", "own")}.get(key)
        if allowed is None or value not in allowed:
            raise MalformedInput(f"setup.variants.{key}: expected one of {allowed or 'deck, ambush'}, got {value!r}")
        variants[key] = value
    pos = Position()
    pos.effects["variants"] = variants
    state = PostmanState(board, catalog, pos)
    for side in SIDES:
        spec = catalog.tables["setup"][side]
        town = board.post_town if spec["start"] == "post_town" else board.base_camp
        for kind, n in spec["units"].items():
            for _ in range(n):
                uid = state.new_id(kind)
                pos.units[uid] = Unit(uid, kind, side, town)
    occupied = {u.town for u in pos.units.values()}
    pos.militia = {town: (0 if town in occupied else 1) for town in board.towns}
    if variants["deck"] == "shared":
        shared = Deck.of("deck", ALL_CARDS, SIDES)
        pos.decks = {s: shared for s in SIDES}
    else:
        pos.decks = {s: Deck.of(f"{s} deck", [c for c in ALL_CARDS if SUITS[c[-1]] == s], (s,)) for s in SIDES}
    for side in SIDES:
        pos.draws_owed += [side] * catalog.tables["setup"][side]["cards"]
    pos.phase = "deal"
    return state


def unique_decks(state: PostmanState) -> list[Deck]:
    out: list[Deck] = []
    for d in state.pos.decks.values():
        if all(d is not o for o in out):
            out.append(d)
    return out
