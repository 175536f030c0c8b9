"""Ab die Post!'s rules, one test (or more) per stable rule id, named after the rule.

``test_ab_die_post_parts_bust`` covers ``ab_die_post.parts.bust``; ``test_every_rule_id_has_a_test``
keeps it that way when a rule is added.
"""

from __future__ import annotations

import copy
import sys

import pytest

from companion.ab_die_post.hurricane import cheapest_payment
from companion.ab_die_post.rules import RULE_IDS
from companion.core.violations import MalformedInput


def test_every_rule_id_has_a_test():
    names = set(dir(sys.modules[__name__]))
    missing = [r for r in sorted(RULE_IDS) if "test_" + r.replace(".", "_") not in names]
    assert not missing, f"rule ids without a test named after them: {missing}"


def airborne(race):
    """Anna, Ben and Cleo each hold 2+2 and have flown into the outer lane, zone 1."""
    race.round_of((2, 2), (2, 2), (2, 2))
    for _ in range(3):
        race.fly("green", lane="outer", zone=1)
    return race


# -- the turn -----------------------------------------------------------------------------------
def test_ab_die_post_turn_order(race):
    assert race.state.current == "Anna"  # the youngest, listed first, begins
    assert race.broken("draw", card=1, player="Ben") == ["ab_die_post.turn.order"]
    race.take(1)
    assert race.state.current == "Ben"
    assert race.broken("fly", player="Anna") == ["ab_die_post.turn.order"]
    race.take(1).take(1)
    assert race.state.current == "Anna"  # clockwise, round and round


def test_ab_die_post_turn_one_action(race):
    assert race.broken("stop_drawing") == ["ab_die_post.turn.one_action"]
    race.round_of((2, 2), (1,), (1,))
    race.draw(1)
    assert race.broken("fly") == ["ab_die_post.turn.one_action"]
    race.stop()


def test_unknown_input_and_player_are_malformed(race):
    with pytest.raises(MalformedInput):
        race.submit("teleport")
    with pytest.raises(MalformedInput):
        race.submit("draw", card=1, player="Zoe")
    with pytest.raises(MalformedInput):
        race.submit("draw", card=4)
    with pytest.raises(MalformedInput):
        race.submit("draw", card=True)


# -- spare parts ----------------------------------------------------------------------------------
def test_ab_die_post_parts_draw(race):
    race.draw(3, 1, 2)
    assert race.hand("Anna") == [1, 2, 3]
    assert race.state.deck.left == 52
    request = race.session.pending_draw()
    assert request.rule == "ab_die_post.parts.draw" and len(request.choices) == 52
    assert request.choices.count(3) == 14 and not request.replace
    race.stop()
    assert race.state.current == "Ben"


def test_ab_die_post_parts_bust(race):
    race.draw(3, 3)
    race.stop()
    race.round_of((1,), (1,))
    race.draw(2)
    race.ok("draw", card=3)  # Anna's third red 3
    assert race.hand("Anna") == [2] and race.state.deck.discard.count(3) == 3
    assert race.state.current == "Ben"
    # drawing after the fatal third red 3 is refused with that rule
    assert race.broken("draw", card=1, player="Anna") == ["ab_die_post.parts.bust"]


def test_ab_die_post_parts_bust_counts_threes_held_from_earlier_turns(race):
    race.take(3, 3).take(1).take(1)
    race.take(3)
    assert race.hand("Anna") == [] and race.state.current == "Ben"


def test_ab_die_post_parts_single(make_race):
    race = make_race(draw_mode="single")
    race.draw(2)
    assert race.state.current == "Ben"  # one card, and the turn passes
    assert race.broken("draw", card=2, player="Anna") == ["ab_die_post.parts.single"]


def test_ab_die_post_parts_reshuffle(make_race):
    race = make_race(players=("Anna", "Ben"))
    # every 1 and 2 into hands, the 3s to the discards by busting, until the deck runs dry
    race.take(*[1] * 20).take(*[2] * 20)
    for _ in range(4):
        race.take(3, 3, 3)  # a bust each time: the 3s go to the discards
    race.take(3, 3)
    assert race.state.deck.left == 1 and race.state.deck.discard == [3] * 12
    race.take(3)  # the last card: the discards become the deck
    assert race.state.deck.left == 12 and race.state.deck.discard == []
    assert race.state.deck.reshuffles == 1
    assert race.state.deck.total_cards() == 55


