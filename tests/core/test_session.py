"""The table session: submit, undo and redo, the journal, and who is told of each change."""

from __future__ import annotations

import pytest

from companion import games
from companion.core import records
from companion.core.dice import Dice, DiceBag
from companion.core.inputs import Input
from companion.core.violations import MalformedInput


def courier_on_the_road(desk):
    """Gibbon's courier to Meade, moved in the courier step of turn 1; its loss roll is owed."""
    desk.roster("meade", "gibbon").start()
    desk.ok("send_courier", sender="gibbon", recipient="meade", message="Hold")
    desk.courier_step()
    desk.ok("move_courier", courier="C1", speed="double", arrives=False)
    return desk


def state(desk):
    return desk.session.rules.state_json(desk.state)


def test_undo_and_redo_names(desk):
    s = desk.session
    assert (s.undo_name, s.redo_name, s.can_undo, s.can_redo) == (None, None, False, False)
    desk.roster("meade")
    assert s.undo_name == "Meade joins the Blue roster (army)"
    desk.start()
    assert s.undo_name == "The game begins: turn 1"
    s.undo()
    assert s.redo_name == "The game begins: turn 1" and s.undo_name == "Meade joins the Blue roster (army)"
    assert desk.state.phase == "setup"
    s.redo()
    assert desk.state.phase == "battle" and s.redo_name is None


def test_undo_everything_restores_the_initial_state(desk):
    initial = state(desk)
    courier_on_the_road(desk)
    desk.table_roll(2)
    snapshots = []
    while desk.session.can_undo:
        snapshots.append(state(desk))
        desk.session.undo()
    assert state(desk) == initial
    while desk.session.can_redo:
        desk.session.redo()
        assert state(desk) == snapshots.pop()


def test_new_input_clears_redo(desk):
    desk.roster("meade", "gibbon").start()
    desk.session.undo()
    assert desk.session.can_redo
    desk.ok("declare_hq", commander="meade", place="Hill")
    assert not desk.session.can_redo and desk.session.redo_name is None
    with pytest.raises(MalformedInput, match="nothing to redo"):
        desk.session.redo()


def test_refused_input_does_not_clear_redo(desk):
    desk.roster("meade", "gibbon").start()
    desk.session.undo()
    desk.broken("end_turn")
    assert desk.session.can_redo


def test_nothing_to_undo(desk):
    with pytest.raises(MalformedInput, match="nothing to undo"):
        desk.session.undo()


def test_undo_crosses_chance(desk):
    courier_on_the_road(desk)
    assert not desk.session.undo_crosses_chance
    desk.table_roll(2)
    assert desk.session.undo_crosses_chance
    desk.session.undo()
    assert not desk.session.undo_crosses_chance
    assert desk.state.pending is not None  # the roll is owed again


def test_session_roll_uses_the_bag_and_undo_keeps_the_counter(make_desk):
    desk = courier_on_the_road(make_desk(seed=5))
    s = desk.session
    assert s.bag.rolls_made == 0
    out = s.roll()
    assert out.accepted and out.entry.input.source == "app" and s.bag.rolls_made == 1
    s.undo()
    assert s.bag.rolls_made == 1                             # not rewound
    s.roll()
    assert s.bag.rolls_made == 2
    expected = DiceBag(5, rolls_made=1).roll(Dice(1, 6))
    assert s.entries[-1].input.args["values"] == tuple(expected)
    with pytest.raises(MalformedInput, match="no roll is asked for"):
        s.roll()


def test_undone_rolls_stay_in_the_journal(desk):
    courier_on_the_road(desk)
    desk.table_roll(6)
    desk.session.undo()
    desk.table_roll(1)
    events = [(line.event, line.entry.input.kind) for line in desk.session.journal]
    assert events[-3:] == [("input", "roll"), ("undo", "roll"), ("input", "roll")]
    assert [e.input.args.get("values") for e in desk.session.entries][-1] == (1,)


def test_undone_rolls_survive_save_and_restore(desk, tmp_path):
    courier_on_the_road(desk)
    desk.table_roll(6)                                       # lost...
    lost_text = desk.session.entries[-1].text
    desk.session.undo()                                      # ...so the table takes it back
    desk.table_roll(1)
    path = tmp_path / "game.json"
    rec = records.save(desk.session, path)
    assert rec.undone == [{"after": len(desk.session.entries) - 1, "text": lost_text,
                           "input": {"kind": "roll", "args": {"values": [6]}, "source": "table"}}]
    session, verdicts = games.restore(records.read(path), str(path))
    assert all(v.verdict == "ok" for v in verdicts)
    journal = [(line.event, line.entry.text) for line in session.journal]
    assert journal == [(line.event, line.entry.text) for line in desk.session.journal]
    # and saved again from the restored session, the undone roll is still there
    assert records.record_of(session).undone == rec.undone


