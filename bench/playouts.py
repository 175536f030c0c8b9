"""Long games for the benchmarks, one builder per game, each a seeded random table playing legal
inputs through ``Session.submit`` (and the app's dice and decks) until the game has ``n`` inputs
or is over.

- couriers: bench/replay.py's random desk (a game that never ends by itself);
- postman: bench/postman_replay.py's random table on the 40-town map (a new seed if a leader falls);
- thurn_and_taxis: the tests' one random playout (tests/playout.py), four players;
- ab_die_post: the same playout, six players racing to the schema's highest target score, 200.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # the random playout lives with the tests
    sys.path.insert(0, str(ROOT))

from companion.core.session import Session  # noqa: E402
from companion.games import bundled_pack  # noqa: E402


def couriers(n: int, seed: int) -> Session:
    import replay  # bench/replay.py

    return replay.build_game(n, seed)


def postman(n: int, seed: int) -> Session:
    import postman_replay  # bench/postman_replay.py

    return postman_replay.play(n, seed)


def _shared_playout(game: str, setup: dict, n: int, seed: int) -> Session:
    """The tests' one random playout (tests/playout.py) until ``n`` inputs or the end."""
    from companion.games import rules_for
    from tests.playout import Playout

    s = Session(rules_for(game), bundled_pack(game), setup, seed)
    player = Playout(s, random.Random(seed))
    while len(s.entries) < n and player.step():
        pass
    return s


def thurn_and_taxis(n: int, seed: int) -> Session:
    return _shared_playout("thurn_and_taxis", {"players": ["Anna", "Ben", "Cleo", "Dora"]}, n, seed)


def ab_die_post(n: int, seed: int) -> Session:
    setup = {"players": ["Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz"], "settings": {"target_score": 200}}
    return _shared_playout("ab_die_post", setup, n, seed)


BUILDERS = {"couriers": couriers, "postman": postman, "thurn_and_taxis": thurn_and_taxis,
            "ab_die_post": ab_die_post}
