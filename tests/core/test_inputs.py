"""Inputs as small values: they print, parse back, and refuse bad JSON naming the field."""

from __future__ import annotations

import pytest

from companion.core.inputs import Input, draw, roll
from companion.core.violations import MalformedInput


def test_round_trip():
    for inp in (Input("start_game"), roll([3, 4], "table"), draw("7D", "app"),
                Input("move_courier", {"courier": "C1", "speed": "double"}, None, ("couriers.move.once",))):
        assert Input.from_json(inp.to_json()) == inp


def test_to_json_leaves_out_what_is_empty():
    assert Input("end_turn").to_json() == {"kind": "end_turn"}
    assert roll([1, 2]).to_json() == {"kind": "roll", "args": {"values": [1, 2]}, "source": "app"}


def test_chance_kinds():
    assert roll([1]).is_chance and draw("x").is_chance
    assert not Input("end_turn").is_chance


def test_with_override():
    inp = Input("end_turn").with_override(r for r in ["a.b", "c.d"])
    assert inp.override == ("a.b", "c.d") and inp.to_json()["override"] == ["a.b", "c.d"]


@pytest.mark.parametrize(("data", "message"), [
    ([], "inputs[3]: expected an object with a 'kind', got []"),
    ("roll", "inputs[3]: expected an object with a 'kind'"),
    (None, "inputs[3]: expected an object"),
    ({}, "inputs[3].kind: expected a non-empty string, got None"),
    ({"kind": ""}, "inputs[3].kind: expected a non-empty string"),
    ({"kind": 5}, "inputs[3].kind: expected a non-empty string, got 5"),
    ({"kind": "roll", "args": [1]}, "inputs[3].args: expected an object, got [1]"),
    ({"kind": "roll", "source": "dice"}, "inputs[3].source: expected one of ('app', 'table'), got 'dice'"),
    ({"kind": "roll", "override": "x"}, "inputs[3].override: expected a list of rule ids"),
    ({"kind": "roll", "override": [1]}, "inputs[3].override: expected a list of rule ids, got [1]"),
    ({"kind": "roll", "when": 1}, "inputs[3]: unknown field(s) ['when']"),
])
def test_from_json_errors_name_the_field(data, message):
    with pytest.raises(MalformedInput) as err:
        Input.from_json(data, "inputs[3]")
    assert message in str(err.value)


def test_long_values_are_shortened_in_messages():
    with pytest.raises(MalformedInput) as err:
        Input.from_json({"kind": [10**20] * 7})
    assert len(str(err.value)) < 120 and "..." in str(err.value)


def test_inputs_are_equal_by_content_hashable_and_print_back_to_their_record_form():
    from companion.core.inputs import Input

    a = Input("move", {"units": ["rider1"], "path": ["fo", "ri"]})
    b = Input("move", {"path": ["fo", "ri"], "units": ["rider1"]})
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert Input("move", {"units": ["rider2"], "path": ["fo"]}) not in {a}
    assert Input.parse(str(a)) == a
    overridden = a.with_override(["postman.move.limit"])
    assert overridden != a and Input.parse(str(overridden)) == overridden
    with pytest.raises(MalformedInput, match="not JSON"):
        Input.parse("{move")


def test_an_input_is_an_immutable_value():
    """An input cannot be changed once built (as a chess move cannot): not its arguments, not
    a list or object inside them, not its fields; what changed the dict it was built from does
    not reach it."""
    import copy
    import dataclasses

    given = {"units": ["rider1"], "path": ["fo", "ri"], "target": {"town": "fo"}}
    inp = Input("move", given)
    given["units"].append("rider2")
    given["path"] = []
    assert inp.args["units"] == ("rider1",) and inp.args["path"] == ("fo", "ri")
    for change in (lambda a: a.__setitem__("units", []), lambda a: a.__delitem__("path"),
                   lambda a: a.update(units=[]), lambda a: a.pop("path"), lambda a: a.popitem(),
                   lambda a: a.setdefault("x", 1), lambda a: a.clear(),
                   lambda a: a["target"].__setitem__("town", "ri")):
        with pytest.raises(TypeError):
            change(inp.args)
    with pytest.raises(AttributeError):
        inp.args["units"].append("rider2")  # a tuple
    with pytest.raises(dataclasses.FrozenInstanceError):
        inp.args = {}  # type: ignore[misc]
    assert inp.to_json()["args"] == {"units": ["rider1"], "path": ["fo", "ri"], "target": {"town": "fo"}}
    assert copy.deepcopy(inp) == inp and copy.deepcopy(inp).args is inp.args


def test_inputs_hash_and_compare_by_content_and_round_trip_their_record_form():
    a = Input("play", {"card": "7D", "targets": [{"unit": "r1"}, {"unit": "r2"}]}, None, ["x.y"])
    b = Input.from_json({"kind": "play", "override": ["x.y"],
                         "args": {"targets": [{"unit": "r1"}, {"unit": "r2"}], "card": "7D"}})
    assert a == b and hash(a) == hash(b) and {a: 1}[b] == 1
    assert a != Input("play", {"card": "7D", "targets": [{"unit": "r2"}, {"unit": "r1"}]}, None, ["x.y"])
    assert a != Input("play", {"card": "7D", "targets": [{"unit": "r1"}, {"unit": "r2"}]})
    assert a.args == {"card": "7D", "targets": [{"unit": "r1"}, {"unit": "r2"}]}  # as JSON has it
    assert Input.parse(str(a)) == a and str(Input.parse(str(a))) == str(a)
    assert Input.from_json(a.to_json()) == a
    assert repr(a).startswith("Input(kind='play', args=Args(")
