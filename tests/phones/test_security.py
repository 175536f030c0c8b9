"""Every security rule of the phone server, each with a test that fails if the rule is broken:
tokens (wrong, another seat's, re-issued), a seat's own inputs only, bad and oversized
messages, a flood of bad tokens, Host and Origin, the Content-Security-Policy, the address, and
the edge check that no message carries another seat's hidden cards."""

from __future__ import annotations

import json

import pytest
from aiohttp import WSMsgType

from companion.phones.guard import Throttle, exposure
from companion.phones.server import CSP, MAX_MESSAGE, PhoneServer, PhoneServerError
from companion.phones.tokens import BOARD, TOKEN_BYTES, Tokens
from companion.postman.seats import PostmanSeating, _hand

from .conftest import running
from .kit import HOLNISTS, LOOPBACK, POSTMEN, holnists_owe_a_retreat_roll, postman_game


def card_ids(message: dict) -> set[str]:
    return set(json.dumps(message).replace('"', " ").split()) & set(POSTMEN + HOLNISTS)


# -- tokens ---------------------------------------------------------------------------------------
def test_tokens_are_unguessable_and_one_per_seat():
    tokens = Tokens(["postmen", "holnists"])
    values = [tokens.token(k) for k in ("postmen", "holnists", BOARD)]
    assert len(set(values)) == 3
    assert TOKEN_BYTES * 8 >= 128 and all(len(v) >= 43 for v in values)  # 32 bytes, base64url
    assert tokens.holder(values[0]) == "postmen" and tokens.holder(values[2]) == BOARD
    assert tokens.holder(values[0][:-1]) is None and tokens.holder("") is None
    old = values[1]
    new = tokens.issue("holnists")
    assert tokens.holder(old) is None and tokens.holder(new) == "holnists"


def test_a_wrong_token_gets_no_game_data(run):
    async def body():
        async with running() as t:
            for path in ("/seat/nope", "/board/nope", "/", "/seat/", "/ws/"):
                r = await t.client.get(path)
                assert r.status == 404, path
                text = await r.text()
                assert not card_ids({"t": text}) and "Postmen" not in text
            ws = await t.client.ws_connect("/ws/nope", origin=f"http://{LOOPBACK}:{t.server.port}")
            msg = await ws.receive(timeout=5)
            assert msg.type == WSMsgType.CLOSE and ws.close_code == 4403
            assert t.session.entries[-1].number == 10  # nothing happened to the game
    run(body)


def test_a_token_opens_only_its_own_seat_and_page(run):
    async def body():
        async with running() as t:
            ws, first = await t.seat("holnists")
            assert first["seat"] == "holnists"
            assert card_ids(first) == set(HOLNISTS), "the Holnists see only their own cards"
            assert (await t.client.get(f"/board/{t.token('holnists')}")).status == 404
            assert (await t.client.get(f"/seat/{t.token(BOARD)}")).status == 404
            board, view = await t.seat(BOARD)
            assert view["role"] == "board" and not card_ids(view)
            await board.send_json({"type": "input", "input": {"kind": "end_phase"}})
            assert (await board.receive_json(timeout=5))["error"] == "the board view is read-only"
            await ws.close()
            await board.close()
    run(body)


def test_a_seat_cannot_give_another_seats_input(run):
    async def body():
        async with running() as t:
            ws, _ = await t.seat("holnists")
            before = len(t.session.entries)
            for inp in ({"kind": "end_phase"},  # the Postmen's phase
                        {"kind": "play_card", "args": {"card": "5D", "side": "postmen", "unit": "rider1"}}):
                await ws.send_json({"type": "input", "input": inp})
                reply = await ws.receive_json(timeout=5)
                assert reply["ok"] is False and "for the seat Postmen, not for Holnists" in reply["error"]
            await ws.send_json({"type": "input", "input": {"kind": "end_phase", "override": ["postman.turn.active"]}})
            assert "override" in (await ws.receive_json(timeout=5))["error"]
            assert len(t.session.entries) == before
            await ws.close()
    run(body)


