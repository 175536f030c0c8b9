"""A state someone holds never changes under it (docs/architecture.md, the kernel): every submit,
undo and redo makes a new state object, and no question asked of a state (``why_not``,
``legal_inputs``, the views, an app roll or draw, a game's odds and previews) changes it.

Over random playouts of every game, each state the session hands out is kept with its
``state_json`` as it was then; after every later step, and at the end of the game, each reads
the same. The games' own what-if questions are asked of each state as a screen would ask them.
"""

from __future__ import annotations

import random

import pytest
from playout import GAMES, Playout, setup_of

from companion import games
from companion.core import records
from companion.core.roll_targets import odds_charts
from companion.core.session import Session
from companion.games import bundled_pack, rules_for


def _postman(session: Session) -> None:
    from companion.postman import view

    s = session.state
    for side in ("postmen", "holnists"):
        for card in view.hand_view(s, side):
            view.odds_with_card(s, card)  # the odds with a card, Luck's among them
            view.card_targets(s, side, card.id)
    view.battle_odds_now(s)
    for town in s.pos.battles_left:
        view.battle_odds_now(s, town)
    view.answers_open(s)
    view.recruiters(s)
    view.casualties_to_choose(s)


def _couriers(session: Session) -> None:
    from companion.couriers import view

    s = session.state
    for c in s.couriers.values():
        for speed in s.settings.speeds:
            view.loss_preview(s, c, speed, None)
    view.send_waits(s)
    view.end_waits(s)


def _thurn_and_taxis(session: Session) -> None:
    from companion.thurn_and_taxis import view

    s = session.state
    for card in view.hand_cards(s):
        view.fitting_ends(s, card.card)
    for option in view.house_options(s):  # the close dialog's preview of each house option
        cities = [c for cs in option.choices.values() for c in cs][:option.count]
        view.close_preview(s, cities)


def _ab_die_post(session: Session) -> None:
    from companion.ab_die_post import view

    s = session.state
    view.hurricane_costs(s)
    view.bust_chance(s)
    view.parts_to_draw(s)


WHAT_IFS = {"postman": _postman, "couriers": _couriers, "thurn_and_taxis": _thurn_and_taxis,
            "ab_die_post": _ab_die_post}


def ask_everything(session: Session) -> None:
    """Every question a screen, a phone or a test asks of the state now, answers thrown away."""
    for inp in session.rules.candidates(session.state):
        try:
            session.why_not(inp)
        except Exception:  # noqa: BLE001 - an input naming nothing real may raise; only the state matters
            pass
    session.legal_inputs()
    session.next_steps()
    session.deciding()
    session.result()
    session.public_view()
    for seat in session.seats():
        session.view(seat.id)
    session.rules.public_state(session.state)
    request = session.pending_roll()
    if request is not None:
        session.app_roll()
        odds_charts(request)
    draw = session.pending_draw()
    if draw is not None and draw.choices:
        session.app_draw()
    WHAT_IFS.get(session.rules.game_id, lambda s: None)(session)


class Holding:
    """What the playout's inputs, undos and redos go through: before each, the session's state is
    held with its words as they were, and every question is asked of it."""

    def __init__(self, session: Session):
        self.session = session
        self.held: list[tuple[object, dict]] = []

    def _hold(self) -> None:
        s = self.session
        state = s.state
        self.held.append((state, s.rules.state_json(state)))
        ask_everything(s)
        assert s.rules.state_json(state) == self.held[-1][1], "a question changed the state"

    def _after(self, changed: bool = True):
        s = self.session
        state, before = self.held[-1]
        assert s.rules.state_json(state) == before, "the state held before the change changed"
        if changed:
            assert s.state is not state, "the change kept the old state object"

    def submit(self, inp):
        self._hold()
        out = self.session.submit(inp)
        self._after(out.accepted)
        return out

    def undo(self):
        self._hold()
        entry = self.session.undo()
        self._after()
        return entry

    def redo(self):
        self._hold()
        entry = self.session.redo()
        self._after()
        return entry


@pytest.mark.parametrize("game", GAMES)
def test_no_state_someone_holds_changes_under_it(game):
    for seed in range(10):  # the first game of some length (the table may end a game at once)
        rng = random.Random(seed)
        session = Session(rules_for(game), bundled_pack(game), setup_of(game, rng), seed)
        holding = Holding(session)
        player = Playout(session, rng, undo=0.2, via=holding)
        for _ in range(140):
            if not player.step():
                break
        if len(holding.held) > 60:
            break
    assert len(holding.held) > 60
    for state, words in holding.held:  # and none changed later, by any step after its own
        assert session.rules.state_json(state) == words


@pytest.mark.parametrize("game", GAMES)
def test_undos_from_checkpoints_and_past_them_leave_the_held_states_alone(game):
    """A restored game keeps checkpoints (every 64 inputs) of its last inputs only, so an undo
    further back folds again from the setup, past a checkpoint it makes on the way: each state
    it hands out is a new one and right, and no state held before (the live game's, the ones
    the undos left) changes."""
    for seed in range(10):
        rng = random.Random(seed)
        live = Session(rules_for(game), bundled_pack(game), setup_of(game, rng), seed)
        player = Playout(live, rng)
        words = [live.rules.state_json(live.state)]
        while len(live.entries) < 200 and player.step():
            words.append(live.rules.state_json(live.state))
        if len(live.entries) >= 200:
            break
    assert len(live.entries) >= 200, "no game lasted long enough"
    session, _ = games.restore(records.parse(records.record_of(live).dumps()), pack=live.pack)
    held = [(live.state, words[-1])]
    for n in (199, 192, 130, 100, 80, 64, 63, 10):
        while len(session.entries) > n:
            held.append((session.state, session.rules.state_json(session.state)))
            session.undo()
            assert session.state is not held[-1][0]
        assert session.rules.state_json(session.state) == words[n]
    while session.can_redo:
        held.append((session.state, session.rules.state_json(session.state)))
        session.redo()
    assert session.rules.state_json(session.state) == words[-1]
    for state, was in held:
        assert session.rules.state_json(state) == was
