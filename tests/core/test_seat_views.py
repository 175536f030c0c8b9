"""Seat views over random playouts of every game: no view gives away another seat's secrets.

The property is non-interference: take the state at any point of a random game and deal another
seat's hidden things afresh (its hand back into the draw pile and as many cards drawn again; its
side's sealed orders rewritten). What a seat may see, and what the whole table may see, must not
change, so nothing in them depends on what that seat may not know. A marked order is also
looked for, word for word, in every view that must not hold it.

The games are played by the one random playout of every game (``tests/playout.py``).
"""

from __future__ import annotations

import copy
import json
import random
from dataclasses import replace

import pytest
from ab_die_post.conftest import Race
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from playout import Playout
from postman.kit import BOARD
from postman.kit import pack as postman_pack

from companion.core.inputs import Input
from companion.core.session import NotYourSeat, Session
from companion.core.violations import MalformedInput
from companion.couriers.rules import RULES as COURIERS
from companion.games import bundled_pack
from companion.postman.rules import RULES as POSTMAN
from companion.thurn_and_taxis.rules import RULES as TAXIS

FEW = settings(max_examples=4, deadline=None,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def redeal(deck, seat: str, rng: random.Random) -> None:
    """``seat``'s hand goes back into the draw pile and as many cards are drawn again."""
    hand = deck.hands[seat]
    n = len(hand)
    deck.draw_pile.update(hand)
    hand.clear()
    for card in rng.sample(sorted(deck.draw_pile.elements(), key=str), n):
        deck.draw(card, seat)


def assert_blind_to(rules, state, secret_of: str, rewrite, rng) -> None:
    """Every view but ``secret_of``'s own is the same whatever ``secret_of``'s secrets are."""
    twin = rewrite(state, secret_of, rng)
    assert rules.public_view(twin) == rules.public_view(state), f"the public view shows {secret_of}' secrets"
    for seat in rules.seats(state):
        view = rules.view(state, seat.id)
        public = rules.public_view(state)
        assert {k: view[k] for k in public} == public, "a seat's view must hold the public view"
        json.dumps(view)  # plain JSON data
        if seat.id != secret_of and not _spied(rules, state, seat.id):
            assert rules.view(twin, seat.id) == view, f"{seat.id}'s view shows {secret_of}' secrets"


def _spied(rules, state, seat) -> bool:
    """Spies lets the side that played it look at the other hand this turn (postman.card.spies)."""
    return rules is POSTMAN and rules.public_view(state)["spying"] == seat


def check_every_seat(rules, state, rewrite, rng) -> None:
    for seat in rules.seats(state):
        assert_blind_to(rules, state, seat.id, rewrite, rng)


# -- The Postman ------------------------------------------------------------------------------------
def postman_rewrite(s, side, rng):
    twin = replace(s, pos=s.pos.snapshot())  # the board is shared, the table copied
    redeal(twin.pos.decks[side], side, rng)
    return twin


@FEW
@given(seed=st.integers(0, 2**31), deck=st.sampled_from(["shared", "split"]))
def test_postman_views_hide_the_other_hand(seed, deck):
    session = Session(POSTMAN, postman_pack(), {"board": BOARD, "variants": {"deck": deck}}, seed)
    player, rng = Playout(session, random.Random(seed)), random.Random(seed + 1)
    for n in range(150):
        if not player.step():
            break
        if n % 10 == 0:
            check_every_seat(POSTMAN, session.state, postman_rewrite, rng)
    check_every_seat(POSTMAN, session.state, postman_rewrite, rng)


def test_postman_spies_shows_the_other_hand_to_the_spy_only():
    session = Session(POSTMAN, postman_pack(), {"board": BOARD}, 3)
    s = session.state
    for card in ["QH", "KH", "AD", "5D", "KD", "KC", "AS", "5S", "JS", "QS"]:
        assert session.submit(Input("draw", {"card": card}, "table")).accepted
    holnists = sorted(c["id"] for c in POSTMAN.view(s, "holnists")["own"]["hand"])
    assert "spied_hand" not in POSTMAN.view(s, "postmen")["own"]
    s.pos.effects["spied"] = [s.pos.turn, "postmen"]  # the Postmen played Spies this turn
    spied = sorted(c["id"] for c in POSTMAN.view(s, "postmen")["own"]["spied_hand"])
    assert spied == holnists
    assert "spied_hand" not in POSTMAN.view(s, "holnists")["own"]
    assert "spied_hand" not in json.dumps(POSTMAN.public_view(s))


# -- Thurn and Taxis --------------------------------------------------------------------------------
def taxis_rewrite(s, name, rng):
    twin = replace(s, deck=copy.deepcopy(s.deck))
    redeal(twin.deck, name, rng)
    return twin


@FEW
@given(seed=st.integers(0, 2**31), players=st.integers(2, 4))
def test_thurn_and_taxis_views_hide_every_other_hand(seed, players):
    names = ["Anna", "Ben", "Cara", "Dora"][:players]
    session = Session(TAXIS, bundled_pack("thurn_and_taxis"), {"players": names}, seed)
    rng = random.Random(seed + 1)
    player = Playout(session, random.Random(seed))
    for n in range(200):
        if not player.step():
            break
        if n % 20 == 0:
            check_every_seat(TAXIS, session.state, taxis_rewrite, rng)
    check_every_seat(TAXIS, session.state, taxis_rewrite, rng)


def test_thurn_and_taxis_deck_shows_a_count_not_its_cards():
    session = Session(TAXIS, bundled_pack("thurn_and_taxis"), {"players": ["Anna", "Ben"]}, 5)
    while session.state.refill_due():
        session.deal()
    session.deal()  # Anna draws from the deck
    public = TAXIS.public_view(session.state)
    assert public["draw_pile"] == session.state.deck.left
    assert [p["hand_count"] for p in public["players"]] == [1, 0]
    assert all("hand" not in p for p in public["players"])
    anna = TAXIS.view(session.state, "Anna")["own"]["hand"]
    assert [c["id"] for c in anna] == session.state.deck.hands["Anna"]
    assert TAXIS.view(session.state, "Ben")["own"]["hand"] == []
    assert all(step.get("draw", {}).keys() <= {"purpose", "who"} for step in public["steps"])


# -- Ab die Post! -----------------------------------------------------------------------------------
@FEW
@given(seed=st.integers(0, 2**31), players=st.integers(2, 6))
def test_ab_die_post_hands_lie_open_to_every_seat(seed, players):
    race = Race(bundled_pack("ab_die_post"), tuple("ABCDEF"[:players]), seed)
    rules = race.session.rules
    player = Playout(race.session, random.Random(seed))
    for _ in range(300):
        if not player.step():
            break
        public = rules.public_view(race.state)
        assert public["deck"]["hands"] == {p: sorted(h) for p, h in race.state.deck.hands.items()}
        for seat in rules.seats(race.state):
            own = rules.view(race.state, seat.id)["own"]
            assert own["hand"] == sorted(race.state.deck.hands[seat.id])
            assert own["points"] == sum(own["hand"])


# -- The Courier Desk -------------------------------------------------------------------------------
SIDES = {"Blue": ("meade", "hancock", "gibbon"), "Grey": ("lee", "longstreet", "pickett")}


def couriers_rewrite(s, side, rng):
    # a captured courier's orders are read: only the others are rewritten
    return replace(s, couriers={cid: replace(c, message=f"rewritten {rng.random()}")
                                if c.side == side and c.status != "captured" else c
                                for cid, c in s.couriers.items()})


def secret_orders(session: Session, rng: random.Random) -> list[Input]:
    """A courier of either side with orders marked by side and number, to look for in every view."""
    side = rng.choice(sorted(SIDES))
    sender, recipient = rng.sample(SIDES[side], 2)
    return [Input("send_courier", {"sender": sender, "recipient": recipient,
                                   "message": f"SECRET-{side}-{len(session.entries)}"})]


@FEW
@given(seed=st.integers(0, 2**31), steps=st.integers(5, 60))
def test_courier_views_keep_orders_sealed_until_captured(seed, steps):
    session = Session(COURIERS, bundled_pack("couriers"), {}, seed)
    for side, ids in SIDES.items():
        for rank, cid in zip(("army", "corps", "brigade"), ids, strict=True):
            assert session.submit(Input("add_commander", {"id": cid, "name": cid.title(), "side": side,
                                                          "rank": rank})).accepted
    session.submit(Input("start_game"))
    rng = random.Random(0)
    player = Playout(session, random.Random(seed), words=secret_orders)
    played = 0
    # a short random evening may send no courier yet: play on until one is on the road, so the
    # seal is always put to the test
    while played < steps or not (session.state.couriers or session.state.over):
        if played > steps + 200 or not player.step():
            break
        played += 1
        check_every_seat(COURIERS, session.state, couriers_rewrite, rng)
        assert_orders_sealed(session.state)
    assert session.state.couriers or session.state.over


def assert_orders_sealed(s) -> None:
    public = json.dumps(COURIERS.public_view(s))
    for side in SIDES:
        view = json.dumps(COURIERS.view(s, side))
        for c in s.couriers.values():
            said = json.dumps(c.message)  # quoted whole: SECRET-Grey-2 is not SECRET-Grey-26
            if c.status == "captured":
                assert said in public
            elif c.side == side:
                assert said in view and said not in public
            else:
                assert said not in view, f"{side} reads {c.side}'s sealed orders"


# -- seats and whose input is whose ------------------------------------------------------------------
def test_every_game_names_its_seats():
    taxis = Session(TAXIS, bundled_pack("thurn_and_taxis"), {"players": ["Anna", "Ben", "Cara"]}, 1)
    postman = Session(POSTMAN, postman_pack(), {"board": BOARD}, 1)
    desk = Session(COURIERS, bundled_pack("couriers"), {}, 1)
    race = Race(bundled_pack("ab_die_post"), ("Anna", "Ben"), 1)
    assert [s.id for s in postman.seats()] == ["postmen", "holnists"]
    assert [s.id for s in taxis.seats()] == ["Anna", "Ben", "Cara"]
    assert [s.id for s in race.session.seats()] == ["Anna", "Ben"]
    assert [s.id for s in desk.seats()] == list(desk.state.sides)
    with pytest.raises(MalformedInput, match="no seat"):
        taxis.view("Zed")


def test_a_seat_gives_only_its_own_inputs_and_the_log_says_whose():
    session = Session(POSTMAN, postman_pack(), {"board": BOARD}, 1)
    told = []
    session.listeners.append(lambda s: told.append(s.entries[-1].seat if s.entries else None))
    with pytest.raises(NotYourSeat, match="for the seat Postmen, not for Holnists"):
        session.submit_from("holnists", Input("draw", {"card": "QH"}, "table"))  # the Postmen draw first
    assert session.entries == [] and told == []
    out = session.submit_from("postmen", Input("draw", {"card": "QH"}, "table"))
    assert out.accepted and out.entry.seat == "postmen"
    assert session.journal[-1].entry.seat == "postmen" and told == ["postmen"]
    with pytest.raises(NotYourSeat, match="override"):
        session.submit_from("postmen", Input("draw", {"card": "KH"}, "table", ("postman.mail.draw",)))
    with pytest.raises(MalformedInput, match="no seat"):
        session.submit_from("referee", Input("draw", {"card": "KH"}, "table"))
    assert session.submit(Input("draw", {"card": "KH"}, "table")).entry.seat is None  # at the laptop


def test_a_table_wide_input_may_come_from_any_seat():
    desk = Session(COURIERS, bundled_pack("couriers"), {}, 1)
    side = desk.state.sides[1]
    assert desk.seat_of(Input("start_game")) is None
    assert desk.submit_from(side, Input("start_game")).entry.seat == side
