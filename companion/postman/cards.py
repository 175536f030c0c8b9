"""Playing cards (postman.card.*; each card's window is in cards.toml).

A card is played only by its colour's side (postman.card.colour), only from that side's hand
(postman.card.hand), and only while its window is open (postman.card.window); each effect has
its own rule id, postman.card.<effect>.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..core.violations import MalformedInput, Violation
from . import battle, movement
from .state import OTHER, Due, PostmanState, Unit
from .town_view import side_words

BEFORE_DICE = ("open", "militia", "rule7", "round")


def _battle_before_dice(state: PostmanState) -> bool:
    b = state.pos.battle
    return b is not None and b.step in BEFORE_DICE and (state.pos.due is None or state.pos.due.kind in ("round", "militia_fight", "rule7"))


def _due_for(state: PostmanState, kinds, side=None) -> Due | None:
    d = state.pos.due
    if d is not None and d.kind in kinds and (side is None or _due_side(state, d) == side):
        return d
    return None


def _due_side(state: PostmanState, d: Due) -> str | None:
    if "unit" in d.info and d.info["unit"] in state.pos.units:
        return state.pos.units[d.info["unit"]].side
    return d.side


#: When each card window is open, in words for the refusal (postman.card.window). The pack's
#: ``window`` of each card picks one of these; its effect decides only what the card does.
WINDOW_WORDS = {
    "roll": "right after a die is rolled",
    "own_militia": "in your own Militia phase, before the roll",
    "battle": "in a battle, before its attack dice",
    "own_turn": "in your own turn",
    "retreat": "when your unit may retreat",
    "own_recruit": "in your own Recruit phase",
    "own_move": "in your own Move phase, before a stack moves",
    "opponent_move": "in the opponent's Move phase, before a stack moves",
    "sneak": "when a unit rolls to sneak or retreat",
    "casualties": "when your units are to be destroyed in battle",
    "own_type": "on one of your own Type rolls",
    "own_recruit_roll": "on your own recruit roll",
}


def window_open(state: PostmanState, card, side: str, a: Mapping) -> str | None:
    """None if the card's window (from the pack) is open now for ``side``; else why not."""
    if _open(state, card.window, side):
        return None
    return f"{card.name} is played {WINDOW_WORDS[card.window]}"


def _open(state: PostmanState, window: str, side: str) -> bool:
    t = state.pos
    own_turn = t.active == side and t.phase != "deal"
    if window == "roll":
        return t.before_roll is not None
    if window == "own_militia":
        return own_turn and t.phase == "militia" and not t.effects.get("militia_rolled")
    if window == "battle":
        return _battle_before_dice(state)
    if window == "own_turn":
        return own_turn
    if window == "retreat":
        o = t.offer
        return (o is not None and o.side == side) or _due_for(state, ("retreat",), side) is not None
    if window == "own_recruit":
        return own_turn and t.phase == "recruit"
    if window in ("own_move", "opponent_move"):
        mover = side if window == "own_move" else OTHER[side]
        return t.active == mover and t.phase == "move" and t.movement is None
    if window == "sneak":
        return _due_for(state, ("sneak", "retreat")) is not None
    if window == "casualties":
        b = t.battle
        return b is not None and b.step == "casualties" and side in b.to_choose
    if window == "own_type":
        d = _due_for(state, ("type",), side)
        return d is not None and d.count == 1
    if window == "own_recruit_roll":
        return _due_for(state, ("recruit",), side) is not None
    return False


def check_play(state: PostmanState, a: Mapping) -> list[Violation]:
    """The rules this play breaks; ``a`` is the input's arguments as INPUTS read them (or a
    card's own target, from play_options)."""
    cid = a["card"]
    card = state.catalog.cards[cid]
    side = a.get("side") or card.side
    out = []
    if card.side != side:
        colour = "red" if side == "postmen" else "black"
        out.append(Violation("postman.card.colour", f"{side_words(side)} may play only {colour} cards"))
    if cid not in state.hand(side):
        out.append(Violation("postman.card.hand", f"{side_words(side)} do not hold that card"))
    why = window_open(state, card, side, a)
    if why:
        out.append(Violation("postman.card.window", why))
    out += _check_target(state, card, side, a)
    return out


