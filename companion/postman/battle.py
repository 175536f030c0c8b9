"""The Fight phase (postman.fight.*, postman.fight.rule7).

Every town holding both sides' units, or Holnists and Militia, is a battle; the active player
picks the order (postman.fight.all). Militia roll once to join against the Holnists
(postman.fight.militia); Rule Number 7 may turn it into a duel (postman.fight.rule7); all units
attack at once (postman.fight.round); owners choose their casualties (postman.fight.casualties);
the side with more casualties retreats, the Postmen on a tie (postman.fight.retreat); a side that
cannot retreat fights a second round (postman.fight.second_round), after which the smaller side
surrenders (postman.fight.surrender).
"""

from __future__ import annotations

from ..core.dice import Modifier
from ..core.violations import MalformedInput, Violation
from ..core.words import counted
from . import words  # a module, not a name: words reads rolls, which reads this module
from .state import OTHER, Battle, Due, PostmanState
from .town_view import side_words, unit_label, unit_order

SIDES = ("postmen", "holnists")
#: The rolls a battle owes on its way to a decision: one click of Resolve rolls them in turn
#: (postman.fight.militia, .rule7, .round; a surrender's Militia Type roll).
BATTLE_ROLLS = ("militia_fight", "rule7", "duel", "duel_reroll", "round", "type")


def contested(state: PostmanState) -> list[str]:
    by_town = state.units_by_town()  # one walk over the units, not one per town
    out = []
    for town in state.board.towns:
        units = by_town.get(town, ())
        if any(u.side == "holnists" for u in units) and (
                any(u.side == "postmen" for u in units) or state.pos.militia.get(town, 0) > 0):
            out.append(town)
    return out


def leader_of(state: PostmanState, side: str) -> str:
    return next(k for k, v in state.catalog.units.items() if v.side == side and v.leader)


def destroy(state: PostmanState, uid: str) -> None:
    unit = state.pos.units.pop(uid)
    if state.unit_type(unit).leader and state.pos.winner is None:
        state.pos.winner = OTHER[unit.side]  # postman.victory


# -- who fights --------------------------------------------------------------------------------------
def fighters(state: PostmanState) -> list[tuple[str, str, int, tuple[Modifier, ...]]]:
    """(side, unit id or 'militia', fight stat, modifiers) in dice order: Postmen side first."""
    b = state.fight
    out = []
    for side in SIDES:
        units = sorted(state.units_in(b.town, side), key=lambda u: _order(u.id))
        for u in units:
            out.append((side, u.id, state.unit_type(u).fight, attack_mods(state, side)))
        if side == "postmen" and b.militia_fight:
            stat = state.catalog.units["militia"].fight
            out += [("postmen", "militia", stat, attack_mods(state, side))] * state.pos.militia.get(b.town, 0)
    return out


def attack_mods(state: PostmanState, side: str) -> tuple[Modifier, ...]:
    b = state.fight
    mods = []
    played = b.bonus
    if played.get("ambush"):
        if state.pos.effects["variants"]["ambush"] == "all" or side == "postmen":
            mods.append(Modifier("Ambush", 3))
    if side == "holnists":
        if played.get("trap"):
            mods.append(Modifier("Trap", 2))
        if played.get("firepower"):
            mods.append(Modifier("Firepower", 1))
    if side != state.pos.active and "mountains" in state.board.towns[b.town].terrain:
        mods.append(Modifier("defending by mountains", state.catalog.tables["terrain"]["mountain_defence"]))
    return tuple(mods)


def side_size(state: PostmanState, side: str) -> int:
    b = state.fight
    n = len(state.units_in(b.town, side))
    if side == "postmen" and b.militia_fight:
        n += state.pos.militia.get(b.town, 0)
    return n


# -- the procedure ------------------------------------------------------------------------------------
def check_fight(state: PostmanState, town: str) -> list[Violation]:
    t = state.pos
    if t.phase != "fight":
        return [Violation("postman.turn.order", f"battles are fought in the Fight phase; this is the {t.phase.capitalize()} phase")]
    if town not in t.battles_left:
        return [Violation("postman.fight.all", f"there is no battle to fight in {state.board.towns[town].name}")]
    return []


def apply_fight(state: PostmanState, town: str) -> None:
    t = state.pos
    if town in t.battles_left:
        t.battles_left.remove(town)
    t.battle = Battle(town)
    proceed(state)


