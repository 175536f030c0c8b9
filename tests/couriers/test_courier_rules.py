"""The courier rules, one test (or more) per stable rule id, named after the rule.

Each test is a setup, a few inputs and the state or violation the rulebook expects. A test
named ``test_couriers_move_once`` covers ``couriers.move.once``; ``test_every_rule_id_has_a_test``
keeps it that way when a rule is added.
"""

from __future__ import annotations

import shutil
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from companion.core.dice import Dice
from companion.core.inputs import Input
from companion.core.violations import MalformedInput
from companion.couriers.riders import location_target, loss_target
from companion.couriers.rules import RULE_IDS
from companion.games import load_pack

BUNDLED = Path(__file__).resolve().parents[2] / "rules" / "couriers"


def game(desk, hq=None):
    """Full roster, optional declared headquarters, game begun (turn 1, battle phase)."""
    return desk.roster(hq=hq).start()


def test_every_rule_id_has_a_test():
    names = set(dir(sys.modules[__name__]))
    missing = [r for r in sorted(RULE_IDS) if "test_" + r.replace(".", "_") not in names]
    assert not missing, f"rule ids without a test named after them: {missing}"


# -- the turn ---------------------------------------------------------------------------------------
def test_couriers_turn_order(desk):
    desk.roster()
    assert desk.state.turn == 0 and desk.state.phase == "setup"
    assert desk.broken("send_courier", sender="gibbon", recipient="meade", message="x") == ["couriers.turn.order"]
    assert desk.broken("begin_courier_step") == ["couriers.turn.order"]
    assert desk.broken("end_turn") == ["couriers.turn.order"]
    assert desk.broken("move_commander", commander="meade") == ["couriers.turn.order"]

    desk.start()
    assert (desk.state.turn, desk.state.phase) == (1, "battle")
    assert desk.broken("start_game") == ["couriers.turn.order"]
    assert desk.broken("end_turn") == ["couriers.turn.order"]  # the courier step comes first

    desk.courier_step()
    assert desk.state.phase == "couriers"
    assert desk.broken("begin_courier_step") == ["couriers.turn.order"]
    desk.end_turn()
    assert (desk.state.turn, desk.state.phase) == (2, "battle")
    assert [s.kind for s in desk.session.next_steps()] == ["begin_courier_step"]


def test_couriers_roll_pending_a_courier_in_contact_rolls_before_the_turn_ends(desk):
    """On the first turn of contact the courier makes its location roll (couriers.locate.roll):
    ending the turn without it is putting off a roll that is due."""
    game(desk).ok("send_courier", sender="gibbon", recipient="meade", message="x")
    desk.courier_step().ride("C1", 1, 1)                       # in contact with Meade's command
    steps = desk.session.next_steps()
    assert [(st.kind, st.required) for st in steps] == [("attempt_location", True), ("end_turn", False)]
    out = desk.submit("end_turn")
    assert not out.accepted and [v.rule for v in out.violations] == ["couriers.roll.pending"]
    assert "courier C1" in out.violations[0].reason and "location roll" in out.violations[0].reason
    desk.look("C1", 2, 3)
    desk.end_turn()                                            # rolled: the turn may end
    assert desk.state.turn == 2


def test_couriers_turn_order_overridden_start_does_not_rewind_the_turn(desk):
    game(desk).courier_step().next_turn().next_turn()
    assert desk.state.turn == 3
    out = desk.submit("start_game", override=True)
    assert out.accepted and [v.rule for v in out.violations] == ["couriers.turn.order"]
    assert desk.state.turn == 3 and desk.state.phase == "couriers"


def test_couriers_roll_pending(desk):
    game(desk).ok("send_courier", sender="gibbon", recipient="meade", message="Hold the ridge")
    desk.ok("send_courier", sender="hancock", recipient="meade", message="Need support")
    desk.courier_step()
    desk.ok("move_courier", courier="C1", speed="officer", arrives=False)

    steps = desk.session.next_steps()
    assert [s.kind for s in steps] == ["roll"] and steps[0].roll.rule == "couriers.loss"
    assert desk.broken("move_courier", courier="C2", speed="officer") == ["couriers.roll.pending"]
    assert desk.broken("end_turn") == ["couriers.roll.pending"]
    assert "couriers.roll.pending" in desk.broken("send_courier", sender="gibbon", recipient="meade",
                                                   message="again")
    desk.table_roll(3, 4)
    assert desk.state.pending is None
    desk.ok("move_courier", courier="C2", speed="officer", arrives=False)


