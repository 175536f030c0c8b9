"""The Postman's rules: which inputs it takes, how each is checked and applied, what comes next.

Rule ids are ``postman.*``; each has a section in ``rules/postman/reference.md``.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.game import GameResult, Rules, Step
from ..core.inputs import Args, Input
from ..core.violations import MalformedInput, Violation
from . import battle, cards, choices, mail, movement, recruit, rolls, steps, turn
from .board import board_from_pack, boards_from_pack, load_board
from .catalog import EFFECTS, catalog_of
from .setup import new_state, unique_decks
from .state import PostmanState
from .steps import ALLOWED, PENDING, blocking

RULE_IDS = frozenset({
    "postman.setup", "postman.victory", "postman.turn.order", "postman.turn.active",
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

KINDS = ("draw", "roll", "move", "retreat", "stay", "end_phase", "fight", "casualties",
         "battle_retreat", "recruit", "militia_phase", "discard", "play_card")


def _luck_after_roll(s: PostmanState, inp: Input) -> bool:
    """A Luck card played right after a roll (its window is the die just rolled)."""
    if inp.kind != "play_card" or s.pos.before_roll is None:
        return False
    name = inp.args.get("card")
    card = s.catalog.cards.get(name) if isinstance(name, str) else None
    return card is not None and card.effect == "luck"


#: Arguments that name one thing (a unit, town, side or card) and those that list several.
_NAMES = ("unit", "town", "to", "side", "card")
_LISTS = ("units", "path", "cards")


def _check_arg_types(inp: Input) -> None:
    """A name must be text and a list a list of text, before any rule looks them up."""
    for key in _NAMES:
        if key in inp.args and not isinstance(inp.args[key], str):
            raise MalformedInput(f"{inp.kind}.{key}: expected a name (text), got {inp.args[key]!r:.40}")
    for key in _LISTS:
        value = inp.args.get(key)
        if key in inp.args and not (isinstance(value, list) and all(isinstance(x, str) for x in value)):
            raise MalformedInput(f"{inp.kind}.{key}: expected a list of names, got {value!r:.40}")


class PostmanRules(Rules):
    from . import said as outcome_words  # what each input did, in the table's words
    from .seats import SEATING as seating  # who sits at the table and what each may see
    game_id = "postman"
    title = "The Postman"

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

    # -- checks ---------------------------------------------------------------------------------
    def check(self, s: PostmanState, inp: Input) -> list[Violation]:
        if inp.kind not in KINDS:
            raise MalformedInput(f"The Postman has no input '{inp.kind}'")
        a = inp.args
        if s.pos.winner:
            if _luck_after_roll(s, inp):  # Luck rerolls the die that decided it (postman.card.luck)
                return cards.check_play(s, a)
            return [Violation("postman.victory", f"the game is over: the {s.pos.winner} have won")]
        block = blocking(s)
        early_discard = (block == "draw" and inp.kind == "discard" and s.pos.phase == "mail"
                         and s.pos.drawn == 0 and not s.pos.discards_owed)  # postman.mail.limit
        first = []
        if block and inp.kind not in ALLOWED[block] and not early_discard:
            first = [Violation(PENDING[block], f"first: {self.next_steps(s)[0].text}")]
        _check_arg_types(inp)
        return first + self._check_kind(s, inp)

    def _check_kind(self, s: PostmanState, inp: Input) -> list[Violation]:
        a = inp.args
        k = inp.kind
        if k == "draw":
            return mail.check_draw(s, a.get("card"))
        if k == "roll":
            if s.pos.due is None:
                raise MalformedInput("no roll is asked for now")
            req = rolls.request(s, s.pos.due)
            req.dice.check_values(Args(inp).values())
            return []
        if k == "play_card":
            return cards.check_play(s, a)
        if k == "move":
            return movement.check_move(s, a.get("units"), a.get("path"))
        if k == "retreat":
            return movement.check_retreat(s, a.get("unit"), a.get("to"))
        if k == "stay":
            if s.pos.offer is None:
                raise MalformedInput("no retreat is offered now")
            return []
        if k == "end_phase":
            return turn.check_end_phase(s)
        if k == "fight":
            if s.pos.battle is not None:
                raise MalformedInput("a battle is already being fought")
            return battle.check_fight(s, a.get("town"))
        if k == "casualties":
            return battle.check_casualties(s, a.get("side"), a.get("units"))
        if k == "battle_retreat":
            return battle.check_battle_retreat(s, a.get("to"))
        if k == "recruit":
            return recruit.check_recruit(s, a.get("unit"))
        if k == "militia_phase":
            return recruit.check_militia_phase(s)
        if k == "discard":
            side = a.get("side")
            if side not in ("postmen", "holnists") or not isinstance(a.get("cards"), list):
                raise MalformedInput("discard: expected side (postmen or holnists) and a list of cards")
            return mail.check_discard(s, side, a["cards"])
        return []

    # -- effects --------------------------------------------------------------------------------
    def apply(self, s: PostmanState, inp: Input) -> None:
        t = s.pos
        a = inp.args
        k = inp.kind
        if k == "roll":
            due = t.due
            if due is None:
                return
            values = tuple(a["values"])
            # Luck can only answer this roll if the Postmen hold it: copy the table only then
            lucky = any(s.catalog.cards[c].effect == "luck" for c in s.hand("postmen"))
            t.before_roll = t.snapshot() if lucky else None
            t.last_roll = values if due.reroll_index is None else tuple(
                values[0] if i == due.reroll_index else v for i, v in enumerate(due.keep))
            t.last_due = due
            rolls.settle(s, due, values)
            return
        if not (k == "play_card" and s.catalog.cards[a["card"]].effect == "luck"):  # postman.card.luck
            t.before_roll = None
        if k == "draw":
            mail.apply_draw(s, a["card"])
        elif k == "play_card":
            cards.apply_play(s, a)
        elif k == "move":
            movement.apply_move(s, a["units"], a["path"])
        elif k == "retreat":
            movement.apply_retreat(s, a["unit"], a["to"])
        elif k == "stay":
            movement.next_offer(s)
        elif k == "end_phase":
            turn.apply_end_phase(s)
        elif k == "fight":
            battle.apply_fight(s, a["town"])
        elif k == "casualties":
            battle.apply_casualties(s, a["side"], a["units"])
        elif k == "battle_retreat":
            battle.apply_battle_retreat(s, a["to"])
        elif k == "recruit":
            recruit.apply_recruit(s, a["unit"])
        elif k == "militia_phase":
            recruit.apply_militia_phase(s)
        elif k == "discard":
            mail.apply_discard(s, a["side"], a["cards"])

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

    # -- words ----------------------------------------------------------------------------------
    def describe(self, s: PostmanState, inp: Input) -> str:
        from .words import describe

        try:
            return describe(s, inp)
        except (MalformedInput, KeyError, TypeError, IndexError, AttributeError):
            return inp.kind.replace("_", " ")

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