def proceed(state: PostmanState) -> None:
    """Take the battle to its next roll or decision (or its end)."""
    t = state.pos
    b = t.battle
    if b is None or t.winner:
        t.battle = None if t.winner else b
        return
    if b.round == 1 and b.step in ("open", "militia"):
        if t.militia.get(b.town, 0) and state.units_in(b.town, "holnists") and b.militia_fight is None:
            if b.resistance:
                b.militia_fight = True
            elif b.cowed:
                b.militia_fight = False
            else:
                b.step = "militia"
                t.due = Due("militia_fight", None, 1, {"town": b.town})
                return
        b.step = "rule7"
    if not state.units_in(b.town, "holnists") or side_size(state, "postmen") == 0:
        if not b.losses["postmen"] + b.losses["holnists"]:
            return end(state, "no battle")
        holder = "holnists" if state.units_in(b.town, "holnists") else "postmen"
        return end(state, f"{words.side(holder)} hold {state.board.towns[b.town].name}")
    if b.step == "rule7":
        both = [leader_of(state, s) for s in SIDES]
        present = {u.kind for u in state.units_in(b.town)}
        if not b.rule7_checked and all(k in present for k in both):
            b.rule7_checked = True
            t.due = Due("rule7", None, 1, {"town": b.town})
            return
        b.step = "round"
    if b.step == "round":
        t.due = Due("round", None, len(fighters(state)), {"town": b.town, "round": b.round})


def resolve_militia_fight(state: PostmanState, success: bool) -> None:
    b = state.fight
    b.militia_fight = success and not b.cowed
    b.step = "rule7"
    proceed(state)


def resolve_rule7(state: PostmanState, success: bool) -> None:
    b = state.fight
    if success:
        b.step = "duel"
        state.pos.due = Due("duel", None, 2, {"town": b.town})
    else:
        b.step = "round"
        proceed(state)


def duel_outcome(state: PostmanState, postman: int, general: int) -> str:
    """What the duel's two dice decide (postman.fight.rule7): "reroll" (the Postman's 1 or 2,
    once), "tie" (rolled again), else the winner, "postman" or "general" (who adds 1)."""
    r7 = state.catalog.tables["rule7"]
    if postman <= r7["postman_rerolls_up_to"] and not state.fight.duel_rerolled:
        return "reroll"
    general_total = general + r7["general_bonus"]
    if postman == general_total:
        return "tie"
    return "postman" if postman > general_total else "general"


def resolve_duel(state: PostmanState, values: tuple[int, ...], reroll: bool = False) -> None:
    t = state.pos
    b = state.fight
    if reroll:
        postman, general = values[0], b.duel_general
    else:
        postman, general = values
    outcome = duel_outcome(state, postman, general)
    if outcome == "reroll":
        b.duel_rerolled = True
        b.duel_general = general
        t.due = Due("duel_reroll", "postmen", 1, {"town": b.town, "general": general})
        return
    if outcome == "tie":
        b.duel_rerolled = False
        t.due = Due("duel", None, 2, {"town": b.town})
        return
    loser = "holnists" if outcome == "postman" else "postmen"
    leader = next(u for u in state.units_in(b.town, loser) if state.unit_type(u).leader)
    destroy(state, leader.id)
    winner = "the Postman" if loser == "holnists" else "the General"
    end(state, f"Rule Number 7: {winner} wins the duel")


def resolve_round(state: PostmanState, values: tuple[int, ...]) -> None:
    b = state.fight
    hits = {"postmen": 0, "holnists": 0}
    for (side, _uid, stat, mods), die in zip(fighters(state), values, strict=False):
        if die + sum(m.value for m in mods) >= stat:
            hits[OTHER[side]] += 1
    b.hits = hits
    b.round_losses = {}
    b.to_choose = []
    for side in SIDES:
        n = min(hits[side], side_size(state, side))
        b.round_losses[side] = n
        # the Holnists are always asked, even when every unit falls, so that Discipline can answer
        # (postman.card.discipline) without the question itself showing who holds it
        if n and n == side_size(state, side) and side == "postmen":
            _kill_all(state, side)
        elif n:
            b.to_choose.append(side)
    b.step = "casualties"
    if not b.to_choose:
        after_casualties(state)


def casualties_needed(state: PostmanState, side: str) -> int:
    b = state.fight
    n = b.round_losses[side]
    return max(0, n - b.saved) if side == "holnists" else n


