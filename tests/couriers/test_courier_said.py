"""The Courier Desk's outcomes in words, on both sides of the loss and location rolls."""

from __future__ import annotations

from test_courier_rules import game


def said(desk) -> str:
    return desk.session.entries[-1].said


def test_a_loss_roll_at_the_target_says_lost_and_one_below_rides_on(desk):
    game(desk).ok("send_courier", sender="gibbon", recipient="meade", message="one")
    desk.ok("send_courier", sender="gibbon", recipient="meade", message="two")
    desk.courier_step()
    desk.ride("C1", 5, 6, nearest_enemy=10, arrives=False)   # 11 against 11+
    assert said(desk).startswith("Courier C1 is lost. Lost on the way, 11 against 11+")
    desk.ride("C2", 5, 5, nearest_enemy=10, arrives=False)   # 10 against 11+
    assert said(desk) == "Courier C2: rides on (10 against 11+)"
    assert desk.session.entries[-1].text.endswith(said(desk))
