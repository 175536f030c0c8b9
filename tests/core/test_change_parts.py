"""The change record names the parts of the state a submit, undo or redo changed, found by the
kernel alone (companion/core/parts.py): checked over random playouts of every game in the
registry against a copy of the state taken before each step, so a part left out (a stale panel)
or named while it did not change fails."""

import dataclasses
import random

import pytest
from playout import GAMES, Playout, setup_of

from companion.core.checkpoints import copy_state
from companion.core.parts import EVERY, changed_parts, touched
from companion.core.session import Session
from companion.games import bundled_pack, rules_for


def differing(before, after) -> set[str]:
    """The parts that differ, written out the long way: every field, and every field's field."""
    out = set()
    for f in dataclasses.fields(before):
        a, b = getattr(before, f.name), getattr(after, f.name)
        if a == b:
            continue
        out.add(f.name)
        if type(a) is type(b) and dataclasses.is_dataclass(a):
            out |= {f"{f.name}.{g.name}" for g in dataclasses.fields(a) if getattr(a, g.name) != getattr(b, g.name)}
        else:
            out.add(f"{f.name}.*")
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_change_names_exactly_the_parts_that_differ(game):
    rng = random.Random(12)
    session = Session(rules_for(game), bundled_pack(game), setup_of(game, rng), 12)
    seen = []
    session.listeners.append(lambda s: seen.append((s.last_change, copy_state(s.state))))
    player = Playout(session, rng, undo=0.15)
    before = copy_state(session.state)
    events, named = set(), set()
    for _ in range(150):
        if not player.step():
            break
        for change, after in seen:
            assert set(change.state_parts) == differing(before, after), (change.event, change.kinds)
            assert ("state" in change.parts) == bool(change.state_parts)
            events.add(change.event)
            named |= change.state_parts
            before = after
        seen.clear()
    assert events == {"input", "undo", "redo"}
    assert any("." in p for p in named) or game == "ab_die_post"  # a field's own fields are named too


def test_a_change_says_which_earlier_log_line_it_restyled(make_desk):
    desk = make_desk()
    s = desk.session
    desk.roster("meade", "gibbon").start()
    n = len(s.journal)
    assert s.last_change.restyled == () and s.last_change.journal_start == n - 1
    s.undo()  # the undo's own line is added and the input's line is struck through
    assert s.last_change.restyled == (n - 1,) and s.journal[n - 1].entry is s.last_change.removed[0]
    s.redo()
    assert s.last_change.restyled == (n - 1,) and s.last_change.journal_start == n + 1


@dataclasses.dataclass
class Turn:
    seat: int
    taken: int = 0


@dataclasses.dataclass
class Toy:
    turn: Turn
    cards: list
    note: object = None


def test_parts_are_fields_and_the_fields_of_a_dataclass_field():
    a = Toy(Turn(0), ["x"])
    assert changed_parts(a, copy_state(a)) == frozenset()
    assert changed_parts(a, Toy(Turn(0, 1), ["x"])) == {"turn", "turn.taken"}
    assert changed_parts(a, Toy(Turn(0), ["x", "y"])) == {"cards", "cards.*"}  # a list: as a whole
    assert changed_parts(a, Toy(Turn(0), ["x"], Turn(1))) == {"note", "note.*"}  # None became a Turn
    # a value without value equality reads as changed, never as the same
    assert changed_parts(Toy(Turn(0), [], object()), Toy(Turn(0), [], object())) == {"note", "note.*"}
    assert changed_parts({"a": 1}, {"a": 2}) == {EVERY} and changed_parts({"a": 1}, {"a": 1}) == frozenset()


def test_touched_counts_a_whole_field_and_a_state_without_parts():
    parts = frozenset({"turn", "turn.taken", "note", "note.*"})
    assert touched(parts, "turn") and touched(parts, "turn.taken") and not touched(parts, "turn.seat")
    assert touched(parts, "note.seat") and not touched(parts, "cards", "deck.left")
    assert touched(frozenset({EVERY}), "anything")
