"""Thurn and Taxis's inputs as its table declares them: arguments read in the kernel's one format,
cities read from any spelling, and the kernel's order of judgement."""

from __future__ import annotations

import pytest

from companion.core.inputs import Input
from companion.core.violations import MalformedInput
from companion.thurn_and_taxis.inputs import INPUTS
from companion.thurn_and_taxis.rules import RULES

from .test_rules import ready


@pytest.mark.parametrize("kind, args, message", [
    ("take_display", {}, "take_display: missing argument 'card'"),
    ("take_display", {"card": "atlantis"}, "take_display.card: expected a city of the board, got 'atlantis'"),
    ("play", {"card": 7}, "play.card: expected a city of the board, got 7"),
    ("play", {"card": "ulm", "end": "middle"}, "play.end: expected one of left, right, got 'middle'"),
    ("official", {"name": "king"},
     "official.name: expected one of postmaster, postal_carrier, administrator, cartwright, got 'king'"),
    ("close_route", {"option": "all", "cities": []},
     "close_route.option: expected one of each_province, one_province, got 'all'"),
    ("close_route", {"option": "each_province", "cities": "ulm"},
     "close_route.cities: expected a list of the cities that get a house (each once), got 'ulm'"),
    ("close_route", {"option": "each_province", "cities": ["ulm", "Ulm"]},
     "close_route.cities: expected a list of the cities that get a house (each once), got ['ulm', 'Ulm']"),
    ("close_route", {"option": "each_province", "cities": [], "carriage": "3"},
     "close_route.carriage: expected a whole number, got '3'"),
    ("close_route", {"option": "one_province", "cities": []}, "close_route: missing argument 'province'"),
    ("cut_hand", {"cards": ["ulm", "nowhere"]},
     "cut_hand.cards: expected a list of the cards discarded, got ['ulm', 'nowhere']"),
    ("end_turn", {"now": True}, "end_turn: no argument 'now' (it takes none)"),
    ("shuffle", {}, "Thurn and Taxis has no input 'shuffle'"),
])
def test_a_bad_argument_names_the_kind_the_argument_and_what_it_takes(game, kind, args, message):
    with pytest.raises(MalformedInput) as e:
        game.session.check(Input(kind, args))
    assert str(e.value) == message


def test_a_card_is_read_from_its_printed_name_or_an_ascii_spelling(game):
    ready(game, ["basel"], ["freiburg"])
    assert game.session.check(Input("play", {"card": " Freiburg "})) == []
    game.ok("play", card="FREIBURG")
    assert game.active.route == ["basel", "freiburg"]
    assert RULES.describe(game.state, Input("take_display", {"card": "Lodz"})).endswith("takes Lodz from the display")


def test_a_city_two_spellings_share_is_one_card(game):
    b = game.state.board
    assert b.find_city("Zürich") == b.find_city("zurich") == b.find_city("zuerich") == "zuerich"
    assert b.find_city("Zürichsee") is None and b.find_city(None) is None


def test_the_order_of_judgement_is_the_kernels(make_game):
    g = make_game(display=())
    # the gap is owed first (thurn_and_taxis.display.refill), ahead of the kind's own check
    assert g.broken("end_turn") == ["thurn_and_taxis.display.refill", "thurn_and_taxis.turn.end"]
    # a malformed argument is refused before anything is owed
    with pytest.raises(MalformedInput, match="take_display.card"):
        g.session.check(Input("take_display", {"card": "atlantis"}))
    g.state.over = True
    # the end stops the judgement: nothing else is named
    assert g.broken("end_turn") == ["thurn_and_taxis.end.over"]


def test_a_description_never_fails(game):
    assert RULES.describe(game.state, Input("play", {"card": "atlantis"})) == "play"
    assert RULES.describe(game.state, Input("cut_hand", {"cards": ["ulm"]})).endswith("discarding Ulm")


def test_the_table_declares_every_kind_the_game_enumerates(game):
    assert {inp.kind for inp in RULES.candidates(game.state)} <= set(INPUTS.names)
    assert set(INPUTS.names) == {"draw", "take_display", "official", "play", "discard_route",
                                 "close_route", "cut_hand", "end_turn"}