def test_couriers_game_end(desk):
    game(desk, hq={"meade": "Leister farm"}).ok("send_courier", sender="gibbon", recipient="meade",
                                                message="Hold the ridge")
    desk.courier_step()
    desk.ride("C1", 3, 4)  # delivered: Meade is at his headquarters
    assert desk.courier("C1").status == "delivered"
    assert desk.session.result() is None
    entry = desk.ok("end_game", winner="Blue")
    verdict = ("The Blue side wins: the table's verdict on turn 1. "
               "Messages delivered: Blue 1 of 1, Grey sent none")
    assert entry.said == verdict  # what the announcement shows
    assert entry.text == f"The table ends the game on turn 1 \u2192 {verdict}"  # the log line
    result = desk.session.result()
    assert result.winners == ("Blue",) and result.rule == "couriers.game.end"
    assert result.reason == "The Blue side wins: the table's verdict on turn 1"
    assert dict(result.scores) == {"Blue": 1, "Grey": 0}
    # nothing more happens, even overridden
    assert desk.broken("end_turn") == ["couriers.game.end"]
    before = desk.session.rules.state_json(desk.state)
    assert desk.submit("end_turn", override=True).accepted
    assert desk.session.rules.state_json(desk.state) == before
    assert desk.session.legal_inputs() == []


def test_couriers_game_end_as_a_draw_and_not_before_the_game(desk):
    desk.roster()
    assert desk.broken("end_game") == ["couriers.turn.order"]
    with pytest.raises(MalformedInput, match="end_game.winner"):
        desk.session.check(Input("end_game", {"winner": "Red"}))
    desk.start()
    desk.ok("end_game")
    assert desk.session.result().winners == () and desk.session.result().reason.startswith("A draw")
    assert desk.session.entries[-1].said == ("A draw: the table's verdict on turn 1. "
                                             "Messages delivered: Blue sent none, Grey sent none")


# -- sending ----------------------------------------------------------------------------------------
def test_couriers_send_side(desk):
    game(desk)
    assert desk.broken("send_courier", sender="meade", recipient="lee", message="Surrender") == [
        "couriers.send.side"]
    assert desk.state.couriers == {}
    with pytest.raises(MalformedInput, match="same commander"):
        desk.session.check(Input("send_courier", {"sender": "lee", "recipient": "lee", "message": "x"}))
    with pytest.raises(MalformedInput, match="send_courier.sender: expected the id of a commander on the roster, got 'grant'"):
        desk.session.check(Input("send_courier", {"sender": "grant", "recipient": "lee", "message": "x"}))
    desk.ok("send_courier", sender="pickett", recipient="lee", message="We are ready")
    c = desk.courier("C1")
    assert (c.side, c.sender, c.recipient, c.status, c.sent_turn) == ("Grey", "pickett", "lee", "in transit", 1)


# -- moving -----------------------------------------------------------------------------------------
def test_couriers_move_phase(desk):
    game(desk).ok("send_courier", sender="gibbon", recipient="meade", message="x")
    assert desk.broken("move_courier", courier="C1", speed="officer") == ["couriers.move.phase"]
    assert "couriers.move.phase" in desk.broken("attempt_location", courier="C1")
    desk.courier_step().ok("move_courier", courier="C1", speed="officer")


def test_couriers_move_once(desk):
    game(desk).ok("send_courier", sender="gibbon", recipient="meade", message="x")
    desk.courier_step().ride("C1", 2, 2, arrives=False)
    assert desk.broken("move_courier", courier="C1", speed="double") == ["couriers.move.once"]
    assert [s.kind for s in desk.session.next_steps()] == ["end_turn"]
    desk.next_turn().ride("C1", 2, 2, arrives=False)
    assert desk.courier("C1").moved_turn == 2


@pytest.mark.parametrize("ending", ["delivered", "lost", "captured"])
def test_couriers_move_finished(desk, ending):
    game(desk, hq={"meade": "Widow Leister's farm"}).ok(
        "send_courier", sender="gibbon", recipient="meade", message="x")
    desk.courier_step()
    if ending == "delivered":
        desk.ride("C1", 1, 1)
    elif ending == "lost":
        desk.ride("C1", 6, 6)
    else:
        desk.ok("capture", courier="C1")
    assert desk.courier("C1").status == ending
    desk.next_turn()
    assert [s.kind for s in desk.session.next_steps()] == ["end_turn"]
    assert desk.broken("move_courier", courier="C1", speed="officer") == ["couriers.move.finished"]
    assert desk.broken("attempt_location", courier="C1") == ["couriers.move.finished"]
    assert desk.broken("capture", courier="C1") == ["couriers.move.finished"]


def test_couriers_move_finished_stays_finished_when_overridden(desk):
    """The table may override and move a captured courier; the record says so, the courier
    stays captured (only undo brings it back)."""
    game(desk).ok("send_courier", sender="gibbon", recipient="meade", message="x")
    desk.courier_step().ok("capture", courier="C1")
    out = desk.submit("move_courier", override=True, courier="C1", speed="double", arrives=True)
    assert out.accepted and out.entry.input.override == ("couriers.move.finished",)
    assert desk.state.pending is None
    assert desk.courier("C1").status == "captured"
    for kind in ("attempt_location", "capture"):
        desk.next_turn()
        assert desk.submit(kind, override=True, courier="C1").accepted
        assert desk.state.pending is None and desk.courier("C1").status == "captured"


