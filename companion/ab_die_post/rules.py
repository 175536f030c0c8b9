"""Ab die Post!'s rules: its pack and setup, what the table does next, the end, and the inputs
the table could give now.

Rule ids are ``ab_die_post.*`` and each has a section in ``rules/ab_die_post/reference.md``.
The inputs themselves (arguments, checks, effects, words) are declared in ``inputs.py``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import product

from ..core.deck import Deck
from ..core.game import GameResult, Rules, Step, setup_names
from ..core.inputs import Input
from ..core.schema import check as check_schema
from ..core.violations import MalformedInput, PackError
from ..core.words import counted
from . import flight, hurricane, turns
from .board import GOAL, board_from_pack, load_board
from .inputs import INPUTS
from .odds import bust_chance, fly_odds, percent
from .state import (
    LANES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PACK_SPEC,
    VALUES,
    Plane,
    RaceState,
    Settings,
)

RULE_IDS = frozenset({
    "ab_die_post.turn.order", "ab_die_post.turn.one_action",
    "ab_die_post.parts.draw", "ab_die_post.parts.bust", "ab_die_post.parts.single",
    "ab_die_post.parts.reshuffle",
    "ab_die_post.fly.parts", "ab_die_post.indicator",
    "ab_die_post.move.pending", "ab_die_post.move.wind",
    "ab_die_post.move.straight", "ab_die_post.move.occupied", "ab_die_post.move.links",
    "ab_die_post.hurricane.air", "ab_die_post.hurricane.cost", "ab_die_post.hurricane.start",
    "ab_die_post.hurricane.pending",
    "ab_die_post.passenger",
    "ab_die_post.flight.end", "ab_die_post.flight.points", "ab_die_post.flight.keep",
    "ab_die_post.flight.next", "ab_die_post.game.end",
})

#: The input kinds, in the order the table declares them (companion/ab_die_post/inputs.py).
KINDS = INPUTS.names


class AbDiePostRules(Rules):
    from . import said as outcome_words  # what each input did, in the table's words
    from .seats import SEATING as seating  # who sits at the table and what each may see
    game_id = "ab_die_post"
    title = "Ab die Post!"
    inputs = INPUTS  # every input's arguments, admission, check, effect and words

    # -- pack and setup ----------------------------------------------------------------------
    def players(self, setup: dict) -> tuple[str, ...]:
        return setup_names(setup.get("players"))

    def validate_pack(self, pack) -> None:
        data = pack.data.get("ab_die_post")
        file = f"{pack.source}/ab_die_post.toml"
        if data is None:
            raise PackError(file, "", "missing: Ab die Post! needs ab_die_post.toml")
        check_schema(data, PACK_SPEC, file)
        parts = data["spare_parts"]
        if sum(parts["counts"].values()) != parts["total"]:
            raise PackError(file, "spare_parts.counts",
                            f"the cards add up to {sum(parts['counts'].values())}, expected {parts['total']}")
        for key, mix in data["ball_mix"].items():
            if not key.isdigit() or not MIN_PLAYERS <= int(key) <= MAX_PLAYERS:
                raise PackError(file, f"ball_mix.{key}", f"expected a number of players from {MIN_PLAYERS} to {MAX_PLAYERS}")
            if sum(v for k, v in mix.items() if k != "house_rule") == 0:
                raise PackError(file, f"ball_mix.{key}", "expected at least one ball")
        if data["settings"]["first_half_zones"] >= data["settings"]["river_zones"]:
            raise PackError(file, "settings.first_half_zones", "expected fewer than settings.river_zones")
        for name in sorted(pack.data.get("maps", {})):
            board_from_pack(pack, name)  # every board file (maps/NAME.toml) is checked with the pack

    def rule_ids(self) -> frozenset[str]:
        return RULE_IDS

    def new_state(self, pack, setup: dict) -> RaceState:
        if not isinstance(setup, dict):
            raise MalformedInput("setup: expected an object")
        players = setup.get("players")
        if (not isinstance(players, list) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS
                or not all(isinstance(p, str) and p.strip() and len(p) <= 80 for p in players)):
            raise MalformedInput(f"setup.players: expected {MIN_PLAYERS} to {MAX_PLAYERS} player names, "
                                 "clockwise from the youngest (who begins)")
        players = [p.strip() for p in players]
        if len(set(players)) != len(players):
            raise MalformedInput("setup.players: two players have the same name")
        board = _board(pack, setup)
        settings = Settings.from_pack(pack.data["ab_die_post"], len(players), setup.get("settings", {}), board)
        cards = [v for v in VALUES for _ in range(settings.card_counts[v])]
        return RaceState(settings, tuple(players), Deck.of("spare parts", cards, players),
                         {p: Plane(p) for p in players}, {p: 0 for p in players}, players[0],
                         board=board)

    # -- what next ---------------------------------------------------------------------------
    def next_steps(self, s: RaceState) -> list[Step]:
        if s.phase == "over":
            return []
        if s.phase == "hurricane":
            return [Step(f"{p.player} pays {p.cost} for the {p.lane} lane", "pay", p.player,
                         {"player": p.player,
                          "cards": hurricane.cheapest_payment(s.hand(p.player), p.cost)})
                    for p in s.payments]
        if s.phase == "keep":
            return [Step(f"{p} chooses the card to keep for the next flight", "keep_card", p,
                         {"player": p}) for p in s.keeping]
        who = s.current
        if s.phase == "indicator":
            odds = fly_odds(s.settings)
            return [Step(f"{who}: shake the hurricane indicator (hurricane {percent(odds.hurricane)})",
                         "draw", who, draw=turns.ball_request(s))]
        if s.phase == "move":
            where = "name the landing space" if s.board is not None else "enter where the plane came down"
            return [Step(f"{who}: the {s.ball} ball moves {counted(flight.distance(s), 'space')}; {where}",
                         "move", who)]
        steps = []
        if s.deck.left:
            risk = bust_chance(s, who)
            steps.append(Step(f"{who}: draw a spare part (third red 3: {percent(risk)})", "draw", who,
                              draw=turns.card_request(s), required=False))
        if s.phase == "drawing":
            steps.append(Step(f"{who}: stop drawing", "stop_drawing", who, required=False))
        elif s.points_in_hand(who) >= s.settings.min_points_to_fly:
            steps.append(Step(f"{who}: fly", "fly", who, required=False))
        return steps

    def state_json(self, s: RaceState) -> dict:
        return s.to_json()

    def result(self, s: RaceState) -> GameResult | None:
        if s.phase != "over":
            return None
        best = max(s.scores.values())
        names = " and ".join(s.winners)
        verb = "reaches" if len(s.winners) == 1 else "reach"
        return GameResult(s.winners, f"{names} {verb} {best} points (the target is {s.settings.target_score})",
                          "ab_die_post.game.end", tuple(s.scores.items()))

    def candidates(self, s: RaceState) -> Iterator[Input]:
        """Every input of every player that could be legal now (the draws and the indicator's
        ball are chance): only the player whose turn it is stops, flies or moves
        (ab_die_post.turn.order), a plane moves only when a coloured ball shows
        (ab_die_post.move.pending) and cards are kept only by the planes asked to keep one
        (ab_die_post.flight.keep); the inputs left out break one of these whatever their other
        arguments, and each candidate costs a check in ``legal_inputs``."""
        for player in s.players:
            who = {"player": player}
            if player == s.current:
                yield Input("stop_drawing", who)
                yield Input("fly", who)
                if s.phase == "move":
                    yield from _moves(s, player)
            yield from _payments(s, player)
            if s.phase == "keep" and player in s.keeping:
                for card in sorted(set(s.hand(player))):
                    yield Input("keep_card", {**who, "card": card})
                yield Input("keep_card", who)


def _moves(s: RaceState, player: str) -> Iterator[Input]:
    who = {"player": player}
    yield Input("move", {**who, "blocked": True})
    if s.board is not None:
        for target in flight.landings(s, player):
            yield Input("move", {**who, "goal": True} if target == GOAL else {**who, "space": target})
        return
    for flanks in (0, 1, 2):
        # the flank spaces passed so far are the default (ab_die_post.passenger)
        passed = {} if flanks == s.planes[player].flanks else {"flanks": flanks}
        if s.planes[player].lane is not None:  # from the start field a move names its lane
            yield Input("move", {**who, "goal": True, **passed})
        for lane in LANES:
            for zone in range(1, s.settings.river_zones + 1):
                yield Input("move", {**who, "lane": lane, "zone": zone, **passed})


def _payments(s: RaceState, player: str) -> Iterator[Input]:
    """Every choice of cards from the hand covering the bill owed (ab_die_post.hurricane.cost)."""
    bill = hurricane.owed(s, player)
    if bill is None:
        return
    have = Counter(s.hand(player))
    for counts in product(*(range(have[v] + 1) for v in VALUES)):
        cards = [v for n, v in zip(counts, VALUES, strict=True) for _ in range(n)]
        if sum(cards) >= bill.cost:
            yield Input("pay", {"player": player, "cards": cards})


def _board(pack, setup: dict):
    """setup.board: the name of one of the pack's boards (``maps/NAME.toml``) or a whole board
    written inline (the format of a board file); absent, the game has no board."""
    if "board" not in setup:
        return None
    value = setup["board"]
    try:
        if isinstance(value, str):
            return board_from_pack(pack, value)
        if isinstance(value, dict):
            return load_board(value, "setup.board")
    except PackError as e:
        raise MalformedInput(f"setup.board: the board cannot be used: {e}") from None
    raise MalformedInput("setup.board: expected the name of a board of the pack (e.g. 'illustrative') "
                         "or a board written out as an object")


RULES = AbDiePostRules()
