"""The Courier Desk's rules: what each input may do, what it does, and what comes next.

Rule ids are ``couriers.*`` and each has a section in ``rules/couriers/reference.md``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..core.game import GameResult, Rules, Step
from ..core.inputs import Args, Input
from ..core.schema import check as check_schema
from ..core.violations import MalformedInput, PackError, Violation
from . import headquarters, riders
from .state import RANKS, SETTINGS_SPEC, Commander, Courier, DeskState, Settings

RULE_IDS = frozenset({
    "couriers.turn.order", "couriers.roll.pending", "couriers.send.side",
    "couriers.move.phase", "couriers.move.once", "couriers.move.finished",
    "couriers.loss", "couriers.capture",
    "couriers.locate.contact", "couriers.locate.once", "couriers.locate.roll",
    "couriers.locate.failed", "couriers.locate.found",
    "couriers.hq.brigade", "couriers.hq.declare", "couriers.hq.establish", "couriers.hq.absent",
    "couriers.game.end",
})

KINDS = ("start_game", "add_commander", "declare_hq", "move_commander", "return_to_hq",
         "establish_hq", "send_courier", "begin_courier_step", "move_courier",
         "attempt_location", "capture", "roll", "end_turn", "end_game")


def _slug(text: str, taken) -> str:
    base = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"
    slug, n = base, 2
    while slug in taken:
        slug, n = f"{base}-{n}", n + 1
    return slug


class CourierRules(Rules):
    from . import said as outcome_words  # what each input did, in the table's words
    from .seats import SEATING as seating  # who sits at the table and what each may see
    game_id = "couriers"
    title = "Courier Desk"
    open_kinds = frozenset({"add_commander", "send_courier", "declare_hq", "establish_hq"})

    # -- setup and pack ------------------------------------------------------------------------
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
        Settings.from_pack(data, {})

    def rule_ids(self) -> frozenset[str]:
        return RULE_IDS

    def new_state(self, pack, setup: dict) -> DeskState:
        if not isinstance(setup, dict):
            raise MalformedInput("setup: expected an object")
        sides = setup.get("sides", ["Blue", "Grey"])
        if (not isinstance(sides, list) or len(sides) != 2
                or not all(isinstance(s, str) and s.strip() for s in sides) or sides[0] == sides[1]):
            raise MalformedInput("setup.sides: expected two different side names")
        chosen = setup.get("settings", {})
        if not isinstance(chosen, dict):
            raise MalformedInput("setup.settings: expected an object")
        return DeskState(Settings.from_pack(pack.data["couriers"], chosen), tuple(sides))

    # -- checks --------------------------------------------------------------------------------
    def check(self, s: DeskState, inp: Input) -> list[Violation]:
        kind = inp.kind
        if kind not in KINDS:
            raise MalformedInput(f"the Courier Desk has no input '{kind}'")
        if s.over:
            return [Violation("couriers.game.end", "the game is over: nothing more happens")]
        if kind == "roll":
            return riders.check_roll(s, inp)
        out: list[Violation] = []
        if s.pending is not None:
            c = s.pending.courier
            out.append(Violation("couriers.roll.pending",
                                 f"courier {c}'s {s.pending.kind} roll must be made first"))
        out += getattr(self, f"_check_{kind}")(s, Args(inp))
        return out

    def _check_start_game(self, s, a):
        if s.phase != "setup":
            return [Violation("couriers.turn.order", "the game has already begun")]
        return []

    def _check_add_commander(self, s, a):
        a.text("name", max_len=80)
        if a.choice("side", s.sides) is None:
            return []
        a.choice("rank", RANKS)
        a.flag("building")
        cid = a.text("id", required=False, max_len=40)
        if cid is not None and cid in s.commanders:
            raise MalformedInput(f"add_commander.id: '{cid}' is already on the roster")
        return []

    def _check_send_courier(self, s, a):
        sender = s.commander(a.args.get("sender"))
        recipient = s.commander(a.args.get("recipient"))
        a.text("message", max_len=500)
        cid = a.text("id", required=False, max_len=40)
        if cid is not None and cid in s.couriers:
            raise MalformedInput(f"send_courier.id: '{cid}' is already a courier")
        if sender.id == recipient.id:
            raise MalformedInput("send_courier: sender and recipient are the same commander")
        if sender.side != recipient.side:
            return [Violation("couriers.send.side",
                              f"{sender.name} ({sender.side}) cannot send orders to {recipient.name} ({recipient.side})")]
        if s.phase == "setup":
            return [Violation("couriers.turn.order", "couriers are sent once the game has begun")]
        return []

    def _check_end_game(self, s, a):
        if "winner" in a.args:
            a.choice("winner", s.sides)
        if s.phase == "setup":
            return [Violation("couriers.turn.order", "the game has not begun")]
        return []

    def _check_begin_courier_step(self, s, a):
        if s.phase != "battle":
            where = "before the game begins" if s.phase == "setup" else "already under way"
            return [Violation("couriers.turn.order", f"the courier step cannot begin: it is {where}")]
        return []

    def _check_end_turn(self, s, a):
        if s.phase == "setup":
            return [Violation("couriers.turn.order", "the game has not begun")]
        if s.phase == "battle":
            return [Violation("couriers.turn.order",
                              "the turn ends after the courier step (couriers move in the officer casualty phase)")]
        return []

    _check_declare_hq = staticmethod(headquarters.check_declare)
    _check_move_commander = staticmethod(headquarters.check_move)
    _check_return_to_hq = staticmethod(headquarters.check_return)
    _check_establish_hq = staticmethod(headquarters.check_establish)
    _check_move_courier = staticmethod(riders.check_move)
    _check_attempt_location = staticmethod(riders.check_location)
    _check_capture = staticmethod(riders.check_capture)

    # -- effects -------------------------------------------------------------------------------
    def apply(self, s: DeskState, inp: Input) -> None:
        if s.over:
            return  # an overridden input after the end changes nothing (couriers.game.end)
        a = Args(inp)
        kind = inp.kind
        if kind == "end_game":
            s.over, s.winner, s.pending = True, inp.args.get("winner"), None
        elif kind == "start_game":
            # Overridden once the game is under way, it is only a note: the turn never goes back.
            if s.phase == "setup":
                s.turn, s.phase = 1, "battle"
        elif kind == "add_commander":
            # the id as checked (stripped), so "meade " and "meade" are one commander
            cid = a.text("id", required=False) or _slug(a.args["name"], s.commanders)
            s.commanders[cid] = Commander(cid, a.args["name"].strip(), a.args["side"], a.args["rank"],
                                          in_building=bool(a.args.get("building", False)))
        elif kind == "send_courier":
            cid = a.text("id", required=False) or _next_courier_id(s)
            sender = s.commanders[a.args["sender"]]
            c = Courier(cid, sender.side, sender.id, a.args["recipient"], a.args["message"].strip(), s.turn)
            c.history.append(f"Turn {s.turn}: sent by {sender.name} to {s.commanders[c.recipient].name}")
            s.couriers[cid] = c
        elif kind == "begin_courier_step":
            s.phase = "couriers"
        elif kind == "end_turn":
            for cmd in s.commanders.values():
                if cmd.moved_turn != s.turn:
                    cmd.stayed += 1
            s.turn += 1
            s.phase = "battle"
        elif kind in ("declare_hq", "move_commander", "return_to_hq", "establish_hq"):
            headquarters.APPLY[kind](s, a)
        elif kind == "move_courier":
            riders.apply_move(s, a)
        elif kind == "attempt_location":
            riders.apply_location(s, a)
        elif kind == "capture":
            riders.apply_capture(s, a)
        elif kind == "roll":
            riders.apply_roll(s, inp)

    # -- words ---------------------------------------------------------------------------------
    def describe(self, s: DeskState, inp: Input) -> str:
        a = inp.args
        try:
            if inp.kind == "roll":
                return riders.describe_roll(s, inp)
            if inp.kind == "start_game":
                return "The game begins: turn 1"
            if inp.kind == "add_commander":
                return f"{a.get('name')} joins the {a.get('side')} roster ({a.get('rank')})"
            if inp.kind == "send_courier":
                snd, rcp = s.commander(a.get("sender")), s.commander(a.get("recipient"))
                # the orders stay sealed in the shared log: only a capture lets the enemy read them
                return f"{snd.name} sends a courier to {rcp.name} with sealed orders"
            if inp.kind == "begin_courier_step":
                return f"Turn {s.turn}: courier step"
            if inp.kind == "end_turn":
                return f"End of turn {s.turn}"
            if inp.kind == "end_game":
                won = a.get("winner")
                return f"The game ends on turn {s.turn}: " + (f"{won} win" if won else "a draw")
            if inp.kind in ("declare_hq", "move_commander", "return_to_hq", "establish_hq"):
                return headquarters.describe(s, inp)
            return riders.describe(s, inp)
        except MalformedInput:
            return inp.kind.replace("_", " ")

    # -- what next -----------------------------------------------------------------------------
    def next_steps(self, s: DeskState) -> list[Step]:
        if s.over:
            return [Step("The game is over", "none", required=False)]
        if s.pending is not None:
            return [Step(f"Roll: {riders.request(s).purpose}", "roll", riders.courier_side(s),
                         roll=riders.request(s))]
        if s.phase == "setup":
            return [Step("Add commanders and declare headquarters, then begin the game", "start_game")]
        if s.phase == "battle":
            return [Step(f"Turn {s.turn}: play your wargame's turn (tell Posthorn which commanders moved"
                         " and which couriers were sent), then begin the courier step",
                         "begin_courier_step")]
        steps = []
        for c in s.couriers.values():
            if c.finished:
                continue
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
        reason = f"the table ended the game on turn {s.turn}: " + (f"{s.winner} win" if s.winner else "a draw")
        return GameResult((s.winner,) if s.winner else (), reason, "couriers.game.end",
                          tuple(delivered.items()))

    def candidates(self, s: DeskState) -> Iterator[Input]:
        """Every input without free text (a new commander, a courier's message and a place
        are the table's words, not choices); a ride at each speed, with and without arriving,
        with no enemy near or one at the edge of each proximity band (couriers.loss)."""
        for kind in ("start_game", "begin_courier_step", "end_turn"):
            yield Input(kind)
        yield Input("end_game")
        for side in s.sides:
            yield Input("end_game", {"winner": side})
        for cid in s.commanders:
            yield Input("move_commander", {"commander": cid})
            yield Input("return_to_hq", {"commander": cid})
        for cid in s.couriers:
            yield Input("attempt_location", {"courier": cid})
            yield Input("capture", {"courier": cid})
            for speed in s.settings.speeds:
                for arrives in (False, True):
                    ride = {"courier": cid, "speed": speed, "arrives": arrives}
                    yield Input("move_courier", ride)
                    # one distance per proximity band: any nearer enemy in it gives the same roll
                    for within, _step in s.settings.bands:
                        yield Input("move_courier", {**ride, "nearest_enemy": within * s.settings.scale_factor})


def _next_courier_id(s: DeskState) -> str:
    n = len(s.couriers) + 1
    while f"C{n}" in s.couriers:
        n += 1
    return f"C{n}"


RULES = CourierRules()
