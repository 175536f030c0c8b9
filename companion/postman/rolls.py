"""Every roll of The Postman: what it is for, its target and modifiers, its exact odds, and
what its result does. All dice are d6; a roll of several dice lists each die's target."""

from __future__ import annotations

from ..core.dice import Dice, Modifier, RollRequest
from ..core.violations import MalformedInput
from ..core.words import counted, possessive
from . import battle, movement, recruit
from .state import Due, PostmanState
from .town_view import side_words, unit_in_line, unit_label

RULE = {"sneak": "postman.move.sneak", "retreat": "postman.move.retreat", "recruit": "postman.recruit.roll",
        "type": "postman.recruit.type", "militia": "postman.militia.roll",
        "militia_fight": "postman.fight.militia", "round": "postman.fight.round",
        "rule7": "postman.fight.rule7", "duel": "postman.fight.rule7", "duel_reroll": "postman.fight.rule7"}

#: The name of the number each roll is judged against, as the table says it.
STAT = {"sneak": "Sneak", "retreat": "Sneak", "recruit": "Recruit", "type": "heavy unit on",
        "militia": "Militia appear on", "militia_fight": "Militia fight on", "round": "Fight",
        "rule7": "duel on"}


def dice_targets(state: PostmanState, due: Due) -> list[tuple[int, tuple[Modifier, ...], str]]:
    """(target, modifiers, what) for each die of the roll, in order."""
    k = due.kind
    if k in ("sneak", "retreat"):
        target, mods = movement.sneak_request(state, due)
        return [(target, mods, due.info["unit"])]
    if k == "recruit":
        target, mods = recruit.recruit_request(state, due)
        return [(target, mods, due.info["unit"])]
    if k == "type":
        target, mods = recruit.type_request(state, due)
        return [(target, mods, "type")] * due.count
    if k == "militia":
        target = state.catalog.tables["militia"]["appear_on"]
        return [(target, recruit.militia_mods(state, town), town) for town in due.info["towns"]]
    if k == "militia_fight":
        return [(state.catalog.tables["militia"]["fights_holnists_on"], (), "militia")]
    if k == "round":
        return [(stat, mods, uid) for _side, uid, stat, mods in battle.fighters(state)]
    if k == "rule7":
        return [(state.catalog.tables["rule7"]["trigger_on"], (), "rule7")]
    if k == "duel":
        return [(1, (), "the Postman"), (1, (Modifier("General", state.catalog.tables["rule7"]["general_bonus"]),), "the General")]
    if k == "duel_reroll":
        return [(1, (), "the Postman")]
    raise MalformedInput(f"unknown roll '{k}'")


def dice_of(state: PostmanState, due: Due) -> Dice:
    """The dice the roll owed is rolled with (``request(...).dice``, with no words built: the
    check of every roll asks it)."""
    return Dice(1 if due.reroll_index is not None else len(dice_targets(state, due)), 6)


def purpose(state: PostmanState, due: Due, ids=None) -> str:
    """What the roll is for, in words (``request(...).purpose``): the log line of a roll says it."""
    ids = dice_targets(state, due) if ids is None else ids
    count = 1 if due.reroll_index is not None else len(ids)
    whose = possessive(unit_in_line(state, ids[0][2])) if ids and due.kind in ("sneak", "retreat", "recruit") else ""
    tables = state.catalog.tables
    names = {"sneak": f"{whose} sneak roll", "retreat": f"{whose} retreat roll",
             "recruit": f"{whose} recruit roll", "type": "the type roll",
             "militia": f"the Militia roll in {counted(count, 'town')}",
             "militia_fight": f"will the Militia fight? ({tables['militia']['fights_holnists_on']}+)",
             "round": f"attack dice, round {due.info.get('round', 1)} ({counted(count, 'die', 'dice')})",
             "rule7": f"Rule Number 7: a duel on {tables['rule7']['trigger_on']}+", "duel": "the duel: the Postman's die, then the General's",
             "duel_reroll": "the Postman rerolls his 1 or 2"}
    return names[due.kind] + (" (Luck: reroll one die)" if due.reroll_index is not None else "")


def request(state: PostmanState, due: Due) -> RollRequest:
    ids = dice_targets(state, due)
    count = 1 if due.reroll_index is not None else len(ids)
    dice = [(t, ms, _label(state, w)) for t, ms, w in ids]
    target, mods, _what = dice[due.reroll_index or 0] if dice else (1, (), "")
    met = {"sneak": "slips through", "retreat": "retreats", "recruit": "a Militia joins",
           "type": "heavy unit", "militia": "Militia appear", "militia_fight": "the Militia fight",
           "round": "hit", "rule7": "the duel decides the game"}.get(due.kind, "success")
    missed = {"sneak": "stops", "retreat": "stays", "recruit": "no recruit", "type": "light unit",
              "militia": "none", "militia_fight": "they stay out", "round": "miss",
              "rule7": "the battle is fought"}.get(due.kind, "failure")
    return RollRequest(purpose(state, due, ids), Dice(count, 6), target, RULE[due.kind], modifiers=mods, who=due.side,
                       outcome_if_met=met, outcome_if_missed=missed,
                       extra={"targets": [(t, [str(m) for m in ms], w) for t, ms, w in ids]},
                       per_die=tuple((t, sum(m.value for m in ms), w) for t, ms, w in dice)
                       if count > 1 else (),
                       stat=STAT.get(due.kind, ""),
                       die_modifiers=tuple(tuple(ms) for _t, ms, _w in dice) if count > 1 else (),
                       die_groups=_groups(state, due) if count > 1 else (),
                       contest=_duel_chances(state, due))


