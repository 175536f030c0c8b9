"""Long games for the benchmarks, one builder per game, each a seeded random table playing legal
inputs through ``Session.submit`` (and the app's dice and decks) until the game has ``n`` inputs
or is over.

- couriers: bench/replay.py's random desk (a game that never ends by itself);
- postman: bench/postman_replay.py's random table on the 40-town map (a new seed if a leader falls);
- thurn_and_taxis: the random player of the rules tests, four players (a whole game is ~850);
- ab_die_post: six players racing to the schema's highest target score, 200 (~5,000 inputs).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # the T&T player lives with its rules tests
    sys.path.insert(0, str(ROOT))

from companion.core.inputs import Input  # noqa: E402
from companion.core.session import Session  # noqa: E402
from companion.games import bundled_pack  # noqa: E402


def couriers(n: int, seed: int) -> Session:
    import replay  # bench/replay.py

    return replay.build_game(n, seed)


def postman(n: int, seed: int) -> Session:
    import postman_replay  # bench/postman_replay.py

    return postman_replay.play(n, seed)


def thurn_and_taxis(n: int, seed: int) -> Session:
    from companion.thurn_and_taxis.rules import RULES
    from tests.thurn_and_taxis.playout import Player

    s = Session(RULES, bundled_pack("thurn_and_taxis"), {"players": ["Anna", "Ben", "Cleo", "Dora"]}, seed)
    player = Player(s, random.Random(seed), nonsense=0)
    while not s.state.over and len(s.entries) < n:
        player.turn()
    return s


def _ab_die_post_input(rng: random.Random, s: Session) -> Input | None:
    """A legal input for the race, or None to let the app draw the pending card or ball."""
    from companion.ab_die_post import flight

    st = s.state
    who = st.current
    if st.phase == "hurricane":
        return Input("pay", s.next_steps()[0].args)
    if st.phase == "keep":
        p = st.keeping[0]
        return Input("keep_card", {"player": p, "card": rng.choice(st.deck.hands[p])})
    if st.phase == "indicator":
        return None
    if st.phase == "move":
        plane, wind = st.planes[who], flight.distance(st)
        if plane.zone + wind > st.settings.river_zones and rng.random() < 0.7:
            return Input("move", {"goal": True})
        zone = min(st.settings.river_zones, plane.zone + rng.randint(0 if plane.in_air else 1, wind))
        flanks = min(2, plane.flanks + rng.randint(0, 1)) if zone > st.settings.first_half_zones else plane.flanks
        return Input("move", {"lane": rng.choice(("inner", "middle", "outer")), "zone": zone, "flanks": flanks})
    if st.phase == "turn" and st.points_in_hand(who) >= 4 and rng.random() < 0.65:
        return Input("fly")
    if st.phase == "drawing" and (rng.random() < 0.4 or st.deck.left == 0):
        return Input("stop_drawing")
    return None


def ab_die_post(n: int, seed: int) -> Session:
    from companion.ab_die_post.rules import RULES

    setup = {"players": ["Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz"], "settings": {"target_score": 200}}
    s = Session(RULES, bundled_pack("ab_die_post"), setup, seed)
    rng = random.Random(seed)
    while s.state.phase != "over" and len(s.entries) < n:
        inp = _ab_die_post_input(rng, s)
        out = s.deal() if inp is None else s.submit(inp)
        if not out.accepted:
            raise RuntimeError(f"the Ab die Post! table played an input that was kept out: {inp}")
    return s


BUILDERS = {"couriers": couriers, "postman": postman, "thurn_and_taxis": thurn_and_taxis,
            "ab_die_post": ab_die_post}
