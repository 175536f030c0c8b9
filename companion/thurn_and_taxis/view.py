"""What the Thurn and Taxis screens ask, answered by the rules.

``ui/thurn_and_taxis`` imports this module (and ``companion.core``) and no other part of the
game: whether a card fits the route and at which end, whether an official may be called, what
closing a route would place and earn are all asked of ``RULES.check`` or of the code that applies
the input, so a lit card or an enabled box is exactly an input the rules accept.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.inputs import Input
from ..core.violations import Violation
from . import officials, routes
from .board import OFFICIALS
from .closing import Award, HouseOption, award_text
from .closing import options as house_options
from .closing import preview as close_preview
from .final_report import final_report
from .routes import route_text
from .rules import RULES
from .scoring import ranking, score, scores, winner
from .state import GameState

__all__ = [
    "final_report",
    "OFFICIALS", "Award", "HandCard", "HouseOption", "award_text", "close_input", "close_preview",
    "fitting_ends", "hand_cards", "house_options", "official_refusal", "official_title", "ranking",
    "route_text", "score", "scores", "winner",
]

#: The rules a card breaks by where it would go, not by when it is played.
FIT_RULES = ("thurn_and_taxis.route.fit", "thurn_and_taxis.route.repeat")


@dataclass(frozen=True)
class HandCard:
    """A card of the active player's hand as the hand panel shows it."""

    card: str
    lit: bool  # a click on it gives an input the turn can take (now, or once a card is taken)
    tip: str


def official_title(s: GameState, official: str) -> str:
    return officials.title(s, official)


def official_refusal(s: GameState, official: str) -> Violation | None:
    """Why calling ``official`` now would be refused (its first violation), or None."""
    out = RULES.check(s, Input("official", {"name": official}))
    return out[0] if out else None


def _misfit(s: GameState, card: str, end: str | None = None) -> Violation | None:
    """The route rule ``card`` breaks at ``end`` (or at either end), whatever the turn's moment."""
    args = {"card": card} if end is None else {"card": card, "end": end}
    return next((v for v in RULES.check(s, Input("play", args)) if v.rule in FIT_RULES), None)


def fitting_ends(s: GameState, card: str) -> list[str]:
    """The ends of the active player's route that ``card`` may be played at
    (thurn_and_taxis.route.fit), when there are two ends to choose between: a route of at least
    two cities. Empty for a shorter route, where a card has one place or none."""
    if len(s.active.route) < 2:
        return []
    return [end for end in routes.ENDS if _misfit(s, card, end) is None]


def hand_cards(s: GameState) -> list[HandCard]:
    """The active player's hand in name order: while the hand is cut after closing every card
    may be discarded; otherwise a card is lit when it fits the route and the turn still has a
    play, now or after taking a card (so a player sees their options before taking)."""
    b, t = s.board, s.turn
    can_play = routes.may_play_now(s)
    out = []
    for card in sorted(s.hand(), key=b.name):
        if t.cut_due:
            out.append(HandCard(card, True, "Click to discard it"))
            continue
        bad = _misfit(s, card)
        out.append(HandCard(card, can_play and bad is None, bad.reason if bad else "Fits: click to play it"))
    return out


def close_input(option: HouseOption, cities: list[str]) -> Input:
    """The close_route input for one house option and the cities picked for it."""
    args: dict = {"option": option.kind, "cities": list(cities)}
    if option.province:
        args["province"] = option.province
    return Input("close_route", args)