# -- the loss roll ----------------------------------------------------------------------------------
LOSS_CASES = [
    # speed, nearest enemy (inches), figure scale, dice, loss number
    ("officer", None, "15mm", "2d6", 12),
    ("officer", 30, "15mm", "2d6", 12),
    ("officer", 12.01, "15mm", "2d6", 12),
    ("officer", 12, "15mm", "2d6", 11),
    ("officer", 4.5, "15mm", "2d6", 11),
    ("officer", 4, "15mm", "2d6", 10),
    ("officer", 2.5, "15mm", "2d6", 10),
    ("officer", 2, "15mm", "2d6", 9),
    ("officer", 0, "15mm", "2d6", 9),
    ("double", None, "15mm", "1d6", 6),
    ("double", 13, "15mm", "1d6", 6),
    ("double", 12, "15mm", "1d6", 5),
    ("double", 4, "15mm", "1d6", 4),
    ("double", 1, "15mm", "1d6", 3),
    # bands scale with the figures: 25mm x1.5 (18", 6", 3"), 5mm x0.5 (6", 2", 1")
    ("officer", 18, "25mm", "2d6", 11),
    ("officer", 18.5, "25mm", "2d6", 12),
    ("officer", 6, "25mm", "2d6", 10),
    ("officer", 3, "25mm", "2d6", 9),
    ("double", 3.5, "25mm", "1d6", 4),
    ("officer", 6, "5mm", "2d6", 11),
    ("officer", 6.5, "5mm", "2d6", 12),
    ("double", 1, "5mm", "1d6", 3),
    ("double", 1.5, "5mm", "1d6", 4),
    ("officer", 9, "10mm", "2d6", 11),
    ("officer", 9.5, "10mm", "2d6", 12),
]


@pytest.mark.parametrize(("speed", "nearest", "scale", "dice", "target"), LOSS_CASES)
def test_couriers_loss(make_desk, speed, nearest, scale, dice, target):
    desk = make_desk({"settings": {"scale": scale}})
    game(desk).ok("send_courier", sender="gibbon", recipient="meade", message="x")
    desk.courier_step()
    args = {"courier": "C1", "speed": speed}
    if nearest is not None:
        args["nearest_enemy"] = nearest
    desk.ok("move_courier", **args)
    req = desk.session.pending_roll()
    assert req.rule == "couriers.loss" and req.success is False
    assert str(req.dice) == dice and req.target == target
    assert req.chance_met == pytest.approx(Dice.parse(dice).chance_at_least(target))


def test_couriers_loss_never_rises_near_the_enemy(desk):
    """'(or less if closer to the enemy)': a band lowers the loss number down to the dice's lowest
    total + 1, and never raises it, even in a house pack whose loss number is already that low."""
    settings = desk.state.settings
    speeds = dict(settings.speeds)
    speeds["officer"] = replace(speeds["officer"], lost_on=2)      # a house rule: always lost
    desk.state.settings = replace(settings, speeds=speeds)
    assert loss_target(desk.state, "officer", None)[0] == 2
    assert loss_target(desk.state, "officer", 1.0)[0] == 2
    assert loss_target(desk.state, "double", 1.0)[0] == 3              # 6 - 3
    speeds["double"] = replace(speeds["double"], lost_on=3)
    desk.state.settings = replace(settings, speeds=speeds)
    assert loss_target(desk.state, "double", 1.0)[0] == 2              # 1d6: floor is 2


def test_couriers_loss_roll_results(desk):
    game(desk).ok("send_courier", sender="gibbon", recipient="meade", message="one")
    desk.ok("send_courier", sender="gibbon", recipient="meade", message="two")
    desk.courier_step()
    desk.ride("C1", 5, 6, nearest_enemy=10, arrives=False)   # 11 against 11+: lost
    desk.ride("C2", 5, 5, nearest_enemy=10, arrives=False)   # 10 against 11+: rides on
    assert desk.courier("C1").status == "lost"
    assert desk.courier("C2").status == "in transit"
    assert "not delivered" in desk.courier("C1").history[-1]


def test_couriers_loss_is_rolled_before_delivery(desk):
    game(desk, hq={"meade": "Cemetery Hill"}).ok("send_courier", sender="gibbon", recipient="meade",
                                                   message="x")
    desk.courier_step().ok("move_courier", courier="C1", speed="double", arrives=True)
    assert desk.courier("C1").status == "in transit"  # not delivered before the roll
    desk.table_roll(6)
    assert desk.courier("C1").status == "lost"


def test_couriers_loss_odds():
    assert Dice.parse("2d6").chance_at_least(12) == pytest.approx(1 / 36)
    assert Dice.parse("1d6").chance_at_least(6) == pytest.approx(1 / 6)
    assert Dice.parse("2d6").chance_at_least(9) == pytest.approx(10 / 36)


# -- capture ----------------------------------------------------------------------------------------
def test_couriers_capture(desk):
    game(desk).ok("send_courier", sender="gibbon", recipient="meade", message="Secret plans")
    desk.ok("capture", courier="C1")  # an enemy can run into a courier in any phase
    c = desk.courier("C1")
    assert c.status == "captured" and "captured" in c.history[-1]
    assert desk.broken("capture", courier="C1") == ["couriers.move.finished"]
    with pytest.raises(MalformedInput, match="expected the id of a courier, got 'C9'"):
        desk.session.check(Input("capture", {"courier": "C9"}))


