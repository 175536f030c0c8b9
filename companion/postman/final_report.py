"""The end of a game of The Postman (postman.victory): which Leader fell and how, in words, what
each side had left, and the evening's figures."""

from __future__ import annotations

from ..core.final_report import FinalReport, ScoreLine, roll_figures
from ..core.words import counted
from .battle import leader_of
from .state import OTHER, PostmanState
from .words import card, side


def final_report(session) -> FinalReport | None:
    s: PostmanState = session.state
    t = s.pos
    ended = session.result()  # postman.victory: a Leader has fallen
    if ended is None or not ended.winners:
        return None
    won = ended.winners[0]
    loser = OTHER[won]
    lines = []
    for who in (won, loser):
        units = [u for u in t.units.values() if u.side == who]
        kinds: dict[str, int] = {}
        for u in units:
            kinds[s.unit_type(u).name] = kinds.get(s.unit_type(u).name, 0) + 1
        left = ", ".join(k if n == 1 else f"{k} \u00d7{n}" for k, n in kinds.items()) or "none"
        lines.append(ScoreLine(side(who, True), (str(len(units)), left, str(len(s.hand(who)))), who == won))
    return FinalReport(f"{side(won, True)} win", how_the_leader_fell(session, loser), (side(won, True),),
                      ("units left", "which", "cards in hand"), tuple(lines), _figures(session))


def how_the_leader_fell(session, loser: str) -> str:
    """Which Leader fell and how (postman.victory), from the input that ended the game and the
    battle it ended: "The General fell in the Rule Number 7 duel at Riverford: the Postman
    rolled 5 against the General's 2 + 1"."""
    s: PostmanState = session.state
    fall = s.pos.fall  # what the rules recorded as he fell, never the log's words
    if fall is None:
        return f"{s.catalog.units[leader_of(s, loser)].name} fell"
    leader = s.catalog.units[fall.leader].name
    last = s.pos.last_battle
    # the battle he fell in; a battle the fall broke off (Brutality) is the last one fought
    fought = next((e.input.args.get("town") for e in reversed(session.entries) if e.input.kind == "fight"), None)
    where = last.town if last is not None and fall.by != "card" else fought
    town = s.board.towns[where].name if isinstance(where, str) and where in s.board.towns else ""
    due = s.pos.last_due
    if fall.by == "roll" and due is not None and due.kind in ("duel", "duel_reroll"):
        roll = s.pos.last_roll
        general = due.info.get("general", 0) if due.kind == "duel_reroll" else roll[1]
        bonus = s.catalog.tables["rule7"]["general_bonus"]
        return (f"{leader} fell in the Rule Number 7 duel at {town}: the Postman rolled {roll[0]} "
                f"against the General's {general} + {bonus}")
    if fall.by == "card":
        played = s.catalog.cards.get(str(fall.card))
        name = f"{played.name} ({card(played.id)})" if played is not None else "a card"
        return f"{leader} was destroyed by {name}" + (f" in the battle of {town}" if town else "")
    if last is not None and town:
        lost = last.losses.get(loser, 0)
        named = leader[:1].lower() + leader[1:] if leader.startswith("The ") else leader
        how = (f"{side(loser)} lost {counted(lost, 'unit')}, {named} among them" if lost > 1
               else f"{side(loser)} lost {named}")
        return f"{leader} fell in the battle of {town}, round {last.round}: {how}"
    # any other input he fell to: its own words in the log, up to what it did
    fell = next((e for e in reversed(session.entries) if e.input == fall.input), None)
    if fell is None:
        return f"{leader} fell"
    did = fell.text.split(" \u2192 ")[0]
    return f"{leader} fell: {did}"


def _figures(session) -> tuple[tuple[str, str], ...]:
    s: PostmanState = session.state
    figures = roll_figures(session, str(s.pos.turn))
    battles = sum(1 for e in session.entries if e.input.kind == "fight")
    played = {"postmen": 0, "holnists": 0}
    for e in session.entries:
        if e.input.kind == "play_card":
            c = s.catalog.cards.get(str(e.input.args.get("card")))
            who = e.input.args.get("side") or (c.side if c is not None else None)
            if who in played:
                played[who] += 1
    return (figures[:1] + (("Battles", str(battles)),
                           ("Cards played", f"{played['postmen']} by the Postmen, {played['holnists']} by the Holnists"))
            + figures[1:])


