"""Ab die Post!'s words for a place on a board, as a player counts it on the board in front of
them: "the middle lane's 3rd space (zone 1)". Space ids ("m3") stay in records and inputs;
a line a person reads never shows them."""

from __future__ import annotations

from ..core.words import ordinal
from .board import GOAL, START, Board


def space_words(board: Board, space: str, outward: bool, start: str = "the start field") -> str:
    """A space (or START / GOAL) counted from this flight's take-off along its lane."""
    if space == START:
        return start
    if space == GOAL:
        return "the goal airport"
    return f"the {board.lane_of(space)} lane's {space_count(board, space, outward)} (zone {board.zone(space, outward)})"


def space_count(board: Board, space: str, outward: bool) -> str:
    """"3rd space": the space's count along its lane from this flight's take-off."""
    return f"{ordinal(board.progress(space, outward))} space"
