"""Whole games played at random with legal inputs (OpenSpiel's random playout): the 55 cards are
always all there, no hand or pile goes negative, a replay of the inputs equals the live state,
and undoing everything gives back the setup."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.ab_die_post import flight
from companion.ab_die_post.rules import RULES
from companion.core.inputs import Input


def choose(rng: random.Random, race) -> Input | None:
    """A legal input for the state, or None to let the app draw the pending card or ball."""
    s = race.state
    who = s.current
    if s.phase == "hurricane":
        step = race.session.next_steps()[0]
        return Input("pay", step.args)
    if s.phase == "keep":
        p = s.keeping[0]
        return Input("keep_card", {"player": p, "card": rng.choice(s.deck.hands[p])})
    if s.phase == "indicator":
        return None
    if s.phase == "move":
        plane = s.planes[who]
        wind = flight.distance(s)
        if rng.random() < 0.05:
            return Input("move", {"blocked": True})
        if plane.zone + wind > s.settings.river_zones and rng.random() < 0.7:
            return Input("move", {"goal": True})
        zone = min(s.settings.river_zones, plane.zone + rng.randint(0 if plane.in_air else 1, wind))
        flanks = min(2, plane.flanks + rng.randint(0, 1)) if zone > s.settings.first_half_zones else plane.flanks
        return Input("move", {"lane": rng.choice(("inner", "middle", "outer")), "zone": zone,
                              "flanks": flanks})
    if s.phase == "turn" and s.points_in_hand(who) >= 4 and rng.random() < 0.65:
        return Input("fly")
    if s.phase == "drawing" and (rng.random() < 0.4 or s.deck.left == 0):
        return Input("stop_drawing")
    return None


def check_invariants(s) -> None:
    assert s.deck.total_cards() == 55
    assert all(n > 0 for n in s.deck.draw_pile.values())
    assert all(c in (1, 2, 3) for h in s.deck.hands.values() for c in h)
    assert all(h.count(3) < s.settings.three_limit for h in s.deck.hands.values())
    assert s.deck.left > 0 or not s.deck.discard  # an empty deck is made again at once
    assert all(v >= 0 for v in s.scores.values())


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**31), players=st.integers(2, 6),
       mode=st.sampled_from(["multi", "single"]))
def test_random_whole_games(make_race, seed, players, mode):
    race = make_race(players=tuple("ABCDEF"[:players]), seed=seed, draw_mode=mode)
    start = RULES.state_json(race.state)
    rng = random.Random(seed)
    for _ in range(5000):
        if race.state.phase == "over":
            break
        inp = choose(rng, race)
        out = race.session.deal() if inp is None else race.session.submit(inp)
        assert out.accepted and not out.violations, (inp, [str(v) for v in out.violations])
        check_invariants(race.state)
    assert race.state.phase == "over" and race.state.winners
    assert max(race.state.scores.values()) >= race.state.settings.target_score

    live = RULES.state_json(race.state)
    assert RULES.state_json(race.session.replay_state(race.session.entries)) == live
    while race.session.can_undo:
        race.session.undo()
    assert RULES.state_json(race.state) == start


def choose_on_board(rng: random.Random, race) -> Input | None:
    """As ``choose``, with moves to a landing space the board allows (a taken one now and then:
    the plane stays), the goal airport when it is within reach."""
    s = race.state
    if s.phase != "move":
        return choose(rng, race)
    options = flight.landings(s)
    assert options, "a plane can always fly on along its lane"
    if "goal" in options and rng.random() < 0.8:
        return Input("move", {"goal": True})
    target = rng.choice(sorted(options))
    if target == "goal":
        return Input("move", {"goal": True})
    args = {"space": target}
    if rng.random() < 0.3:
        args["path"] = list(options[target].path)
    return Input("move", args)


def check_board_invariants(s) -> None:
    check_invariants(s)
    board = s.board
    spaces = [pl.space for pl in s.planes.values() if pl.in_air and not pl.at_goal]
    assert None not in spaces and len(set(spaces)) == len(spaces)  # one plane per space
    for pl in s.planes.values():
        if pl.in_air and not pl.at_goal:
            assert (pl.lane, pl.zone) == (board.lane_of(pl.space), board.zone(pl.space, s.outward))
        elif not pl.in_air:
            assert (pl.space, pl.flanks, pl.zone) == (None, 0, 0)
        assert 0 <= pl.flanks <= 2
    assert s.passenger is None or s.planes[s.passenger].flanks == 2


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**31), players=st.integers(2, 6),
       tie=st.sampled_from(["share", "further"]), straight=st.sampled_from(["every_move", "from_start"]))
def test_random_whole_games_on_a_board(make_race, seed, players, tie, straight):
    race = make_race(players=tuple("ABCDEF"[:players]), seed=seed, board="illustrative",
                     tied_planes=tie, straight_flight=straight)
    start = RULES.state_json(race.state)
    rng = random.Random(seed)
    for _ in range(5000):
        if race.state.phase == "over":
            break
        inp = choose_on_board(rng, race)
        out = race.session.deal() if inp is None else race.session.submit(inp)
        assert out.accepted and not out.violations, (inp, [str(v) for v in out.violations])
        check_board_invariants(race.state)
    assert race.state.phase == "over" and race.state.winners
    for r in race.state.results:  # places run 1, 2, ... (ties share a place and skip the next)
        assert sorted(r.places.values())[:1] in ([], [1])
        if tie == "further":
            assert len(set(r.places.values())) == len(r.places)

    live = RULES.state_json(race.state)
    assert RULES.state_json(race.session.replay_state(race.session.entries)) == live
    # board games are long: undo the last stretch step by step (each undo replays the game),
    # then check that the setup replays to the start
    for _ in range(12):
        race.session.undo()
    assert RULES.state_json(race.state) == RULES.state_json(race.session.replay_state(race.session.entries))
    assert RULES.state_json(race.session.replay_state([])) == start
