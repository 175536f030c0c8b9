"""One random playout for all four games, built on the session's own answers.

A player picks among ``legal_inputs()`` (the decisions no rule forbids), answers an owed roll or
draw with the app's dice and deck or with the table's (random values, random cards from what is
left), gives now and then the inputs whose words are the table's own (a game's ``open_kinds``:
the Courier Desk's commanders and messages), and undoes and redoes at random. After every input
the game's invariants hold; at the end the record replays to the live state, and a game that
is not over always has something to do. Nothing here knows a game's rules: a new game needs
only its setup, its invariants and its open inputs below.

Hypothesis plays a few short games of each in the suite; ``-m slow`` plays thousands:

    ./dev.sh test -m slow tests/core/test_random_playout.py
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core import records
from companion.core.inputs import Input
from companion.core.packs import bundled_pack
from companion.core.session import Session
from companion.couriers.state import FINISHED
from companion.games import rules_for
from companion.postman.setup import unique_decks

POSTMAN_BOARD = {
    "map": {"name": "Seven towns", "post_town": "post", "base_camp": "camp"},
    "town": [
        {"id": "post", "name": "Post Town", "size": "medium"},
        {"id": "side", "name": "Sideways", "size": "large"},
        {"id": "mid1", "name": "Firwood", "size": "small", "terrain": ["forest"]},
        {"id": "edge", "name": "Coastline", "size": "small", "edge": True},
        {"id": "mid2", "name": "Riverford", "size": "medium", "terrain": ["water"]},
        {"id": "hill", "name": "Hilltop", "size": "small", "terrain": ["mountains"]},
        {"id": "camp", "name": "Base Camp", "size": "medium"},
    ],
    "road": [{"from": a, "to": b} for a, b in (
        ("post", "mid1"), ("post", "side"), ("side", "mid1"), ("mid1", "edge"), ("mid1", "mid2"),
        ("mid2", "camp"), ("mid2", "hill"), ("hill", "camp"))],
}


# -- each game's setups and invariants ---------------------------------------------------------------
def setup_of(game: str, rng: random.Random) -> dict:
    if game == "postman":
        return {"board": POSTMAN_BOARD, "variants": {"deck": rng.choice(["shared", "split"]),
                                                     "ambush": rng.choice(["all", "own"])}}
    if game in ("thurn_and_taxis", "ab_die_post"):
        return {"players": ["Anna", "Ben", "Cara", "Dora"][:rng.randint(2, 4)]}
    return {}


def postman_invariants(s) -> None:
    decks = unique_decks(s)
    everywhere = [c for d in decks for c in d.cards_left() + d.discard + [x for h in d.hands.values() for x in h]]
    assert len(everywhere) == len(set(everywhere)) == 52, "a card is lost or in two places"
    caps = s.catalog.tables["towns"]
    for uid, u in s.pos.units.items():
        assert u.id == uid and u.town in s.board.towns
    for town, n in s.pos.militia.items():
        assert 0 <= n <= caps[s.board.towns[town].size]["militia_cap"], (town, n)


def taxis_invariants(s) -> None:
    assert s.cards_in_play() == 66 and len(s.display) == 6
    for p in s.players:
        assert len(p.houses) <= s.board.game["houses_per_player"] and len(set(p.houses)) == len(p.houses)


def post_invariants(s) -> None:
    assert s.deck.total_cards() == sum(s.settings.card_counts.values())
    assert all(h.count(3) < s.settings.three_limit for h in s.deck.hands.values())
    assert all(v >= 0 for v in s.scores.values())
    assert all(not pl.in_air or pl.lane is not None for pl in s.planes.values())


def courier_invariants(s) -> None:
    for c in s.couriers.values():
        assert c.side == s.commanders[c.sender].side
        assert c.status in ("in transit", "searching", "located", *FINISHED)
    assert s.pending is None or s.pending.courier in s.couriers


INVARIANTS: dict[str, Callable] = {"postman": postman_invariants, "thurn_and_taxis": taxis_invariants,
                                   "ab_die_post": post_invariants, "couriers": courier_invariants}


def open_inputs(session: Session, rng: random.Random) -> list[Input]:
    """Inputs in the table's own words, for the games that have any (``Rules.open_kinds``)."""
    s = session.state
    if session.rules.game_id != "couriers":
        return []
    if s.phase == "setup" and len(s.commanders) < 4:
        side = s.sides[len(s.commanders) % 2]
        rank = ("army", "corps", "division", "brigade")[len(s.commanders) // 2 % 4]
        return [Input("add_commander", {"name": f"Commander {len(s.commanders) + 1}", "side": side,
                                        "rank": rank})]
    out = []
    for side in s.sides:
        mine = [c for c in s.commanders.values() if c.side == side]
        if len(mine) >= 2:
            a, b = rng.sample(mine, 2)
            out.append(Input("send_courier", {"sender": a.id, "recipient": b.id, "message": "Advance"}))
        if mine and s.phase == "setup":
            out.append(Input("declare_hq", {"commander": mine[0].id, "place": "the farm"}))
    return out


# -- the player ------------------------------------------------------------------------------------
def one_input(session: Session, rng: random.Random) -> bool:
    """Give one input the rules accept; False when the game is over (or has nothing to do)."""
    if session.result() is not None:
        return False
    request = session.pending_roll()
    if request is not None:
        if rng.random() < 0.3:
            inp = Input("roll", {"values": [rng.randint(1, request.dice.sides)
                                            for _ in range(request.dice.count)]}, "table")
        else:
            inp = session.app_roll()
        out = session.submit(inp)
        assert out.accepted, (inp, out.violations)
        return True
    draw = session.pending_draw()
    required_draw = draw is not None and any(st.draw is draw and st.required for st in session.next_steps())
    legal = session.legal_inputs()
    words = [i for i in open_inputs(session, rng) if not session.why_not(i)]
    if draw is not None and draw.choices and (required_draw or not legal or rng.random() < 0.3):
        inp = Input("draw", {"card": rng.choice(draw.choices)}, "table") if rng.random() < 0.3 \
            else session.app_draw()
        out = session.submit(inp)
        assert out.accepted, (inp, out.violations)
        return True
    choices = legal + words
    assert choices, f"stuck: nothing legal to do at {session.next_steps()[:1]}"
    # mostly what the game itself suggests next (its steps), so games get somewhere
    suggested = {st.kind for st in session.next_steps()}
    hinted = [i for i in legal if i.kind in suggested and i.kind not in ("end_turn", "end_phase")]
    if words and rng.random() < 0.3:
        inp = rng.choice(words)
    elif hinted and rng.random() < 0.7:
        inp = rng.choice(hinted)
    else:
        inp = rng.choice(choices)
    out = session.submit(inp)
    assert out.accepted and not out.violations, (inp, out.violations)
    return True


def play(game: str, seed: int, max_inputs: int) -> Session:
    rng = random.Random(seed)
    rules = rules_for(game)
    session = Session(rules, bundled_pack(game), setup_of(game, rng), seed)
    check = INVARIANTS[game]
    check(session.state)
    for _ in range(max_inputs):
        if session.can_undo and rng.random() < 0.04:
            if rng.random() < 0.5 or not session.can_redo:
                before = rules.state_json(session.state)
                session.undo()
                if rng.random() < 0.7:
                    session.redo()
                    assert rules.state_json(session.state) == before, "redo lost the undone input"
            else:
                session.redo()
            check(session.state)
            continue
        if not one_input(session, rng):
            break
        check(session.state)
    # replay equals live: the record, written and read back, rebuilds this very state
    rec = records.parse(records.record_of(session).dumps())
    again, verdicts = records.restore(rec, pack=bundled_pack(game))
    assert all(v.verdict == "ok" for v in verdicts), [v.line() for v in verdicts if v.verdict != "ok"]
    assert rules.state_json(again.state) == rules.state_json(session.state)
    return session


GAMES = ("postman", "thurn_and_taxis", "ab_die_post", "couriers")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**31))
def test_random_games_of_every_game_keep_their_invariants(game, seed):
    play(game, seed, max_inputs=120)


def test_random_games_reach_the_end_of_each_game():
    """Long enough games end: a fallen leader, the last round, the target score, end_game."""
    ended = {game: sum(play(game, seed, 1500).result() is not None for seed in range(3)) for game in GAMES}
    assert all(n >= 1 for n in ended.values()), ended


@pytest.mark.slow
@pytest.mark.timeout(7200)
@pytest.mark.parametrize("game", GAMES)
def test_thousands_of_random_games(game):
    for seed in range(1000):
        play(game, seed, max_inputs=400)