# -- flying -------------------------------------------------------------------------------------------
def test_ab_die_post_fly_parts(race):
    race.draw(1, 2)
    race.stop()
    race.take(1).take(1)
    assert race.broken("fly") == ["ab_die_post.fly.parts"]  # 3 points are not enough
    race.take(1)
    race.take(2).take(2)
    race.ok("fly")  # 1+2+1 = 4
    assert race.state.phase == "indicator"


def test_ab_die_post_indicator(race):
    race.round_of((2, 2), (1,), (1,))
    race.ok("fly")
    request = race.session.pending_draw()
    assert request.replace and request.rule == "ab_die_post.indicator"
    assert sorted(request.choices) == sorted(["green", "blue", "blue", "red", "red", "yellow",
                                               "black", "black"])
    assert race.broken("stop_drawing") == ["ab_die_post.indicator"]
    with pytest.raises(MalformedInput):
        race.submit("draw", card="purple")
    with pytest.raises(MalformedInput):
        race.submit("draw", card=2)  # a card is no ball
    race.ok("draw", card="yellow")
    assert race.state.ball == "yellow" and race.state.phase == "move"


def test_ab_die_post_indicator_unloaded_colour(post_pack):
    from .conftest import Race

    pack = copy.deepcopy(post_pack)
    pack.data["ab_die_post"]["ball_mix"]["3"]["green"] = 0  # a house mix without green
    race = Race(pack)
    race.round_of((2, 2), (1,), (1,))
    race.ok("fly")
    assert "green" not in race.session.pending_draw().choices
    assert race.broken("draw", card="green") == ["ab_die_post.indicator"]


# -- moving ---------------------------------------------------------------------------------------------
def test_ab_die_post_move_wind(race):
    race.round_of((2, 2), (2, 2), (1,))
    race.fly("blue")
    assert race.broken("move", lane="outer", zone=4) == ["ab_die_post.move.wind"]  # 3 spaces
    race.ok("move", lane="outer", zone=2)
    plane = race.state.planes["Anna"]
    assert (plane.in_air, plane.lane, plane.zone) == (True, "outer", 2)
    race.take(1).take(1)
    race.fly("green")
    assert race.broken("move", lane="inner", zone=1) == ["ab_die_post.move.wind"]  # backwards
    race.ok("move", blocked=True)  # landing space taken: the plane does not move at all
    assert (plane.lane, plane.zone) == ("outer", 2) and race.state.current == "Ben"
    race.fly("yellow", blocked=True)  # from the start field too
    assert not race.state.planes["Ben"].in_air and race.state.current == "Cleo"


def test_ab_die_post_move_pending(race):
    race.round_of((2, 2), (1,), (1,))
    assert race.broken("move", lane="outer", zone=1) == ["ab_die_post.move.pending"]
    race.fly("red")
    assert race.broken("draw", card=1) == ["ab_die_post.move.pending"]
    race.ok("move", lane="middle", zone=2)


# -- hurricanes -------------------------------------------------------------------------------------
def test_ab_die_post_hurricane_air(race):
    race.round_of((2, 2), (2, 2), (2, 2))
    race.fly("green", lane="outer", zone=1)  # Anna up; Ben and Cleo on the start field
    race.take(1)
    race.fly("black")  # Cleo's fly: only Anna is in the air
    assert [p.player for p in race.state.payments] == ["Anna"]
    assert race.broken("pay", player="Ben", cards=[2]) == ["ab_die_post.hurricane.air"]
    race.pay("Anna", 2)
    assert race.state.current == "Anna" and race.state.phase == "turn"


def test_ab_die_post_hurricane_cost(race):
    airborne(race)
    race.state.planes["Ben"].lane = "middle"  # as if Ben had crossed to the middle lane
    race.fly("black")
    assert {p.player: p.cost for p in race.state.payments} == {"Anna": 2, "Ben": 4, "Cleo": 2}
    assert race.broken("pay", player="Ben", cards=[2]) == ["ab_die_post.hurricane.cost"]
    with pytest.raises(MalformedInput):
        race.submit("pay", player="Ben", cards=[3, 1])  # cards Ben does not hold
    race.pay("Ben", 2, 2)
    race.pay("Anna", 2, 2)  # overpaying is allowed, no change given
    race.pay("Cleo", 2)
    assert race.hand("Anna") == [] and race.hand("Cleo") == [2] and race.state.current == "Ben"