def test_couriers_capture_overriding_a_pending_roll_clears_it(desk):
    game(desk).ok("send_courier", sender="gibbon", recipient="meade", message="x")
    desk.courier_step().ok("move_courier", courier="C1", speed="officer")
    out = desk.submit("capture", override=True, courier="C1")
    assert [v.rule for v in out.violations] == ["couriers.roll.pending"]
    assert desk.state.pending is None and desk.courier("C1").status == "captured"


# -- finding the commander --------------------------------------------------------------------------
def test_couriers_locate_contact(desk):
    game(desk).ok("send_courier", sender="gibbon", recipient="meade", message="x")
    desk.courier_step()
    assert desk.broken("attempt_location", courier="C1") == ["couriers.locate.contact"]
    desk.ride("C1", 1, 2, arrives=False)                       # rides on, no contact yet
    assert desk.broken("attempt_location", courier="C1") == ["couriers.locate.contact"]
    desk.next_turn().ride("C1", 1, 2)                          # arrives at a unit of Meade's
    c = desk.courier("C1")
    assert c.status == "searching" and c.in_contact_turn == 2
    assert [s.kind for s in desk.session.next_steps()][:1] == ["attempt_location"]
    assert desk.submit("end_turn", override=True).accepted    # its roll skipped at the table
    desk.courier_step()                                       # contact was last turn
    assert desk.broken("attempt_location", courier="C1") == ["couriers.locate.contact"]


def test_couriers_locate_once(desk):
    game(desk).ok("send_courier", sender="gibbon", recipient="meade", message="x")
    desk.courier_step().ride("C1", 1, 1)
    desk.look("C1", 1, 1)
    assert desk.broken("attempt_location", courier="C1") == ["couriers.locate.once"]


def test_couriers_locate_roll(desk):
    """9 on 2d6 the first turn of contact, then 8, 7 ... never below 2; the count belongs to the
    courier and its commander and survives moving to another unit."""
    game(desk).ok("send_courier", sender="gibbon", recipient="meade", message="x")
    desk.ok("send_courier", sender="hancock", recipient="meade", message="y")
    desk.courier_step()
    targets = []
    for turn in range(8):
        if turn:
            desk.next_turn()
        desk.ride("C1", 1, 1)                                   # next closest unit, in contact
        desk.ok("attempt_location", courier="C1")
        req = desk.session.pending_roll()
        assert req.rule == "couriers.locate.roll" and str(req.dice) == "2d6" and req.success
        targets.append(req.target)
        desk.table_roll(1, 1)
    assert targets == [9, 8, 7, 6, 5, 4, 3, 2]
    assert desk.courier("C1").status == "located"             # 2 on 2d6 always finds him
    assert desk.courier("C1").attempts == {"meade": 8}
    # never below the minimum, however many tries
    assert location_target(desk.state, replace(desk.courier("C1"), attempts={"meade": 30})) == 2
    # the other courier looking for the same commander starts its own count at 9
    desk.ride("C2", 1, 1)
    desk.ok("attempt_location", courier="C2")
    assert desk.session.pending_roll().target == 9


def test_couriers_locate_roll_met_and_missed(desk):
    game(desk).ok("send_courier", sender="gibbon", recipient="meade", message="x")
    desk.courier_step().ride("C1", 1, 1)
    desk.look("C1", 4, 4)                                   # 8 against 9+
    assert desk.courier("C1").status == "searching"
    desk.next_turn().ride("C1", 1, 1)
    desk.look("C1", 4, 4)                                   # 8 against 8+
    assert desk.courier("C1").status == "located"


def test_couriers_locate_failed(desk):
    game(desk).ok("send_courier", sender="gibbon", recipient="meade", message="x")
    desk.courier_step().ride("C1", 1, 1)
    desk.look("C1", 2, 3)
    assert "next closest unit" in desk.courier("C1").history[-1]
    assert [s.kind for s in desk.session.next_steps()] == ["end_turn"]
    desk.next_turn()
    step = desk.session.next_steps()[0]
    assert step.kind == "move_courier" and step.args == {"courier": "C1"}
    assert "next closest unit" in step.text
    assert desk.broken("attempt_location", courier="C1") == ["couriers.locate.contact"]
    desk.ride("C1", 1, 1)
    desk.ok("attempt_location", courier="C1")
    assert desk.session.pending_roll().target == 8


def failed_once(desk):
    """Courier C1 (Gibbon to Meade) in contact on turn 1, its location roll failed; turn 2's step."""
    game(desk).ok("send_courier", sender="gibbon", recipient="meade", message="x")
    desk.courier_step().ride("C1", 1, 1)
    desk.look("C1", 2, 3)
    assert desk.courier("C1").next_closest_only
    return desk.next_turn()


