"""What the Postman's screens ask of the rules, as pure queries over a state.

The screen decides no rule: where a stack may go and the Sneak rolls on the way (``reach``),
which cards are playable now and on what (``play_options``), the odds of a battle with the cards
in play (``battle_view``), a town in words (``town_view``), and here what is left to do in the
phase and what a one-click Recruit or Militia phase changed. Every answer is read from the rules
modules; none of these functions changes the state it is given. ``ui/postman`` imports this
module (and ``companion.core``) alone, so every name its screens use is importable from here:
the map editor's draft and the board files the setup dialog reads too (an import-linter
contract in ``pyproject.toml`` keeps it so).
"""

from __future__ import annotations

from ..core.words import counted
from . import odds, recruit, turn
from .battle import BATTLE_ROLLS, casualties_needed
from .battle_view import (
    BONUS_CARDS,
    NAMES,
    BattleView,
    FighterView,
    battle_odds_now,
    battle_town,
    casualty_order,
)
from .board import SIZES, TERRAIN, Board, board_from_file, load_board
from .final_report import final_report
from .map_draft import MapDraft, open_map
from .play_options import (
    NEEDS,
    CardView,
    answers_open,
    card_targets,
    discarding,
    hand_view,
    playable_cards,
    spying,
)
from .reach import (
    Reach,
    SneakRoll,
    path_to,
    reachable,
    retreat_chance,
    retreat_roll,
    retreat_towns,
    stack_problems,
)
from .state import OTHER, Due, PostmanState
from .town_view import SIDES, kind_label, town_lines, unit_label, unit_order
from .words import card as card_name
from .words import side as side_name

__all__ = [
    "final_report",
    "BATTLE_ROLLS", "SIZES", "TERRAIN", "Board", "MapDraft", "board_from_file", "casualties_to_choose",
    "load_board", "odds_with_card", "open_map",
    "BONUS_CARDS", "NAMES", "NEEDS", "SIDES", "BattleView", "CardView", "FighterView", "Reach", "SneakRoll",
    "answers_open",
    "battle_odds_now", "battle_town", "card_name", "side_name", "card_targets", "casualty_order", "change_summary", "discarding",
    "hand_view", "other", "path_to", "phases_of", "playable_cards", "reachable", "recruiters",
    "retreat_chance", "retreat_roll", "retreat_towns", "spying", "stack_problems", "todo", "town_lines",
    "unit_label",
    "unit_order",
]


def phases_of(state: PostmanState) -> tuple[str, ...]:
    """The phases of the active side's turn, as the rules run them (turn.phases_of)."""
    return turn.phases_of(state.pos.active)


def todo(state: PostmanState, steps) -> list[str]:
    """What is left to do in this phase, in words, from the rules' next steps."""
    t = state.pos
    if t.winner:
        return [f"{side_name(t.winner, True)} have won the game."]
    lines = [s.text for s in steps if s.kind != "end_phase" and s.required]
    if t.phase == "recruit":
        able = [s for s in steps if s.kind == "recruit"]
        if able:
            lines.append(f"{counted(len(able), 'recruit roll')} may still be made")
        elif t.due is None:
            lines.append("No unit can make a recruit roll now (it needs Militia in its town and no enemy)")
    if t.phase == "move" and not t.movement and t.offer is None and t.due is None:
        left = [u for u in t.units.values() if u.side == t.active and u.id not in t.moved
                and not u.fresh and state.unit_type(u).move]
        lines.append(f"{counted(len(left), 'unit')} may still move" if left else "every unit has moved")
    return lines


def recruiters(state: PostmanState) -> list[tuple[str, float]]:
    """Units that may make their recruit roll now, with its chance of success."""
    out = []
    for u in sorted(recruit.able_to_recruit(state, state.pos.active), key=unit_order):
        target = state.unit_type(u).recruit
        if target is not None:
            mods = recruit.recruit_request(state, Due("recruit", u.side, 1, {"unit": u.id}))[1]
            out.append((u.id, odds.chance(target, sum(m.value for m in mods))))
    return out


def change_summary(state: PostmanState, before: PostmanState) -> list[str]:
    """What changed since the state ``before`` (held as it was: a session's states never change):
    new units and lost ones, Militia gained or spent."""
    now, was = state.pos, before.pos
    towns = state.board.towns
    lines = []
    for uid in sorted(now.units):
        if uid not in was.units:
            lines.append(f"New {unit_label(state, uid)} in {towns[now.units[uid].town].name}")
    for uid in sorted(was.units):
        if uid not in now.units:
            lost = was.units[uid]
            lines.append(f"{kind_label(state, lost.kind, uid)} lost in {towns[lost.town].name}")
    up = [x for x in towns if now.militia.get(x, 0) > was.militia.get(x, 0)]
    down = [x for x in towns if now.militia.get(x, 0) < was.militia.get(x, 0)]
    if up:
        lines.append(f"Militia appeared in {counted(len(up), 'town')}: " + ", ".join(towns[x].name for x in up))
    if down:
        lines.append("Militia left: " + ", ".join(towns[x].name for x in down))
    return lines or ["Nothing changed."]


def other(side: str) -> str:
    return OTHER[side]


def casualties_to_choose(state: PostmanState) -> dict[str, int]:
    """How many casualties each side still has to choose in the battle's casualty step
    (postman.fight.casualties), by side; empty at any other moment."""
    b = state.pos.battle
    if b is None or b.step != "casualties":
        return {}
    return {side: casualties_needed(state, side) for side in b.to_choose}


def odds_with_card(state: PostmanState, card: CardView) -> BattleView | None:
    """The odds of the battle being fought if ``card`` were played on it now, or None when the
    card does not change a battle's odds (only the effects ``battle_odds_now`` knows do:
    Ambush, Trap, Firepower, Resistance, Cowed)."""
    b = state.pos.battle
    if b is None or card.effect not in NAMES:
        return None
    return battle_odds_now(state, b.town, with_cards=(card.effect,))
