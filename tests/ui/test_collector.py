"""An open game is out of Python's garbage collections, and a closed one is collected again
(ui/collector.py): a full collection in the middle of a click walked every object of a long game."""

import gc
import weakref
from pathlib import Path

import pytest

import rules

SAMPLE = Path(rules.__file__).parent / "couriers" / "samples" / "several_turns.json"


@pytest.fixture(autouse=True)
def thawed():
    gc.unfreeze()
    yield
    gc.unfreeze()


def _walked(obj) -> bool:
    """Whether a collection of the oldest generation would walk ``obj``."""
    return any(o is obj for o in gc.get_objects())


def test_an_open_game_is_frozen_out_of_collections_and_a_closed_one_is_collected(window, qtbot):
    assert window.open_record(str(SAMPLE))
    session = window.table.session
    assert gc.get_freeze_count() > 0
    assert not _walked(session) and not _walked(session.entries)
    gone = weakref.ref(session)
    window.close_game()
    assert gc.get_freeze_count() == 0
    assert _walked(session)
    del session
    qtbot.wait(1)  # the closed screen's deleteLater
    gc.collect()
    assert gone() is None, "the closed game was kept alive"


def test_what_an_open_game_makes_later_is_still_collected(window):
    assert window.open_record(str(SAMPLE))

    class Ring:
        pass

    ring = Ring()
    ring.me = ring  # a cycle: only a collection frees it
    gone = weakref.ref(ring)
    del ring
    gc.collect()
    assert gone() is None
