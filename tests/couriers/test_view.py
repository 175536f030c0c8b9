"""The desk's questions (companion.couriers.view) answered as the rules answer them: a button
waits exactly when its input breaks a rule of the moment (the turn's order, something owed
first, the end), and is offered when the input is legal or breaks only a rule the table may
override; the location roll is offered exactly when the rules owe it."""

from __future__ import annotations

from companion.core.inputs import Input
from companion.couriers import view


def verdict(desk, kind, **args) -> set[str]:
    return {v.rule for v in desk.session.why_not(Input(kind, args))}


def test_in_setup_headquarters_are_declared_and_commanders_wait(desk):
    desk.roster()
    waits = view.commander_waits(desk.state, "meade")
    assert waits["declare_hq"] == "" and not verdict(desk, "declare_hq", commander="meade", place="Ridge")
    assert "couriers.turn.order" in waits["move_commander"]
    assert "couriers.turn.order" in verdict(desk, "move_commander", commander="meade")
    assert "no headquarters" in waits["return_to_hq"]  # nothing to return to: the input names nothing real
    assert "couriers.turn.order" in view.send_waits(desk.state)


def test_once_begun_the_declaration_waits_and_the_rest_is_offered(desk):
    desk.roster(hq={"meade": "Cemetery Hill"}).start()
    waits = view.commander_waits(desk.state, "meade")
    assert "couriers.hq.declare" in waits["declare_hq"]
    assert waits["move_commander"] == "" and not verdict(desk, "move_commander", commander="meade")
    assert "at his headquarters" in waits["return_to_hq"]  # he has not left it
    desk.ok("move_commander", commander="meade")
    assert view.commander_waits(desk.state, "meade")["return_to_hq"] == ""
    assert not verdict(desk, "return_to_hq", commander="meade")
    assert view.send_waits(desk.state) == ""


def test_a_rule_the_table_may_override_leaves_the_button_offered(desk):
    desk.roster().start()
    # a brigade commander never has a headquarters: refused, yet the table may knowingly override
    assert "couriers.hq.brigade" in verdict(desk, "establish_hq", commander="gibbon", place="Seminary")
    assert view.commander_waits(desk.state, "gibbon")["establish_hq"] == ""


def test_an_owed_roll_holds_every_button(desk):
    desk.roster(hq={"meade": "Cemetery Hill"}).start().ok("send_courier", sender="gibbon", recipient="meade",
                                                          message="Hold")
    desk.courier_step().ok("move_courier", courier="C1", speed="officer", arrives=False)
    assert desk.session.pending_roll() is not None
    waits = view.commander_waits(desk.state, "meade")
    assert all("couriers.roll.pending" in why for why in waits.values()), waits
    assert "couriers.roll.pending" in view.send_waits(desk.state)
    desk.table_roll(6, 6)
    assert view.commander_waits(desk.state, "meade")["move_commander"] == ""


def test_send_waits_for_two_commanders(desk):
    desk.roster("meade").start()
    assert view.send_waits(desk.state)
    desk.ok("add_commander", id="hancock", name="Hancock", side="Blue", rank="corps")
    assert view.send_waits(desk.state) == ""


def test_the_location_roll_is_offered_when_the_rules_owe_it(desk):
    desk.roster().start().ok("send_courier", sender="gibbon", recipient="meade", message="x")
    desk.courier_step()
    assert not view.location_owed(desk.state, "C1")
    assert Input("attempt_location", {"courier": "C1"}) not in desk.session.legal_inputs()
    desk.ride("C1", 1, 1)  # in contact with Meade's command
    assert view.location_owed(desk.state, "C1")
    assert Input("attempt_location", {"courier": "C1"}) in desk.session.legal_inputs()
    desk.look("C1", 1, 1)  # failed: one roll a turn
    assert not view.location_owed(desk.state, "C1")
    assert Input("attempt_location", {"courier": "C1"}) not in desk.session.legal_inputs()


def test_arrival_words_follow_the_destination(desk):
    desk.roster(hq={"meade": "Cemetery Hill"}).start()
    desk.ok("send_courier", sender="gibbon", recipient="meade", message="x")
    c = desk.state.couriers["C1"]
    assert view.arrival_words(desk.state, c) == "the headquarters at Cemetery Hill"
    desk.ok("send_courier", sender="meade", recipient="hancock", message="y")
    assert view.arrival_words(desk.state, desk.state.couriers["C2"]) == "a unit of Hancock's command"


def test_a_commander_joins_exactly_when_the_session_would_accept_one(desk):
    def joins() -> bool:
        return not verdict(desk, "add_commander", name="Sykes", side="Blue", rank="corps")

    desk.roster(hq={"meade": "Ridge"}).start().ok("send_courier", sender="gibbon", recipient="meade", message="x")
    assert view.roster_waits(desk.state) == "" and joins()
    desk.courier_step().ok("move_courier", courier="C1", speed="officer")
    assert "couriers.roll.pending" in view.roster_waits(desk.state) and not joins()
    desk.table_roll(6, 6)
    assert view.roster_waits(desk.state) == "" and joins()
    desk.ok("end_game", winner="Blue")
    assert "couriers.game.end" in view.roster_waits(desk.state) and not joins()


def test_may_establish_follows_the_turns_in_place_on_both_sides_of_four(desk):
    """couriers.hq.establish: four turns in place, and never a brigade commander; the Turns in
    place column says so instead of "5 of 4"."""
    desk.roster("meade", "gibbon", "lee").start()
    for _ in range(3):
        desk.courier_step().end_turn()
    assert desk.commander("meade").stayed == 3 and not view.may_establish(desk.state, "meade")
    desk.courier_step()
    assert not view.may_establish(desk.state, "meade")  # the moment of the turn changes nothing
    desk.end_turn()
    assert desk.commander("meade").stayed == 4 and view.may_establish(desk.state, "meade")
    assert desk.commander("gibbon").stayed == 4 and not view.may_establish(desk.state, "gibbon")  # a brigade
    desk.ok("move_commander", commander="meade")
    assert not view.may_establish(desk.state, "meade")
