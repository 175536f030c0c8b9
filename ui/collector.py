"""Python's garbage collector and a long game.

A full collection walks every object the process tracks. A game opened from a long record holds
tens of thousands of them (its entries, journal, checkpoints and the window's widgets), all alive
until the game is closed, so a collection that fires in the middle of a click walks them all for
nothing: in a 5,000-input game that was the slowest input of the evening (docs/architecture.md,
"Saving and speed"). Once a game is open they are frozen out of every later collection; what a
click makes and drops is still collected as before. Closing the game thaws them, so a closed
game's objects are collected like any others.
"""

from __future__ import annotations

import gc


def settle() -> None:
    """A game was opened: collect what opening it left over (so no garbage is frozen with it),
    then keep everything alive now out of later collections."""
    if not gc.isenabled():  # before the first frame (ui/app.py): the start-up freezes it all
        return
    # opening leaves almost no cycles behind (a handful of objects), all of them young: the young
    # generations take under a millisecond where a full collection took 20 to 50
    gc.collect(1)
    gc.freeze()


def release() -> None:
    """A game is being closed: its objects may become garbage, so every collection sees them again."""
    gc.unfreeze()
