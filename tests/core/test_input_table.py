"""The kernel's one dispatch: inputs declared once, read in one message format, judged in one order."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from companion.core.input_table import (
    ByState,
    DieValues,
    Either,
    Expected,
    Flag,
    InputTable,
    ListOf,
    Name,
    Named,
    Number,
    OneOf,
    Ref,
    Text,
    arg,
    kind,
    optional,
)
from companion.core.inputs import Input
from companion.core.violations import MalformedInput, Violation


@dataclass
class Toy:
    """A tiny game: counters to bump, a phase, a roll that may be owed, an end."""

    counters: dict = field(default_factory=lambda: {"a": 0, "b": 0})
    phase: str = "play"
    owed: bool = False
    over: bool = False
    log: list = field(default_factory=list)


def _bump(s: Toy, a) -> None:
    s.counters[a["counter"]] += a["by"]


def _too_far(s: Toy, a) -> list[Violation]:
    return [Violation("toy.bump.far", "at most 3 at a time")] if a["by"] > 3 else []


def _in_play(s: Toy, a) -> list[Violation]:
    return [] if s.phase == "play" else [Violation("toy.turn.order", "only in play")]


TABLE = InputTable("Toy", [
    kind("bump", arg("counter", Ref(lambda s: s.counters, "counter")), optional("by", Number(1, 10, whole=True), 1),
         check=_too_far, admits=_in_play, apply=_bump, words=lambda s, a: f"bump {a['counter']} by {a['by']}"),
    kind("say", arg("words", Text(20)), optional("loud", Flag(), False), open=True,
         apply=lambda s, a: s.log.append(a["words"]), words="says something"),
    kind("pick", arg("colour", OneOf(("red", "black"))), arg("names", ListOf(Name(), 1, "names")),
         apply=lambda s, a: None, words="picks"),
    kind("roll", arg("values", DieValues()), apply=lambda s, a: setattr(s, "owed", False), words="rolls"),
    kind("broken_words", apply=lambda s, a: None, words=lambda s, a: a["nothing"]),
], ended=lambda s, a: Violation("toy.game.end", "over") if s.over else None,
   owed=lambda s, a: Violation("toy.roll.pending", "first: roll") if s.owed and a.kind != "roll" else None,
   frozen_at_end=True)


def check(s, kind_, **args):
    return [v.rule for v in TABLE.check(s, Input(kind_, args))]


@pytest.mark.parametrize("args, message", [
    ({}, "bump: missing argument 'counter'"),
    ({"counter": "c"}, "bump.counter: expected the id of a counter, got 'c'"),
    ({"counter": 3}, "bump.counter: expected the id of a counter, got 3"),
    ({"counter": "a", "by": 0}, "bump.by: expected a whole number from 1 to 10, got 0"),
    ({"counter": "a", "by": 11}, "bump.by: expected a whole number from 1 to 10, got 11"),
    ({"counter": "a", "by": 1.5}, "bump.by: expected a whole number from 1 to 10, got 1.5"),
    ({"counter": "a", "by": True}, "bump.by: expected a whole number from 1 to 10, got True"),
    ({"counter": "a", "by": float("inf")}, "bump.by: expected a whole number from 1 to 10, got inf"),
    ({"counter": "a", "by": float("nan")}, "bump.by: expected a whole number from 1 to 10, got nan"),
    ({"counter": "a", "speed": 2}, "bump: no argument 'speed' (it takes counter, by)"),
])
def test_arguments_read_in_one_format(args, message):
    with pytest.raises(MalformedInput) as e:
        TABLE.check(Toy(), Input("bump", args))
    assert str(e.value) == message


def test_each_type_takes_what_it_says_and_refuses_the_rest():
    s = Toy()
    assert check(s, "bump", counter="a", by=1) == [] and check(s, "bump", counter="b", by=10) == ["toy.bump.far"]
    assert check(s, "say", words="  hello ") == []
    for bad in ("", "   ", "x" * 21, 7):
        with pytest.raises(MalformedInput, match="say.words: expected text of at most 20 characters"):
            TABLE.check(s, Input("say", {"words": bad}))
    with pytest.raises(MalformedInput, match="say.loud: expected true or false, got 1"):
        TABLE.check(s, Input("say", {"words": "hi", "loud": 1}))
    assert check(s, "pick", colour="red", names=["x"]) == []
    with pytest.raises(MalformedInput, match="pick.colour: expected one of red, black, got 'blue'"):
        TABLE.check(s, Input("pick", {"colour": "blue", "names": ["x"]}))
    with pytest.raises(MalformedInput, match="pick.colour: expected one of red, black, got"):
        TABLE.check(s, Input("pick", {"colour": ["red"], "names": ["x"]}))  # unhashable: refused, not a crash
    for bad in ([], ["x", 2], "x"):
        with pytest.raises(MalformedInput, match=r"pick.names: expected a list of names \(at least 1\)"):
            TABLE.check(s, Input("pick", {"colour": "red", "names": bad}))
    for bad in ([1, True], "6", [1.0]):
        with pytest.raises(MalformedInput, match="roll.values: expected a list of die values"):
            TABLE.check(s, Input("roll", {"values": bad}))
    with pytest.raises(MalformedInput, match="Toy has no input 'dance'"):
        TABLE.check(s, Input("dance"))


def test_one_argument_of_an_unfinished_input_is_read_as_declared():
    """``value`` reads one argument of an input whose others are missing (a form not yet filled)."""
    s = Toy()
    assert TABLE.value(s, Input("pick", {"colour": "red"}), "colour") == "red"
    assert TABLE.value(s, Input("bump", {"counter": "a"}), "by", 1) == 1  # not given: the default
    assert TABLE.value(s, Input("pick", {"colour": "blue"}), "colour") is None  # not what it takes
    assert TABLE.value(s, Input("pick", {"colour": ["red"]}), "colour") is None  # unhashable: no crash
    assert TABLE.value(s, Input("pick", {"names": ["x"]}), "speed") is None  # no such argument
    assert TABLE.value(s, Input("dance", {"colour": "red"}), "colour") is None  # no such kind


def test_the_read_values_reach_the_effect_typed_and_trimmed():
    s = Toy()
    TABLE.apply(s, Input("say", {"words": "  hello  "}))
    TABLE.apply(s, Input("bump", {"counter": "b"}))  # the declared default
    assert s.log == ["hello"] and s.counters["b"] == 1


def test_judgement_order_end_stops_owed_and_admission_add_up():
    s = Toy(owed=True, phase="setup")
    # a roll owed and the wrong phase and the kind's own rule: all three named, owed first
    assert check(s, "bump", counter="a", by=4) == ["toy.roll.pending", "toy.turn.order", "toy.bump.far"]
    assert check(s, "roll", values=[3]) == []  # the owed roll itself is not held up by itself
    s.over = True
    assert check(s, "bump", counter="a", by=4) == ["toy.game.end"]  # the end stops the judgement
    with pytest.raises(MalformedInput):  # but a malformed input is still refused outright
        TABLE.check(s, Input("bump", {"counter": "zzz"}))


def test_an_input_overridden_after_the_end_changes_nothing():
    s = Toy(over=True)
    TABLE.apply(s, Input("bump", {"counter": "a", "by": 2}))
    assert s.counters["a"] == 0
    s.over = False
    TABLE.apply(s, Input("bump", {"counter": "a", "by": 2}))
    assert s.counters["a"] == 2


def test_words_that_fail_fall_back_to_the_kind_and_open_kinds_are_declared():
    s = Toy()
    assert TABLE.describe(s, Input("bump", {"counter": "a", "by": 2})) == "bump a by 2"
    assert TABLE.describe(s, Input("broken_words")) == "broken words"
    assert TABLE.describe(s, Input("bump", {"counter": "nope"})) == "bump"
    assert TABLE.open_kinds == frozenset({"say"})


def test_a_unique_list_refuses_an_item_twice_as_read():
    table = InputTable("Toy", [kind("pick", arg("names", ListOf(Text(), noun="names", unique=True)),
                                    apply=lambda s, a: None, words="picks")])
    assert table.check(Toy(), Input("pick", {"names": ["x", "y"]})) == []
    with pytest.raises(MalformedInput, match=r"pick.names: expected a list of names \(each once\), got \['x', ' x'\]"):
        table.check(Toy(), Input("pick", {"names": ["x", " x"]}))  # one name once trimmed


def test_settle_follows_every_effect_and_prepare_precedes_it():
    seen: list[str] = []
    table = InputTable("Toy", [
        kind("bump", arg("counter", Name()), apply=lambda s, a: seen.append(f"bump {a['counter']}"), words=""),
    ], prepare=lambda s, a: seen.append("prepare"), settle=lambda s, a: seen.append(f"settle {a.kind}"))
    table.apply(Toy(), Input("bump", {"counter": "a"}))
    assert seen == ["prepare", "bump a", "settle bump"]


def test_well_formed_is_part_of_the_reading_and_owed_may_stop_the_judgement():
    def two_different(s, a):
        if a["names"][0] == a["names"][-1]:
            raise MalformedInput("pair.names: name two different counters")

    def stopping(stops):
        return InputTable("Toy", [
            kind("pair", arg("names", ListOf(Name(), 2, "names", max_len=2)), well_formed=two_different,
                 admits=_in_play, apply=lambda s, a: None, words=""),
        ], ended=lambda s, a: Violation("toy.game.end", "over") if s.over else None,
           owed=lambda s, a: Violation("toy.roll.pending", "first: roll") if s.owed else None, owed_stops=stops)

    s = Toy(owed=True, phase="setup", over=True)
    for table in (stopping(True), stopping(False)):
        with pytest.raises(MalformedInput, match="pair.names: name two different counters"):
            table.check(s, Input("pair", {"names": ["a", "a"]}))  # read before the end is asked
        with pytest.raises(MalformedInput, match=r"pair.names: expected a list of names \(2 to 2\), got \['a', 'b', 'c'\]"):
            table.check(s, Input("pair", {"names": ["a", "b", "c"]}))
        assert table.describe(s, Input("pair", {"names": ["a", "a"]})) == "pair"
    s.over = False
    assert [v.rule for v in stopping(True).check(s, Input("pair", {"names": ["a", "b"]}))] == ["toy.roll.pending"]
    assert [v.rule for v in stopping(False).check(s, Input("pair", {"names": ["a", "b"]}))] == [
        "toy.roll.pending", "toy.turn.order"]


def test_given_reads_as_a_mapping_and_says_its_input():
    inp = Input("bump", {"counter": "a"}, "table")
    _kind, given = TABLE.read(Toy(), inp)
    assert dict(given) == {"counter": "a", "by": 1} and given.get("by") == 1 and "by" in given
    assert (given.kind, given.source, given.inp) == ("bump", "table", inp)
    assert repr(given) == "Given(bump, {'counter': 'a', 'by': 1})"


def test_a_kind_declared_twice_is_a_programming_error():
    with pytest.raises(ValueError, match="declared twice"):
        InputTable("Toy", [kind("x", apply=_bump, words=""), kind("x", apply=_bump, words="")])


@pytest.mark.parametrize("game_id", [
    "couriers",
    "thurn_and_taxis",
    "ab_die_post",
    "postman",
])
def test_every_game_dispatches_through_its_declared_table(game_id):
    """No game writes its own dispatch or reads its own arguments: check, apply and describe
    are the kernel's, and no game module reads arguments by hand or declares an argument type
    of its own (each builds on the kernel's types)."""
    import importlib
    import inspect
    from pathlib import Path

    from companion.core.game import Rules
    from companion.core.input_table import ArgType
    from companion.games import GAMES, rules_for

    assert set(GAMES) == {"couriers", "thurn_and_taxis", "ab_die_post", "postman"}
    rules = rules_for(game_id)
    assert isinstance(rules.inputs, InputTable)
    for method in ("check", "apply", "describe"):
        assert getattr(type(rules), method) is getattr(Rules, method), method
    package = Path(__file__).parents[2] / "companion" / game_id
    for module in package.glob("*.py"):
        assert "Args(" not in module.read_text(), f"{module.name} reads arguments by hand"
        loaded = importlib.import_module(f"companion.{game_id}.{module.stem}")
        own = [name for name, v in vars(loaded).items() if inspect.isclass(v) and issubclass(v, ArgType)
               and v.__module__ == loaded.__name__]
        assert not own, f"{module.name} declares argument types of its own: {own}"


def test_the_kernel_s_types_cover_what_the_games_need():
    """Bounds the state gives, exact choices, state-worded references, a list's own last item,
    a type the state chooses and things known by several spellings: each once, in the kernel."""
    s = Toy()
    zone = Number(1, lambda st: st.counters["a"], whole=True, noun="a zone")
    s.counters["a"] = 6
    assert zone.read(6, s) == 6 and zone.read(2.0, s) == 2 and type(zone.read(2.0, s)) is int
    with pytest.raises(Expected, match="^a zone from 1 to 6$"):
        zone.read(7, s)
    s.counters["a"] = 3
    with pytest.raises(Expected, match="^a zone from 1 to 3$"):
        zone.read(4, s)  # the state moved the bound
    card = OneOf((1, 2, 3), what="a card worth 1, 2 or 3", exact=True)
    assert card.read(2, s) == 2 and OneOf((1, 2, 3)).read(True, s) is True  # not exact: 1 == True
    for bad in (True, 2.0, "2", 4):
        with pytest.raises(Expected, match="^a card worth 1, 2 or 3$"):
            card.read(bad, s)
    space = Ref(lambda st: None if st.over else {"a1", "b2"}, "space", lambda st: f"a space of {st.phase}")
    assert space.read("a1", s) == "a1"
    with pytest.raises(Expected, match="^a space of play$"):
        space.read("q9", s)
    s.over = True
    assert space.read(("any", "thing"), s) == ["any", "thing"]  # nothing kept: taken as given
    s.over = False
    path = ListOf(space, 1, last=Either(space, OneOf(("goal",))), what="a path, the goal last")
    assert path.read(("a1", "b2", "goal"), s) == ["a1", "b2", "goal"]
    for bad in (["goal", "a1"], [], "a1", ["a1", "x"]):
        with pytest.raises(Expected, match="^a path, the goal last$"):
            path.read(bad, s)
    drawn = ByState(lambda st: card if st.phase == "play" else OneOf(("red",)), "a card or a ball")
    assert drawn.read(3, s) == 3
    s.phase = "ball"
    assert drawn.read("red", s) == "red"
    with pytest.raises(Expected):
        drawn.read(3, s)
    city = Named(lambda st, v: {"zurich": "zürich", "zürich": "zürich"}.get(v), "a city")
    assert city.read("zurich", s) == "zürich"
    with pytest.raises(Expected, match="^a city$"):
        city.read("bern", s)
