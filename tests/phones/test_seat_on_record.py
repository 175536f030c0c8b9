"""The log notes which seat's phone gave each input, and the record keeps it (docs/records.md,
"seats"): through a whole save, through the autosave journal, and through undo."""

import json

import pytest

from companion import games
from companion.core import autosave, records
from companion.core.inputs import Input
from companion.core.violations import RecordError

from .kit import postman_game
from .test_protocol import PONY


def _phone_play(session):
    out = session.submit_from("postmen", Input.from_json(PONY))
    assert out.accepted
    return out.entry


def test_a_whole_save_keeps_which_phone_gave_an_input():
    s = postman_game()
    entry = _phone_play(s)
    rec = records.parse(records.record_of(s).dumps())
    assert rec.seats == {str(len(s.entries)): "postmen"}
    restored, _ = games.restore(rec)
    again = restored.entries[-1]
    assert again.seat == "postmen" and again.text == entry.text
    assert restored.entries[0].seat is None  # the laptop's own inputs stay unmarked


def test_the_autosave_journal_keeps_it_and_an_undo_drops_it(tmp_path):
    s = postman_game()
    saver = autosave.Autosaver(s, tmp_path / "game.json")
    _phone_play(s)
    assert autosave.read(saver.path).seats == {str(len(s.entries)): "postmen"}
    s.undo()
    assert autosave.read(saver.path).seats == {}


@pytest.mark.parametrize("seats, where", [
    ([], "seats"), ({"0": "postmen"}, "seats.0"), ({"x": "postmen"}, "seats.x"),
    ({"1": 7}, "seats.1"), ({"1": "p" * 65}, "seats.1"),
])
def test_a_bad_seats_entry_is_refused_at_its_place(seats, where):
    data = records.record_of(postman_game()).to_json()
    data["seats"] = seats
    with pytest.raises(RecordError) as e:
        records.parse(json.dumps(data), "game.json")
    assert e.value.where == where
