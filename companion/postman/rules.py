"""The Postman's rules: which inputs it takes, how each is checked and applied, what comes next.

Rule ids are ``postman.*``; each has a section in ``rules/postman/reference.md``.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.game import GameResult, Rules, Step
from ..core.inputs import Input
from ..core.violations import MalformedInput
from . import choices, steps
from .board import board_from_pack, boards_from_pack, load_board
from .catalog import EFFECTS, SIDES, catalog_of
from .inputs import INPUTS
from .setup import new_state, unique_decks
from .state import PostmanState
from .steps import PENDING

RULE_IDS = frozenset({
    "postman.setup", "postman.victory", "postman.roll.none", "postman.retreat.none", "postman.battle.none", "postman.turn.order", "postman.turn.active",
    "postman.move.roads", "postman.move.limit", "postman.move.once", "postman.move.cannot",
    "postman.move.stack", "postman.move.sneak", "postman.move.retreat",
    "postman.fight.all", "postman.fight.militia", "postman.fight.rule7", "postman.fight.round",
    "postman.fight.casualties", "postman.fight.retreat", "postman.fight.second_round",
    "postman.fight.surrender",
    "postman.recruit.roll", "postman.recruit.once", "postman.recruit.contested",
    "postman.recruit.cannot", "postman.recruit.type",
    "postman.militia.roll", "postman.militia.cap", "postman.militia.turn",
    "postman.mail.draw", "postman.mail.limit",
    "postman.card.colour", "postman.card.hand", "postman.card.window", "postman.cards.deck",
    *PENDING.values(),
} | {f"postman.card.{e}" for e in EFFECTS})

KINDS = INPUTS.names


class PostmanRules(Rules):
    from . import said as outcome_words  # what each input did, in the table's words
    from .seats import SEATING as seating  # who sits at the table and what each may see
    game_id = "postman"
    title = "The Postman"
    inputs = INPUTS

    def players(self, setup: dict) -> tuple[str, ...]:
        return tuple(side.capitalize() for side in SIDES)  # fixed by the rules

    def validate_pack(self, pack) -> None:
        catalog_of(pack)
        boards = boards_from_pack(pack)
        if "default" not in boards:
            from ..core.violations import PackError

            raise PackError(f"{pack.source}/maps/default.toml", "", "missing: the pack needs a default map")

    def rule_ids(self) -> frozenset[str]:
        return RULE_IDS

    def new_state(self, pack, setup: dict) -> PostmanState:
        if not isinstance(setup, dict):
            raise MalformedInput("setup: expected an object")
        from ..core.violations import PackError

        try:
            if "board" in setup:
                board = load_board(setup["board"], "setup.board")
            else:
                board = board_from_pack(pack, setup.get("map", "default"))
        except PackError as e:
            raise MalformedInput(f"the map cannot be used: {e}") from None
        return new_state(board, catalog_of(pack), setup)

    # -- what next ------------------------------------------------------------------------------
    def next_steps(self, s: PostmanState) -> list[Step]:
        return steps.next_steps(s)

    def candidates(self, s: PostmanState) -> Iterator[Input]:
        return choices.candidates(s)

    def result(self, s: PostmanState) -> GameResult | None:
        if s.pos.winner is None:
            return None
        fallen = "the General" if s.pos.winner == "postmen" else "the Postman"
        from .words import side  # the words for people: "the Postmen", never the id

        return GameResult((s.pos.winner,), f"{side(s.pos.winner)} win: {fallen} has fallen", "postman.victory")

    def state_json(self, s: PostmanState) -> dict:
        t = s.pos
        return {
            "turn": t.turn, "active": t.active, "phase": t.phase, "winner": t.winner,
            "units": {u.id: {"kind": u.kind, "side": u.side, "town": u.town, "fresh": u.fresh}
                      for u in sorted(t.units.values(), key=lambda u: u.id)},
            "militia": {k: v for k, v in t.militia.items() if v},
            "hands": {side: sorted(s.hand(side)) for side in ("postmen", "holnists")},
            "deck": [d.left for d in unique_decks(s)],
            "discard": [sorted(d.discard) for d in unique_decks(s)],
            "battles_left": list(t.battles_left),
            "battle": None if t.battle is None else {"town": t.battle.town, "step": t.battle.step,
                                                     "round": t.battle.round},
            "last_battle": None if t.last_battle is None else t.last_battle.result,
            "effects": {k: v for k, v in t.effects.items() if k != "variants"},
            "due": None if t.due is None else t.due.kind,
        }


RULES = PostmanRules()
