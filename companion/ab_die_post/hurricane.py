"""The black ball: every plane in the air lands and pays its lane's cost in spare parts, or goes
back to the start field with its cards and the passenger lost (ab_die_post.hurricane.*)."""

from __future__ import annotations

from collections import Counter
from itertools import product

from ..core.inputs import Args
from ..core.violations import MalformedInput, Violation
from .state import VALUES, Payment, RaceState
from .turns import waiting


def cheapest_payment(hand, cost: int) -> list[int] | None:
    """The payment that loses the fewest points; among equals the one that pays the most red 3s
    (fewer 3s held means less risk on the next draw, the rule text's own example, ab_die_post.hurricane.cost), then the fewest
    cards. None if the whole hand is worth less than the cost."""
    if sum(hand) < cost:
        return None
    have = Counter(hand)
    best: tuple[tuple[int, int, int], tuple[int, ...]] | None = None
    for counts in product(*(range(have[v] + 1) for v in VALUES)):
        total = sum(n * v for n, v in zip(counts, VALUES, strict=True))
        if total < cost:
            continue
        key = (total, -counts[2], sum(counts))
        if best is None or key < best[0]:
            best = (key, counts)
    if best is None:
        return None
    return [v for n, v in zip(best[1], VALUES, strict=True) for _ in range(n)]


def strike(s: RaceState) -> list[str]:
    """The hurricane hits: bill every plane in the air; those that cannot pay go back at once.
    Returns the players sent back (for the log)."""
    sent_back = []
    s.payments = []
    for player in _from(s, s.current):
        plane = s.planes[player]
        if not plane.in_air:
            continue  # planes on the start field are not hit (ab_die_post.hurricane.air)
        cost = s.settings.costs[plane.air_lane]
        if s.points_in_hand(player) < cost:
            back_to_start(s, player)
            sent_back.append(player)
        else:
            s.payments.append(Payment(player, plane.air_lane, cost))
    s.grounded = sent_back
    return sent_back


def back_to_start(s: RaceState, player: str) -> None:
    """ab_die_post.hurricane.start: all cards to the discards, plane to the start field, and the
    passenger back to its spot on the board."""
    for card in list(s.hand(player)):
        s.deck.play(player, card)
    s.planes[player].to_start()
    if s.passenger == player:
        s.passenger = None


def _from(s: RaceState, first: str) -> list[str]:
    i = s.players.index(first)
    return list(s.players[i:] + s.players[:i])


def owed(s: RaceState, player) -> Payment | None:
    return next((p for p in s.payments if p.player == player), None)


def read_cards(a: Args, s: RaceState, player: str) -> list[int]:
    cards = a.args.get("cards")
    if not isinstance(cards, list) or not all(type(c) is int and c in VALUES for c in cards):
        raise MalformedInput(f"{a.inp.kind}.cards: expected a list of card values 1, 2 or 3, got {cards!r}")
    held = Counter(s.hand(player))
    for v, n in Counter(cards).items():
        if held[v] < n:
            raise MalformedInput(f"{a.inp.kind}.cards: {player} holds {held[v]} card(s) of {v}, not {n}")
    return cards


def check_pay(s: RaceState, a: Args) -> list[Violation]:
    player = a.text("player")
    s.hand(player)
    cards = read_cards(a, s, player)
    bill = owed(s, player)
    if bill is None and s.phase in ("indicator", "keep", "over"):
        return waiting(s)
    if bill is None:
        why = ("no hurricane is blowing" if s.phase != "hurricane"
               else f"{player}'s plane is not in the air or has paid already")
        return [Violation("ab_die_post.hurricane.air", f"{player} owes no hurricane repairs: {why}")]
    if sum(cards) < bill.cost:
        return [Violation("ab_die_post.hurricane.cost",
                          f"the {bill.lane} lane costs {bill.cost}; cards worth {sum(cards)} do not cover it")]
    return []


def apply_pay(s: RaceState, a: Args) -> None:
    player = a.args["player"]
    for card in a.args["cards"]:
        s.deck.play(player, card)
    s.payments = [p for p in s.payments if p.player != player]


def costs_now(s: RaceState) -> dict[str, dict]:
    """What a hurricane would cost each plane in the air right now: the lane's cost, the cheapest
    payment, or that the plane would go back to the start field."""
    out = {}
    for player in s.players:
        plane = s.planes[player]
        if not plane.in_air:
            continue
        cost = s.settings.costs[plane.air_lane]
        pay = cheapest_payment(s.hand(player), cost)
        out[player] = {"lane": plane.lane, "cost": cost, "payment": pay,
                       "back_to_start": pay is None,
                       "loses_passenger": pay is None and s.passenger == player}
    return out
