"""A battle as the table sees it: each unit's hit target after modifiers, the Militia's chance
to join, whether Rule Number 7 will be rolled, and the exact odds of its end with the cards in
play or about to be (postman.fight.*). Read from ``battle`` and ``odds`` over a copy."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace

from ..core.dice import Dice, Modifier
from ..core.roll_targets import DieTarget, die_targets
from . import battle, odds, rolls
from .state import Battle, Due, DueKind, PostmanState
from .town_view import SIDES, unit_label


@dataclass(frozen=True)
class FighterView:
    side: str
    unit: str            # a unit id, or "militia"
    name: str
    stat: int
    mods: tuple[Modifier, ...]
    chance: float
    leader: bool = False
    label: str = ""

    @property
    def target(self) -> DieTarget:
        """The die this unit attacks with, worded as the attack roll's request words it."""
        return DieTarget(self.label or self.name, Dice(1, 6), self.stat, self.mods, "Fight")

    @property
    def needs(self) -> int:
        """The die face (or more) that hits, modifiers counted."""
        return self.target.needs


@dataclass(frozen=True)
class BattleView:
    town: str
    step: str                     # "preview" before the fight input, else the battle's step
    round: int
    fighters: dict[str, list[FighterView]]
    militia: int                  # Militia in the town
    militia_join: float           # the chance they fight on the Postmen's side
    rule7: bool                   # Rule Number 7 will be rolled
    in_play: tuple[str, ...]      # cards in play in this battle, by name
    can_retreat: dict[str, bool]
    odds: dict[str, float] | None  # win / retreat / surrender / lose (+ no_battle), Postmen's view
    losses: dict[str, int] = field(default_factory=dict)
    round_losses: dict[str, int] = field(default_factory=dict)  # casualties of the round just rolled
    #: the rolls the notes name, worded from the requests the rules will judge them by
    militia_roll: DieTarget | None = None   # the Militia join the Postmen (postman.fight.militia)
    rule7_roll: DieTarget | None = None     # Rule Number 7 calls the duel (postman.fight.rule7)
    #: while the duel's roll is owed (postman.fight.rule7), the attack dice do not apply: each
    #: Leader's (unit id, side, what his die does now), and each outcome with its chance, from
    #: the owed roll's request
    duel: tuple[tuple[str, str, str], ...] = ()
    duel_odds: tuple[tuple[str, float], ...] = ()


BONUS_CARDS = ("ambush", "trap", "firepower")
NAMES = {"ambush": "Ambush", "trap": "Trap", "firepower": "Firepower", "resistance": "Resistance",
         "cowed": "Cowed"}


def battle_town(state: PostmanState) -> str | None:
    """The battle being fought, else the first one left to fight this phase; none once the game
    is over (postman.victory: nothing is fought after the end)."""
    t = state.pos
    if t.winner:
        return None
    if t.battle is not None:
        return t.battle.town
    return t.battles_left[0] if t.phase == "fight" and t.battles_left else None


def battle_odds_now(state: PostmanState, town: str | None = None, with_cards=()) -> BattleView | None:
    """The battle in ``town`` (default: ``battle_town``) as the table sees it: each unit's hit
    target after modifiers, and the exact odds of its end with the cards in play, plus the
    effects in ``with_cards`` (Ambush, Trap, Firepower, Resistance, Cowed) as if played now."""
    town = town or battle_town(state)
    if town is None:
        return None
    s = _with_battle(state, town, with_cards)
    b = s.fight
    join = _militia_join(s)
    fighters = _fighters(s, join > 0)
    mil = s.pos.militia.get(town, 0)
    due = state.pos.due
    unchecked = not b.rule7_checked or (due is not None and due.kind == "rule7")
    rule7 = (b.round == 1 and unchecked and b.step in ("preview", "open", "militia", "rule7")
             and all(any(state.unit_type(u).leader for u in s.units_in(town, side)) for side in SIDES))
    can = {side: battle.can_retreat(s, side) for side in SIDES}
    in_play = tuple(NAMES[k] for k in BONUS_CARDS if b.bonus.get(k)) + \
        (("Resistance",) if b.resistance else ()) + (("Cowed",) if b.cowed else ())
    duel = due if due is not None and due.kind in ("duel", "duel_reroll") and town == state.fight.town else None
    return BattleView(town, b.step, b.round, fighters, mil, join, rule7, in_play, can,
                      _odds(s, join, rule7, can), dict(b.losses), dict(b.round_losses),
                      _roll(s, "militia_fight", town), _roll(s, "rule7", town),
                      _duel_dice(state, duel) if duel else (),
                      rolls.request(state, duel).contest if duel else ())


def _duel_dice(state: PostmanState, due: Due) -> tuple[tuple[str, str, str], ...]:
    """Each Leader's die in the owed duel (postman.fight.rule7): "1 die", "1 die +1", or, when
    the Postman rolls his 1 or 2 again, the General's die kept."""
    bonus = state.catalog.tables["rule7"]["general_bonus"]
    out = []
    for side in SIDES:
        leader = next((u for u in state.units_in(state.fight.town, side) if state.unit_type(u).leader), None)
        if leader is None:
            continue
        if side == "postmen":
            does = "rolls again" if due.kind == "duel_reroll" else "rolls 1 die"
        elif due.kind == "duel_reroll":
            kept = due.info.get("general", 0)
            does = f"keeps his {kept}, {bonus:+d} = {kept + bonus}"
        else:
            does = f"rolls 1 die, {bonus:+d}"
        out.append((leader.id, side, does))
    return tuple(out)


