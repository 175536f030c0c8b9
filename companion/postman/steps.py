"""What The Postman's table owes now and what it may do next (postman.turn.order and the
``.pending`` rules): one place that says what blocks ordinary play, read by the rules, the
reach of a stack and the cards' windows.
"""

from __future__ import annotations

from ..core.game import Step
from ..core.words import counted
from . import battle, mail, recruit, rolls
from .state import PostmanState
from .town_view import side_words, sides_own, unit_in_line, unit_label

#: The rule an input breaks when it comes while something else is owed (what blocks it).
PENDING = {"draw": "postman.draw.pending", "roll": "postman.roll.pending",
           "offer": "postman.retreat.pending", "decision": "postman.battle.pending"}


def blocking(s: PostmanState) -> str | None:
    """What must happen before ordinary play goes on, if anything."""
    t = s.pos
    if t.discards_owed or t.draws_owed:
        return "draw"
    if t.due is not None:
        return "roll"
    if t.offer is not None:
        return "offer"
    if t.battle is not None and t.battle.step in ("casualties", "retreat"):
        return "decision"
    return None


ALLOWED = {"draw": ("draw",), "roll": ("roll", "play_card"), "offer": ("retreat", "stay", "play_card"),
           "decision": ("casualties", "battle_retreat", "play_card")}



def next_steps(s: PostmanState) -> list[Step]:
    """What the table must (or may) do now, the owed thing first."""
    t = s.pos
    if t.winner:
        return [Step(f"{side_words(t.winner, True)} have won: the enemy leader has fallen", "none", required=False)]
    req = mail.draw_request(s)
    if req is not None:
        return [Step(req.purpose[:1].upper() + req.purpose[1:], "draw", req.who, draw=req)]
    if t.due is not None:
        r = rolls.request(s, t.due)
        return [Step(_cap(r.purpose), "roll", r.who, roll=r)]
    if t.offer is not None:
        o = t.offer
        town = s.board.towns[o.town].name
        return [Step(f"{_cap(side_words(o.side))} in {town} may try to retreat ({', '.join(unit_label(s, u) for u in o.units)})", "retreat",
                     o.side, {"town": o.town}, required=False),
                Step("Stay and fight", "stay", o.side)]
    b = t.battle
    if b is not None and b.step == "casualties":
        what = "surrender: give up" if b.surrendering else "choose"
        return [Step(f"{_cap(side_words(side))} {what} {counted(battle.casualties_needed(s, side), 'unit')} in "
                     f"{s.board.towns[b.town].name}", "casualties", side, {"side": side}) for side in b.to_choose]
    if b is not None and b.step == "retreat":
        return [Step(f"{_cap(side_words(b.retreating))} retreat from {s.board.towns[b.town].name}: choose the town",
                     "battle_retreat", b.retreating)]
    who = t.active
    if t.phase == "move":
        return [Step("Move stacks (or play a card)", "move", who, required=False),
                Step("Next phase: Fight", "end_phase", who)]
    if t.phase == "fight":
        steps = [Step(f"Fight the battle in {s.board.towns[x].name}", "fight", who, {"town": x}) for x in t.battles_left]
        return steps + [Step("Next phase: Recruit", "end_phase", who, required=not steps)]
    if t.phase == "recruit":
        able = recruit.able_to_recruit(s, who)
        steps = [Step(f"Recruit roll for {unit_in_line(s, u.id)} in {s.board.towns[u.town].name}", "recruit", who,
                      {"unit": u.id}, required=False) for u in able]
        nxt = "Militia" if who == "postmen" else "Mail"
        return steps + [Step(f"Next phase: {nxt}", "end_phase", who)]
    if t.phase == "militia":
        if not t.effects.get("militia_rolled") and recruit.militia_towns(s):
            return [Step(f"Roll for Militia in {counted(len(recruit.militia_towns(s)), 'town')}", "militia_phase", who)]
        return [Step("Next phase: Mail", "end_phase", who)]
    if t.phase == "mail":
        excess = mail.over_limit(s, who)
        if excess:
            return [Step(f"{side_words(who, True)} discard {counted(excess, 'card')} down to the hand limit", "discard", who, {"side": who})]
        return [Step(f"End of {sides_own(who)} turn", "end_phase", who)]
    return []


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
