"""What the Postman's table screen asks of the rules, as pure queries over a state.

The screen decides no rule: where a stack may go and the Sneak rolls on the way, which cards are
playable now and on what, the odds of a battle with the cards in play, what is left to do in the
phase, and what a one-click Recruit or Militia phase changed all come from here. Every answer is
read from the rules modules (``movement``, ``cards``, ``battle``, ``recruit``) and ``odds``; none
of these functions changes the state it is given.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from ..core.dice import Modifier
from ..core.violations import MalformedInput, Violation
from . import battle, cards, movement, odds, recruit
from .state import OTHER, PHASES, Battle, Due, PostmanState

SIDES = ("postmen", "holnists")


# -- towns ------------------------------------------------------------------------------------
def town_lines(state: PostmanState, town: str) -> list[str]:
    """A town in words for a tooltip: size, terrain and what it does, units and Militia."""
    info = state.board.towns[town]
    caps = state.catalog.tables["towns"]
    tt = state.catalog.tables["terrain"]
    lines = [f"{info.name} \u00b7 {info.size} town"]
    if town == state.board.post_town:
        lines.append("Post Town (the Postmen start here)")
    if town == state.board.base_camp:
        lines.append("Holnist Base Camp (the Holnists start here)")
    if info.edge:
        lines.append("Map edge (California Postman)")
    mod = caps[info.size]["modifier"]
    if mod:
        lines.append(f"Type and Militia rolls {mod:+d}")
    words = {"forest": f"forest: Sneak {tt['forest_sneak']:+d}",
             "water": f"lake or river: Sneak {tt['water_sneak']:+d}",
             "mountains": f"mountains: defenders attack {tt['mountain_defence']:+d}"}
    lines += [words[t] for t in sorted(info.terrain)]
    cap = caps[info.size]["militia_cap"]
    lines.append(f"Militia: {state.t.militia.get(town, 0)} of {cap}")
    for side in SIDES:
        here = state.units_in(town, side)
        if here:
            names = ", ".join(f"{state.unit_type(u).name} {u.id}" for u in sorted(here, key=_order))
            lines.append(f"{side.capitalize()}: {names}")
    return lines


def unit_label(state: PostmanState, uid: str) -> str:
    """A short name for a unit: "The Postman", "Rider 3", "Regiment 2" ("Militia" for Militia)."""
    if uid == "militia":
        return "Militia"
    u = state.t.units.get(uid)
    if u is None:
        return uid
    kind = state.unit_type(u)
    if kind.leader:
        return kind.name
    digits = "".join(c for c in uid if c.isdigit())
    return f"{kind.name.split()[-1]} {digits}".strip()


# -- moves ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SneakRoll:
    town: str
    unit: str
    target: int
    modifier: int
    chance: float


@dataclass(frozen=True)
class Reach:
    """The best path for a stack to one town: the Sneak rolls it needs and the chance that the
    whole stack arrives; ``battle`` when enemy units wait there."""

    town: str
    path: tuple[str, ...]
    sneaks: tuple[SneakRoll, ...]
    arrive: float
    battle: bool


def stack_problems(state: PostmanState, units: list[str]) -> list:
    """Why this stack may not move at all now (phase, turn, already moved...), road aside."""
    if not units:
        return []
    from .rules import RULES, blocking

    if blocking(state):
        return [Violation("postman.turn.order", "first: " + RULES.next_steps(state)[0].text.lower())]
    start = state.t.units[units[0]].town
    near = next(iter(state.board.graph.neighbors(start)), start)
    try:
        found = movement.check_move(state, list(units), [near])
    except MalformedInput:
        return []
    return [v for v in found if v.rule not in ("postman.move.roads", "postman.move.limit")]


def reachable(state: PostmanState, units: list[str]) -> dict[str, Reach]:
    """Every town this stack may reach this phase (postman.move.limit, postman.move.sneak),
    each by the path most likely to bring the whole stack there, then the shortest."""
    if not units or stack_problems(state, units):
        return {}
    t = state.t
    side = t.units[units[0]].side
    start = t.units[units[0]].town
    limit = min(movement.allowance(state, u) for u in units)
    best: dict[str, tuple] = {}
    graph = state.board.graph

    def visit(path: list[str], sneaks: list[SneakRoll], chance: float) -> None:
        here = path[-1]
        key = (-chance, len(path), tuple(path))
        if len(path) > 1 and (here not in best or key < best[here][0]):
            best[here] = (key, Reach(here, tuple(path[1:]), tuple(sneaks), chance,
                                     state.enemy_in(here, side)))
        if len(path) - 1 >= limit:
            return
        rolls: list[SneakRoll] = []
        if len(path) > 1 and state.enemy_in(here, side):
            rolls = [_sneak(state, here, u) for u in units]
        p = chance
        for r in rolls:
            p *= r.chance
        for nxt in sorted(graph.neighbors(here)):
            if nxt not in path:
                visit(path + [nxt], sneaks + rolls, p)

    visit([start], [], 1.0)
    return {town: reach for town, (_key, reach) in best.items()}


def _sneak(state: PostmanState, town: str, uid: str) -> SneakRoll:
    target = state.unit_type(state.t.units[uid]).sneak or 7
    mod = sum(m.value for m in movement.terrain_mods(state, town))
    return SneakRoll(town, uid, target, mod, odds.chance(target, mod))


def path_to(state: PostmanState, units: list[str], town: str) -> list[str]:
    """The path to submit for a click on ``town``: the best reachable one, else the shortest
    road path (which the rules will flag, so the table can see why and override)."""
    reach = reachable(state, units).get(town)
    if reach is not None:
        return list(reach.path)
    start = state.t.units[units[0]].town
    if town == start:
        return [town]
    return list(state.board.shortest_path(start, town)[1:])


def retreat_towns(state: PostmanState, town: str, side: str) -> list[str]:
    """Towns one road from ``town`` without enemy units (postman.move.retreat, .fight.retreat)."""
    return [n for n in sorted(state.board.graph.neighbors(town))
            if not movement.retreat_target_problems(state, town, n, side)]


def retreat_chance(state: PostmanState, uid: str) -> float:
    """The chance of one unit's retreat roll from where it stands, terrain counted."""
    u = state.t.units[uid]
    return _sneak(state, u.town, uid).chance


