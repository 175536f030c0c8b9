"""The black ball: every plane in the air lands and pays its lane's cost in spare parts, or goes
back to the start field with its cards and the passenger lost (ab_die_post.hurricane.*)."""

from __future__ import annotations

from collections import Counter
from itertools import product

from ..core.input_table import Given
from ..core.violations import MalformedInput, Violation
from ..core.words import counted
from .state import VALUES, Payment, RaceState
from .turns import end_turn, settle_deck


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


def pay_well_formed(s: RaceState, a: Given) -> None:
    """The cards paid must be in the payer's hand."""
    player, held = a["player"], Counter(s.hand(a["player"]))
    for v, n in Counter(a["cards"]).items():
        if held[v] < n:
            raise MalformedInput(f"pay.cards: {player} holds {counted(held[v], 'card')} of {v}, not {n}")


def check_pay(s: RaceState, a: Given) -> list[Violation]:
    player, cards = a["player"], a["cards"]
    bill = owed(s, player)
    if bill is None:  # the indicator and the kept cards are owed first (the table's owed)
        why = ("no hurricane is blowing" if s.phase != "hurricane"
               else f"{player}'s plane is not in the air or has paid already")
        return [Violation("ab_die_post.hurricane.air", f"{player} owes no hurricane repairs: {why}")]
    if sum(cards) < bill.cost:
        return [Violation("ab_die_post.hurricane.cost",
                          f"the {bill.lane} lane costs {bill.cost}; cards worth {sum(cards)} do not cover it")]
    return []


def apply_pay(s: RaceState, a: Given) -> None:
    player = a["player"]
    for card in a["cards"]:
        s.deck.play(player, card)
    s.payments = [p for p in s.payments if p.player != player]
    settle_deck(s)
    if s.phase == "hurricane" and not s.payments:
        end_turn(s)


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
