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


def test_the_end_of_the_game_reads_as_a_sentence_with_the_evenings_figures(desk):
    from companion.couriers.final_report import final_report

    game(desk).ok("send_courier", sender="gibbon", recipient="meade", message="found late")
    desk.ok("send_courier", sender="pickett", recipient="lee", message="lost")
    desk.courier_step()
    desk.ride("C1", 1, 2)                                  # in contact with Meade's command
    desk.look("C1", 2, 3)                                  # 5 against 9+: not found
    desk.ride("C2", 6, 6, arrives=False)                   # 12: lost
    desk.next_turn()
    desk.ok("move_courier", courier="C1", speed="officer", arrives=True, towards="hancock", next_closest=True)
    desk.table_roll(1, 2)
    desk.look("C1", 4, 4)                                  # 8 against 8+: found
    desk.next_turn()
    assert final_report(desk.session) is None              # not over yet
    desk.ride("C1", 1, 1)                                  # rides straight to him: delivered on turn 3
    desk.ok("end_game", winner="Blue")
    r = final_report(desk.session)
    assert r.headline == "The Blue side wins: the table's verdict on turn 3"
    assert r.why == "Messages delivered: Blue 1 of 1, Grey 0 of 1"
    assert said(desk) == f"{r.headline}. {r.why}"          # the announcement says the same
    assert [line.cells for line in r.scores] == [("1", "1", "0", "0", "0"), ("1", "0", "1", "0", "0")]
    figures = dict(r.figures)
    assert figures["Turns"] == "3" and figures["Rolls"] == "0 by the app, 6 by the table"
    assert figures["Location rolls"] == "2 by 1 courier"
    assert figures["Courier steps to deliver"] == "3.0 on average (1 message delivered)"