def test_the_apps_dice_roll_only_for_the_seat_that_owes_them(run):
    async def body():
        async with running() as t:
            holnists_owe_a_retreat_roll(t.session)
            made, entries = t.session.bag.rolls_made, len(t.session.entries)
            ws, _ = await t.seat("postmen")
            for msg in ({"type": "app_roll"}, {"type": "input", "input": {"kind": "roll", "args": {"values": [6]},
                                                                           "source": "table"}}):
                await ws.send_json(msg)
                reply = await ws.receive_json(timeout=5)
                assert reply["ok"] is False and "not for Postmen" in reply["error"], reply
            assert t.session.bag.rolls_made == made, "a refused roll used up the app's dice"
            assert len(t.session.entries) == entries
            await ws.close()
    run(body)


def test_bad_json_and_strange_messages_are_refused_and_the_phone_stays_connected(run):
    async def body():
        async with running() as t:
            ws, _ = await t.seat("postmen")
            before = len(t.session.entries)
            for raw in ("{not json", "[]", '"x"', '{"type": "input"}', '{"type": "input", "input": 3}',
                        '{"type": "input", "input": {"kind": "play_card", "args": {"card": ["QH"]}}}',
                        '{"type": "shutdown"}', "[" * 16000):  # nested past json.loads' limit
                await ws.send_str(raw)
                reply = await ws.receive_json(timeout=5)
                assert reply["type"] == "result" and reply["ok"] is False and reply["error"], raw
            assert len(t.session.entries) == before and not ws.closed
            await ws.close()
    run(body)


def test_an_oversized_message_closes_the_connection_untouched(run):
    async def body():
        async with running() as t:
            ws, _ = await t.seat("postmen")
            before = len(t.session.entries)
            await ws.send_str(json.dumps({"type": "input", "input": {"kind": "end_phase",
                                                                      "args": {"x": "a" * MAX_MESSAGE}}}))
            msg = await ws.receive(timeout=5)
            assert msg.type in (WSMsgType.CLOSE, WSMsgType.CLOSED, WSMsgType.CLOSING)
            assert ws.close_code == 1009
            assert len(t.session.entries) == before
            r = await t.client.post(f"/seat/{t.token('postmen')}", data="x" * (MAX_MESSAGE * 2))
            assert r.status in (405, 413)
    run(body)


def test_a_flood_of_bad_tokens_is_slowed_down(run):
    async def body():
        async with running() as t:
            clock = [0.0]
            t.server.throttle = Throttle(clock=lambda: clock[0])
            statuses = [(await t.client.get(f"/seat/guess{i}")).status for i in range(15)]
            assert statuses[:10] == [404] * 10 and statuses[10:] == [429] * 5
            blocked = await t.client.get(f"/seat/{t.token('postmen')}")
            assert blocked.status == 429 and int(blocked.headers["Retry-After"]) > 0
            clock[0] += 61  # a minute later the right link works again
            assert (await t.client.get(f"/seat/{t.token('postmen')}")).status == 200
    run(body)


def test_throttle_counts_each_address_apart():
    clock = [0.0]
    th = Throttle(allowed=3, window=60, clock=lambda: clock[0])
    for _ in range(3):
        th.bad("10.0.0.7")
    assert th.blocked("10.0.0.7") > 0 and th.blocked("10.0.0.8") == 0
    clock[0] = 30
    assert 29 <= th.blocked("10.0.0.7") <= 31
    clock[0] = 61
    assert th.blocked("10.0.0.7") == 0


# -- Host, Origin and the page's headers -----------------------------------------------------------
def test_another_host_name_is_refused_against_dns_rebinding(run):
    async def body():
        async with running() as t:
            page = f"/seat/{t.token('postmen')}"
            for host in ("evil.example", f"evil.example:{t.server.port}", f"127.0.0.1:{t.server.port + 1}", ""):
                r = await t.client.get(page, headers={"Host": host})
                assert r.status == 421, host
                assert "Postman" not in await r.text()
            assert (await t.client.get(page)).status == 200
            assert (await t.client.get(page, headers={"Host": f"localhost:{t.server.port}"})).status == 200
    run(body)


def test_a_websocket_from_another_site_is_refused(run):
    async def body():
        async with running() as t:
            path = f"/ws/{t.token('postmen')}"
            for origin in ("http://evil.example", f"http://127.0.0.1:{t.server.port + 1}",
                           f"https://127.0.0.1:{t.server.port}", "null", None):
                kw = {"origin": origin} if origin else {}
                with pytest.raises(Exception) as e:
                    await t.client.ws_connect(path, **kw)
                assert "403" in str(e.value), origin
            r = await t.client.get(f"/seat/{t.token('postmen')}", headers={"Origin": "http://evil.example"})
            assert r.status == 403
            ws, first = await t.seat("postmen")
            assert first["seat"] == "postmen"
            await ws.close()
    run(body)


