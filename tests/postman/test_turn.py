"""Setup, the turn sequence and the Mail phase (seed: SETUP, TURN SEQUENCE, MAIL PHASE)."""

from companion.core.inputs import draw
from companion.postman.setup import unique_decks

from .play import BOARD, PACK, act, flagged, game, next_turn, ok, to_phase


def test_postman_setup_forces_cards_and_militia():
    from companion.core.session import Session
    from companion.postman.rules import RULES

    s = Session(RULES, PACK, {"board": BOARD}, seed=5)
    t = s.state.pos
    kinds = sorted((u.kind, u.town) for u in t.units.values())
    assert kinds == [("general", "bc"), ("patrol", "bc"), ("postman", "pt")] + [("regiment", "bc")] * 3 \
        + [("rider", "pt")] * 4
    assert {k: v for k, v in t.militia.items() if v} == {"fo": 1, "ri": 1, "mo": 1, "ed": 1}
    assert t.phase == "deal" and s.next_steps()[0].draw is not None
    for _ in range(10):
        s.deal()
    assert [len(s.state.hand(side)) for side in ("postmen", "holnists")] == [5, 5]
    t = s.state.pos  # each input makes a new state
    assert (t.turn, t.active, t.phase) == (1, "postmen", "move")


def test_postman_setup_refuses_a_map_with_post_town_too_close():
    import pytest

    from companion.core.session import Session
    from companion.core.violations import MalformedInput
    from companion.postman.rules import RULES

    near = {**BOARD, "map": {**BOARD["map"], "base_camp": "fo"}}
    with pytest.raises(MalformedInput, match="map cannot be used"):
        Session(RULES, PACK, {"board": near}, seed=5)


def test_postman_turn_order_five_phases_postmen_first():
    s = game()
    seen = []
    for _ in range(4):
        seen.append(s.state.pos.phase)
        to_phase(s, {"move": "fight", "fight": "recruit", "recruit": "militia", "militia": "mail"}[s.state.pos.phase])
    seen.append(s.state.pos.phase)
    assert seen == ["move", "fight", "recruit", "militia", "mail"]
    next_turn(s)
    assert (s.state.pos.active, s.state.pos.turn) == ("holnists", 1)
    next_turn(s)
    assert (s.state.pos.active, s.state.pos.turn) == ("postmen", 2)


def test_postman_turn_order_actions_belong_to_their_phase():
    s = game()
    assert flagged(s, "recruit", unit="rider1") >= {"postman.turn.order"}
    to_phase(s, "fight")
    assert flagged(s, "move", units=["rider1"], path=["fo"]) == {"postman.turn.order"}


def test_postman_mail_draw_two_before_the_turn_ends():
    s = game()
    to_phase(s, "mail")
    before = len(s.state.hand("postmen"))
    assert s.next_steps()[0].draw is not None
    s.deal()
    s.deal()
    assert len(s.state.hand("postmen")) == before + 2
    act(s, "end_phase")
    assert s.state.pos.active == "holnists"


def test_postman_mail_limit_seven_cards():
    s = game()
    to_phase(s, "mail")
    s.state.hand("postmen").extend(["2H", "3H"])  # 7 in hand before the draw
    for card in ("4H", "5H"):
        s.state.deck("postmen").draw_pile[card] -= 1
    s.deal()
    s.deal()
    assert len(s.state.hand("postmen")) == 9
    assert flagged(s, "end_phase") == {"postman.mail.limit"}
    hand = s.state.hand("postmen")
    assert flagged(s, "discard", side="postmen", cards=hand[:3]) == {"postman.mail.limit"}
    act(s, "discard", side="postmen", cards=hand[:2])
    act(s, "end_phase")


def test_postman_mail_draw_reshuffles_the_discards_when_the_deck_runs_out():
    s = game()
    deck = s.state.deck("postmen")
    rest = deck.cards_left()
    deck.discard.extend(rest[:5])
    deck.draw_pile.clear()
    to_phase(s, "mail")
    request = s.next_steps()[0].draw
    assert sorted(request.choices) == sorted(rest[:5])
    ok(s, draw(rest[0], "table"))
    deck = s.state.deck("postmen")  # each input makes a new state
    assert deck.left == 4 and deck.discard == []


def test_postman_cards_deck_shared_or_split():
    shared = game()
    assert len(unique_decks(shared.state)) == 1
    split = game(variants={"deck": "split"})
    decks = unique_decks(split.state)
    assert len(decks) == 2
    assert all(c[-1] in "HD" for c in split.state.deck("postmen").cards_left())
    assert sum(d.total_cards() for d in decks) == 52


def test_postman_mail_discard_off_colour_before_drawing_in_the_shared_deck():
    s = game(postmen=["QH", "KH", "AD", "5D", "KC"], holnists=["AC", "AS", "5S", "JS", "QS"])
    to_phase(s, "mail")
    assert flagged(s, "discard", side="postmen", cards=["QH"]) == {"postman.mail.limit"}
    act(s, "discard", side="postmen", cards=["KC"])
    assert "KC" not in s.state.hand("postmen")


def test_luck_snapshot_is_untouched_by_play_that_follows():
    """Position.snapshot copies as deep as copy.deepcopy: nothing played later shows in it."""
    import copy

    from .play import clear, dice, place, to_phase

    s = game()
    clear(s, "fo")
    reg = place(s, "fo", "regiment")[0]
    act(s, "move", units=["rider1", "rider2"], path=["fo"])
    t = s.state.pos
    fast = t.snapshot()
    keep, t.before_roll = t.before_roll, None
    slow = copy.deepcopy(t)
    t.before_roll = keep
    # play on: a retreat offer, a battle with casualties, militia rolls, draws, a whole turn
    act(s, "stay")
    to_phase(s, "fight")
    act(s, "fight", town="fo")
    dice(s, 6, 1, 3)
    act(s, "casualties", side="postmen", units=["rider2"])
    act(s, "casualties", side="holnists", units=[reg])
    to_phase(s, "militia")
    act(s, "militia_phase")
    dice(s, *[6] * s.pending_roll().dice.count)
    next_turn(s)
    next_turn(s)
    act(s, "move", units=["rider1"], path=["ri"])
    assert s.state.pos.turn == 2 and "rider2" not in s.state.pos.units
    assert fast == slow