# -- cards ------------------------------------------------------------------------------------
#: The arguments a card needs beside itself (see cards.check_play).
NEEDS = {"pony_express": ("unit",), "deliver_the_mail": ("unit", "to"), "california_postman": ("town",),
         "rough_terrain": ("town",), "forced_march": ("town",), "narrow_escape": ("unit", "to"),
         "brutality": ("unit",), "luck": ("die",)}


@dataclass(frozen=True)
class CardView:
    id: str
    name: str
    text: str
    effect: str
    playable: bool
    why_not: str = ""
    needs: tuple[str, ...] = ()


def hand_view(state: PostmanState, side: str) -> list[CardView]:
    """The side's hand, each card lit when it may be played now on some target."""
    from .rules import ALLOWED, blocking

    block = blocking(state)
    waiting = block is not None and "play_card" not in ALLOWED[block]
    out = []
    for cid in sorted(state.hand(side), key=_card_order):
        card = state.catalog.cards[cid]
        needs = NEEDS.get(card.effect, ())
        why = ""
        if card.side != side:
            why = "the other side's colour: dead weight in this hand"
        elif waiting:
            why = "first the cards owed must be drawn"
        else:
            why = cards.window_open(state, card, side, {}) or ""
            if not why and needs and card.effect != "luck" and not card_targets(state, side, cid):
                why = "nothing to play it on now"
        out.append(CardView(cid, card.name, card.text, card.effect, not why, why, needs))
    return out


def discarding(state: PostmanState, side: str, steps) -> bool:
    """Whether ``side`` must now discard down to the hand limit (a card click discards it)."""
    return any(st.kind == "discard" and st.who == side for st in steps)


def playable_cards(state: PostmanState, side: str) -> list[CardView]:
    return [c for c in hand_view(state, side) if c.playable]


