"""The edge check (companion/phones/messages.py ``withheld``) over whole random games.

It holds back a message that depends on another seat's hidden things, so it must never hold back
an honest one: over random playouts of every game, no seat's message and no board message is
withheld, although hands hold cards of cities with houses on them and orders are sealed in the
words of names and sides. A message built by a view that shows too much still is (see
tests/phones/test_security.py), and so is a refusal whose reason names another seat's card.
"""

from __future__ import annotations

import random

import pytest
from ab_die_post.conftest import Race
from playout import Playout
from postman.kit import BOARD
from postman.kit import pack as postman_pack

from companion.core.inputs import Input
from companion.core.session import Session
from companion.core.violations import Violation
from companion.couriers.rules import RULES as COURIERS
from companion.games import bundled_pack
from companion.phones.messages import blinded, board_message, seat_message, withheld
from companion.phones.tokens import BOARD as BOARD_KEY
from companion.postman.rules import RULES as POSTMAN
from companion.thurn_and_taxis.rules import RULES as TAXIS

from .conftest import running
from .test_games import desk_game


def assert_nothing_honest_withheld(session: Session) -> bool:
    """No message of this moment is withheld; True when some seat hides something from another
    (so the check had something to compare)."""
    hidden = False
    for reader in [s.id for s in session.seats()] + [None]:
        msg = board_message(session) if reader is None else seat_message(session, reader)
        assert not withheld(session, reader, msg), f"an honest message for {reader or 'the board'} withheld"
        hidden |= blinded(session, reader) is not None
    return hidden


def house_on_a_hidden_card(session: Session) -> bool:
    """A hand holds a card of a city where a house stands: the case once withheld by mistake."""
    s = session.state
    houses = {h for p in s.players for h in p.houses}
    return any(set(s.deck.hands[p.name]) & houses for p in s.players)


@pytest.mark.parametrize("seed", range(3))
def test_thurn_and_taxis_honest_messages_are_never_withheld(seed):
    session = Session(TAXIS, bundled_pack("thurn_and_taxis"), {"players": ["Anna", "Ben", "Cara", "Dora"]}, seed)
    player, houses = Playout(session, random.Random(seed)), 0
    for n in range(300):
        if not player.step():
            break
        if n % 15 == 0:
            assert assert_nothing_honest_withheld(session)
            houses += house_on_a_hidden_card(session)
    assert houses, "no hand held a card of a city with a house: the case this guards was never met"


@pytest.mark.parametrize("seed,deck", [(0, "shared"), (1, "split")])
def test_postman_honest_messages_are_never_withheld(seed, deck):
    session = Session(POSTMAN, postman_pack(), {"board": BOARD, "variants": {"deck": deck}}, seed)
    player = Playout(session, random.Random(seed))
    for n in range(150):
        if not player.step():
            break
        if n % 5 == 0:
            assert assert_nothing_honest_withheld(session)


def test_ab_die_post_hides_nothing_so_withholds_nothing():
    race = Race(bundled_pack("ab_die_post"), ("Anna", "Ben", "Cara"), 4)
    player = Playout(race.session, random.Random(4))
    for _ in range(120):
        if not player.step():
            break
        assert not assert_nothing_honest_withheld(race.session)


#: Orders in the words of things every view shows: a commander, a side, a courier's number.
PUBLIC_WORDS = ("Hancock", "Meade", "Blue", "Grey", "Lee", "Pickett", "1", "Courier 1")


@pytest.mark.parametrize("seed", range(3))
def test_courier_desk_honest_messages_are_never_withheld(seed):
    session = desk_game()
    senders = {"Blue": ("meade", "hancock"), "Grey": ("lee", "pickett")}

    def orders_in_public_words(session: Session, rng: random.Random) -> list[Input]:
        sender, recipient = rng.sample(senders[rng.choice(sorted(senders))], 2)
        return [Input("send_courier", {"sender": sender, "recipient": recipient,
                                       "message": rng.choice(PUBLIC_WORDS)})]

    player = Playout(session, random.Random(seed), words=orders_in_public_words)
    sealed = 0
    for _ in range(40):
        if not player.step():
            break
        sealed += assert_nothing_honest_withheld(session)
    assert sealed, "no order was ever sealed: the check had nothing to compare"


