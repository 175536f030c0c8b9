"""Ab die Post!'s inputs as its table declares them: arguments read in the kernel's one format,
a draw read as a card or as a ball by what is owed, the order of judgement, and candidates that
leave out no legal input."""

from __future__ import annotations

import random

import pytest

from companion.ab_die_post import rules as race_rules
from companion.ab_die_post.inputs import INPUTS
from companion.ab_die_post.rules import RULES
from companion.ab_die_post.state import BALLS
from companion.core.inputs import Input
from companion.core.violations import MalformedInput


def refused(race, kind, **args) -> str:
    with pytest.raises(MalformedInput) as e:
        race.session.check(Input(kind, args))
    return str(e.value)


@pytest.mark.parametrize("kind, args, message", [
    ("draw", {}, "draw: missing argument 'card'"),
    ("draw", {"card": 4}, "draw.card: expected a spare part worth 1, 2 or 3, got 4"),
    ("draw", {"card": True}, "draw.card: expected a spare part worth 1, 2 or 3, got True"),
    ("draw", {"card": "red"}, "draw.card: expected a spare part worth 1, 2 or 3, got 'red'"),
    ("draw", {"card": 1, "player": "Zoe"}, "draw.player: expected one of Anna, Ben, Cleo, got 'Zoe'"),
    ("draw", {"card": 1, "from": "top"}, "draw: no argument 'from' (it takes card, player)"),
    ("fly", {"player": 7}, "fly.player: expected one of Anna, Ben, Cleo, got 7"),
    ("pay", {"player": "Ben"}, "pay: missing argument 'cards'"),
    ("pay", {"player": "Ben", "cards": [1, "2"]}, "pay.cards: expected a list of card values 1, 2 or 3, got [1, '2']"),
    ("pay", {"player": "Ben", "cards": [3]}, "pay.cards: Ben holds 0 cards of 3, not 1"),
    ("keep_card", {"player": "Ben", "card": 2}, "keep_card.card: Ben holds []; got 2"),
    ("move", {"lane": "inner", "zone": 7}, "move.zone: expected a river zone from 1 to 6, got 7"),
    ("move", {"lane": "inner", "zone": 2.5}, "move.zone: expected a river zone from 1 to 6, got 2.5"),
    ("move", {"lane": "up", "zone": 2}, "move.lane: expected one of inner, middle, outer, got 'up'"),
    ("move", {"lane": "inner", "zone": 2, "flanks": 3},
     "move.flanks: expected a whole number from 0 to 2, got 3"),
    ("move", {"zone": 2}, "move: missing argument 'lane'"),
    ("move", {"lane": "inner"}, "move: missing argument 'zone'"),
    ("move", {"goal": True}, "move: missing argument 'lane' (the plane is on the start field)"),
    ("move", {"blocked": True, "zone": 2}, "move: a blocked plane stays put; give no lane, zone, flanks or goal"),
])
def test_a_bad_argument_names_the_kind_the_argument_and_what_it_takes(race, kind, args, message):
    assert refused(race, kind, **args) == message


def test_a_draw_is_a_ball_while_the_indicator_is_owed(race):
    race.round_of((2, 2), (1,), (1,))
    race.ok("fly")
    assert refused(race, "draw", card=2) == f"draw.card: expected one of the indicator's balls: {', '.join(BALLS)}, got 2"
    race.ok("draw", card="yellow")
    assert race.state.ball == "yellow"


def test_a_board_move_reads_its_space_and_path_against_the_board(board_race):
    race = board_race
    race.round_of((2, 2), (2, 2), (2, 2))
    race.ok("fly")
    race.ok("draw", card="blue")
    assert refused(race, "move", space="q1") == (
        "move.space: expected a space of the board 'Illustrative board' (spaces look like i3, m7, o12), got 'q1'"
        .replace("Illustrative board", race.state.board.name))
    assert refused(race, "move", space="o3", path=["o1", "q2", "o3"]).startswith(
        "move.path: expected a list of the space ids flown over, the landing space last")
    assert refused(race, "move", space="o3", path=["o1", "o2"]) == (
        "move.path: the path ends on 'o2', not on the landing space 'o3'")
    assert refused(race, "move", lane="outer", zone=1).startswith("move.lane: with a board, name the landing space")


def test_a_card_the_state_does_not_hold_is_refused_before_anything_is_owed_or_over(race):
    race.round_of((2, 2), (1,), (1,))
    race.ok("fly")  # the indicator is owed now
    assert race.broken("pay", player="Anna", cards=[2]) == ["ab_die_post.indicator"]
    assert "Ben holds 0 cards of 2" in refused(race, "pay", player="Ben", cards=[2, 2])
    race.state.phase = "over"
    assert "Ben holds 0 cards of 2" in refused(race, "pay", player="Ben", cards=[2, 2])
    assert race.broken("pay", player="Anna", cards=[2]) == ["ab_die_post.game.end"]


def test_what_is_owed_stops_the_judgement(race):
    race.round_of((2, 2), (1,), (1,))
    race.ok("fly")
    # Ben is out of turn and has no spare parts to fly with, but the indicator comes first: only it is named
    assert race.broken("fly", player="Ben") == ["ab_die_post.indicator"]
    assert race.broken("stop_drawing") == ["ab_die_post.indicator"]
    assert race.broken("keep_card", player="Anna") == ["ab_die_post.flight.keep"]  # never held up: out of time


def test_words_read_the_arguments_as_declared(race):
    assert RULES.describe(race.state, Input("draw", {"card": 3}, "table")) == "Anna draws a 3 (table)"
    race.state.phase = "move"
    race.state.ball = "blue"
    words = RULES.describe(race.state, Input("move", {"lane": "inner", "zone": 2.0}))
    assert words == "Anna flies to the inner lane, zone 2"
    assert RULES.describe(race.state, Input("move", {"lane": "nowhere", "zone": 2})) == "move"


def _every_input(s):
    """What the table could give, before candidates left out the inputs that cannot be legal."""
    for player in s.players:
        who = {"player": player}
        yield Input("stop_drawing", who)
        yield Input("fly", who)
        yield from race_rules._moves(s, player)
        yield from race_rules._payments(s, player)
        for card in sorted(set(s.hand(player))):
            yield Input("keep_card", {**who, "card": card})
        yield Input("keep_card", who)


def _legal(s, inputs):
    out = []
    for inp in inputs:
        try:
            if not RULES.check(s, inp):
                out.append(inp)
        except MalformedInput:
            pass
    return out


@pytest.mark.parametrize("board", [None, "illustrative"])
def test_candidates_leave_out_no_legal_input(make_race, board):
    race = make_race(players=("Anna", "Ben", "Cleo", "Dora"), seed=5, board=board, target_score=10)
    rng, phases = random.Random(5), set()
    for _ in range(400):
        s = race.state
        if s.phase == "over":
            break
        phases.add(s.phase)
        legal = race.session.legal_inputs()
        assert legal == _legal(s, _every_input(s))
        if race.session.pending_draw() is not None and (not legal or rng.random() < 0.5):
            assert race.session.deal().accepted
        else:
            assert race.session.submit(rng.choice(legal)).accepted
    assert {"turn", "drawing", "move"} <= phases


def test_the_table_declares_every_kind():
    assert INPUTS.names == ("draw", "stop_drawing", "fly", "move", "pay", "keep_card")
