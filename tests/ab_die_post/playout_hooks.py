"""How the one random playout (tests/playout.py) sets up and checks Ab die Post!."""

from __future__ import annotations

import random


def setup(rng: random.Random) -> dict:
    """Two to six players, either drawing mode; half the games on the board file (exact spaces,
    its tie and straight-flight settings)."""
    out: dict = {"players": ["Anna", "Ben", "Cara", "Dora", "Emil", "Fritz"][:rng.randint(2, 6)],
                 "settings": {"draw_mode": rng.choice(["multi", "single"])}}
    if rng.random() < 0.5:
        out["board"] = "illustrative"
        out["settings"] |= {"tied_planes": rng.choice(["share", "further"]),
                            "straight_flight": rng.choice(["every_move", "from_start"])}
    return out


def invariants(s) -> None:
    """Every card somewhere; no hand at the red-3 limit; no score below zero; a plane in the air
    is in a lane."""
    deck = s.deck
    assert deck.total_cards() == sum(s.settings.card_counts.values())
    assert all(n > 0 for n in deck.draw_pile.values())
    assert all(h.count(3) < s.settings.three_limit for h in deck.hands.values())
    assert deck.left > 0 or not deck.discard  # an empty deck is made again at once
    assert all(v >= 0 for v in s.scores.values())
    assert all(not pl.in_air or pl.lane is not None for pl in s.planes.values())
    assert all(0 <= pl.flanks <= 2 for pl in s.planes.values())
    if s.board is not None:  # one plane per space, on its lane and zone
        spaces = [pl.space for pl in s.planes.values() if pl.in_air and not pl.at_goal]
        assert None not in spaces and len(set(spaces)) == len(spaces)
        for pl in s.planes.values():
            if pl.in_air and not pl.at_goal:
                assert (pl.lane, pl.zone) == (s.board.lane_of(pl.space), s.board.zone(pl.space, s.outward))
        assert s.passenger is None or s.planes[s.passenger].flanks == 2


def ended(s) -> None:
    """The target score is reached (ab_die_post.game.end); places run 1, 2, ... (ties share)."""
    assert s.phase == "over" and s.winners and max(s.scores.values()) >= s.settings.target_score
    for r in s.results:
        assert sorted(r.places.values())[:1] in ([], [1])


def raw_ids(s) -> dict[str, str]:
    """The board's space ids ("m3") with the words a person reads for them: a line counts the
    space along its lane ("the middle lane's 3rd space (zone 1)"), never its code."""
    if s.board is None:
        return {}
    from companion.ab_die_post.words import space_words

    return {sp: space_words(s.drawn_board, sp, s.outward) for sp in s.drawn_board.spaces()}
