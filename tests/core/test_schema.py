"""Pack data checks: every error names the file, the key path and what was expected."""

from __future__ import annotations

import pytest

from companion.core.schema import Spec, check
from companion.core.violations import PackError

SPEC = Spec(dict, fields={
    "movement": Spec(dict, fields={
        "officer_move": Spec(float, lo=0.5, hi=100),
        "proximity": Spec(str, choices=("closest", "end")),
        "note": Spec(str, required=False),
    }),
    "bands": Spec(list, min_items=1, item=Spec(dict, fields={"within": Spec(float), "step": Spec(int)})),
    "scales": Spec(dict, extra_keys=True, values=Spec(float, lo=0.01)),
})

GOOD = {"movement": {"officer_move": 24, "proximity": "end"},
        "bands": [{"within": 12.0, "step": 1}], "scales": {"15mm": 1, "25mm": 1.5}}


def test_good_data_passes():
    check(GOOD, SPEC, "couriers.toml")


@pytest.mark.parametrize(("change", "where", "what"), [
    (lambda d: d["movement"].update(officer_move="24"), "movement.officer_move",
     "expected a number from 0.5 to 100, found '24'"),
    (lambda d: d["movement"].update(officer_move=True), "movement.officer_move", "found True"),
    (lambda d: d["movement"].update(officer_move=0.1), "movement.officer_move", "found 0.1"),
    (lambda d: d["movement"].update(proximity="near"), "movement.proximity",
     "expected one of 'closest', 'end', found 'near'"),
    (lambda d: d["movement"].pop("proximity"), "movement.proximity", "missing; expected one of"),
    (lambda d: d["movement"].update(speed=3), "movement.speed", "unknown key; expected one of officer_move"),
    (lambda d: d.update(movement=[1]), "movement", "expected a table, found a list"),
    (lambda d: d["bands"][0].update(step=1.5), "bands[0].step", "expected a whole number, found 1.5"),
    (lambda d: d["bands"].append({"within": 1}), "bands[1].step", "missing"),
    (lambda d: d.update(bands=[]), "bands", "expected at least 1 item(s), found 0"),
    (lambda d: d["scales"].update({"6mm": "small"}), "scales.6mm", "expected a number from 0.01"),
    (lambda d: d["scales"].update({"6 mm": 0}), 'scales."6 mm"', "found 0"),
    (lambda d: d["scales"].update({"big": {"x": 1}}), "scales.big", "found a table"),
])
def test_errors_name_file_key_path_and_expectation(change, where, what):
    import copy

    data = copy.deepcopy(GOOD)
    change(data)
    with pytest.raises(PackError) as err:
        check(data, SPEC, "my-pack/couriers.toml")
    e = err.value
    assert (e.path, e.where) == ("my-pack/couriers.toml", where)
    assert what in e.what
    assert str(e).startswith(f"my-pack/couriers.toml, at {where}: ")


def test_top_level_type():
    with pytest.raises(PackError, match=r"at \(top level\): expected a table, found a list"):
        check([], SPEC, "f.toml")


def test_optional_field_still_checked_when_present():
    data = {**GOOD, "movement": {**GOOD["movement"], "note": 5}}
    with pytest.raises(PackError, match="movement.note: expected text, found 5"):
        check(data, SPEC, "f.toml")