def test_couriers_locate_failed_ride_to_the_next_closest_unit_is_accepted(desk):
    failed_once(desk)
    desk.ok("move_courier", courier="C1", speed="officer", arrives=True, towards="hancock",
            next_closest=True)
    assert desk.courier("C1").history[-1] == "Turn 2: officer speed, riding to Hancock's corps (the next closest unit)"
    desk.table_roll(1, 2)
    assert desk.courier("C1").status == "searching" and desk.courier("C1").in_contact_turn == 2 and not desk.courier("C1").next_closest_only
    assert desk.session.entries[-1].said == "Courier C1: in contact with Hancock's corps, of Meade's command"
    desk.look("C1", 1, 1)
    assert desk.session.pending_roll() is None and desk.courier("C1").attempts == {"meade": 2}


def test_couriers_locate_failed_ride_to_another_unit_is_a_violation(desk):
    failed_once(desk)
    ride = {"courier": "C1", "speed": "officer", "arrives": True}
    # the table has not said Gibbon's brigade is the next closest unit
    assert desk.broken("move_courier", **ride, towards="gibbon") == ["couriers.locate.failed"]
    assert desk.broken("move_courier", **ride, towards="gibbon", next_closest=False) == ["couriers.locate.failed"]
    out = desk.submit("move_courier", **ride, towards="hancock", override=True)
    assert out.accepted and [v.rule for v in out.violations] == ["couriers.locate.failed"]
    assert "has not said Hancock's corps is it" in out.violations[0].reason


def test_couriers_locate_failed_not_to_the_headquarters(desk):
    game(desk, hq={"meade": "Widow Leister's farm"}).ok("move_commander", commander="meade")
    desk.ok("send_courier", sender="gibbon", recipient="meade", message="x")
    desk.courier_step().ride("C1", 1, 1)                      # the HQ is empty: the search begins
    desk.look("C1", 2, 3)
    desk.next_turn()
    ride = {"courier": "C1", "speed": "officer", "arrives": False, "next_closest": True}
    assert desk.broken("move_courier", **ride, towards="hq") == ["couriers.locate.failed"]
    desk.ok("move_courier", **ride, towards="hancock")


def test_couriers_locate_failed_holds_until_it_reaches_that_unit(desk):
    failed_once(desk)
    desk.ok("move_courier", courier="C1", speed="officer", arrives=False, towards="hancock", next_closest=True)
    desk.table_roll(1, 2)
    assert desk.courier("C1").history[-1] == "Turn 2: rides on towards Hancock's corps (3 against 12+)"
    desk.next_turn()
    assert desk.broken("move_courier", courier="C1", speed="officer", towards="gibbon") == ["couriers.locate.failed"]


def test_couriers_locate_failed_a_ride_naming_no_target_goes_where_the_desk_heads_it(desk):
    """Records written before rides named a target keep their verdicts: such a ride goes to the
    next closest unit, as the desk's heading says."""
    failed_once(desk)
    assert "next closest unit" in desk.session.next_steps()[0].text
    desk.ok("move_courier", courier="C1", speed="officer", arrives=True)


def test_couriers_locate_failed_not_asked_before_a_failed_roll(desk):
    game(desk).ok("send_courier", sender="gibbon", recipient="meade", message="x")
    desk.courier_step()
    desk.ok("move_courier", courier="C1", speed="officer", arrives=True, towards="gibbon")
    desk.table_roll(1, 1)
    assert desk.courier("C1").status == "searching"


def test_couriers_locate_failed_unchecked_when_the_pack_says_so(tmp_path, make_desk):
    dst = tmp_path / "club"
    shutil.copytree(BUNDLED, dst, ignore=shutil.ignore_patterns("samples", "__pycache__"))
    toml = dst / "couriers.toml"
    text = toml.read_text(encoding="utf-8")
    assert text.count('next_closest = "table"') == 1
    toml.write_text(text.replace('next_closest = "table"', 'next_closest = "unchecked"'), encoding="utf-8")
    desk = failed_once(make_desk(pack=load_pack(dst)))
    assert desk.state.settings.next_closest == "unchecked"
    desk.ok("move_courier", courier="C1", speed="officer", arrives=True, towards="gibbon")


def club_pack(tmp_path, next_closest: str):
    """A copy of the bundled pack with ``location.next_closest`` set."""
    dst = tmp_path / f"club-{next_closest}"
    shutil.copytree(BUNDLED, dst, ignore=shutil.ignore_patterns("samples", "__pycache__"))
    toml = dst / "couriers.toml"
    text = toml.read_text(encoding="utf-8")
    toml.write_text(text.replace('next_closest = "table"', f'next_closest = "{next_closest}"'), encoding="utf-8")
    return load_pack(dst)