def _unit(state: PostmanState, a: Mapping, key="unit") -> Unit:
    """The unit a card is played on (its need, play_options.NEEDS)."""
    uid = a.get(key)
    if uid not in state.pos.units:
        raise MalformedInput(f"play_card.{key}: expected the id of a unit on the board, got {uid!r:.40}")
    return state.pos.units[uid]


def _town(state: PostmanState, a: Mapping, key="town") -> str:
    """The town a card is played on (INPUTS read it as a town of this map, if given)."""
    town = a.get(key)
    if town is None:
        raise MalformedInput(f"play_card: missing argument '{key}'")
    return town


def _check_target(state: PostmanState, card, side: str, a: Mapping) -> list[Violation]:
    e, rid = card.effect, f"postman.card.{card.effect}"
    t = state.pos
    if e == "luck":
        die = a.get("die") or 0
        if not 0 <= die < max(1, len(t.last_roll)):
            raise MalformedInput(f"play_card.die: expected a die number from 0 to {max(0, len(t.last_roll) - 1)}")
    if e in ("resistance", "cowed"):
        b = t.battle
        if b is not None and not (b.round == 1 and t.militia.get(b.town, 0) > 0):
            return [Violation(rid, f"{card.name} is played in a battle with Militia, before the first attack dice")]
    if e in ("wilderness", "intercept"):
        roller = side if e == "wilderness" else OTHER[side]
        if _due_for(state, ("sneak", "retreat")) is not None and _due_for(state, ("sneak", "retreat"), roller) is None:
            whose = "your own unit's" if e == "wilderness" else "an opposing unit's"
            return [Violation(rid, f"{card.name} is played on {whose} sneak or retreat roll")]
    if e == "pony_express":
        u = _unit(state, a)
        if u.side != side or u.id in t.moved:
            return [Violation(rid, "Pony Express goes to one of your units that has not moved")]
    if e == "deliver_the_mail":
        u, to = _unit(state, a), _town(state, a, "to")
        if u.kind != "rider" or u.side != side or u.id in t.moved or u.fresh:
            return [Violation(rid, "Deliver the Mail moves a Postal Rider that has not moved")]
        if state.units_in(to):
            return [Violation(rid, f"{state.board.towns[to].name} is not free of Postman and Holnist units")]
    if e == "california_postman":
        to = _town(state, a)
        if to not in state.board.edge_towns():
            return [Violation(rid, f"{state.board.towns[to].name} is not on the map's edge")]
        if state.enemy_in(to, side):
            return [Violation(rid, f"{state.board.towns[to].name} holds Holnist units")]
    if e in ("rough_terrain", "forced_march"):
        town = _town(state, a)
        if not state.units_in(town, t.active if e == "rough_terrain" else side):
            return [Violation(rid, f"there is no stack to target in {state.board.towns[town].name}")]
    if e == "narrow_escape":
        u, to = _unit(state, a), _town(state, a, "to")
        where = t.offer.town if t.offer else u.town
        if t.offer and u.id not in t.offer.units:
            return [Violation(rid, f"{u.id} may not retreat now")]
        return movement.retreat_target_problems(state, where, to, side)
    if e == "brutality":
        b = t.battle
        target = a.get("unit")
        if b is None:
            return []
        if target == "militia":
            if not (b.militia_fight and t.militia.get(b.town, 0)):
                return [Violation(rid, "no Militia fight in this battle")]
            return []
        u = _unit(state, a)
        if u.town != b.town or u.side == side:
            return [Violation(rid, "Brutality destroys an opposing unit in this battle")]
        # postman.card.brutality: any opposing unit in the battle, the Leader included
    return []


