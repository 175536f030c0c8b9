"""Playing a game on to its owed rolls, for the tests that hold what a screen shows against what
the rules then judge (tests/ui/test_numbers_match_rules.py, tests/ui/test_tray_chart_matches_rules.py).

    from owed_rolls import dice_summing_to, positions, courier_evening   # tests/ is on the path

``positions`` walks a random game (the one random player, ``playout.Playout``) and stops at each
position before its next input; ``courier_evening`` is a Courier Desk evening of couriers sent,
ridden and looked for at random, which calls the test at each owed roll (and before each ride).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from playout import Playout

from companion.core.inputs import Input
from companion.core.session import Session


def dice_summing_to(total: int, count: int, sides: int = 6) -> list[int]:
    """``count`` dice of ``sides`` faces that sum to ``total`` (the highest first)."""
    out = [1] * count
    rest = total - count
    for i in range(count):
        add = min(sides - 1, rest)
        out[i] += add
        rest -= add
    assert rest == 0 and sum(out) == total, (total, count, sides)
    return out


def positions(session: Session, rng: random.Random, steps: int) -> Iterator[Session]:
    """Each position of a random game, before its next input, until it is over or ``steps``
    inputs were given; the caller may try inputs at each one, as long as it undoes them."""
    player = Playout(session, rng)
    for _ in range(steps):
        if session.result() is not None:
            return
        yield session
        if not player.step():
            return


#: how near the enemy a ride may be, in the table's inches (none given: no enemy near)
NEAR = (None, 1.5, 3.0, 10.0, 30.0)


def courier_evening(session: Session, rng: random.Random, steps: int, senders: list[str],
                    owed: Callable[[Session], None], *, idle: Callable[[Session], None] | None = None,
                    ride: Callable[..., Callable[[], None] | None] | None = None) -> None:
    """Couriers sent between ``senders``, ridden and looked for, turns ended, at random, for
    ``steps`` steps. At each owed roll ``owed(session)`` is called, then the app rolls it (unless
    ``owed`` made it); ``idle(session)`` at each step with nothing owed; ``ride(state, courier,
    speed, near)`` before each ride, whose answer (if any) is called once the ride is accepted."""
    from companion.couriers import riders

    for _ in range(steps):
        state = session.state
        if session.pending_roll() is not None:
            owed(session)
            if session.pending_roll() is not None:
                session.roll()
            continue
        if idle is not None:
            idle(session)
        live = [c for c in state.couriers.values() if not c.finished]
        choice = rng.random()
        if not live or choice < 0.15:
            a, b = rng.sample(senders, 2)
            session.submit(Input("send_courier", {"sender": a, "recipient": b, "message": "Hold"}))
        elif choice < 0.25:
            session.submit(Input("end_turn"))
            session.submit(Input("begin_courier_step"))
        else:
            c = rng.choice(live)
            if riders.needs_location(state, c):
                session.submit(Input("attempt_location", {"courier": c.id}))
                continue
            speed = rng.choice(["officer", "double"])
            near = rng.choice(NEAR)
            then = ride(state, c, speed, near) if ride is not None else None
            args = {"courier": c.id, "speed": speed, "arrives": rng.random() < 0.4}
            if near is not None:
                args["nearest_enemy"] = near
            if session.submit(Input("move_courier", args)).accepted and then is not None:
                then()