def test_ab_die_post_hurricane_cost_cheapest_payment():
    assert cheapest_payment([1, 2, 3], 4) == [1, 3]  # 4 exactly, and one red 3 fewer
    assert cheapest_payment([2, 2, 3], 4) == [2, 2]
    assert cheapest_payment([3, 3, 3], 4) == [3, 3]
    assert cheapest_payment([3, 2], 4) == [2, 3]  # no change: 5 is the least there is
    assert cheapest_payment([1, 1, 1], 8) is None
    assert cheapest_payment([], 0) == []


def test_ab_die_post_hurricane_start(race):
    airborne(race)
    plane = race.state.planes["Ben"]
    plane.lane = "inner"
    race.state.passenger = "Ben"
    race.fly("black")  # Anna's fly: Ben cannot pay 8 with 2+2
    plane = race.state.planes["Ben"]  # each input makes a new state
    assert not plane.in_air and plane.lane is None and race.hand("Ben") == []
    assert race.state.passenger is None  # back on its spot
    assert [p.player for p in race.state.payments] == ["Anna", "Cleo"]


def test_ab_die_post_hurricane_pending(race):
    airborne(race)
    race.fly("black")
    assert race.broken("draw", card=1) == ["ab_die_post.hurricane.pending"]
    assert race.broken("fly") == ["ab_die_post.hurricane.pending"]
    race.pay("Anna", 2).pay("Ben", 2).pay("Cleo", 2)
    assert race.state.phase == "turn" and race.state.current == "Ben"


# -- the passenger ---------------------------------------------------------------------------------------
def test_ab_die_post_passenger(race):
    race.round_of((2, 2), (2, 2), (2, 2))
    race.fly("yellow", lane="outer", zone=3, flanks=1)
    race.fly("yellow", lane="outer", zone=3, flanks=1)
    race.fly("red", lane="middle", zone=3, flanks=0)
    race.fly("blue", lane="outer", zone=4, flanks=2)
    assert race.state.passenger == "Anna"
    race.fly("blue", lane="outer", zone=4, flanks=2)  # Ben passes both too: too late
    assert race.state.passenger == "Anna"


# -- the end of a flight -----------------------------------------------------------------------------------
def finish(race):
    """Anna lands on the goal; Ben is in zone 5 inner, Cleo on the start field."""
    race.round_of((2, 2, 3), (2, 2, 1), (1,))
    race.fly("yellow", lane="outer", zone=3, flanks=1)
    race.fly("yellow", lane="inner", zone=4)
    race.take(1)
    race.fly("red", lane="outer", zone=5, flanks=2)
    race.fly("green", lane="inner", zone=5)
    race.take(2)
    race.fly("blue", goal=True)
    return race


def test_ab_die_post_flight_end(race):
    finish(race)
    assert race.state.results[-1].places == {"Anna": 1, "Ben": 2}


def test_ab_die_post_flight_end_by_zone_then_lane(make_race):
    race = make_race(players=("A", "B", "C", "D", "E"))
    race.round_of((2, 2), (2, 2), (2, 2), (2, 2), (2, 2))
    race.fly("yellow", lane="outer", zone=4)     # A
    race.fly("yellow", lane="outer", zone=3)     # B
    race.fly("yellow", lane="inner", zone=3)     # C
    race.fly("yellow", lane="middle", zone=3)    # D
    race.fly("yellow", lane="middle", zone=3)    # E, same zone and lane as D
    race.fly("yellow", goal=True, lane="outer")  # A lands
    r = race.state.results[-1]
    assert r.places == {"A": 1, "C": 2, "D": 3, "E": 3, "B": 5}
    assert r.points == {"A": 7, "C": 5, "D": 4, "E": 4, "B": 2}


def test_ab_die_post_flight_points(race):
    finish(race)
    assert race.state.results[-1].points == {"Anna": 7 + 2, "Ben": 5, "Cleo": 0}
    assert race.state.scores == {"Anna": 9, "Ben": 5, "Cleo": 0}


