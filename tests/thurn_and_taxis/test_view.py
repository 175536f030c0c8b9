"""The screen's questions (companion.thurn_and_taxis.view) answered as the rules answer them:
a card is offered at an end exactly when that play is a legal input, the close dialog offers
exactly the closes the rules accept, an official is refused exactly when its input would be."""

from __future__ import annotations

from companion.core.inputs import Input
from companion.thurn_and_taxis import view

ENDS = ("left", "right")
ROUTE = ["basel", "freiburg", "sigmaringen"]


def ready(game, route, hand):
    """The active player holds ``hand`` with ``route`` in progress, and has taken this turn's card."""
    game.arrange(route=route, hand=hand)
    game.draw(game.state.deck.draw_pile.most_common(1)[0][0])
    return game


def plays(session) -> set[Input]:
    return {i for i in session.legal_inputs() if i.kind == "play"}


def test_fitting_ends_are_the_plays_the_rules_accept(game):
    # Zürich joins both ends, Ulm only Sigmaringen (right), Carlsruhe only Freiburg (the middle)
    ready(game, ROUTE, ["zuerich", "ulm", "carlsruhe", "freiburg"])
    s, legal = game.state, plays(game.session)
    assert view.fitting_ends(s, "zuerich") == ["left", "right"]
    assert view.fitting_ends(s, "ulm") == ["right"]
    assert view.fitting_ends(s, "carlsruhe") == []
    assert view.fitting_ends(s, "freiburg") == []  # already on the route (route.repeat)
    for card in set(s.hand()):
        assert view.fitting_ends(s, card) == [
            e for e in ENDS if Input("play", {"card": card, "end": e}) in legal], card


def test_fitting_ends_follow_the_route_the_other_way_round(game):
    ready(game, list(reversed(ROUTE)), ["ulm"])
    assert view.fitting_ends(game.state, "ulm") == ["left"]
    assert Input("play", {"card": "ulm", "end": "left"}) in plays(game.session)
    assert Input("play", {"card": "ulm", "end": "right"}) not in plays(game.session)


def test_no_end_to_choose_on_a_short_route(game):
    ready(game, ["basel"], ["freiburg", "ulm"])
    assert view.fitting_ends(game.state, "freiburg") == []  # one city: the card has one place
    assert Input("play", {"card": "freiburg"}) in plays(game.session)
    assert Input("play", {"card": "ulm"}) not in plays(game.session)


def test_a_lit_hand_card_is_a_legal_play(game):
    ready(game, ROUTE, ["zuerich", "ulm", "carlsruhe"])
    legal = {i.args["card"] for i in plays(game.session)}
    shown = {h.card: h for h in view.hand_cards(game.state)}
    assert {c for c, h in shown.items() if h.lit} == legal == {"zuerich", "ulm"}
    assert "Carlsruhe" in shown["carlsruhe"].tip  # the rule's own reason, naming the card


def test_hand_cards_stay_unlit_once_the_turn_has_played(game):
    ready(game, ROUTE, ["zuerich", "ulm"])
    game.play("ulm")
    assert not plays(game.session)
    assert not any(h.lit for h in view.hand_cards(game.state))


def test_every_house_option_of_the_dialog_is_a_close_the_rules_accept(game):
    ready(game, ROUTE, ["zuerich", "ulm"])
    game.play("ulm", "right")  # basel-freiburg-sigmaringen-ulm: Ulm is in Württemberg
    s = game.state
    legal = {i for i in game.session.legal_inputs() if i.kind == "close_route"}
    offered = [view.close_input(opt, opt.default_cities()) for opt in view.house_options(s)]
    assert offered and set(offered) <= legal
    # every kind of close the rules take is one the dialog offers
    assert {(i.args["option"], i.args.get("province")) for i in legal} == {
        (o.kind, o.province) for o in view.house_options(s)}


def test_the_preview_is_what_the_close_awards(game):
    ready(game, ROUTE, ["zuerich", "ulm"])
    game.play("ulm", "right")
    s = game.state
    opt = next(o for o in view.house_options(s) if o.kind == "each_province")
    award = view.close_preview(s, opt.default_cities())
    assert game.session.submit(view.close_input(opt, opt.default_cities())).accepted
    anna = game.state.players[0]  # the input made a new state
    assert anna.houses == award.houses and anna.carriages == [award.carriage]


def test_no_close_is_offered_before_the_turns_card_is_played(game):
    ready(game, ROUTE, ["zuerich"])
    s = game.state
    assert not [i for i in game.session.legal_inputs() if i.kind == "close_route"]
    for opt in view.house_options(s):
        assert game.session.why_not(view.close_input(opt, opt.default_cities()))


def test_official_refusal_is_the_rules_refusal(game):
    ready(game, ROUTE, ["zuerich", "ulm"])
    assert view.official_refusal(game.state, "cartwright") is None
    assert Input("official", {"name": "cartwright"}) in game.session.legal_inputs()
    game.ok("official", name="cartwright")
    refused = view.official_refusal(game.state, "postal_carrier")
    assert refused is not None and refused.rule == "thurn_and_taxis.official.one_per_turn"
    assert Input("official", {"name": "postal_carrier"}) not in game.session.legal_inputs()