@pytest.mark.parametrize("setting", ["table", "unchecked"])
def test_couriers_locate_failed_never_back_to_the_unit_where_the_roll_failed(tmp_path, make_desk, setting):
    """C1 failed its roll at Meade's own unit: the next closest unit (Hancock's corps, the table
    says) is accepted; riding back to Meade's is refused whatever the setting; Gibbon's brigade,
    which the table does not say is the next closest (a farther one), only where the desk asks."""
    desk = failed_once(make_desk(pack=club_pack(tmp_path, setting)))
    assert desk.courier("C1").searched == ("meade",)
    ride = {"courier": "C1", "speed": "officer", "arrives": True}
    assert desk.broken("move_courier", **ride, towards="meade", next_closest=True) == ["couriers.locate.failed"]
    out = desk.session.why_not(Input("move_courier", {**ride, "towards": "meade", "next_closest": True}))
    assert "not back to Meade's army, where it has searched already" in out[0].reason
    farther = desk.session.why_not(Input("move_courier", {**ride, "towards": "gibbon"}))
    assert [v.rule for v in farther] == (["couriers.locate.failed"] if setting == "table" else [])
    desk.ok("move_courier", **ride, towards="hancock", next_closest=True)
    desk.table_roll(1, 2)
    assert desk.courier("C1").contact == "hancock" and not desk.courier("C1").next_closest_only


def test_couriers_locate_failed_remembers_every_unit_searched(desk):
    """Failed at Meade's unit, then at Hancock's: both are closed to it; failed at every unit of
    the command on the roster, each stands again for the units it leads, so all are open."""
    failed_once(desk)
    desk.ok("move_courier", courier="C1", speed="officer", arrives=True, towards="hancock", next_closest=True)
    desk.table_roll(1, 2)
    desk.look("C1", 1, 2)                                   # 3 against 8+: not found again
    desk.next_turn()
    assert desk.courier("C1").searched == ("meade", "hancock")
    ride = {"courier": "C1", "speed": "officer", "arrives": True, "next_closest": True}
    for back in ("meade", "hancock"):
        assert desk.broken("move_courier", **ride, towards=back) == ["couriers.locate.failed"]
    desk.ok("move_courier", **ride, towards="gibbon")
    desk.table_roll(1, 2)
    desk.look("C1", 1, 2)
    desk.next_turn()
    assert desk.courier("C1").searched == ("meade", "hancock", "gibbon")
    for again in ("meade", "hancock", "gibbon"):
        assert desk.session.why_not(Input("move_courier", {**ride, "towards": again})) == []


def test_couriers_locate_failed_an_overridden_ride_back_is_kept_in_the_log(desk):
    failed_once(desk)
    out = desk.submit("move_courier", courier="C1", speed="officer", arrives=True, towards="meade",
                      next_closest=True, override=True)
    assert out.accepted and [v.rule for v in out.violations] == ["couriers.locate.failed"]


def test_a_ride_names_only_the_recipients_headquarters_himself_or_those_below_him(desk):
    game(desk).ok("send_courier", sender="gibbon", recipient="hancock", message="x")
    desk.courier_step()
    for wrong in ("meade", "lee", "hq"):                   # above him, the enemy, no HQ of his
        with pytest.raises(MalformedInput, match="move_courier.towards: expected one of hancock, gibbon, got"):
            desk.session.check(Input("move_courier", {"courier": "C1", "speed": "officer", "towards": wrong}))
    for wrong in ("nobody", 7):                             # not on the roster at all
        with pytest.raises(MalformedInput, match="move_courier.towards: expected one of hq, meade"):
            desk.session.check(Input("move_courier", {"courier": "C1", "speed": "officer", "towards": wrong}))
    assert desk.session.why_not(Input("move_courier", {"courier": "C1", "speed": "officer", "towards": "gibbon"})) == []


def test_a_located_courier_delivers_only_where_the_commander_is(desk):
    game(desk).ok("send_courier", sender="gibbon", recipient="meade", message="x")
    desk.courier_step().ride("C1", 1, 1)
    desk.look("C1", 6, 6)
    desk.next_turn().ok("move_courier", courier="C1", speed="officer", arrives=True, towards="hancock")
    desk.table_roll(1, 1)
    assert desk.courier("C1").status == "located" and "Meade is not there" in desk.courier("C1").history[-1]
    desk.next_turn().ok("move_courier", courier="C1", speed="officer", arrives=True, towards="meade")
    assert "rides to Meade at" in desk.session.entries[-1].text
    desk.table_roll(1, 1)
    assert desk.courier("C1").status == "delivered"


def test_couriers_locate_found(desk):
    game(desk).ok("send_courier", sender="gibbon", recipient="meade", message="x")
    desk.courier_step().ride("C1", 1, 1)
    desk.look("C1", 5, 5)
    assert desk.courier("C1").status == "located"
    assert desk.broken("attempt_location", courier="C1") == ["couriers.locate.found"]
    desk.next_turn()
    assert "straight to Meade" in desk.session.next_steps()[0].text
    desk.ok("move_courier", courier="C1", speed="officer", arrives=True)
    assert desk.session.pending_roll().rule == "couriers.loss"  # normal loss roll on the way
    desk.table_roll(3, 3)
    assert desk.courier("C1").status == "delivered"
    assert desk.state.pending is None  # no location roll once found


def test_couriers_locate_found_but_lost_on_the_way(desk):
    game(desk).ok("send_courier", sender="gibbon", recipient="meade", message="x")
    desk.courier_step().ride("C1", 1, 1)
    desk.look("C1", 6, 6)
    desk.next_turn().ride("C1", 6, 6)
    assert desk.courier("C1").status == "lost"