def test_ab_die_post_flight_keep(race):
    finish(race)
    # Anna landed, Ben is past halfway: their cards are gone; Cleo (start field) keeps one
    assert race.hand("Anna") == [] and race.hand("Ben") == []
    assert race.state.phase == "keep" and race.state.keeping == ["Cleo"]
    assert race.broken("keep_card", player="Ben", card=None) == ["ab_die_post.flight.keep"]
    assert race.broken("draw", card=1) == ["ab_die_post.flight.keep"]
    race.ok("keep_card", player="Cleo", card=2)
    assert race.hand("Cleo") == [2] and race.state.phase == "turn"
    assert race.state.deck.total_cards() == 55


def test_ab_die_post_flight_next(race):
    finish(race)
    race.ok("keep_card", player="Cleo", card=1)
    s = race.state
    assert s.flight == 2 and s.current == "Cleo"  # furthest behind begins
    assert all(not p.in_air for p in s.planes.values()) and s.passenger is None


def test_ab_die_post_flight_next_tie_goes_to_fewest_points_last_flight(race):
    from companion.ab_die_post.scoring import first_player

    race.state.scores.update({"Anna": 5, "Ben": 5, "Cleo": 9})
    race.state.last_points = {"Anna": 4, "Ben": 2, "Cleo": 7}
    assert first_player(race.state) == "Ben"


def test_ab_die_post_game_end(make_race):
    race = make_race(target_score=7)
    finish(race)
    s = race.state
    assert s.phase == "over" and s.winners == ("Anna",)
    assert race.session.next_steps() == []
    assert race.broken("draw", card=1) == ["ab_die_post.game.end"]
    assert race.broken("keep_card", player="Cleo", card=1) == ["ab_die_post.game.end"]
    before = race.session.rules.state_json(s)
    assert race.submit("draw", override=True, card=1).accepted  # review: this restarted the game
    assert race.session.rules.state_json(race.state) == before and race.state.phase == "over"


def test_ab_die_post_game_end_tie_breaks(race):
    from companion.ab_die_post.scoring import winners

    s = race.state
    s.scores.update({"Anna": 17, "Ben": 17, "Cleo": 16})
    s.last_points = {"Anna": 5, "Ben": 7, "Cleo": 9}
    assert winners(s) == ("Ben",)  # furthest past, then most points in the last flight
    s.last_points = {"Anna": 7, "Ben": 7, "Cleo": 9}
    assert winners(s) == ("Anna", "Ben")  # shared win


# -- setup ------------------------------------------------------------------------------------------
def test_setup_is_checked(make_race):
    with pytest.raises(MalformedInput, match="players"):
        make_race(players=("Solo",))
    with pytest.raises(MalformedInput, match="same name"):
        make_race(players=("A", "A"))
    with pytest.raises(MalformedInput, match="target_score"):
        make_race(target_score="lots")
    with pytest.raises(MalformedInput, match="add up"):
        make_race(card_counts={"1": 1, "2": 1, "3": 1})
    race = make_race(players=("A", "B"))
    assert race.state.settings.house_mix and sum(race.state.settings.balls.values()) == 8


# -- records --------------------------------------------------------------------------------------
def test_bundled_samples_replay_cleanly(post_pack):
    from pathlib import Path

    from companion import games
    from companion.core import records

    folder = Path(__file__).resolve().parents[2] / "rules" / "ab_die_post" / "samples"
    replayed = {}
    for path in sorted(folder.glob("*.json")):
        session, verdicts = games.restore(records.read(path), str(path), post_pack)
        assert {v.verdict for v in verdicts} <= {"ok", "overridden"}, path.name
        replayed[path.name] = session.state
    first = replayed["first_flight.json"]
    assert first.results[0].points == {"Anna": 9, "Ben": 5, "Cleo": 0}
    assert first.flight == 2 and first.current == "Cleo"
    assert replayed["four_player_game.json"].phase == "over"


# -- with a board (the bundled illustrative board: 12/18/24 spaces, 6 zones, passenger o12-o13) --
def place(race, player, space):
    """Put a plane on a space as if it had flown there."""
    s = race.state
    plane = s.planes[player]
    plane.in_air, plane.space = True, space
    plane.lane, plane.zone = s.board.lane_of(space), s.board.zone(space, s.outward)