def check_casualties(state: PostmanState, side: str, units: list[str]) -> list[Violation]:
    b = state.fight  # the input table asks only while these casualties are owed
    here = {u.id: u for u in state.units_in(b.town, side)}
    militia = state.pos.militia.get(b.town, 0) if side == "postmen" and b.militia_fight else 0
    for uid in units:
        if uid != "militia" and uid not in here:
            raise MalformedInput(f"casualties.units: {unit_label(state, uid)} is not a unit of {side_words(side)} in this battle")
    if units.count("militia") > militia or len({u for u in units if u != "militia"}) != len([u for u in units if u != "militia"]):
        raise MalformedInput("casualties.units: a unit is listed twice, or more militia than fight")
    need = casualties_needed(state, side)
    out = []
    if len(units) != need:
        out.append(Violation("postman.fight.casualties", f"{side_words(side)} must lose {counted(need, 'unit')}, not {len(units)}"))
    chosen_leader = [u for u in units if u != "militia" and state.unit_type(here[u]).leader]
    if chosen_leader and len(units) < len(here) + militia:
        out.append(Violation("postman.fight.casualties", "the Leader may be lost only when no other unit of his side remains"))
    return out


def apply_casualties(state: PostmanState, side: str, units: list) -> None:
    b = state.fight
    for uid in units:
        if uid == "militia":
            state.pos.militia[b.town] = max(0, state.pos.militia.get(b.town, 0) - 1)
        elif uid in state.pos.units:
            destroy(state, uid)
    b.losses[side] += len(units)
    if side == "holnists":
        b.saved = 0  # Discipline spares one unit once
    if side in b.to_choose:
        b.to_choose.remove(side)
    if b.to_choose:
        return
    if b.surrendering:
        b.result = f"{words.side('holnists')} surrender"
        return end(state, b.result)
    after_casualties(state)


def _kill_all(state: PostmanState, side: str) -> None:
    b = state.fight
    spared = b.saved if side == "holnists" else 0
    units = sorted(state.units_in(b.town, side), key=lambda u: state.unit_type(u).leader)
    for u in units[spared:] if spared else units:
        destroy(state, u.id)
    if side == "postmen" and b.militia_fight:
        state.pos.militia[b.town] = 0
    b.losses[side] += len(units)


def after_casualties(state: PostmanState) -> None:
    t = state.pos
    b = state.fight
    if t.winner:
        return end(state, "a leader has fallen")
    alive = {s: side_size(state, s) for s in SIDES}
    if not alive["postmen"] or not alive["holnists"]:
        won = "holnists" if alive["holnists"] else ("postmen" if alive["postmen"] else None)
        return end(state, f"{words.side(won)} hold {state.board.towns[b.town].name}" if won else "both sides destroyed")
    if b.round == 1:
        rl = b.round_losses
        retreating = "postmen" if rl["postmen"] >= rl["holnists"] else "holnists"
        if can_retreat(state, retreating):
            b.step, b.retreating = "retreat", retreating
            return
        b.round, b.step = 2, "round"
        return proceed(state)
    loser = "postmen" if alive["postmen"] <= alive["holnists"] else "holnists"
    surrender(state, loser)


def can_retreat(state: PostmanState, side: str) -> bool:
    b = state.fight
    if not state.units_in(b.town, side):  # a side of Militia only never retreats
        return False
    return any(not state.enemy_in(n, side) for n in state.board.graph.neighbors(b.town))


def check_battle_retreat(state: PostmanState, to: str) -> list[Violation]:
    b = state.fight  # the input table asks only while a side has to retreat
    side = b.retreating
    if side is None:
        return []
    if not state.board.graph.has_edge(b.town, to):
        return [Violation("postman.fight.retreat", f"{state.board.towns[to].name} is not one space away")]
    if state.enemy_in(to, side):
        return [Violation("postman.fight.retreat", f"{state.board.towns[to].name} holds enemy units")]
    return []


def apply_battle_retreat(state: PostmanState, to: str) -> None:
    b = state.fight
    for u in state.units_in(b.town, b.retreating):
        u.town = to
    end(state, f"{words.side(b.retreating)} retreat to {state.board.towns[to].name}")


def surrender(state: PostmanState, side: str) -> None:
    b = state.fight
    militia = state.pos.militia.get(b.town, 0) if side == "postmen" and b.militia_fight else 0
    units = state.units_in(b.town, side)
    if side == "holnists":
        # the Holnists give up their units as casualties, so that Discipline can spare one
        b.surrendering, b.step, b.saved = True, "casualties", 0
        b.round_losses["holnists"] = len(units)
        b.to_choose = ["holnists"]
        return
    for u in units:
        destroy(state, u.id)
    b.result = f"{words.side(side)} surrender"
    if militia and not state.pos.winner:
        state.pos.militia[b.town] = 0
        b.step = "surrender_type"
        state.pos.due = Due("type", "holnists", militia, {"town": b.town, "surrender": True, "mods": []})
        return
    end(state, b.result)


def end(state: PostmanState, result: str) -> None:
    b = state.fight
    b.result = result
    b.step = "over"
    state.pos.last_battle = b
    state.pos.battle = None


def _order(uid: str) -> tuple:
    return unit_order(uid)

