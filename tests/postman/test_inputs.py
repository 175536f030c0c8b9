"""The Postman's inputs as its table declares them: every argument read in the kernel's one
format (kind, argument, what it takes, what came), and whose an unfinished input is."""

from __future__ import annotations

import pytest

from companion.core.inputs import Input
from companion.core.violations import MalformedInput
from companion.postman.inputs import INPUTS
from companion.postman.rules import RULES

from .kit import Table


@pytest.mark.parametrize("kind, args, message", [
    ("draw", {}, "draw: missing argument 'card'"),
    ("draw", {"card": 9}, "draw.card: expected a name (text), got 9"),
    ("roll", {"values": "6"}, "roll.values: expected a list of die values, got '6'"),
    ("move", {"units": "rider1", "path": ["mid1"]},
     "move.units: expected a list of unit ids (at least 1), got 'rider1'"),
    ("move", {"units": [], "path": ["mid1"]}, "move.units: expected a list of unit ids (at least 1), got []"),
    ("move", {"units": ["rider1", "nobody"], "path": ["mid1"]},
     "move.units: expected a list of unit ids (at least 1), got ['rider1', 'nobody']"),
    ("move", {"units": ["rider1"], "path": ["atlantis"]},
     "move.path: expected a list of town ids (at least 1), got ['atlantis']"),
    ("move", {"units": ["rider1"]}, "move: missing argument 'path'"),
    ("retreat", {"unit": "nobody", "to": "mid1"}, "retreat.unit: expected the id of a unit, got 'nobody'"),
    ("retreat", {"unit": "rider1", "to": ["mid1"]},
     "retreat.to: expected the id of a town on this map, got ['mid1']"),
    ("fight", {"town": 3}, "fight.town: expected the id of a town on this map, got 3"),
    ("recruit", {"unit": None}, "recruit.unit: expected the id of a unit, got None"),
    ("casualties", {"side": "martians", "units": []},
     "casualties.side: expected one of postmen, holnists, got 'martians'"),
    ("casualties", {"side": "postmen", "units": [1]},
     "casualties.units: expected a list of unit ids (or \"militia\"), got [1]"),
    ("battle_retreat", {"to": "atlantis"}, "battle_retreat.to: expected the id of a town on this map, got 'atlantis'"),
    ("discard", {"side": "postmen", "cards": "QH"}, "discard.cards: expected a list of card ids, got 'QH'"),
    ("discard", {"side": ["postmen"], "cards": []}, "discard.side: expected one of postmen, holnists, got ['postmen']"),
    ("play_card", {"card": "11H"}, "play_card.card: expected the id of a card (such as \"QH\" or \"10S\"), got '11H'"),
    ("play_card", {"card": "AH", "die": 1.5}, "play_card.die: expected a whole number of at least 0, got 1.5"),
    ("play_card", {"card": "AH", "die": True}, "play_card.die: expected a whole number of at least 0, got True"),
    ("play_card", {"card": "AH", "town": "atlantis"},
     "play_card.town: expected the id of a town on this map, got 'atlantis'"),
    ("play_card", {"card": "AH", "target": "rider1"},
     "play_card: no argument 'target' (it takes card, side, unit, to, town, die)"),
    ("end_phase", {"now": True}, "end_phase: no argument 'now' (it takes none)"),
    ("shuffle", {}, "The Postman has no input 'shuffle'"),
])
def test_a_bad_argument_names_the_kind_the_argument_and_what_it_takes(kind, args, message):
    t = Table()
    with pytest.raises(MalformedInput) as e:
        t.session.check(Input(kind, args))
    assert str(e.value) == message


def test_every_kind_is_declared_and_a_card_needing_a_target_says_which():
    assert set(INPUTS.names) == {"draw", "roll", "move", "retreat", "stay", "end_phase", "fight", "casualties",
                                 "battle_retreat", "recruit", "militia_phase", "discard", "play_card"}
    assert RULES.open_kinds == frozenset()  # every Postman input can be listed by legal_inputs
    t = Table(postmen=["9D"])  # Pony Express: on one of your units that has not moved
    assert t.s.catalog.cards["9D"].effect == "pony_express"
    with pytest.raises(MalformedInput, match="play_card.unit: expected the id of a unit on the board, got None"):
        t.session.check(Input("play_card", {"card": "9D"}))
    assert t.session.check(Input("play_card", {"card": "9D", "unit": "rider1"})) == []


def test_an_unfinished_input_is_still_known_by_whose_it_is():
    """A phone's casualty or discard form names its side before its units or cards are picked."""
    t = Table()
    assert t.session.seat_of(Input("casualties", {"side": "holnists"})) == "holnists"
    assert t.session.seat_of(Input("discard", {"side": "holnists"})) == "holnists"
    assert t.session.seat_of(Input("discard", {"side": ["holnists"]})) == "postmen"  # not a side: the active one
    assert t.session.seat_of(Input("play_card", {"card": "KS", "unit": 3})) == "holnists"  # a black card
    assert t.session.seat_of(Input("play_card", {"card": "11H"})) == "postmen"


def test_legal_inputs_while_a_roll_is_owed_and_after_the_end():
    """Only what answers the owed roll is listed, and after the end only Luck's reroll."""
    t = Table(postmen=["AH"])  # Luck
    t.move("postman1", "mid1", "mid2", "camp")
    t.ok("stay")
    t.end_phase()
    t.ok("fight", town="camp")
    assert t.session.pending_roll() is not None  # Rule Number 7
    assert {i.kind for i in t.session.legal_inputs()} <= {"play_card"}
    t.roll(4)  # the duel
    t.roll(3, 4)  # the Postman 3, the General 4 + 1: the Postman falls
    assert t.pos.winner == "holnists"
    assert t.session.legal_inputs() == [Input("play_card", {"card": "AH", "side": "postmen", "die": 0}),
                                        Input("play_card", {"card": "AH", "side": "postmen", "die": 1})]
