"""The phone protocol: a seat catches up on connecting, gives its own inputs through the laptop's
session, every device hears of every change at once, a phone holds no state, a re-issued link
dies at once, and the server is off when the game closes."""

from __future__ import annotations

import asyncio
import subprocess
import sys

from companion.phones.messages import seat_message
from companion.phones.tokens import BOARD

from .conftest import running
from .kit import HOLNISTS, POSTMEN, holnists_owe_a_retreat_roll, play, postman_game

PONY = {"kind": "play_card", "args": {"card": "5D", "side": "postmen", "unit": "rider1"}}


async def next_state(ws, version: int) -> dict:
    """The next state message newer than ``version`` (results and older states are skipped)."""
    while True:
        msg = await ws.receive_json(timeout=5)
        if msg["type"] == "state" and msg["version"] > version:
            return msg


def test_a_seat_sees_its_turn_what_is_owed_its_hand_and_what_it_may_play(run):
    async def body():
        async with running() as t:
            ws, m = await t.seat("postmen")
            assert m["seat_name"] == "Postmen" and m["headline"]["whose"] == "The Postmen's turn"
            assert m["headline"]["phase"] == "Turn 1, Move phase"
            assert [c["id"] for c in m["view"]["own"]["hand"]] == ["QH", "KH", "AD", "5D", "KD"]
            assert m["view"]["hand_counts"] == {"postmen": 5, "holnists": 5}
            plays = [a for a in m["offers"] if a["kind"] == "play_card"]
            assert plays and all(a["private"] and a["args"]["card"] == "5D" for a in plays)  # only Pony Express fits now
            assert any(a["label"] == "Play Pony Express: Rider 1" for a in plays)
            assert {s["kind"] for s in m["view"]["steps"]} == {"move", "end_phase"}
            assert m["announcement"] == t.session.journal[-1].entry.text
            await ws.close()
    run(body)


def test_a_card_played_on_one_phone_reaches_the_laptop_and_every_other_device(run):
    async def body():
        async with running() as t:
            told = []
            t.session.listeners.append(lambda s: told.append(len(s.entries)))
            postmen, first = await t.seat("postmen")
            holnists, _ = await t.seat("holnists")
            board, _ = await t.seat(BOARD)
            await postmen.send_json({"type": "input", "input": PONY})
            reply = await postmen.receive_json(timeout=5)
            assert reply["ok"] is True and reply["text"].endswith("(from Postmen's phone)")
            entry = t.session.entries[-1]
            assert entry.seat == "postmen" and entry.input.kind == "play_card" and told == [11]
            for ws in (postmen, holnists, board):
                m = await next_state(ws, first["version"])
                assert m["view"]["hand_counts"]["postmen"] == 4
                assert m["log"][-1]["text"] == entry.text and m["log"][-1]["seat"] == "postmen"
            for ws in (postmen, holnists, board):
                await ws.close()
    run(body)


def test_a_change_at_the_laptop_is_pushed_to_the_phones_at_once(run):
    async def body():
        async with running() as t:
            ws, first = await t.seat("holnists")
            play(t.session, "end_phase")  # a click on the laptop
            m = await next_state(ws, first["version"])
            assert m["headline"]["phase"] == "Turn 1, Fight phase"
            t.session.undo()
            m = await next_state(ws, m["version"])
            assert m["headline"]["phase"] == "Turn 1, Move phase" and m["announcement"].startswith("Undone: ")
            await ws.close()
    run(body)


def test_the_seat_that_owes_a_roll_rolls_it_with_the_apps_dice_or_its_own(run):
    async def body():
        async with running() as t:
            holnists_owe_a_retreat_roll(t.session)
            ws, m = await t.seat("holnists")
            labels = [a["label"] for a in m["offers"] if a["kind"] == "roll"]
            assert labels == ["Roll 1d6 with the app's dice", "Enter my own dice"]
            await ws.send_json({"type": "input", "input": {"kind": "roll", "args": {"values": [7]}, "source": "table"}})
            assert (await ws.receive_json(timeout=5))["ok"] is False  # no die shows 7
            await ws.send_json({"type": "app_roll"})
            reply = await ws.receive_json(timeout=5)
            assert reply["ok"] is True and t.session.entries[-1].input.source == "app"
            assert t.session.entries[-1].seat == "holnists" and t.session.pending_roll() is None
            await ws.close()
    run(body)