def test_listeners_called_after_every_change(desk, tmp_path):
    """An autosave-style listener sees every submit, undo and redo, and not refused inputs."""
    saved = []

    def autosave(session):
        path = tmp_path / "autosave.json"
        records.save(session, path)
        saved.append(len(records.read(path).inputs))

    desk.session.listeners.append(autosave)
    desk.roster("meade", "gibbon")
    desk.start()
    desk.broken("end_turn")
    desk.session.undo()
    desk.session.redo()
    desk.session.submit(Input("end_turn"), override=True)
    assert saved == [1, 2, 3, 2, 3, 4]


def test_submit_outcome(desk):
    desk.roster("meade", "gibbon")
    out = desk.submit("end_turn")
    assert not out.accepted and out.entry is None and out.violations[0].rule == "couriers.turn.order"
    assert desk.session.check(Input("end_turn"))[0].rule == "couriers.turn.order"
    with pytest.raises(MalformedInput, match="has no input 'dance'"):
        desk.session.submit(Input("dance"))
    entry = desk.ok("start_game")
    assert entry.number == 3 and entry.verdict == "ok" and desk.session.inputs[-1] == Input("start_game")


def test_next_steps_and_pending_roll(desk):
    assert [s.kind for s in desk.session.next_steps()] == ["start_game"]
    assert desk.session.pending_roll() is None
    courier_on_the_road(desk)
    req = desk.session.pending_roll()
    assert (str(req.dice), req.target, req.rule, req.who) == ("1d6", 6, "couriers.loss", "Blue")
    step = desk.session.next_steps()[0]
    assert step.kind == "roll" and step.roll == req and step.who == "Blue"


def test_a_run_of_undos_survives_save_and_restore(desk, tmp_path):
    """Undo the roll, then the move before it: both stay in the log, in the order they happened,
    through any number of save and restore cycles."""
    courier_on_the_road(desk)
    desk.table_roll(6)
    desk.session.undo()                                      # the roll...
    desk.session.undo()                                      # ...and the move
    desk.ok("move_courier", courier="C1", speed="officer", arrives=False)
    desk.table_roll(1, 1)
    live = [(line.event, line.entry.text) for line in desk.session.journal]
    rec = records.save(desk.session, tmp_path / "a.json")
    assert [u["after"] for u in rec.undone] == [6, 5]
    previous = tmp_path / "a.json"
    for name in ("b.json", "c.json"):
        session, _ = games.restore(records.read(previous))
        assert [(line.event, line.entry.text) for line in session.journal] == live
        assert records.save(session, tmp_path / name).undone == rec.undone
        previous = tmp_path / name


# -- change records --------------------------------------------------------------------------------
def test_each_change_hands_listeners_a_record_of_what_changed(desk):
    s = desk.session
    seen = []
    s.listeners.append(lambda session: seen.append(session.last_change))
    desk.roster("meade", "gibbon").start()
    first = seen[0]
    assert (first.event, first.kinds, first.removed) == ("input", {"add_commander"}, ())
    assert first.added == (s.entries[0],) and first.lines == (s.journal[0],) and first.journal_start == 0
    assert "state" in first.parts and "log" in first.parts and not first.touches("roll")
    desk.ok("send_courier", sender="gibbon", recipient="meade", message="Hold")
    desk.courier_step()
    desk.ok("move_courier", courier="C1", speed="double", arrives=False)
    assert seen[-1].touches("roll")  # a loss roll is owed now: the dice tray must redraw
    s.undo()
    undo = seen[-1]
    assert (undo.event, undo.added, undo.kinds) == ("undo", (), {"move_courier"})
    assert undo.removed[0].input.kind == "move_courier" and undo.touches("roll")
    assert s.journal[undo.journal_start:] == list(undo.lines) and undo.lines[0].event == "undo"
    s.redo()
    assert seen[-1].event == "redo" and seen[-1].added == (s.entries[-1],)
    with pytest.raises(AttributeError):
        seen[-1].event = "input"  # a record is immutable: every listener sees the same


# -- undo from checkpoints ---------------------------------------------------------------------------
SAMPLES = ["couriers/samples/several_turns.json", "postman/samples/short_game.json",
           "thurn_and_taxis/samples/four_players_whole_game.json", "ab_die_post/samples/four_player_game.json"]


@pytest.mark.parametrize("sample", SAMPLES)
def test_undo_from_a_checkpoint_equals_a_replay_of_the_whole_game(sample, monkeypatch):
    """Undo starts from the newest copy of the state: every undo, and redo after it, must give
    exactly the state a replay from the setup gives, so no copy shares anything with the game."""
    from pathlib import Path

    from companion.core import checkpoints

    monkeypatch.setattr(checkpoints, "INTERVAL", 3)
    monkeypatch.setattr(checkpoints, "KEEP", 2)
    root = Path(__file__).resolve().parents[2] / "rules"
    session, _ = games.restore(records.read(root / sample))
    js = session.rules.state_json
    for back in range(min(40, len(session.entries))):
        session.undo()
        assert js(session.state) == js(session.replay_state(session.entries)), back
        if back % 5 == 0:  # a redo applies on the rebuilt state: the copies must not change
            session.redo()
            session.undo()
            assert js(session.state) == js(session.replay_state(session.entries)), back
    while session.can_redo:
        session.redo()
    assert js(session.state) == js(session.replay_state(session.entries))
