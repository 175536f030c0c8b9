"""Thurn and Taxis: its pack, what comes next, the end and the inputs the table could give now.

Rule ids are ``thurn_and_taxis.*``; each has a section in ``rules/thurn_and_taxis/reference.md``.
The inputs themselves (arguments, checks, effects, words) are declared in ``inputs.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, product

from ..core.game import DrawRequest, GameResult, Rules, Step, setup_names
from ..core.inputs import Input
from ..core.words import counted
from . import closing, officials, routes
from .board import OFFICIALS, board_of, build
from .inputs import INPUTS, check_end_turn
from .scoring import score, winner
from .state import GameState, new_game

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

#: The input kinds, in the order the table declares them (companion/thurn_and_taxis/inputs.py).
KINDS = INPUTS.names


class ThurnAndTaxisRules(Rules):
    from . import said as outcome_words  # what each input did, in the table's words
    from .seats import SEATING as seating  # who sits at the table and what each may see
    game_id = "thurn_and_taxis"
    title = "Thurn and Taxis"
    inputs = INPUTS  # every input's arguments, admission, check, effect and words

    def players(self, setup: dict) -> tuple[str, ...]:
        return setup_names(setup.get("players"))

    def validate_pack(self, pack) -> None:
        build(pack)

    def rule_ids(self) -> frozenset[str]:
        return RULE_IDS

    def new_state(self, pack, setup: dict) -> GameState:
        return new_game(board_of(pack), setup)

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
        steps.append(Step(f"Discard {counted(extra, 'card')} from the hand, keeping "
                          f"{s.board.game['hand_after_closing']}", "cut_hand", p.name))
    if not check_end_turn(s):
        steps.append(Step("End the turn", "end_turn", p.name, required=False))
    return steps


RULES = ThurnAndTaxisRules()
