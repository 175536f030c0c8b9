"""What the Ab die Post! screens ask, answered by the rules.

``ui/ab_die_post`` imports this module (and ``companion.core``) and no other part of the game:
where a plane may land with this wind, the odds on the buttons, what a hurricane would cost and
which spare parts a draw may turn up all come from the rules modules that judge those inputs.
"""

from __future__ import annotations

from . import turns
from .board import GOAL, START, space_id
from .final_report import final_report
from .flight import Landing, distance, landings, plane_text, reach
from .hurricane import cheapest_payment
from .odds import bust_chance, fly_odds, hurricane_costs, percent
from .state import BALLS, LANES, SETTING_RANGES, VALUES, RaceState

__all__ = [
    "final_report",
    "BALLS", "GOAL", "LANES", "SETTING_RANGES", "START", "VALUES", "Landing", "bust_chance",
    "cheapest_payment", "distance", "fly_odds", "hurricane_costs", "landings", "parts_to_draw",
    "percent", "plane_text", "reach", "space_id",
]


def parts_to_draw(s: RaceState) -> tuple[int, ...]:
    """The values a spare part drawn now may have: those still in the draw pile
    (ab_die_post.parts.draw); none when every part is in a hand. A draw of any other value names
    no real card and is refused."""
    return tuple(sorted(set(turns.card_request(s).choices)))