def test_every_response_carries_a_strict_content_security_policy(run):
    async def body():
        async with running() as t:
            for path in (f"/seat/{t.token('postmen')}", f"/board/{t.token(BOARD)}", "/static/seat.js",
                         "/static/phone.css", "/seat/wrong"):
                r = await t.client.get(path)
                h = r.headers
                assert h["Content-Security-Policy"] == CSP, path
                assert h["X-Content-Type-Options"] == "nosniff" and h["Referrer-Policy"] == "no-referrer"
                assert h["X-Frame-Options"] == "DENY" and h["Cache-Control"] == "no-store"
    run(body)
    policy = dict(part.strip().split(" ", 1) for part in CSP.split(";"))
    assert policy["default-src"] == "'none'" and policy["frame-ancestors"] == "'none'"
    assert all("unsafe" not in v and "*" not in v and "http" not in v for v in policy.values())
    assert policy["script-src"] == "'self'" and policy["connect-src"] == "'self'"


def test_the_pages_load_nothing_from_outside():
    import re
    from importlib import resources

    static = resources.files("companion.phones") / "static"
    for f in static.iterdir():
        text = f.read_text()
        assert "http:" not in text and "https:" not in text, f.name
        assert re.findall(r"wss?://[^`'\"]*", text) in ([], ["ws://${location.host}/ws/${token}"]), f.name
        assert "innerHTML" not in text and "eval(" not in text, f"{f.name}: text goes in as text, never as code"
        if f.name.endswith(".html"):
            assert "<script>" not in text and "style=" not in text and " on" not in text.replace("\n", " ").lower()
            links = re.findall(r'(?:src|href)="([^"]*)"', text)
            assert links and all(x.startswith("/static/") or x == "data:," for x in links), links


# -- where it listens ------------------------------------------------------------------------------
@pytest.mark.parametrize("host", ["0.0.0.0", "::", "8.8.8.8", "example.com"])
def test_a_public_address_is_refused_unless_allowed(host):
    with pytest.raises(PhoneServerError, match="allow it explicitly"):
        PhoneServer(postman_game(), host)
    assert exposure(host)
    assert PhoneServer(postman_game(), host, allow_public=True).warning == exposure(host)


@pytest.mark.parametrize("host", ["127.0.0.1", "192.168.1.20", "10.0.0.5", "172.16.4.4", "::1", "fe80::1"])
def test_loopback_and_lan_addresses_need_no_warning(host):
    assert exposure(host) is None
    assert PhoneServer(postman_game(), host).warning is None


# -- the edge check --------------------------------------------------------------------------------
def test_a_message_that_would_carry_another_seats_cards_is_withheld(run, monkeypatch):
    async def body():
        async with running() as t:
            real = PostmanSeating.own_view

            def leaky(self, s, seat):
                return {**real(self, s, seat), "hand": _hand(s, "postmen") + _hand(s, "holnists")}  # a bug

            ws, first = await t.seat("holnists")
            assert first["type"] == "state"
            monkeypatch.setattr(PostmanSeating, "own_view", leaky)
            t.session.listeners[-1](t.session)
            msg = await ws.receive_json(timeout=5)
            assert msg["type"] == "error" and "withheld" in msg["error"]
            assert not card_ids(msg) and t.server.problems
            await ws.close()
    run(body)


def test_a_phone_cannot_name_the_card_it_draws_or_probe_the_draw_pile(run):
    async def body():
        async with running() as t:
            t.session.undo()  # the Holnists' last card is owed again
            ws, _ = await t.seat("holnists")
            before = (len(t.session.entries), t.session.bag.rolls_made)
            for card in ("QS", "2S", "nonsense"):  # in the pile, in the pile, nowhere: one answer
                await ws.send_json({"type": "input", "input": {"kind": "draw", "args": {"card": card},
                                                                "source": "table"}})
                reply = await ws.receive_json(timeout=5)
                assert reply["ok"] is False and "app's deck" in reply["error"]
            assert (len(t.session.entries), t.session.bag.rolls_made) == before
            await ws.send_json({"type": "app_draw"})
            assert (await ws.receive_json(timeout=5))["ok"] is True
            assert t.session.entries[-1].seat == "holnists" and t.session.entries[-1].input.source == "app"
            await ws.close()
    run(body)
