"""Phones for the other games: four Thurn and Taxis players each with only their own hand on
their own phone and no pass-the-laptop step, and a Courier Desk side that writes its sealed
orders on its phone while the other side's phone never reads them until a capture."""

from __future__ import annotations

import json

from companion.core.inputs import Input
from companion.core.session import Session
from companion.couriers.rules import RULES as COURIERS
from companion.games import bundled_pack
from companion.phones.messages import blinded, seat_message
from companion.phones.tokens import BOARD
from companion.thurn_and_taxis.rules import RULES as TAXIS

from .conftest import running
from .test_protocol import next_state

PLAYERS = ["Anna", "Ben", "Cara", "Dora"]


def taxis_game() -> Session:
    s = Session(TAXIS, bundled_pack("thurn_and_taxis"), {"players": PLAYERS}, 8)
    while s.state.refill_due():
        s.deal()
    return s


def test_four_players_play_thurn_and_taxis_each_on_their_own_phone(run):
    async def body():
        async with running(taxis_game()) as t:
            phones = {p: await t.seat(p) for p in PLAYERS}
            version = max(m["version"] for _ws, m in phones.values())
            for _turn in range(4):
                me = t.session.state.active.name
                ws, m = phones[me]
                while not any(a["kind"] == "play" for a in m["offers"]):  # an empty hand takes two
                    take = next(a for a in m["offers"] if a["kind"] == "take_display")
                    await ws.send_json({"type": "input", "input": {"kind": "take_display", "args": take["args"]}})
                    assert (await ws.receive_json(timeout=5))["ok"]
                    for name, (other, _) in phones.items():
                        phones[name] = (other, await next_state(other, version))
                    version = phones[me][1]["version"]
                    ws, m = phones[me]
                assert None not in t.session.state.display  # the gap was filled from the app's deck
                play = next(a for a in m["offers"] if a["kind"] == "play")
                assert play["private"]  # it names a card of the hand: behind the cover
                for kind, args in (("play", play["args"]), ("end_turn", {})):
                    await ws.send_json({"type": "input", "input": {"kind": kind, "args": args}})
                    assert (await ws.receive_json(timeout=5))["ok"], kind
                    for name, (other, _) in phones.items():
                        phones[name] = (other, await next_state(other, version))
                    version = phones[me][1]["version"]
                assert t.session.entries[-1].seat == me and t.session.state.active.name != me
            for name, (_ws, m) in phones.items():
                hand = t.session.state.deck.hands[name]
                assert [c["id"] for c in m["view"]["own"]["hand"]] == sorted(hand, key=t.session.state.board.name)
                # the same message with every other hand dealt afresh: it shows none of them
                twin = blinded(t.session, name)
                assert any(twin.state.deck.hands[p] != t.session.state.deck.hands[p] for p in PLAYERS if p != name)
                assert seat_message(twin, name) == m, f"{name} sees another hand"
            for ws, _m in phones.values():
                await ws.close()
    run(body)


def desk_game() -> Session:
    s = Session(COURIERS, bundled_pack("couriers"), {}, 2)
    for cid, side, rank in (("meade", "Blue", "army"), ("hancock", "Blue", "corps"),
                            ("lee", "Grey", "army"), ("pickett", "Grey", "brigade")):
        assert s.submit(Input("add_commander", {"id": cid, "name": cid.title(), "side": side, "rank": rank})).accepted
    assert s.submit(Input("start_game")).accepted
    return s


def test_a_side_writes_sealed_orders_on_its_phone_and_the_other_side_never_reads_them(run):
    async def body():
        async with running(desk_game()) as t:
            sides = t.session.state.sides
            blue, grey = sides
            bws, bm = await t.seat(blue)
            gws, gm = await t.seat(grey)
            board, _ = await t.seat(BOARD)
            send = next(a for a in bm["offers"] if a["kind"] == "send_courier")
            assert send["private"] and [f["key"] for f in send["fields"]] == ["sender", "recipient", "message"]
            orders = "Hold the ridge at all costs"
            await bws.send_json({"type": "input", "input": {"kind": "send_courier", "args": {
                "sender": "meade", "recipient": "hancock", "message": orders}}})
            assert (await bws.receive_json(timeout=5))["ok"]
            mine = await next_state(bws, bm["version"])
            theirs = await next_state(gws, gm["version"])
            shown = await next_state(board, gm["version"])
            assert any(h["text"] == orders for h in mine["hand"])
            assert orders not in json.dumps(theirs) and orders not in json.dumps(shown)
            capture = next(a for a in theirs["offers"] if a["kind"] == "capture")
            await gws.send_json({"type": "input", "input": {"kind": "capture", "args": capture["args"]}})
            assert (await gws.receive_json(timeout=5))["ok"]
            read = await next_state(gws, theirs["version"])
            assert orders in json.dumps(read)  # a captured courier's orders are read (couriers.capture)
            for ws in (bws, gws, board):
                await ws.close()
    run(body)