def apply_play(state: PostmanState, a: Mapping) -> None:
    t = state.pos
    card = state.catalog.cards[a["card"]]
    side = a.get("side") or card.side
    if card.effect == "luck" and t.before_roll is not None:
        _luck(state, side, a)
        return
    _discard(state, side, card.id)
    e = card.effect
    b = t.battle
    if e in ("rumors", "hope", "winter"):
        t.effects[e] = True
    elif e == "fear":
        t.effects["fear_next"] = True
    elif e == "spies":
        t.draws_owed.insert(0, side)
        t.effects["spied"] = [t.turn, side]  # this side looks at the other's hand this turn
    elif e == "resupply":
        t.draws_owed[:0] = [side] * card.count
    elif e in ("confusion", "break_morale"):
        n = min(card.count, len(state.hand(OTHER[side])))
        t.discards_owed += [OTHER[side]] * n
    elif e == "resistance" and b:
        b.resistance, b.militia_fight = True, not b.cowed
        _restart_battle(state)
    elif e == "cowed" and b:
        b.cowed, b.militia_fight = True, False
        _restart_battle(state)
    elif e in ("ambush", "trap", "firepower") and b:
        b.bonus[e] = True
    elif e == "brutality" and b:
        if a.get("unit") == "militia":
            t.militia[b.town] -= 1
            b.losses["postmen"] += 1
        elif a.get("unit") in t.units:
            b.losses[t.units[a["unit"]].side] += 1
            battle.destroy(state, a["unit"])
        _restart_battle(state)
    elif e == "pony_express":
        t.move_bonus[a["unit"]] = t.move_bonus.get(a["unit"], 0) + card.modifier
    elif e == "forced_march":
        for u in state.units_in(a["town"], side):
            t.move_bonus[u.id] = t.move_bonus.get(u.id, 0) + card.modifier
    elif e == "deliver_the_mail":
        t.units[a["unit"]].town = a["to"]
        t.moved.add(a["unit"])
    elif e == "california_postman":
        uid = state.new_id("rider")
        t.units[uid] = Unit(uid, "rider", side, a["town"], fresh=True)
    elif e == "rough_terrain":
        t.halted.add(a["town"])
    elif e == "narrow_escape":
        _auto_retreat(state, a["unit"], a["to"])
    elif e == "wilderness":
        _auto_success(state)
    elif e in ("intercept", "organization", "conscription"):
        if t.due is not None:
            t.due.info.setdefault("mods", []).append((card.name, card.modifier))
    elif e == "discipline" and b:
        b.saved += 1
        from .battle import casualties_needed

        if "holnists" in b.to_choose and casualties_needed(state, "holnists") == 0:
            from .battle import apply_casualties

            apply_casualties(state, "holnists", [])


def _discard(state: PostmanState, side: str, cid: str) -> None:
    deck = state.deck(side)
    if cid in deck.hands.get(side, []):
        deck.play(side, cid)
    else:  # an overridden play of a card not in hand: take it from wherever it is
        for d in state.pos.decks.values():
            for hand in d.hands.values():
                if cid in hand:
                    hand.remove(cid)
                    d.discard.append(cid)
                    return
            if d.draw_pile[cid] > 0:
                d.draw(cid)
                d.discard.append(cid)
                return


def _luck(state: PostmanState, side: str, a: Mapping) -> None:
    """Reroll one die of the roll just made: the table returns to before that roll."""
    t = state.pos
    values, due = t.last_roll, t.last_due
    restored = t.before_roll
    if restored is None or due is None:
        raise MalformedInput("Luck: there is no roll just made to reroll")
    state.pos = restored
    _discard(state, side, a["card"])
    idx = a.get("die") or 0
    restored.due = Due(due.kind, due.side, due.count, dict(due.info),
                       keep=tuple(values), reroll_index=idx)


def _restart_battle(state: PostmanState) -> None:
    t = state.pos
    b = state.fight
    if t.due is not None and t.due.kind in ("round", "militia_fight", "rule7"):
        t.due = None
        if b.step == "militia":
            b.step = "open"
        if b.step == "rule7":
            b.rule7_checked = False
    battle.proceed(state)


def _auto_success(state: PostmanState) -> None:
    from .rolls import settle

    settle(state, state.owed, None, forced=True)


def _auto_retreat(state: PostmanState, uid: str, to: str) -> None:
    t = state.pos
    t.units[uid].town = to
    if t.due is not None and t.due.kind == "retreat" and t.due.info.get("unit") == uid:
        t.due = None
    if t.offer is not None:
        movement.close_retreater(state, uid)
