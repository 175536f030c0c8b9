"""A position's copy shares nothing that can change with the position (postman.card.luck restores
it; seat views and odds previews read it while play goes on).

Generated over ``fields(Position)``: each field of the copy is changed in place, as deep as it
goes, and the original must be as it was. A field added to Position is covered without a word
here; if its value in the sample position is empty, the test asks for an example below.
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import fields, is_dataclass

import pytest

from companion.core.inputs import Input
from companion.postman.state import Battle, Due, Fall, Movement, Offer, Position

from .play import act, battle_in_forest_town

#: Values for the fields the sample position leaves empty (None, or nothing in it yet).
EXAMPLES = {
    "due": lambda: Due("sneak", "postmen", 2, {"units": ["rider1"], "town": "fo"}, (3,), 0),
    "movement": lambda: Movement(["rider1"], ["fo", "ri"], 0, ["rider1"], ["fo"]),
    "offer": lambda: Offer("fo", "holnists", ["regiment1"], ["ri"]),
    "battles_left": lambda: ["ri", "mo"],
    "recruited": lambda: {"pt"},
    "move_bonus": lambda: {"rider1": 1},
    "halted": lambda: {"mo"},
    "draws_owed": lambda: ["postmen"],
    "discards_owed": lambda: ["holnists"],
    "last_battle": lambda: Battle("ri", step="over", hits={"postmen": 1}, to_choose=["postmen"]),
    "last_due": lambda: Due("round", None, 3, {"side": ["postmen"]}),
    "before_roll": lambda: Position(turn=1),
    "last_roll": lambda: (4, 2),
    "winner": lambda: "postmen",
    "fall": lambda: Fall("general", "roll", Input("roll", {"values": [6]})),
}


def sample_position() -> Position:
    """A battle under way in Forest Town, every empty field given an example."""
    s, _postmen, _holnists = battle_in_forest_town()
    act(s, "fight", town="fo")
    t = s.state.pos
    for f in fields(Position):
        value = getattr(t, f.name)
        if value is None or value in ((), [], {}, set()):
            assert f.name in EXAMPLES, f"Position.{f.name} is empty here: give it an example in EXAMPLES"
            setattr(t, f.name, EXAMPLES[f.name]())
    return t


def change_in_place(x, seen: set) -> None:
    """Change everything in ``x`` that can be changed, as deep as it goes."""
    if id(x) in seen:
        return
    seen.add(id(x))
    if isinstance(x, Counter):
        x["changed"] += 1
    elif isinstance(x, dict):
        for v in list(x.values()):
            change_in_place(v, seen)
        x["changed"] = "changed"
    elif isinstance(x, list):
        for v in x:
            change_in_place(v, seen)
        x.append("changed")
    elif isinstance(x, set):
        x.add("changed")
    elif is_dataclass(x) and not type(x).__dataclass_params__.frozen:
        for f in fields(x):
            change_in_place(getattr(x, f.name), seen)
            object.__setattr__(x, f.name, "changed")


@pytest.mark.parametrize("name", [f.name for f in fields(Position)])
def test_changing_a_field_of_the_copy_leaves_the_position_as_it_was(name):
    t = sample_position()
    was = copy.deepcopy(t)
    twin = t.snapshot()
    assert twin.before_roll is None  # Luck goes back one roll, never two
    if name != "before_roll":
        assert getattr(twin, name) == getattr(t, name)
    change_in_place(getattr(twin, name), set())
    assert t == was


def test_the_copy_holds_nothing_that_can_change_of_the_position():
    t = sample_position()
    mutable = (list, dict, set, Counter)

    def reachable(x, out: dict) -> dict:
        # a frozen dataclass (the Leader's Fall, an Input) cannot change: sharing it is safe
        if id(x) in out or not (isinstance(x, mutable) or (is_dataclass(x) and not type(x).__dataclass_params__.frozen)):
            return out
        out[id(x)] = x
        children = x.values() if isinstance(x, dict) else x if isinstance(x, (list, set)) else \
            [getattr(x, f.name) for f in fields(x)]
        for v in children:
            reachable(v, out)
        return out

    twin = t.snapshot()
    ours = reachable(t, {})
    shared = [x for k, x in reachable(twin, {}).items() if k in ours]
    assert shared == []
    # a deck the two sides share stays one deck in the copy (the shared-deck variant)
    assert (twin.decks["postmen"] is twin.decks["holnists"]) == (t.decks["postmen"] is t.decks["holnists"])
