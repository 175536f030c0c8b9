"""The log's words are built from what the table sees (``Rules.public_state``, the input with its
``hidden`` arguments unseen), so no log line, announcement or export names a hidden card or order.

Two kinds of test:

- by construction: a game's word function that tries to name a card drawn into a hand, a hand, the
  draw pile or sealed orders gets ``UNSEEN`` instead (these failed before the words read the
  public state);
- over random playouts of every game (tests/playout.py): whatever the words do, no log line
  depends on what the table cannot see. At every input the same input is told again in worlds
  the table cannot tell from this one (every seat's hidden things dealt afresh; another card
  drawn into the hand; other words for sealed orders) and must read the same; so must the export.
"""

from __future__ import annotations

import copy
import random
from dataclasses import replace

import pytest
from playout import GAMES, Playout, open_inputs, setup_of
from postman.kit import BOARD
from postman.kit import pack as postman_pack

from companion.core.checkpoints import copy_state
from companion.core.export import log_markdown
from companion.core.input_table import Text
from companion.core.inputs import Input
from companion.core.session import Session, log_line
from companion.core.violations import MalformedInput
from companion.core.words import UNSEEN
from companion.couriers.rules import RULES as COURIERS
from companion.games import bundled_pack, rules_for
from companion.postman.rules import RULES as POSTMAN
from companion.thurn_and_taxis.rules import RULES as TAXIS


# -- by construction -------------------------------------------------------------------------------
def leaky_words(monkeypatch, rules, kind_name: str, words) -> None:
    """``kind_name``'s words replaced by ``words`` (a bug that tries to say what it may not)."""
    monkeypatch.setitem(rules.inputs.kinds, kind_name, replace(rules.inputs.kinds[kind_name], words=words))


def test_a_postman_draw_cannot_name_the_card_or_any_hand(monkeypatch):
    session = Session(POSTMAN, postman_pack(), {"board": BOARD}, 3)
    assert session.submit(Input("draw", {"card": "QH"}, "table")).accepted
    leaky_words(monkeypatch, POSTMAN, "draw", lambda s, a: f"drew {a['card']}; hands {s.hand('postmen')} "
                                                          f"{s.hand('holnists')}; left {s.deck('postmen').cards_left()}")
    left = session.state.deck("postmen").left
    entry = session.submit(Input("draw", {"card": "KH"}, "table")).entry
    assert "KH" not in entry.text and "QH" not in entry.text and "AD" not in entry.text
    assert entry.text == f"drew {UNSEEN}; hands [{UNSEEN}] []; left {[UNSEEN] * left}"


def test_a_postman_random_discard_goes_face_up_so_its_words_name_it():
    session = Session(POSTMAN, postman_pack(), {"board": BOARD}, 3)
    session.state.pos.decks["holnists"].hands["holnists"].append("AD")
    session.state.pos.decks["holnists"].draw_pile["AD"] -= 1
    session.state.pos.discards_owed.append("holnists")
    entry = session.submit(Input("draw", {"card": "AD"}, "table")).entry
    assert entry.text.startswith("The Holnists discard A\u2666 at random")


def test_a_thurn_and_taxis_blind_draw_cannot_name_the_card(monkeypatch):
    session = Session(TAXIS, bundled_pack("thurn_and_taxis"), {"players": ["Anna", "Ben"]}, 5)
    while session.state.refill_due():
        session.deal()
    card = session.pending_draw().choices[0]
    leaky_words(monkeypatch, TAXIS, "draw", lambda s, a: f"{s.active.name} drew {a['card']}, holds {s.hand()}")
    entry = session.submit(Input("draw", {"card": card}, "table")).entry
    assert entry.text == f"Anna drew {UNSEEN}, holds []" and card not in entry.text