def test_a_flagged_input_comes_back_with_the_rules_text(run):
    async def body():
        async with running() as t:
            ws, _ = await t.seat("postmen")
            await ws.send_json({"type": "input", "input": {"kind": "play_card",
                                                            "args": {"card": "AD", "side": "postmen"}}})
            reply = await ws.receive_json(timeout=5)
            assert reply["ok"] is False
            v = reply["violations"][0]
            rule = t.session.pack.rule(v["rule"])
            assert v["rule"].startswith("postman.card") and v["reason"]
            assert v["title"] == rule.title and v["text"] == rule.body and v["text"]
            await ws.close()
    run(body)


def test_only_the_seat_a_retreat_is_offered_to_may_answer_it(run):
    async def body():
        async with running() as t:
            play(t.session, "move", units=["rider1"], path=["mid1", "mid2", "camp"])
            postmen, m = await t.seat("postmen")
            holnists, h = await t.seat("holnists")
            assert not [a for a in m["offers"] if a["kind"] in ("stay", "retreat")]
            assert "stay" in {a["kind"] for a in h["offers"]} and "retreat" in {a["kind"] for a in h["offers"]}
            await holnists.send_json({"type": "input", "input": {"kind": "stay"}})
            assert (await holnists.receive_json(timeout=5))["ok"] is True
            await postmen.close()
            await holnists.close()
    run(body)


def test_a_phone_that_reconnects_catches_up_and_holds_no_state(run):
    async def body():
        async with running() as t:
            ws, first = await t.seat("postmen")
            await ws.close()
            play(t.session, "play_card", card="5D", side="postmen", unit="rider1")  # while it was away
            play(t.session, "end_phase")
            again, m = await t.seat("postmen")
            assert m == seat_message(t.session, "postmen")  # the whole view, nothing kept by the phone
            assert m["version"] > first["version"] and m["headline"]["phase"] == "Turn 1, Fight phase"
            await again.close()
    run(body)


def test_a_reissued_link_stops_working_at_once(run):
    async def body():
        async with running() as t:
            old = t.token("holnists")
            ws, _ = await t.seat("holnists")
            t.server.reissue("holnists")
            msg = await ws.receive(timeout=5)
            assert ws.close_code == 4403, msg
            assert (await t.client.get(f"/seat/{old}")).status == 404
            assert (await t.client.get(f"/seat/{t.token('holnists')}")).status == 200
            other, m = await t.seat("postmen")  # the other seats keep their links
            assert m["seat"] == "postmen"
            await other.close()
    run(body)


def test_the_desktop_knows_which_seats_are_connected(run):
    async def body():
        async with running() as t:
            seen = []
            t.server.on_connections.append(lambda now: seen.append(dict(now)))
            ws, _ = await t.seat("postmen")
            assert t.server.connected() == {"postmen": 1}
            await ws.close()
            for _ in range(250):  # the server hears of the close a moment later
                if not t.server.connected():
                    break
                await asyncio.sleep(0.02)
            assert t.server.connected() == {} and seen[0] == {"postmen": 1} and seen[-1] == {}
    run(body)


def test_closing_the_game_turns_the_server_off(run):
    async def body():
        async with running() as t:
            ws, _ = await t.seat("postmen")
            listeners = len(t.session.listeners)
            await t.server.stop()
            await ws.receive(timeout=5)
            assert ws.close_code == 4410
            assert len(t.session.listeners) == listeners - 1  # the game no longer tells the server
    run(body)


def test_every_seat_of_every_game_gets_a_message_with_only_its_own_secrets():
    s = postman_game()
    for seat, mine, theirs in (("postmen", POSTMEN, HOLNISTS), ("holnists", HOLNISTS, POSTMEN)):
        text = str(seat_message(s, seat))
        assert all(f"'{c}'" in text for c in mine) and not any(f"'{c}'" in text for c in theirs)


def test_the_feature_is_off_by_default_and_loads_nothing_at_start_up():
    code = ("import sys, ui.app, ui.main_window, companion.cli, companion.games, companion.core.session;"
            "print(sorted(m for m in ('aiohttp', 'segno', 'companion.phones.server') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"