def _roll(s: PostmanState, kind: DueKind, town: str) -> DieTarget:
    """A battle roll as its request words it, asked before it is owed (the same numbers)."""
    return die_targets(rolls.request(s, Due(kind, None, 1, {"town": town})))[0]


def _with_battle(state: PostmanState, town: str, with_cards) -> PostmanState:
    t = copy.copy(state.pos)
    live = state.pos.battle
    b = copy.copy(live) if live is not None and live.town == town else Battle(town, step="preview")
    b.bonus = dict(b.bonus)
    for effect in with_cards:
        if effect in BONUS_CARDS:
            b.bonus[effect] = True
        elif effect == "resistance" and not b.cowed:
            b.resistance, b.militia_fight = True, True
        elif effect == "cowed":
            b.cowed, b.militia_fight = True, False
    t.battle = b
    return PostmanState(state.board, state.catalog, t)


def _militia_join(s: PostmanState) -> float:
    b = s.fight
    if not s.pos.militia.get(b.town, 0) or not s.units_in(b.town, "holnists"):
        return 0.0
    if b.militia_fight is not None:
        return 1.0 if b.militia_fight else 0.0
    if b.resistance:
        return 1.0
    if b.cowed:
        return 0.0
    return odds.chance(s.catalog.tables["militia"]["fights_holnists_on"])


def _fighters(s: PostmanState, with_militia: bool) -> dict[str, list[FighterView]]:
    # the question "who fights if the Militia join?" is asked of a view, never of the battle
    asked = PostmanState(s.board, s.catalog, replace(s.pos, battle=replace(s.fight, militia_fight=with_militia)))
    rows = battle.fighters(asked)
    out: dict[str, list[FighterView]] = {side: [] for side in SIDES}
    for side, uid, stat, mods in rows:
        if uid == "militia":
            name, leader = s.catalog.units["militia"].name, False
        else:
            kind = s.unit_type(s.pos.units[uid])
            name, leader = kind.name, kind.leader
        out[side].append(FighterView(side, uid, name, stat, mods,
                                     odds.chance(stat, sum(m.value for m in mods)), leader,
                                     unit_label(s, uid)))
    return out


def _odds(s: PostmanState, join: float, rule7: bool, can: dict[str, bool]) -> dict[str, float] | None:
    b = s.fight
    if b.step not in ("preview", "open", "militia", "rule7", "round", "duel"):
        return None
    if b.step == "duel":
        win = float(_duel(s))
        due = s.pos.due
        if due is not None and due.kind == "duel_reroll":
            # the Postman rolls his 1 or 2 again against the General's die kept; a tie starts
            # the duel afresh (postman.fight.rule7)
            ways = [battle.duel_outcome(s, face, due.info.get("general", 0)) for face in range(1, 7)]
            win = (ways.count("postman") + ways.count("tie") * win) / 6
        return {"win": win, "retreat": 0.0, "surrender": 0.0, "lose": 1 - win}
    total: dict[str, float] = {}
    for fights, weight in ((True, join), (False, 1 - join)):
        if weight <= 0:
            continue
        part = _odds_given(s, fights, rule7, can)
        for k, v in part.items():
            total[k] = total.get(k, 0.0) + weight * v
    return total


def _odds_given(s: PostmanState, militia_fight: bool, rule7: bool, can) -> dict[str, float]:
    f = _fighters(s, militia_fight)
    pm = [odds.Fighter(x.unit, x.chance, x.leader, x.unit == "militia") for x in f["postmen"]]
    hl = [odds.Fighter(x.unit, x.chance, x.leader) for x in f["holnists"]]
    if not pm or not hl:
        return {"no_battle": 1.0}
    if s.fight.round == 2:
        return _second_round(pm, hl)
    result = odds.battle_odds(pm, hl, postmen_can_retreat=can["postmen"],
                              holnists_can_retreat=can["holnists"], rule7=rule7,
                              duel_postman_wins=float(_duel(s)),
                              rule7_on=s.catalog.tables["rule7"]["trigger_on"])
    return result.summary()


def _duel(s: PostmanState):
    """The Postman's chance in the duel with this pack's numbers (postman.fight.rule7)."""
    r7 = s.catalog.tables["rule7"]
    return odds.duel_odds(r7["general_bonus"], tuple(range(1, r7["postman_rerolls_up_to"] + 1)))


def _second_round(pm, hl) -> dict[str, float]:
    """Round 2 ends the battle: a side wiped out loses, else the smaller side (the Postmen on a
    tie) surrenders (postman.fight.surrender)."""
    out = {"win": 0.0, "retreat": 0.0, "surrender": 0.0, "lose": 0.0}
    on_pm, on_hl = odds.hit_distribution(hl), odds.hit_distribution(pm)
    for i, pi in enumerate(on_pm):
        for j, pj in enumerate(on_hl):
            a, b = max(0, len(pm) - i), max(0, len(hl) - j)
            key = "lose" if a == 0 else "win" if b == 0 else "surrender" if a <= b else "win"
            out[key] += pi * pj
    return out


def casualty_order(state: PostmanState, side: str) -> list[str]:
    """A suggested choice of casualties for ``side`` in the battle: Militia first, then the
    weakest other units, the Leader last (the order the odds assume)."""
    b = state.pos.battle
    if b is None:
        return []
    view = battle_odds_now(state)
    rows = view.fighters[side] if view else []
    order = odds.removal_order([odds.Fighter(str(i), x.chance, x.leader, x.unit == "militia")
                                for i, x in enumerate(rows)])
    picked = [rows[int(f.name)].unit for f in order]
    return picked[:battle.casualties_needed(state, side)]
