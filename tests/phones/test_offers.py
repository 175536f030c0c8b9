"""What a phone offers a seat is what the rules allow that seat now: over random playouts of
every game, each offered button is that seat's own input (or the whole table's) and passes the
rules' check, and a seat whose turn it is not is offered nothing of another seat's."""

from __future__ import annotations

import random

from ab_die_post.conftest import Race
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from playout import Playout
from postman.kit import BOARD
from postman.kit import pack as postman_pack

from companion.core.inputs import Input
from companion.core.session import Session
from companion.games import bundled_pack
from companion.phones.messages import seat_message
from companion.postman.rules import RULES as POSTMAN
from companion.thurn_and_taxis.rules import RULES as TAXIS

FEW = settings(max_examples=3, deadline=None,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def fill(a: dict) -> dict | None:
    """The arguments a phone sends when the player takes the first choices of every field."""
    args = dict(a["args"])
    for f in a["fields"]:
        if f["type"] == "pick":
            args[f["key"]] = [o["value"] for o in f["options"][: f["count"]]]
        elif f["type"] == "choice":
            args[f["key"]] = f["options"][f.get("default", 0)]["value"]
        elif f["type"] == "dice":
            args[f["key"]] = [1] * f["count"]
        elif f["type"] == "number":
            args[f["key"]] = f["min"]
        elif f["type"] == "flag":
            args[f["key"]] = False
        else:
            return None
    return args


forms: list[str] = []


def check_offers(session: Session) -> int:
    """Every button offered to every seat is its own and legal now, and every form filled the
    obvious way is well formed; how many buttons there were."""
    count = 0
    for seat in session.seats():
        for a in seat_message(session, seat.id)["offers"]:
            if not a["kind"]:
                continue
            if a["app"] == "roll":
                assert session.pending_roll() is not None
                assert session.seat_of(Input("roll")) in (seat.id, None)
                continue
            if a["app"] == "draw":
                assert session.pending_draw() is not None
                assert session.seat_of(Input("draw")) in (seat.id, None)
                continue
            if a["fields"]:
                filled = fill(a)
                if filled is not None:  # a form the phone fills the obvious way is well formed
                    inp = Input(a["kind"], filled, a["source"])
                    assert session.seat_of(inp) in (seat.id, None), (seat.id, a)
                    session.check(inp)  # raises MalformedInput if the form built nonsense
                    forms.append(a["kind"])
                continue
            inp = Input(a["kind"], a["args"], a["source"])
            assert session.seat_of(inp) in (seat.id, None), (seat.id, a)
            assert session.check(inp) == [], (seat.id, a, session.check(inp))
            count += 1
    return count


@FEW
@given(seed=st.integers(0, 2**31))
def test_postman_offers_are_legal_and_the_seats_own(seed):
    session = Session(POSTMAN, postman_pack(), {"board": BOARD}, seed)
    player = Playout(session, random.Random(seed))
    offered = 0
    for n in range(120):
        if not player.step():
            break
        # every sixth step, and every step until a button was offered: a short game can
        # otherwise be looked at only while a draw or a roll is owed (seed 28227068)
        if n % 6 == 0 or not offered:
            offered += check_offers(session)
    assert offered


def test_the_forms_seen_include_casualties_and_dice():
    """The playouts above filled the Postman's casualty and dice forms (so the check is real)."""
    for seed in range(3):
        test_postman_offers_are_legal_and_the_seats_own.hypothesis.inner_test(seed=seed)
    assert {"casualties", "roll"} <= set(forms), sorted(set(forms))


@FEW
@given(seed=st.integers(0, 2**31), players=st.integers(2, 4))
def test_thurn_and_taxis_offers_are_legal_and_the_seats_own(seed, players):
    session = Session(TAXIS, bundled_pack("thurn_and_taxis"), {"players": ["Anna", "Ben", "Cara", "Dora"][:players]}, seed)
    player = Playout(session, random.Random(seed))
    offered = 0
    for n in range(60):
        if n % 5 == 0:
            offered += check_offers(session)
        if not player.step():
            break
    assert offered


@FEW
@given(seed=st.integers(0, 2**31))
def test_ab_die_post_offers_are_legal_and_the_seats_own(seed):
    race = Race(bundled_pack("ab_die_post"), ("Anna", "Ben", "Cleo"), seed)
    player = Playout(race.session, random.Random(seed))
    offered = 0
    for n in range(200):
        if not player.step():
            break
        if n % 5 == 0:
            offered += check_offers(race.session)
    assert offered


def test_a_seat_off_turn_is_offered_nothing_of_the_active_seat():
    session = Session(TAXIS, bundled_pack("thurn_and_taxis"), {"players": ["Anna", "Ben", "Cara", "Dora"]}, 4)
    while session.state.refill_due():
        session.deal()
    anna = seat_message(session, "Anna")["offers"]
    assert {a["kind"] for a in anna} >= {"take_display", "draw"}
    for seat in ("Ben", "Cara", "Dora"):
        assert seat_message(session, seat)["offers"] == []