# -- over the wire -----------------------------------------------------------------------------------
async def next_update(ws, version: int) -> dict:
    """The next state newer than ``version``, or the withheld notice sent instead of it."""
    while True:
        msg = await ws.receive_json(timeout=5)
        if msg["type"] == "error" or (msg["type"] == "state" and msg["version"] > version):
            return msg


async def send_order(ws, since: int, sender: str, recipient: str, text: str) -> dict:
    await ws.send_json({"type": "input", "input": {"kind": "send_courier", "args": {
        "sender": sender, "recipient": recipient, "message": text}}})
    reply = await ws.receive_json(timeout=5)
    assert reply["ok"], reply
    return await next_update(ws, since)


@pytest.mark.parametrize("order", ["Hancock", "Meade", "Blue", "Grey"])
def test_an_order_in_a_public_word_blacks_out_no_phone(run, order):
    async def body():
        async with running(desk_game()) as t:
            blue, grey = t.session.state.sides
            bws, bm = await t.seat(blue)
            gws, gm = await t.seat(grey)
            board, brd = await t.seat(BOARD_KEY)
            await send_order(bws, bm["version"], "meade", "hancock", order)
            for ws, first in ((gws, gm), (board, brd)):
                msg = await next_update(ws, first["version"])
                assert msg["type"] == "state"
                assert all(c["message"] is None for c in msg["view"]["couriers"].values())
            assert not t.server.problems
            for ws in (bws, gws, board):
                await ws.close()
    run(body)


def test_a_sides_own_order_quoting_the_others_sealed_one_is_not_withheld_from_it(run):
    async def body():
        async with running(desk_game()) as t:
            blue, grey = t.session.state.sides
            bws, bm = await t.seat(blue)
            gws, gm = await t.seat(grey)
            await send_order(bws, bm["version"], "meade", "hancock", "Hold the ridge at all costs")
            gm = await next_update(gws, gm["version"])
            for guess in ("Did they say: Hold the ridge at all costs?", "Hold the ridge at all costs"):
                gm = await send_order(gws, gm["version"], "lee", "pickett", guess)
                assert gm["type"] == "state" and guess in gm["view"]["own"]["orders"].values()
            assert not t.server.problems
            await bws.close()
            await gws.close()
    run(body)


def test_a_refusal_naming_another_seats_card_is_withheld_and_an_honest_one_is_not(run, monkeypatch):
    async def body():
        async with running() as t:
            ws, _ = await t.seat("holnists")
            play = {"type": "input", "input": {"kind": "play_card", "args": {"card": "AD", "side": "holnists"}}}
            await ws.send_json(play)
            honest = await ws.receive_json(timeout=5)
            assert honest["ok"] is False and honest["violations"] and not t.server.problems

            real = type(POSTMAN).check

            def leaky(self, s, inp):  # a bug: the reason names the Postmen's hand
                return [Violation("postman.card.hand", f"the Postmen hold {sorted(s.hand('postmen'))}")]
            monkeypatch.setattr(type(POSTMAN), "check", leaky)
            await ws.send_json(play)
            reply = await ws.receive_json(timeout=5)
            assert reply["ok"] is False and "withheld" not in str(honest)
            assert "hidden information" in reply["error"] and "violations" not in reply
            assert t.server.problems
            monkeypatch.setattr(type(POSTMAN), "check", real)
            await ws.close()
    run(body)


def test_a_public_view_that_shows_a_sealed_order_is_withheld_from_the_other_side_and_the_board(monkeypatch):
    session = desk_game()
    assert session.submit(Input("send_courier", {"sender": "meade", "recipient": "hancock",
                                                 "message": "Blue"})).accepted
    blue, grey = session.state.sides
    assert not any(withheld(session, r, board_message(session) if r is None else seat_message(session, r))
                   for r in (blue, grey, None))
    seating = type(COURIERS.seating)
    real = seating.public_view

    def leaky(self, s):  # a bug: every order in the open
        view = real(self, s)
        for cid, c in s.couriers.items():
            view["couriers"][cid]["message"] = c.message
        return view
    monkeypatch.setattr(seating, "public_view", leaky)
    assert withheld(session, grey, seat_message(session, grey))
    assert withheld(session, None, board_message(session))
    assert not withheld(session, blue, seat_message(session, blue))  # its own orders
