"""Final scoring (thurn_and_taxis.score) and the tie rule (thurn_and_taxis.score.tie).

The running score is the same sum at any moment, so the score board can show it all game.
"""

from __future__ import annotations


def carriage_points(s, p) -> int:
    return s.board.carriages[p.carriage][0] if p.carriage in s.board.carriages else 0


def score(s, p) -> int:
    """Highest carriage + all bonus tiles - houses not placed."""
    return carriage_points(s, p) + sum(v for _sid, v in p.tiles) - s.houses_left(p)


def game_end_holder(s) -> int | None:
    (end,) = s.board.stacks_of("game_end")
    for seat, p in enumerate(s.players):
        if any(sid == end.id for sid, _v in p.tiles):
            return seat
    return None


def ranking(s) -> list[int]:
    """Seats, best first. Among equal scores the game-end tile wins, then the nearest seat after
    its holder in turn order (clockwise)."""
    n = len(s.players)
    holder = game_end_holder(s)

    def after_holder(seat: int) -> int:
        return 0 if holder is None else (seat - holder) % n

    return sorted(range(n), key=lambda seat: (-score(s, s.players[seat]), after_holder(seat), seat))


def winner(s) -> int | None:
    """The winning seat once the game is over; None before, or for a tie nobody can break."""
    if not s.over:
        return None
    order = ranking(s)
    best = score(s, s.players[order[0]])
    tied = [seat for seat in order if score(s, s.players[seat]) == best]
    if len(tied) > 1 and game_end_holder(s) is None:
        return None
    return order[0]


def scores(s) -> list[dict]:
    return [{"name": p.name, "carriage": p.carriage, "carriage_points": carriage_points(s, p),
             "tiles": sum(v for _sid, v in p.tiles), "houses_left": s.houses_left(p),
             "score": score(s, p)} for p in s.players]