DUEL_WORDS = {"postman": "the Postman wins", "general": "the General wins", "tie": "a tie: roll again",
              "reroll": "the Postman rerolls his die"}


def roll_name(state: PostmanState, due: Due) -> str:
    """The owed roll as a noun, for words that name it ("die 2 of the attack dice of round 1"):
    the tray's purpose reads as a title or a question ("will the Militia fight? (6+)")."""
    dice = dice_targets(state, due)
    whose = possessive(unit_in_line(state, dice[0][2])) if dice and due.kind in ("sneak", "retreat", "recruit") else ""
    return {"sneak": f"{whose} sneak roll", "retreat": f"{whose} retreat roll",
            "recruit": f"{whose} recruit roll", "type": "the type roll", "militia": "the Militia roll",
            "militia_fight": "the Militia's fight roll", "round": f"the attack dice of round {due.info.get('round', 1)}",
            "rule7": "the Rule Number 7 roll", "duel": "the duel",
            "duel_reroll": "the Postman's duel reroll"}.get(due.kind, "the roll")


def die_words(state: PostmanState, due: Due, i: int) -> str:
    """Die ``i`` of the owed roll in words: whose die it is where the dice are the units' own
    (a battle round, the duel) or a town's (the Militia roll), else its place in the roll."""
    dice = dice_targets(state, due)
    name = roll_name(state, due)
    if i >= len(dice):
        return f"die {i + 1} of {name}"
    what = dice[i][2]
    if due.kind in ("round", "duel", "duel_reroll"):
        return f"{possessive(_label(state, what))} die in {name}"
    if due.kind == "militia":
        return f"the die for {_label(state, what)} in {name}"
    return f"die {i + 1} of {name}"


def _duel_chances(state: PostmanState, due: Due) -> tuple[tuple[str, float], ...]:
    """Each outcome of this roll of the duel and its chance, every face judged by the duel's own
    rule (postman.fight.rule7): the General's die is already known when the Postman rerolls."""
    if due.kind not in ("duel", "duel_reroll"):
        return ()
    generals = [state.fight.duel_general] if due.kind == "duel_reroll" else range(1, 7)
    ways = [battle.duel_outcome(state, p, g) for p in range(1, 7) for g in generals]
    return tuple((DUEL_WORDS[o], ways.count(o) / len(ways)) for o in DUEL_WORDS if o in ways)


def _groups(state: PostmanState, due: Due) -> tuple[str, ...]:
    """A battle round's dice count for the side that rolls them (postman.fight.round)."""
    if due.kind != "round":
        return ()
    return tuple(side_words(side) for side, _uid, _stat, _mods in battle.fighters(state))


def _label(state: PostmanState, what: str) -> str:
    """A unit or town as the table names it ("Rider 1", "Canyonville"); other words as they are."""
    if what in state.pos.units or what == "militia":
        return unit_label(state, what)
    town = state.board.towns.get(what)
    return town.name if town is not None else what


def successes(state: PostmanState, due: Due, values) -> list[bool]:
    return [v + sum(m.value for m in mods) >= target
            for (target, mods, _w), v in zip(dice_targets(state, due), values, strict=False)]


def settle(state: PostmanState, due: Due, values, forced: bool = False) -> None:
    """Apply a roll's result. ``forced``: an automatic success (Wilderness) with no dice."""
    t = state.pos
    t.due = None
    if due.reroll_index is not None and values is not None:
        merged = list(due.keep)
        merged[due.reroll_index] = values[0]
        values = tuple(merged)
        due = Due(due.kind, due.side, due.count, due.info)
    ok = [True] if forced else successes(state, due, values)
    k = due.kind
    if k == "sneak":
        movement.resolve_sneak(state, ok[0])
    elif k == "retreat":
        movement.resolve_retreat(state, due, ok[0])
    elif k == "recruit":
        recruit.resolve_recruit(state, due, ok[0])
    elif k == "type":
        recruit.resolve_type(state, due, values)
    elif k == "militia":
        recruit.resolve_militia(state, due, values)
    elif k == "militia_fight":
        battle.resolve_militia_fight(state, ok[0])
    elif k == "round":
        battle.resolve_round(state, values)
    elif k == "rule7":
        battle.resolve_rule7(state, ok[0])
    elif k == "duel":
        battle.resolve_duel(state, values)
    elif k == "duel_reroll":
        battle.resolve_duel(state, values, reroll=True)