def test_ab_die_post_move_straight(board_race):
    race = board_race
    race.round_of((2, 2), (2, 2), (2, 2))
    race.fly("blue")
    # o1, o2 and over the cross-link to m1: the landing changes lanes
    assert race.broken("move", space="m1") == ["ab_die_post.move.straight"]
    assert race.broken("move", space="m1", path=["o1", "o2", "m1"]) == ["ab_die_post.move.straight"]
    race.ok("move", space="m3", path=["i1", "m2", "m3"])  # a lane change between take-off and landing
    plane = race.state.planes["Anna"]
    assert (plane.space, plane.lane, plane.zone) == ("m3", "middle", 1)
    race.fly("green", space="m2")  # Ben
    race.take(1)  # Cleo
    race.ok("fly")
    race.ok("draw", card="red")
    # from m3 over the link to o4 first: the take-off changes lanes
    assert race.broken("move", space="o7", path=["o4", "o5", "o6", "o7"]) == ["ab_die_post.move.straight"]
    race.ok("move", space="m7")


def test_ab_die_post_move_straight_only_from_the_start(make_race):
    race = make_race(board="illustrative", straight_flight="from_start")
    race.round_of((2, 2), (2, 2), (2, 2))
    race.fly("blue")
    assert race.broken("move", space="m1") == ["ab_die_post.move.straight"]  # leaving the start field
    race.ok("move", space="m3")
    race.take(1).take(1)
    race.fly("red", space="o7", path=["o4", "o5", "o6", "o7"])  # in the air: the take-off may turn
    assert race.state.planes["Anna"].space == "o7"


def test_ab_die_post_move_wind_exact_on_a_board(board_race):
    race = board_race
    race.round_of((2, 2), (2, 2), (2, 2))
    race.fly("blue")
    assert race.broken("move", space="o2") == ["ab_die_post.move.wind"]  # 2 spaces, not 3
    assert race.broken("move", space="o4") == ["ab_die_post.move.wind"]
    assert race.broken("move", space="o2", path=["o1", "o2"]) == ["ab_die_post.move.wind"]
    assert race.broken("move", goal=True) == ["ab_die_post.move.wind"]
    race.ok("move", space="o3")
    # the goal airport needs no exact count: o23, o24, the airport with a blue 3
    place(race, "Ben", "o23")
    race.fly("blue", goal=True)
    assert race.state.results[-1].places["Ben"] == 1


def test_ab_die_post_move_occupied(board_race):
    race = board_race
    race.round_of((2, 2), (2, 2), (2, 2))
    race.fly("green", space="o2")
    race.ok("fly")
    race.ok("draw", card="green")
    entry = race.ok("move", space="o2")  # Ben would land on Anna's space: no move at all
    assert "does not move" in entry.text
    assert not race.state.planes["Ben"].in_air and race.state.current == "Cleo"
    race.fly("green", blocked=True)  # o2 is within reach and taken: Cleo may say blocked
    assert not race.state.planes["Cleo"].in_air
    race.ok("fly")
    race.ok("draw", card="green")
    assert race.broken("move", blocked=True) == ["ab_die_post.move.occupied"]  # o4 and m3 are free
    race.ok("move", space="o4")


def test_ab_die_post_move_links(board_race):
    race = board_race
    race.round_of((2, 2), (2, 2), (2, 2))
    race.fly("blue")
    assert race.broken("move", space="o4", path=["o1", "o3", "o4"]) == ["ab_die_post.move.links"]
    assert race.broken("move", space="i1", path=["i1", "m2", "i1"]) == ["ab_die_post.move.links"]
    with pytest.raises(MalformedInput):
        race.submit("move", space="q1")
    with pytest.raises(MalformedInput):
        race.submit("move", space="o25")
    with pytest.raises(MalformedInput):
        race.submit("move", lane="outer", zone=1)  # with a board the space says it
    with pytest.raises(MalformedInput):
        race.submit("move", space="o3", path=["o1", "o2"])  # the path must end on the space
    race.ok("move", space="o3", path=["o1", "o2", "o3"])
    race.take(1).take(1)
    race.ok("fly")
    race.ok("draw", card="green")
    assert race.broken("move", space="o1", path=["o2", "o1"]) == ["ab_die_post.move.links"]  # back