def test_sealed_orders_never_reach_the_log_even_when_the_words_look_for_them(monkeypatch):
    session = desk()
    leaky_words(monkeypatch, COURIERS, "send_courier", lambda s, a: f"orders: {a['message']}")
    entry = session.submit(Input("send_courier", {"sender": "meade", "recipient": "hancock",
                                                  "message": "Hold the ridge"})).entry
    assert entry.text == f"orders: {UNSEEN}"
    words = COURIERS.outcome_words
    leaky = type("Leaky", (), {"before": staticmethod(words.before),
                               "said": staticmethod(lambda b, s, inp: " ".join(str(c.message) for c in s.couriers.values()))})
    monkeypatch.setattr(COURIERS, "outcome_words", leaky)
    entry = session.submit(Input("begin_courier_step")).entry
    assert "Hold the ridge" not in entry.text and entry.said == str(UNSEEN)


def desk() -> Session:
    session = Session(COURIERS, bundled_pack("couriers"), {}, 1)
    for side, ids in {"Blue": ("meade", "hancock"), "Grey": ("lee", "pickett")}.items():
        for rank, cid in zip(("army", "corps"), ids, strict=True):
            assert session.submit(Input("add_commander", {"id": cid, "name": cid.title(), "side": side,
                                                          "rank": rank})).accepted
    assert session.submit(Input("start_game")).accepted
    return session


# -- over random playouts of every game ------------------------------------------------------------
class Lingering(Session):
    """A session whose random table does not end the game by a decision while there is anything
    else to do (the Courier Desk's table may end it at any moment), and often gives the inputs
    in its own words first (commanders before the game begins, couriers with orders), so games
    get long and hold secrets."""

    def __init__(self, *args):
        super().__init__(*args)
        self.rng = random.Random(0)  # its own, so no test's order changes another's game
        self.going_kinds: set[str] = set()  # kinds once seen not to end a game: not tried again

    def legal_inputs(self) -> list[Input]:
        if self.rng.random() < 0.8 and any(not self.why_not(i) for i in open_inputs(self, self.rng)):
            return []  # the random table then gives one of its own words
        legal = super().legal_inputs()
        going = [i for i in legal if not self._ends(i)]
        return going or legal

    def _ends(self, inp: Input) -> bool:
        if inp.kind in self.going_kinds:
            return False
        twin = copy_state(self.state)
        self.rules.apply(twin, inp)
        if self.rules.result(twin) is None:
            self.going_kinds.add(inp.kind)
            return False
        return True


def told(rules, state, inp: Input) -> tuple | None:
    """The log line and the announcement ``inp`` makes at ``state`` (left as it is), its
    violations and the state after it; None when ``inp`` cannot be given there."""
    twin = copy_state(state)
    try:
        violations = rules.check(twin, inp)
    except MalformedInput:
        return None
    text = rules.describe(twin, inp)
    before = rules.before_said(twin, inp)
    try:
        rules.apply(twin, inp)
    except MalformedInput:
        return None
    said = rules.said(before, twin, inp)
    return (log_line(text, said) if said else text), said, violations, twin


def unseen_by_all(rules, state, keep: str | None = None):
    """``state`` with every seat's hidden things (but ``keep``'s) dealt afresh, as the table
    cannot tell; None when no seat hides anything."""
    twin = state
    for seat in rules.seats(state):
        if seat.id != keep:
            twin = rules.blind(twin, seat.id, None) or twin
    return None if twin is state else twin


def other_inputs(session: Session, inp: Input) -> list[Input]:
    """Inputs that may differ from ``inp`` in what the table does not see: another card drawn,
    other words for an argument in the table's own words."""
    out = []
    if inp.kind == "draw" and session.pending_draw() is not None:
        others = sorted({c for c in session.pending_draw().choices if c != inp.args.get("card")}, key=str)
        out += [Input("draw", {**inp.args, "card": c}, inp.source) for c in others[:3]]
    k = session.rules.inputs.kinds.get(inp.kind)
    for a in k.args if k is not None else ():
        if isinstance(a.type, Text) and a.name in inp.args:
            out.append(Input(inp.kind, {**inp.args, a.name: "other words"}, inp.source))
    return out