def card_targets(state: PostmanState, side: str, cid: str) -> list[dict]:
    """Every choice of target the card's own rule accepts now, as play_card arguments."""
    card = state.catalog.cards[cid]
    needs = NEEDS.get(card.effect, ())
    if not needs:
        return [{}]
    units = sorted(state.t.units, key=lambda u: _order(state.t.units[u]))
    if card.effect == "brutality":
        units.append("militia")
    towns = list(state.board.towns)
    if needs == ("die",):
        return [{"die": i} for i in range(len(state.t.last_roll))]
    if needs == ("unit",):
        options = [{"unit": u} for u in units]
    elif needs == ("town",):
        options = [{"town": x} for x in towns]
    else:
        options = [{"unit": u, "to": x} for u in units for x in towns]
    rule = f"postman.card.{card.effect}"
    out = []
    for args in options:
        try:
            found = cards.check_play(state, {"card": cid, "side": side, **args})
        except (MalformedInput, KeyError):
            continue
        if not any(v.rule == rule for v in found):
            out.append(args)
    return out


# -- battles ----------------------------------------------------------------------------------
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
    def needs(self) -> int:
        """The die face (or more) that hits, modifiers counted."""
        return self.stat - sum(m.value for m in self.mods)


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


BONUS_CARDS = ("ambush", "trap", "firepower")
NAMES = {"ambush": "Ambush", "trap": "Trap", "firepower": "Firepower", "resistance": "Resistance",
         "cowed": "Cowed"}


def battle_town(state: PostmanState) -> str | None:
    """The battle being fought, else the first one left to fight this phase."""
    t = state.t
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
    b = s.t.battle
    join = _militia_join(s)
    fighters = _fighters(s, join > 0)
    mil = s.t.militia.get(town, 0)
    due = state.t.due
    unchecked = not b.rule7_checked or (due is not None and due.kind == "rule7")
    rule7 = (b.round == 1 and unchecked and b.step in ("preview", "open", "militia", "rule7")
             and all(any(state.unit_type(u).leader for u in s.units_in(town, side)) for side in SIDES))
    can = {side: battle.can_retreat(s, side) for side in SIDES}
    in_play = tuple(NAMES[k] for k in BONUS_CARDS if b.bonus.get(k)) + \
        (("Resistance",) if b.resistance else ()) + (("Cowed",) if b.cowed else ())
    return BattleView(town, b.step, b.round, fighters, mil, join, rule7, in_play, can,
                      _odds(s, join, rule7, can), dict(b.losses), dict(b.round_losses))


def _with_battle(state: PostmanState, town: str, with_cards) -> PostmanState:
    t = copy.copy(state.t)
    live = state.t.battle
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
    b = s.t.battle
    if not s.t.militia.get(b.town, 0) or not s.units_in(b.town, "holnists"):
        return 0.0
    if b.militia_fight is not None:
        return 1.0 if b.militia_fight else 0.0
    if b.resistance:
        return 1.0
    if b.cowed:
        return 0.0
    return odds.chance(s.catalog.tables["militia"]["fights_holnists_on"])


def _fighters(s: PostmanState, with_militia: bool) -> dict[str, list[FighterView]]:
    b = s.t.battle
    keep = b.militia_fight
    b.militia_fight = with_militia
    try:
        rows = battle.fighters(s)
    finally:
        b.militia_fight = keep
    out: dict[str, list[FighterView]] = {side: [] for side in SIDES}
    for side, uid, stat, mods in rows:
        if uid == "militia":
            name, leader = s.catalog.units["militia"].name, False
        else:
            kind = s.unit_type(s.t.units[uid])
            name, leader = kind.name, kind.leader
        out[side].append(FighterView(side, uid, name, stat, mods,
                                     odds.chance(stat, sum(m.value for m in mods)), leader,
                                     unit_label(s, uid)))
    return out


