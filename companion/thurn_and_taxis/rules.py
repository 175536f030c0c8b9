"""Thurn and Taxis: which inputs the table may give, what each does, and what comes next.

Rule ids are ``thurn_and_taxis.*``; each has a section in ``rules/thurn_and_taxis/reference.md``.
Every input acts for the player whose turn it is.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, product

from ..core.game import DrawRequest, GameResult, Rules, Step
from ..core.inputs import Args, Input
from ..core.violations import MalformedInput, Violation
from . import closing, officials, routes
from .board import OFFICIALS, board_of, build
from .scoring import score, winner
from .state import GameState, begin_turn, new_game

RULE_IDS = frozenset({
    "thurn_and_taxis.display.refill", "thurn_and_taxis.deck.reshuffle",
    "thurn_and_taxis.turn.steps", "thurn_and_taxis.turn.end",
    "thurn_and_taxis.take.count", "thurn_and_taxis.play.count",
    "thurn_and_taxis.route.fit", "thurn_and_taxis.route.repeat", "thurn_and_taxis.route.discard",
    "thurn_and_taxis.official.one_per_turn", "thurn_and_taxis.official.forced_postmaster",
    "thurn_and_taxis.official.timing",
    "thurn_and_taxis.close.length", "thurn_and_taxis.houses.option", "thurn_and_taxis.houses.once",
    "thurn_and_taxis.houses.all", "thurn_and_taxis.carriage.order", "thurn_and_taxis.carriage.length",
    "thurn_and_taxis.hand.limit",
    "thurn_and_taxis.bonus.route_length", "thurn_and_taxis.bonus.province_group",
    "thurn_and_taxis.bonus.all_provinces", "thurn_and_taxis.bonus.game_end",
    "thurn_and_taxis.end.trigger", "thurn_and_taxis.end.round", "thurn_and_taxis.end.over",
    "thurn_and_taxis.score", "thurn_and_taxis.score.tie",
})

CHECKS = {
    "draw": routes.check_draw, "take_display": routes.check_take_display,
    "official": officials.check_official, "play": routes.check_play,
    "discard_route": routes.check_discard, "close_route": closing.check_close,
    "cut_hand": closing.check_cut,
}
APPLY = {
    "draw": routes.apply_draw, "take_display": routes.apply_take_display,
    "official": officials.apply_official, "play": routes.apply_play,
    "discard_route": routes.apply_discard, "close_route": closing.apply_close,
    "cut_hand": closing.apply_cut,
}
KINDS = (*CHECKS, "end_turn")


class ThurnAndTaxisRules(Rules):
    from . import said as outcome_words  # what each input did, in the table's words
    from .seats import SEATING as seating  # who sits at the table and what each may see
    game_id = "thurn_and_taxis"
    title = "Thurn and Taxis"

    def validate_pack(self, pack) -> None:
        build(pack)

    def rule_ids(self) -> frozenset[str]:
        return RULE_IDS

    def new_state(self, pack, setup: dict) -> GameState:
        return new_game(board_of(pack), setup)

    # -- checks --------------------------------------------------------------------------------
    def check(self, s: GameState, inp: Input) -> list[Violation]:
        if inp.kind not in KINDS:
            raise MalformedInput(f"Thurn and Taxis has no input '{inp.kind}'")
        a = Args(inp)
        if inp.kind == "end_turn":
            out = check_end_turn(s)
        else:
            out = CHECKS[inp.kind](s, a)
        if s.over:
            return [Violation("thurn_and_taxis.end.over", "the game is over")]
        if s.refill_due() and inp.kind != "draw":
            out.insert(0, Violation("thurn_and_taxis.display.refill",
                                    "the gap in the display is filled from the deck first"))
        return out

    # -- effects -------------------------------------------------------------------------------
    def apply(self, s: GameState, inp: Input) -> None:
        if s.over:
            return  # an overridden input after the end changes nothing (thurn_and_taxis.end.over)
        if inp.kind == "end_turn":
            apply_end_turn(s)
        else:
            APPLY[inp.kind](s, Args(inp))
        routes.settle(s)

    # -- words ---------------------------------------------------------------------------------
    def describe(self, s: GameState, inp: Input) -> str:
        try:
            return describe(s, inp)
        except (MalformedInput, KeyError, ValueError, TypeError):
            return inp.kind.replace("_", " ")

    def next_steps(self, s: GameState) -> list[Step]:
        return next_steps(s)

    def state_json(self, s: GameState) -> dict:
        return s.to_json()

    def result(self, s: GameState) -> GameResult | None:
        if not s.over:
            return None
        seat = winner(s)
        scores = tuple((p.name, score(s, p)) for p in s.players)
        if seat is None:
            best = max(v for _n, v in scores)
            tied = tuple(n for n, v in scores if v == best)
            return GameResult(tied, f"{' and '.join(tied)} share the win with {best} points",
                              "thurn_and_taxis.score.tie", scores)
        name = s.players[seat].name
        return GameResult((name,), f"{name} wins with {score(s, s.players[seat])} points",
                          "thurn_and_taxis.score", scores)

    def candidates(self, s: GameState) -> Iterator[Input]:
        """Every input the player whose turn it is could give (the deck's draw is chance)."""
        yield Input("end_turn")
        for card in dict.fromkeys(c for c in s.display if c is not None):
            yield Input("take_display", {"card": card})
        for name in OFFICIALS:
            yield Input("official", {"name": name})
        for card in sorted(set(s.hand())):
            yield Input("play", {"card": card})
            for end in ("left", "right"):
                yield Input("play", {"card": card, "end": end})
        yield Input("discard_route")
        yield from _closes(s)
        keep = s.board.game["hand_after_closing"]
        if len(s.hand()) > keep:
            for cut in sorted(set(combinations(sorted(s.hand()), len(s.hand()) - keep))):
                yield Input("cut_hand", {"cards": list(cut)})


def _closes(s: GameState) -> Iterator[Input]:
    """Every way to place the houses of a route closed now (thurn_and_taxis.houses.option)."""
    for opt in closing.options(s):
        if opt.kind == "one_province" and opt.province is not None:
            picks = [list(c) for c in combinations(opt.choices[opt.province], opt.count)]
            args = {"option": opt.kind, "province": opt.province}
        else:
            picks = [list(cities) for provs in combinations(sorted(opt.choices), opt.count)
                     for cities in product(*(opt.choices[p] for p in provs))]
            args = {"option": opt.kind}
        route = s.active.route
        for cities in picks:
            yield Input("close_route", {**args, "cities": sorted(cities, key=route.index)})


# -- the end of a turn ----------------------------------------------------------------------------
def check_end_turn(s: GameState) -> list[Violation]:
    p, t = s.active, s.turn
    out = []
    if t.taken < routes.takes_needed(s):
        what = "both of the Postmaster's cards" if routes.takes_needed(s) == 2 else "a card"
        out.append(Violation("thurn_and_taxis.turn.end", f"{p.name} has not taken {what} yet"))
    elif not t.played and s.hand():
        out.append(Violation("thurn_and_taxis.turn.end",
                             f"{p.name} must play a card (giving up the route first if none fits)"))
    if t.cut_due:
        out.append(Violation("thurn_and_taxis.hand.limit",
                             f"{p.name} cuts the hand to {s.board.game['hand_after_closing']} first"))
    return out


def apply_end_turn(s: GameState) -> None:
    n = len(s.players)
    if s.ended_by is not None and s.turn.seat == n - 1:
        s.over = True  # thurn_and_taxis.end.round: the round is finished, everyone had as many turns
        return
    nxt = (s.turn.seat + 1) % n
    if nxt == 0:
        s.round += 1
    begin_turn(s, nxt)


def describe(s: GameState, inp: Input) -> str:
    a, p, b = inp.args, s.active, s.board
    if inp.kind == "draw":
        if s.refill_due():
            return f"{b.name(b.city_id(a.get('card'), 'draw.card'))} is turned up in the display"
        return f"{p.name} draws the top card of the deck"  # the card stays private to its owner
    if inp.kind == "take_display":
        return f"{p.name} takes {b.name(b.city_id(a.get('card'), 'card'))} from the display"
    if inp.kind == "official":
        return f"{p.name} calls the {officials.title(s, a['name'])}"
    if inp.kind == "play":
        return f"{p.name} plays {b.name(b.city_id(a.get('card'), 'card'))}"
    if inp.kind == "discard_route":
        return f"{p.name} gives up the route {route_text(s, p.route)}"
    if inp.kind == "close_route":
        cities = [b.city_id(c, "cities") for c in a.get("cities", [])]
        award = closing.preview(s, cities, a.get("carriage"))
        return f"{p.name} closes {route_text(s, p.route)}: " + award_text(s, award)
    if inp.kind == "cut_hand":
        names = ", ".join(b.name(b.city_id(c, "cards")) for c in a.get("cards", []))
        return f"{p.name} cuts the hand to {b.game['hand_after_closing']}, discarding {names}"
    if inp.kind == "end_turn":
        return f"{p.name} ends the turn"  # the result follows as its outcome (said.py)
    return inp.kind


def route_text(s: GameState, route) -> str:
    return "\u2013".join(s.board.name(c) for c in route) or "(none)"


def award_text(s: GameState, award: closing.Award) -> str:
    b = s.board
    parts = [("houses in " + ", ".join(b.name(c) for c in award.houses)) if award.houses else "no houses"]
    for sid, _value in award.tiles:  # face down until the end (thurn_and_taxis.score)
        parts.append(f"a {b.stacks[sid].name} tile")
    if award.carriage is not None:
        parts.append(f"carriage {award.carriage} ({b.carriages[award.carriage][0]} points)"
                     if award.carriage in b.carriages else f"carriage {award.carriage}")
    if award.ends_game:
        parts.append("this ends the game after the round")
    return "; ".join(parts)


# -- what next -------------------------------------------------------------------------------------
def next_steps(s: GameState) -> list[Step]:
    if s.over:
        return []
    p, t = s.active, s.turn
    pile = tuple(s.deck.cards_left())
    if s.refill_due():
        return [Step("Turn up a card to fill the display", "draw", draw=DrawRequest(
            "fill the display", pile, "thurn_and_taxis.display.refill"))]
    steps = []
    if not routes.check_take(s) and (pile or any(s.display)):
        need = t.taken < routes.takes_needed(s)
        steps.append(Step("Take a card from the display", "take_display", p.name, required=need))
        if pile:
            steps.append(Step("Draw the top card of the deck", "draw", p.name, required=need, draw=DrawRequest(
                f"{p.name} draws from the deck", pile, "thurn_and_taxis.take.count", p.name)))
    free = [o for o in OFFICIALS if officials.why_not(s, o) is None]
    if free:
        names = ", ".join(officials.title(s, o) for o in free)
        steps.append(Step(f"Call an official: {names}", "official", p.name, required=False))
    if (s.hand() and t.played < routes.plays_allowed(s) and not t.closed
            and t.taken >= routes.takes_needed(s)):
        steps.append(Step("Play a card to the route", "play", p.name, required=not t.played))
    if p.route and not t.played and not t.closed:
        steps.append(Step("Give up the route (if no card fits)", "discard_route", p.name, required=False))
    if t.played and not t.closed and len(p.route) >= s.board.game["min_route_to_close"]:
        steps.append(Step(f"Close the route ({len(p.route)} cards)", "close_route", p.name, required=False))
    if t.cut_due:
        extra = len(s.hand()) - s.board.game["hand_after_closing"]
        steps.append(Step(f"Discard {extra} card(s) from the hand, keeping "
                          f"{s.board.game['hand_after_closing']}", "cut_hand", p.name))
    if not check_end_turn(s):
        steps.append(Step("End the turn", "end_turn", p.name, required=False))
    return steps


RULES = ThurnAndTaxisRules()