# -- headquarters -----------------------------------------------------------------------------------
def test_couriers_hq_brigade(desk):
    desk.roster()
    assert desk.broken("declare_hq", commander="gibbon", place="Copse") == ["couriers.hq.brigade"]
    desk.ok("declare_hq", commander="hancock", place="Copse")
    desk.start()
    for _ in range(5):
        desk.courier_step().end_turn()
    assert desk.commander("pickett").stayed == 5
    assert desk.broken("establish_hq", commander="pickett", place="Barn") == ["couriers.hq.brigade"]
    desk.ok("establish_hq", commander="longstreet", place="Barn")


def test_couriers_hq_brigade_overridden(desk):
    desk.roster()
    out = desk.submit("declare_hq", override=True, commander="gibbon", place="Copse")
    assert out.accepted and out.entry.verdict == "overridden"
    assert out.entry.input.override == ("couriers.hq.brigade",)
    assert [v.rule for v in out.entry.violations] == ["couriers.hq.brigade"]
    assert desk.commander("gibbon").hq == "Copse"
    # the game goes on, and couriers now ride to the (house-rule) headquarters
    desk.start().ok("send_courier", sender="meade", recipient="gibbon", message="x")
    desk.courier_step().ride("C1", 2, 2)
    assert desk.courier("C1").status == "delivered"


def test_couriers_hq_declare(desk):
    desk.roster(hq={"meade": "Widow Leister's farm"})
    assert desk.commander("meade").hq == "Widow Leister's farm" and desk.commander("meade").at_hq
    desk.start()
    assert desk.broken("declare_hq", commander="lee", place="Seminary") == ["couriers.hq.declare"]
    assert desk.commander("lee").hq is None
    # with the commander at his HQ the courier rides straight there and delivers: no location roll
    desk.ok("send_courier", sender="gibbon", recipient="meade", message="x")
    desk.courier_step()
    assert "headquarters at Widow Leister's farm" in desk.session.next_steps()[0].text
    desk.ride("C1", 1, 1)
    assert desk.courier("C1").status == "delivered" and desk.state.pending is None


def test_couriers_hq_establish(desk):
    desk.roster("meade", "gibbon", "lee").start()
    for _ in range(3):
        desk.courier_step()
        assert desk.broken("establish_hq", commander="meade", place="Hill") == ["couriers.hq.establish"]
        desk.end_turn()
    assert desk.commander("meade").stayed == 3
    desk.ok("move_commander", commander="meade")              # moving starts the count again
    desk.courier_step().end_turn()
    assert desk.commander("meade").stayed == 0
    for _ in range(4):
        desk.courier_step().end_turn()
    assert desk.commander("meade").stayed == 4
    desk.ok("establish_hq", commander="meade", place="Hill")
    assert (desk.commander("meade").hq, desk.commander("meade").at_hq) == ("Hill", True)
    desk.ok("send_courier", sender="gibbon", recipient="meade", message="x")
    desk.courier_step().ride("C1", 1, 1)
    assert desk.courier("C1").status == "delivered"


def test_couriers_hq_establish_in_a_building_takes_two_turns(desk):
    desk.roster("lee", "pickett").start()
    desk.ok("move_commander", commander="lee", building=True)
    desk.courier_step().end_turn()
    desk.courier_step().end_turn()
    assert desk.broken("establish_hq", commander="lee", place="Seminary") == ["couriers.hq.establish"]
    desk.courier_step().end_turn()
    desk.ok("establish_hq", commander="lee", place="Seminary")
    assert desk.commander("lee").hq_in_building


def test_couriers_hq_absent(desk):
    """Commander away from his HQ: the courier rides to the HQ, then rolls 9, 8 ... to find him,
    then rides straight to him."""
    game(desk, hq={"lee": "Seminary Ridge"})
    desk.ok("move_commander", commander="lee")
    assert not desk.commander("lee").at_hq and desk.commander("lee").hq == "Seminary Ridge"
    desk.ok("send_courier", sender="pickett", recipient="lee", message="x")
    desk.courier_step()
    assert "has left it" in desk.session.next_steps()[0].text
    desk.ride("C1", 1, 1)
    assert (desk.courier("C1").status, desk.courier("C1").reached_hq) == ("searching", True)
    desk.ok("attempt_location", courier="C1")
    assert desk.session.pending_roll().target == 9
    desk.table_roll(6, 3)
    assert desk.courier("C1").status == "located"
    desk.next_turn().ride("C1", 2, 2)
    assert desk.courier("C1").status == "delivered"


def test_couriers_hq_absent_commander_back_at_hq(desk):
    game(desk, hq={"lee": "Seminary Ridge"})
    desk.ok("move_commander", commander="lee")
    desk.ok("return_to_hq", commander="lee")
    desk.ok("send_courier", sender="pickett", recipient="lee", message="x")
    desk.courier_step().ride("C1", 1, 1)
    assert desk.courier("C1").status == "delivered"
    assert desk.broken("return_to_hq", commander="meade") == ["couriers.hq.none"]


