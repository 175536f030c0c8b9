"""A courier's ride from a phone names its target as the desk's does, so the next-closest rule
(couriers.locate.failed) is checked when a phone rides too: the phone offers only the targets the
rules take, asks the table's word after a failed roll, and what it sends is judged like the desk's."""

from __future__ import annotations

from companion.core.inputs import Input
from companion.core.session import Session
from companion.couriers.rules import RULES
from companion.games import bundled_pack
from companion.phones.messages import handle, seat_message


def failed_at_meade() -> Session:
    """Blue's courier C1 (Gibbon to Meade) failed its location roll at Meade's own unit on turn
    1; turn 2's courier step."""
    s = Session(RULES, bundled_pack("couriers"), {}, 3)
    for cid, side, rank in (("meade", "Blue", "army"), ("hancock", "Blue", "corps"),
                            ("gibbon", "Blue", "brigade"), ("lee", "Grey", "army")):
        assert s.submit(Input("add_commander", {"id": cid, "name": cid.title(), "side": side, "rank": rank})).accepted
    for inp in (Input("start_game"), Input("send_courier", {"sender": "gibbon", "recipient": "meade", "message": "x"}),
                Input("begin_courier_step"),
                Input("move_courier", {"courier": "C1", "speed": "officer", "arrives": True, "towards": "meade"}),
                Input("roll", {"values": [1, 1]}, "table"), Input("attempt_location", {"courier": "C1"}),
                Input("roll", {"values": [1, 2]}, "table"), Input("end_turn"), Input("begin_courier_step")):
        out = s.submit(inp)
        assert out.accepted and not out.violations, (inp, out.violations)
    assert s.state.couriers["C1"].searched == ("meade",)
    return s


def ride_offer(session: Session, seat: str = "Blue") -> dict:
    return next(a for a in seat_message(session, seat)["offers"] if a["kind"] == "move_courier")


def field(offer: dict, key: str) -> dict:
    return next(f for f in offer["fields"] if f["key"] == key)


def send(session: Session, offer: dict, **chosen) -> dict:
    args = {**offer["args"], "speed": "officer", "arrives": True, **chosen}
    return handle(session, "Blue", {"type": "input", "input": {"kind": "move_courier", "args": args}})


def test_a_phone_ride_names_its_target_from_the_targets_the_rules_take():
    s = failed_at_meade()
    offer = ride_offer(s)
    towards = field(offer, "towards")
    # not back to Meade's own unit, where the roll failed; the first offered is the next in line
    assert [(o["value"], o["label"]) for o in towards["options"]] == [("hancock", "Hancock's corps"),
                                                                       ("gibbon", "Gibbon's brigade")]
    assert field(offer, "next_closest")["type"] == "flag"


def test_a_phone_ride_is_judged_by_the_next_closest_rule():
    s = failed_at_meade()
    offer = ride_offer(s)
    n = len(s.entries)
    back = send(s, offer, towards="meade", next_closest=True)
    assert not back["ok"] and [v["rule"] for v in back["violations"]] == ["couriers.locate.failed"]
    assert "where it has searched already" in back["violations"][0]["reason"]
    unsaid = send(s, offer, towards="gibbon", next_closest=False)  # the table has not said it is the next
    assert not unsaid["ok"] and [v["rule"] for v in unsaid["violations"]] == ["couriers.locate.failed"]
    assert len(s.entries) == n
    ok = send(s, offer, towards="hancock", next_closest=True)
    assert ok["ok"], ok
    assert s.entries[-1].input.args["towards"] == "hancock" and not s.entries[-1].violations


def test_before_a_failed_roll_a_phone_ride_names_its_heading_and_asks_nothing_more():
    fresh = Session(RULES, bundled_pack("couriers"), {}, 3)
    for cid, side, rank in (("meade", "Blue", "army"), ("hancock", "Blue", "corps"), ("lee", "Grey", "army")):
        fresh.submit(Input("add_commander", {"id": cid, "name": cid.title(), "side": side, "rank": rank}))
    for inp in (Input("start_game"), Input("send_courier", {"sender": "hancock", "recipient": "meade", "message": "x"}),
                Input("begin_courier_step")):
        assert fresh.submit(inp).accepted
    offer = ride_offer(fresh)
    towards = field(offer, "towards")
    assert towards["options"][towards["default"]]["value"] == "meade"
    assert "next_closest" not in [f["key"] for f in offer["fields"]]
    assert send(fresh, offer, towards="hancock")["ok"]
