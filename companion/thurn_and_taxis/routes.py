"""Taking city cards (display, deck) and building the route in progress.

A blind draw from the deck and the card turned up to fill a display gap are both ``draw`` inputs
(chance: the app deals one from what is left, or the table types the card it turned over); which
one it is follows from the state: a gap in the display is always filled first.
"""

from __future__ import annotations

from ..core.input_table import Given
from ..core.violations import MalformedInput, Violation
from ..core.words import counted
from .state import GameState, Player

ENDS = ("left", "right")


def takes_allowed(s: GameState) -> int:
    return 2 if s.turn.official == "postmaster" else 1


def takes_needed(s: GameState) -> int:
    """One card, two when the Postmaster is forced; fewer only when no card is left anywhere."""
    want = 2 if s.turn.forced else 1
    available = sum(c is not None for c in s.display) + s.deck.left
    return min(want, s.turn.taken + available)


def plays_allowed(s: GameState) -> int:
    return 2 if s.turn.official == "postal_carrier" else 1


def may_play_now(s: GameState) -> bool:
    """Whether this turn still has a card to play, now or after taking (the hand lights cards)."""
    t = s.turn
    return not s.over and not t.closed and t.played < plays_allowed(s)


def check_take(s: GameState) -> list[Violation]:
    name, t = s.active.name, s.turn
    if t.played:
        return [Violation("thurn_and_taxis.turn.steps",
                          f"cards are taken before playing, and {name} has played this turn")]
    if t.closed:
        return [Violation("thurn_and_taxis.turn.steps", f"{name} has closed a route: the turn is over")]
    if t.taken >= takes_allowed(s):
        why = ("both of the Postmaster's cards are taken" if takes_allowed(s) == 2
               else "a second card needs the Postmaster")
        return [Violation("thurn_and_taxis.take.count", f"{name} has taken a card this turn; {why}")]
    return []


def check_take_display(s: GameState, a: Given) -> list[Violation]:
    card = a["card"]
    if card not in s.display:
        raise MalformedInput(f"take_display.card: {s.board.name(card)} is not in the display")
    return check_take(s)


def check_draw(s: GameState, a: Given) -> list[Violation]:
    card = a["card"]
    if s.deck.draw_pile[card] <= 0:
        # never where the card is instead: the hands are hidden (the display and discards are not)
        raise MalformedInput(f"draw.card: {s.board.name(card)} cannot be drawn now; check the card typed")
    return [] if s.refill_due() else check_take(s)


def apply_take_display(s: GameState, a: Given) -> None:
    card = a["card"]
    s.display[s.display.index(card)] = None
    s.hand().append(card)
    s.turn.taken += 1


def apply_draw(s: GameState, a: Given) -> None:
    card = a["card"]
    if s.refill_due():  # thurn_and_taxis.display.refill: the gap is filled at once
        s.deck.draw(card)
        s.display[s.display.index(None)] = card
    else:
        s.deck.draw(card, s.active.name)
        s.turn.taken += 1


def settle(s: GameState, a: Given | None = None) -> None:
    """When the deck runs out, the discard pile becomes the new deck (thurn_and_taxis.deck.reshuffle)."""
    if s.deck.left == 0 and s.deck.discard:
        s.deck.reshuffle()


# -- the route -----------------------------------------------------------------------------------
def fit(s: GameState, player: Player, card: str, end: str | None = None) -> Violation | None:
    """Why ``card`` cannot go at ``end`` (or at either end) of the route, or None if it fits."""
    route, b = player.route, s.board
    if not route:
        return None
    if card in route:
        return Violation("thurn_and_taxis.route.repeat",
                         f"{b.name(card)} is already in {player.name}'s route")
    ends = [(e, c) for e, c in zip(ENDS, (route[0], route[-1]), strict=True) if end in (None, e)]
    if any(card in b.neighbours[c] for _e, c in ends):
        return None
    names = sorted({b.name(c) for _e, c in ends})
    where = f"the {end} end of the route" if end else (
        "the route's only city" if len(route) == 1 else "the ends of the route")
    return Violation("thurn_and_taxis.route.fit",
                     f"no road joins {b.name(card)} to {' or '.join(names)}, {where}")


def fitting_ends(s: GameState, player: Player, card: str) -> list[str]:
    if not player.route:
        return ["right"]
    return [e for e in ENDS if fit(s, player, card, e) is None]


def check_play(s: GameState, a: Given) -> list[Violation]:
    card, end = a["card"], a["end"]
    p, t = s.active, s.turn
    if card not in s.hand():
        raise MalformedInput(f"play.card: {p.name} holds no {s.board.name(card)} card")
    out = []
    if t.closed:
        out.append(Violation("thurn_and_taxis.turn.steps",
                             f"{p.name} has closed a route: no more cards are played this turn"))
    elif t.taken < takes_needed(s):
        what = "both of the Postmaster's cards" if takes_needed(s) == 2 else "a card"
        out.append(Violation("thurn_and_taxis.turn.steps", f"{p.name} takes {what} before playing"))
    elif t.played >= plays_allowed(s):
        why = "the Postal Carrier allows two" if plays_allowed(s) == 2 else "a second needs the Postal Carrier"
        out.append(Violation("thurn_and_taxis.play.count", f"{p.name} has played {counted(t.played, 'card')}; {why}"))
    bad = fit(s, p, card, end)
    if bad is not None:
        out.append(bad)
    return out


def apply_play(s: GameState, a: Given) -> None:
    card, end = a["card"], a["end"]
    p = s.active
    if end is None:
        end = (fitting_ends(s, p, card) or ["right"])[-1]
    s.hand().remove(card)
    if end == "left":
        p.route.insert(0, card)
    else:
        p.route.append(card)
    s.turn.played += 1


def check_discard(s: GameState, a: Given) -> list[Violation]:
    p, t = s.active, s.turn
    if not p.route:
        return [Violation("thurn_and_taxis.route.discard", f"{p.name} has no route in progress")]
    if t.played or t.closed:
        return [Violation("thurn_and_taxis.route.discard",
                          f"a route is given up only before the turn's card is played, and {p.name} has played")]
    if t.taken < takes_needed(s):
        return [Violation("thurn_and_taxis.turn.steps", f"{p.name} takes a card before giving up the route")]
    return []


def apply_discard(s: GameState, a: Given) -> None:
    p = s.active
    s.deck.discard.extend(p.route)
    p.route.clear()
    s.turn.discarded = True


def route_text(s: GameState, route) -> str:
    return "\u2013".join(s.board.name(c) for c in route) or "(none)"