# -- overrides --------------------------------------------------------------------------------------
def test_override_is_recorded_with_the_rules_it_broke_and_the_game_goes_on(desk):
    game(desk).ok("send_courier", sender="gibbon", recipient="meade", message="x")
    desk.courier_step().ride("C1", 1, 1, arrives=False)
    refused = desk.submit("move_courier", courier="C1", speed="officer")
    assert not refused.accepted
    out = desk.submit("move_courier", override=True, courier="C1", speed="officer", arrives=True)
    assert out.accepted
    entry = out.entry
    assert entry.verdict == "overridden"
    assert entry.input.override == ("couriers.move.once",)
    assert entry.input.to_json()["override"] == ["couriers.move.once"]
    assert desk.session.journal[-1].entry is entry
    desk.table_roll(2, 2)
    assert desk.courier("C1").status == "searching"
    assert [e.verdict for e in desk.session.entries][-2:] == ["overridden", "ok"]


def test_override_flag_on_a_legal_input_is_dropped(desk):
    game(desk)
    out = desk.session.submit(Input("begin_courier_step", {}, None, ("couriers.turn.order",)))
    assert out.accepted and out.entry.verdict == "ok" and out.entry.input.override == ()


def test_couriers_roll_none(desk):
    """A roll nobody asked for is a violation, not a malformed input; overridden it changes nothing."""
    game(desk).ok("send_courier", sender="gibbon", recipient="meade", message="Hold the ridge")
    desk.courier_step()
    assert desk.broken("roll", values=[3, 4]) == ["couriers.roll.none"]
    before = desk.session.rules.state_json(desk.state)
    assert desk.submit("roll", override=True, values=[3, 4]).accepted
    assert desk.session.rules.state_json(desk.state) == before
    desk.ok("move_courier", courier="C1", speed="officer", arrives=False)
    assert desk.session.why_not(Input("roll", {"values": [3, 4]})) == []   # now one is owed


def test_couriers_hq_none(desk):
    """Returning to a headquarters he does not have breaks couriers.hq.none; with one, it is fine."""
    game(desk, hq={"meade": "Leister farm"})
    assert desk.broken("return_to_hq", commander="hancock") == ["couriers.hq.none"]
    assert desk.submit("return_to_hq", override=True, commander="hancock").accepted
    assert not desk.commander("hancock").at_hq                # nowhere to return to
    desk.ok("move_commander", commander="meade")
    desk.ok("return_to_hq", commander="meade")
    assert desk.commander("meade").at_hq


def test_a_courier_to_its_own_sender_is_refused_while_reading(desk):
    game(desk)
    with pytest.raises(MalformedInput, match="sender and recipient are the same commander"):
        desk.session.rules.inputs.read(desk.state, Input("send_courier", {"sender": "meade", "recipient": "meade",
                                                                          "message": "x"}))
    assert desk.session.why_not(Input("send_courier", {"sender": "hancock", "recipient": "meade",
                                                       "message": "x"})) == []


def test_ids_are_trimmed_like_the_names(desk):
    desk.ok("add_commander", id=" meade ", name=" Meade ", side="Blue", rank="army")
    desk.ok("add_commander", id="gibbon", name="Gibbon", side="Blue", rank="brigade")
    assert list(desk.state.commanders) == ["meade", "gibbon"]
    assert desk.commander("meade").name == "Meade"
    with pytest.raises(MalformedInput, match="already on the roster"):
        desk.session.check(Input("add_commander", {"id": "meade ", "name": "M", "side": "Blue", "rank": "army"}))
    desk.start().ok("send_courier", id=" rider ", sender="gibbon", recipient="meade", message=" Hold ")
    assert list(desk.state.couriers) == ["rider"] and desk.courier("rider").message == "Hold"


def test_couriers_hq_absent_searching_couriers_ride_back_when_he_returns(make_desk):
    """A courier that found the HQ empty rides to it again once the commander is back there."""
    d = make_desk({"sides": ["Blue", "Grey"]})
    d.ok("add_commander", id="meade", name="Meade", side="Blue", rank="army")
    d.ok("add_commander", id="hancock", name="Hancock", side="Blue", rank="corps")
    d.ok("declare_hq", commander="hancock", place="Cemetery Hill")
    d.start()
    d.ok("move_commander", commander="hancock")
    d.ok("send_courier", sender="meade", recipient="hancock", message="Hold")
    d.courier_step()
    d.ride("C1", 2, 2)
    assert d.courier("C1").status == "searching" and d.courier("C1").reached_hq
    d.look("C1", 1, 1)                       # not found: the next closest unit only ...
    assert d.courier("C1").next_closest_only
    d.end_turn()
    d.ok("return_to_hq", commander="hancock")
    assert d.courier("C1").status == "in transit" and not d.courier("C1").reached_hq
    assert not d.courier("C1").next_closest_only           # ... until he is back at his headquarters
    d.courier_step()
    d.ride("C1", 3, 3)
    assert d.courier("C1").status == "delivered"
