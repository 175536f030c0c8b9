"""The luck of the dice on an end screen (``final_report.dice_luck``) is found once per game
length: drawing the screen again reads it, and a new input or an undo (other entries) finds it
again, always what a fold of the entries gives."""

from __future__ import annotations

from pathlib import Path

from companion import games
from companion.core import final_report, records
from companion.core.final_report import Luck, dice_luck, fold_luck


def test_the_luck_of_a_game_is_folded_once_for_the_same_entries(monkeypatch):
    session, _v = games.restore(records.read(Path("rules/postman/samples/short_game.json")))
    folds = []
    real = final_report.fold_luck
    monkeypatch.setattr(final_report, "fold_luck", lambda s, e: folds.append(len(e)) or real(s, e))
    first = dice_luck(session)
    assert first["table"].judged > 0 and folds == [len(session.entries)]
    assert dice_luck(session) == first and len(folds) == 1  # drawn again: not folded again
    first["table"].met += 100  # a caller's copy: the next caller reads the luck as found
    assert dice_luck(session) == fold_luck(session, session.entries)
    n = len(session.entries)
    session.undo()
    shorter = dice_luck(session)
    assert folds == [n, n - 1] and shorter == fold_luck(session, session.entries)
    session.redo()
    assert dice_luck(session) == fold_luck(session, session.entries) and len(folds) == 3


def test_a_roll_more_is_luck_found_again():
    session, _v = games.restore(records.read(Path("rules/postman/samples/short_game.json")))
    while session.can_undo and session.pending_roll() is None:
        session.undo()
    assert session.pending_roll() is not None
    before = dice_luck(session)
    request = session.pending_roll()
    session.submit(session.app_roll())
    after = dice_luck(session)
    judged = request.dice.count if request.per_die else 1
    assert after["app"].judged == before["app"].judged + (0 if request.contest else judged)
    assert after["table"] == before["table"] and isinstance(after["app"], Luck)