def _odds(s: PostmanState, join: float, rule7: bool, can: dict[str, bool]) -> dict[str, float] | None:
    b = s.t.battle
    if b.step not in ("preview", "open", "militia", "rule7", "round", "duel"):
        return None
    if b.step == "duel":
        win = float(odds.duel_odds(s.catalog.tables["rule7"]["general_bonus"]))
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
    if s.t.battle.round == 2:
        return _second_round(pm, hl)
    r7 = s.catalog.tables["rule7"]
    duel = odds.duel_odds(r7["general_bonus"], tuple(range(1, r7["postman_rerolls_up_to"] + 1)))
    result = odds.battle_odds(pm, hl, postmen_can_retreat=can["postmen"],
                              holnists_can_retreat=can["holnists"], rule7=rule7,
                              duel_postman_wins=float(duel))
    return result.summary()


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
    b = state.t.battle
    if b is None:
        return []
    view = battle_odds_now(state)
    rows = view.fighters[side] if view else []
    order = odds.removal_order([odds.Fighter(str(i), x.chance, x.leader, x.unit == "militia")
                                for i, x in enumerate(rows)])
    picked = [rows[int(f.name)].unit for f in order]
    return picked[:battle.casualties_needed(state, side)]


# -- phases -----------------------------------------------------------------------------------
def phases_of(state: PostmanState) -> tuple[str, ...]:
    """The phases of the active side's turn: no Militia phase on Holnist turns."""
    return tuple(p for p in PHASES if p != "militia" or state.t.active == "postmen")


def todo(state: PostmanState, steps) -> list[str]:
    """What is left to do in this phase, in words, from the rules' next steps."""
    t = state.t
    if t.winner:
        return [f"The {t.winner} have won the game."]
    lines = [s.text for s in steps if s.kind != "end_phase" and s.required]
    if t.phase == "recruit":
        able = [s for s in steps if s.kind == "recruit"]
        if able:
            lines.append(f"{len(able)} recruit roll(s) may still be made")
        elif t.due is None:
            lines.append("No unit can make a recruit roll now (it needs Militia in its town and no enemy)")
    if t.phase == "move" and not t.movement and t.offer is None and t.due is None:
        left = [u for u in t.units.values() if u.side == t.active and u.id not in t.moved
                and not u.fresh and state.unit_type(u).move]
        lines.append(f"{len(left)} unit(s) may still move" if left else "every unit has moved")
    return lines


def recruiters(state: PostmanState) -> list[tuple[str, float]]:
    """Units that may make their recruit roll now, with its chance of success."""
    out = []
    for u in sorted(state.t.units.values(), key=_order):
        if u.side == state.t.active and not recruit.check_recruit(state, u.id):
            target = state.unit_type(u).recruit
            mods = recruit.recruit_request(state, Due("recruit", u.side, 1, {"unit": u.id}))[1]
            out.append((u.id, odds.chance(target, sum(m.value for m in mods))))
    return out


def snapshot(state: PostmanState) -> dict:
    """The parts of a state a phase summary compares: units and Militia by town."""
    return {"units": {u.id: (u.kind, u.side, u.town) for u in state.t.units.values()},
            "militia": dict(state.t.militia)}


def change_summary(state: PostmanState, before: dict) -> list[str]:
    """What changed since ``snapshot``: new units and lost ones, Militia gained or spent."""
    now = snapshot(state)
    towns = state.board.towns
    lines = []
    for uid, (kind, _side, town) in sorted(now["units"].items()):
        if uid not in before["units"]:
            lines.append(f"New {state.catalog.units[kind].name} {uid} in {towns[town].name}")
    for uid, (kind, _side, town) in sorted(before["units"].items()):
        if uid not in now["units"]:
            lines.append(f"{state.catalog.units[kind].name} {uid} lost in {towns[town].name}")
    up = [x for x in towns if now["militia"].get(x, 0) > before["militia"].get(x, 0)]
    down = [x for x in towns if now["militia"].get(x, 0) < before["militia"].get(x, 0)]
    if up:
        lines.append(f"Militia appeared in {len(up)} town(s): " + ", ".join(towns[x].name for x in up))
    if down:
        lines.append("Militia left: " + ", ".join(towns[x].name for x in down))
    return lines or ["Nothing changed."]


def other(side: str) -> str:
    return OTHER[side]


def _order(u) -> tuple:
    uid = u.id if hasattr(u, "id") else u
    digits = "".join(c for c in uid if c.isdigit())
    return ("".join(c for c in uid if not c.isdigit()), int(digits or 0))


def _card_order(cid: str) -> tuple:
    return ("HDCS".index(cid[-1]), ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K").index(cid[:-1]))
