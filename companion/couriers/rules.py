"""The Courier Desk's rules: what each input may do, what it does, and what comes next.

Rule ids are ``couriers.*`` and each has a section in ``rules/couriers/reference.md``.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.game import GameResult, Rules, Step, setup_names
from ..core.inputs import Input
from ..core.schema import check as check_schema
from ..core.violations import MalformedInput, PackError
from ..core.words import capital
from . import ending, riders
from .inputs import INPUTS
from .state import (
    RANGED,
    RANKS,
    SETTINGS_SPEC,
    DeskState,
    Settings,
    nearest_enemy_start,
    pack_range,
)

RULE_IDS = frozenset({
    "couriers.turn.order", "couriers.roll.pending", "couriers.roll.none", "couriers.send.side",
    "couriers.move.phase", "couriers.move.once", "couriers.move.finished",
    "couriers.loss", "couriers.capture",
    "couriers.locate.contact", "couriers.locate.once", "couriers.locate.roll",
    "couriers.locate.failed", "couriers.locate.found",
    "couriers.hq.brigade", "couriers.hq.declare", "couriers.hq.establish", "couriers.hq.absent",
    "couriers.hq.none",
    "couriers.game.end",
})

#: The sides a setup that names none plays (a record may leave them out)
DEFAULT_SIDES = ("Blue", "Grey")

#: The input kinds, in the order the table declares them (companion/couriers/inputs.py).
KINDS = INPUTS.names


class CourierRules(Rules):
    from . import said as outcome_words  # what each input did, in the table's words
    from .seats import SEATING as seating  # who sits at the table and what each may see
    game_id = "couriers"
    title = "Courier Desk"
    inputs = INPUTS  # every input's arguments, admission, check, effect and words

    # -- setup and pack ------------------------------------------------------------------------
    def players(self, setup: dict) -> tuple[str, ...]:
        # the sides ``new_state`` plays: a setup naming none plays the default two (the
        # start page's Saved games listed no players for the flagged_and_overridden sample)
        return setup_names(setup.get("sides", list(DEFAULT_SIDES)))

    def validate_pack(self, pack) -> None:
        data = pack.data.get("couriers")
        file = f"{pack.source}/couriers.toml"
        if data is None:
            raise PackError(file, "", "missing: the Courier Desk needs couriers.toml")
        check_schema(data, SETTINGS_SPEC, file)
        if data["movement"]["scale"] not in data["scales"]:
            raise PackError(file, "movement.scale",
                            f"expected one of the scales ({', '.join(data['scales']) or 'none defined'}), "
                            f"found {data['movement']['scale']!r}")
        for name in RANGED:
            lo, hi = pack_range(data, name)
            if lo > hi:
                raise PackError(file, f"ranges.{name}", f"expected min no larger than max, found {lo:g} and {hi:g}")
        order = data["ranks"]["order"]
        if sorted(order) != sorted(RANKS):
            raise PackError(file, "ranks.order", f"expected each of {', '.join(RANKS)} once, highest first, "
                                                 f"found {', '.join(order)}")
        lo, hi = pack_range(data, "nearest_enemy")
        start = nearest_enemy_start(data)
        if not lo <= start <= hi:
            raise PackError(file, "ranges.nearest_enemy.start",
                            f"expected a number from {lo:g} to {hi:g}, found {start:g}")
        lo, hi = pack_range(data, "officer_move")
        if lo <= 0:
            raise PackError(file, "ranges.officer_move.min", f"expected more than 0 inches, found {lo:g}")
        move = data["movement"]["officer_move"]
        if not lo <= move <= hi:
            raise PackError(file, "movement.officer_move",
                            f"expected a number from {lo:g} to {hi:g}, found {move:g} (ranges.officer_move)")
        Settings.from_pack(data, {})

    def rule_ids(self) -> frozenset[str]:
        return RULE_IDS

    def new_state(self, pack, setup: dict) -> DeskState:
        if not isinstance(setup, dict):
            raise MalformedInput("setup: expected an object")
        sides = setup.get("sides", list(DEFAULT_SIDES))
        if (not isinstance(sides, list) or len(sides) != 2
                or not all(isinstance(s, str) and s.strip() for s in sides) or sides[0] == sides[1]):
            raise MalformedInput("setup.sides: expected two different side names")
        chosen = setup.get("settings", {})
        if not isinstance(chosen, dict):
            raise MalformedInput("setup.settings: expected an object")
        return DeskState(Settings.from_pack(pack.data["couriers"], chosen), tuple(sides))

    # -- what next -----------------------------------------------------------------------------
    def next_steps(self, s: DeskState) -> list[Step]:
        if s.over:
            return [Step("The game is over", "none", required=False)]
        if s.pending is not None:
            return [Step(capital(riders.request(s).purpose), "roll", riders.courier_side(s),
                         roll=riders.request(s))]
        if s.phase == "setup":
            return [Step("Add commanders and declare headquarters, then begin the game", "start_game")]
        if s.phase == "battle":
            return [Step(f"Turn {s.turn}: play your wargame's turn (tell Posthorn which commanders moved"
                         " and which couriers were sent), then begin the courier step",
                         "begin_courier_step")]
        steps = []
        for c in s.riders():
            if riders.needs_location(s, c):
                steps.append(Step(f"Courier {c.id} is in contact: make its location roll",
                                  "attempt_location", c.side, {"courier": c.id}))
            elif c.moved_turn != s.turn:
                steps.append(Step(f"Move courier {c.id} ({riders.heading(s, c)})", "move_courier",
                                  c.side, {"courier": c.id}, required=False))
        steps.append(Step(f"End turn {s.turn}", "end_turn",
                          required=not any(st.required for st in steps)))
        return steps

    def state_json(self, s: DeskState) -> dict:
        return s.to_json()

    def result(self, s: DeskState) -> GameResult | None:
        if not s.over:
            return None
        delivered = {side: sum(1 for c in s.couriers.values() if c.side == side and c.status == "delivered")
                     for side in s.sides}
        return GameResult((s.winner,) if s.winner else (), ending.headline(s), "couriers.game.end",
                          tuple(delivered.items()))

    def candidates(self, s: DeskState) -> Iterator[Input]:
        """Every input without free text (a new commander, a courier's message and a place
        are the table's words, not choices); the rides of ``riders.ride_candidates``."""
        for kind in ("start_game", "begin_courier_step", "end_turn"):
            yield Input(kind)
        yield Input("end_game")
        for side in s.sides:
            yield Input("end_game", {"winner": side})
        for cid in s.commanders:
            yield Input("move_commander", {"commander": cid})
            yield Input("return_to_hq", {"commander": cid})
        for cid in s.riding:  # a delivered, lost or captured courier: nothing it could do breaks no rule
            yield Input("attempt_location", {"courier": cid})
            yield Input("capture", {"courier": cid})
            yield from riders.ride_candidates(s, cid)


RULES = CourierRules()