def assert_told_the_same(session: Session, inp: Input, real: tuple) -> int:
    """Every world the table cannot tell from this one tells ``inp`` as ``real`` does; the
    number of worlds compared."""
    rules, state = session.rules, session.state
    text, said, violations, after = real
    compared = 0
    for keep in {None, rules.seat_of(state, inp)}:
        twin = unseen_by_all(rules, state, keep)
        if twin is None:
            continue  # (its public view is the same: tests/core/test_seat_views.py)
        again = told(rules, twin, inp)
        if again is None or again[2] != violations:
            continue  # the input names what the stand-ins moved (a card of its own hand)
        assert again[:2] == (text, said), f"{inp} is told from hidden things"
        compared += 1
    others = other_inputs(session, inp)
    seen_after = rules.public_view(after) if others else None
    for alt in others:
        again = told(rules, state, alt)
        if again is None or rules.public_view(again[3]) != seen_after:
            continue  # the table sees the difference: the words may say it
        assert again[:2] == (text, said), f"{alt} is told apart from {inp}, which the table cannot see"
        compared += 1
    return compared


def export_seen(session: Session) -> str:
    """The export without its time."""
    return "\n".join(line for line in log_markdown(session).splitlines() if not line.startswith("Rule pack"))


def assert_export_hides(session: Session) -> None:
    twin_state = unseen_by_all(session.rules, session.state)
    if twin_state is None:
        return
    twin = copy.copy(session)
    twin.state = twin_state
    assert export_seen(twin) == export_seen(session), "the export reads hidden things"


@pytest.mark.parametrize("game", GAMES)
def test_no_log_line_announcement_or_export_depends_on_hidden_things(game):
    compared = hiding = 0
    for seed in range(2):
        rng = random.Random(seed)
        setup = setup_of(game, rng)
        played = Playout(Lingering(rules_for(game), bundled_pack(game), setup, seed), rng).play(160)
        session = Session(rules_for(game), bundled_pack(game), setup, seed)
        for n, entry in enumerate(played.entries):
            real = told(session.rules, session.state, entry.input)
            assert real is not None and real[:2] == (entry.text, entry.said)
            compared += assert_told_the_same(session, entry.input, real)
            hiding += unseen_by_all(session.rules, session.state) is not None
            assert session.submit(entry.input).accepted
            if n % 20 == 0:
                assert_export_hides(session)
        assert_export_hides(session)
    assert compared >= hiding // 2, f"{game}: the hidden things met were hardly ever compared"


def test_two_courier_desks_at_once_each_seal_their_own_orders_and_hold_nothing_of_the_other():
    """The desk's public state keeps nothing between calls (no module-level cache shared by the
    games of one process): two desks played at once each read their own couriers, sealed, and a
    game closed is freed, not kept alive by the last one its words were built for."""
    import gc
    import weakref

    first, second = desk(), desk()
    for session, (sender, recipient, orders) in ((first, ("meade", "hancock", "Hold the ridge")),
                                                 (second, ("lee", "pickett", "Charge at dawn")),
                                                 (first, ("hancock", "meade", "Send the guns"))):
        assert session.submit(Input("send_courier", {"sender": sender, "recipient": recipient,
                                                     "message": orders})).accepted
    seen_first, seen_second = COURIERS.public_state(first.state), COURIERS.public_state(second.state)
    assert [(c.recipient, c.message) for c in seen_first.couriers.values()] == [("hancock", UNSEEN), ("meade", UNSEEN)]
    assert [(c.recipient, c.message) for c in seen_second.couriers.values()] == [("pickett", UNSEEN)]
    assert COURIERS.public_state(first.state).couriers["C2"].recipient == "meade"
    assert first.state.couriers["C1"].message == "Hold the ridge"  # the real state keeps its orders
    courier = weakref.ref(first.state.couriers["C1"])
    COURIERS.public_state(first.state)  # the last game its words were built for
    del first, seen_first, session
    gc.collect()
    assert courier() is None, "a closed game's couriers outlive it"
