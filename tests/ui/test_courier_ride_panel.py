"""The ride panel offers exactly the targets the session takes (couriers.locate.failed): after a
failed location roll, with the pack's setting either way, every target in "Rides to" rides with
no violation (the table's word ticked where the panel asks it), and the places where its rolls
failed are not among them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from session_table import SessionTable as _Table

from companion.core.inputs import Input
from companion.core.session import Session
from companion.couriers.rules import RULES
from companion.games import load_pack
from ui.couriers.desk import CourierDesk

BUNDLED = Path(__file__).resolve().parents[2] / "rules" / "couriers"


def failed_at_meade(tmp_path, setting: str) -> Session:
    dst = tmp_path / setting
    shutil.copytree(BUNDLED, dst, ignore=shutil.ignore_patterns("samples", "__pycache__"))
    toml = dst / "couriers.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('next_closest = "table"', f'next_closest = "{setting}"'),
                    encoding="utf-8")
    s = Session(RULES, load_pack(dst), {}, 3)
    for cid, side, rank in (("meade", "Blue", "army"), ("hancock", "Blue", "corps"),
                            ("gibbon", "Blue", "brigade"), ("lee", "Grey", "army")):
        assert s.submit(Input("add_commander", {"id": cid, "name": cid.title(), "side": side, "rank": rank})).accepted
    assert s.submit(Input("declare_hq", {"commander": "meade", "place": "the farm"})).accepted
    for inp in (Input("start_game"), Input("move_commander", {"commander": "meade"}),
                Input("send_courier", {"sender": "gibbon", "recipient": "meade", "message": "x"}),
                Input("begin_courier_step"),
                Input("move_courier", {"courier": "C1", "speed": "officer", "arrives": True, "towards": "hq"}),
                Input("roll", {"values": [1, 1]}, "table"),   # at the headquarters he has left
                Input("attempt_location", {"courier": "C1"}), Input("roll", {"values": [1, 2]}, "table"),
                Input("end_turn"), Input("begin_courier_step"),
                Input("move_courier", {"courier": "C1", "speed": "officer", "arrives": True, "towards": "meade",
                                       "next_closest": True}),
                Input("roll", {"values": [1, 1]}, "table"), Input("attempt_location", {"courier": "C1"}),
                Input("roll", {"values": [1, 2]}, "table"), Input("end_turn"), Input("begin_courier_step")):
        out = s.submit(inp)
        assert out.accepted and not out.violations, (inp, out.violations)
    return s


@pytest.mark.parametrize("setting", ["table", "unchecked"])
def test_the_ride_panel_offers_only_what_the_session_takes(qtbot, tmp_path, setting):
    session = failed_at_meade(tmp_path, setting)
    assert session.state.couriers["C1"].searched == ("hq", "meade")
    desk = CourierDesk(_Table(session))
    qtbot.addWidget(desk)
    desk.select_courier("C1")
    offered = [desk.towards.itemData(i) for i in range(desk.towards.count())]
    # never back to the headquarters he had left or to Meade's unit, where its rolls failed
    assert offered == ["hancock", "gibbon"]
    assert desk.next_closest.isVisibleTo(desk) == (setting == "table")
    desk.next_closest.setChecked(True)
    for i in range(desk.towards.count()):
        desk.towards.setCurrentIndex(i)
        ride = Input("move_courier", desk._ride_args("C1"))
        assert session.why_not(ride) == [], (ride, session.why_not(ride))
    for back in ("hq", "meade"):
        ride = Input("move_courier", {**desk._ride_args("C1"), "towards": back})
        assert [v.rule for v in session.why_not(ride)] == ["couriers.locate.failed"]