def test_board_derives_lane_zone_and_flanks(board_race):
    race = board_race
    race.round_of((2, 2), (2, 2), (2, 2))
    place(race, "Anna", "o10")
    race.fly("yellow", space="o15")  # o11, o12, o13, o14, o15: past both flank spaces
    plane = race.state.planes["Anna"]
    assert (plane.lane, plane.zone, plane.flanks, race.state.passenger) == ("outer", 4, 2, "Anna")
    place(race, "Ben", "m7")
    race.ok("fly")
    race.ok("draw", card="red")
    entry = race.ok("move", space="o13")  # m8, m9, over to o12, o13
    ben = race.state.planes["Ben"]
    assert (ben.lane, ben.zone, ben.flanks, race.state.passenger) == ("outer", 4, 2, "Anna")
    assert entry.text == "Ben flies to the outer lane's 13th space (zone 4)"  # its count, never "o13"
    race.take(1)
    # a hurricane bills by the lane the space is in
    race.fly("black")
    assert {p.player: p.cost for p in race.state.payments} == {"Anna": 2, "Ben": 2}


def test_board_homeward_flight_counts_zones_from_the_other_end(board_race):
    race = board_race
    race.state.flight = 2  # homeward: from the airport back to the start field
    race.round_of((2, 2), (2, 2), (2, 2))
    assert race.broken("move", space="o23") == ["ab_die_post.move.pending"]
    race.fly("green", space="o23")  # o24, o23
    plane = race.state.planes["Anna"]
    assert (plane.lane, plane.zone) == ("outer", 1)
    place(race, "Ben", "o14")
    race.fly("blue", space="o11")  # o13, o12, o11: both flank spaces, the other way round
    assert race.state.passenger == "Ben" and race.state.planes["Ben"].zone == 4


def test_board_tied_planes_share_or_further_along(make_race):
    def finish(race):
        race.round_of((2, 2), (2, 2), (2, 2))
        place(race, "Anna", "o11")
        place(race, "Ben", "o10")  # same zone (3) and lane as Anna, one space behind
        place(race, "Cleo", "o23")
        race.take(1).take(1)
        race.fly("blue", goal=True)  # Cleo lands
        return race.state.results[-1].places

    assert finish(make_race(board="illustrative")) == {"Cleo": 1, "Anna": 2, "Ben": 2}
    assert finish(make_race(board="illustrative", tied_planes="further")) == {"Cleo": 1, "Anna": 2, "Ben": 3}


def test_board_setup_is_checked(make_race, post_pack):
    with pytest.raises(MalformedInput, match="needs a board"):
        make_race(tied_planes="further")
    with pytest.raises(MalformedInput, match="river_zones"):
        make_race(board="illustrative", river_zones=4)
    with pytest.raises(MalformedInput, match=r"maps/nope\.toml.*no board 'nope'"):
        make_race(board="nope")
    with pytest.raises(MalformedInput, match="setup.board"):
        make_race(board=7)
    race = make_race(board="illustrative", river_zones=6, first_half_zones=3)
    assert race.state.settings.river_zones == 6 and race.state.board.river_zones == 6
    inline = copy.deepcopy(post_pack.data["maps"]["illustrative"])
    inline["board"]["passenger"] = ["o12", "o14"]
    with pytest.raises(MalformedInput, match=r"setup\.board, at board\.passenger\[1\]"):
        make_race(board=inline)
    inline["board"]["passenger"] = ["o4", "o5"]
    inline["board"]["first_half_zones"] = 1
    race = make_race(board=inline)
    assert race.state.settings.first_half_zones == 1 and race.state.board.passenger == ("o4", "o5")


def test_board_pack_default_further_falls_back_to_share_without_a_board(post_pack):
    from .conftest import Race

    pack = copy.deepcopy(post_pack)
    pack.data["ab_die_post"]["settings"]["tied_planes"] = "further"
    assert Race(pack).state.settings.tied_planes == "share"
    assert Race(pack, board="illustrative").state.settings.tied_planes == "further"


def test_no_board_state_json_is_unchanged(race):
    plane = race.session.rules.state_json(race.state)["planes"]["Anna"]
    assert set(plane) == {"player", "in_air", "lane", "zone", "flanks", "at_goal"}
    assert "board" not in race.session.rules.state_json(race.state)


def test_ab_die_post_move_wind_reach_query(race):
    """The move page asks the rules which zones are in reach (ab_die_post.move.wind)."""
    from companion.ab_die_post import flight

    s = race.state
    plane = s.planes[s.current]
    plane.zone, plane.flanks = 2, 1
    s.ball = "green"  # wind 2
    zones, goal, flanks = flight.reach(s)
    assert zones == [2, 3, 4] and not goal and flanks == 1
    plane.zone = s.settings.river_zones - 1
    assert flight.reach(s)[1]  # two spaces of wind reach past the last zone
