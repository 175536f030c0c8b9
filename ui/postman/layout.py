"""Where to draw each town: the map file's x and y, spread so that no two towns sit on top of
each other (the default board's Willamette towns are a few hundredths of a degree apart).

Pure Python and deterministic, so a board always looks the same. It decides nothing about the
game: the roads and distances come from the board, only the drawing moves.
"""

from __future__ import annotations

import math

#: the drawn map's height; widths follow the file's shape
HEIGHT = 1000.0
#: a degree of longitude is about 0.73 of a degree of latitude in Oregon (docs/maps.md)
X_SCALE = 0.73


def positions(board, min_gap: float | None = None, rounds: int = 200,
              aspect: float = 1.0) -> dict[str, tuple[float, float]]:
    """Town id -> (x, y) in drawing units, ``HEIGHT`` tall, towns at least ``min_gap`` apart.

    A board narrower than ``aspect`` (width / height) is widened to it: a tall map drawn on a
    wide screen keeps its towns' order but gets the room the screen has."""
    ids = list(board.towns)
    raw = {tid: (t.x, t.y) for tid, t in board.towns.items() if t.x is not None and t.y is not None}
    if len(raw) < len(ids):
        raw = _circle(ids) | raw
    raw = _even_out(raw)
    xs = [p[0] * X_SCALE for p in raw.values()]
    ys = [p[1] for p in raw.values()]
    span = max(max(ys) - min(ys), (max(xs) - min(xs)) * 0.6, 1e-9)
    k = HEIGHT / span
    widen = max(1.0, aspect * HEIGHT / max((max(xs) - min(xs)) * k, 1e-9))
    home = {tid: ((x * X_SCALE - min(xs)) * k * widen, (y - min(ys)) * k) for tid, (x, y) in raw.items()}
    gap = min_gap if min_gap is not None else HEIGHT / max(5.0, math.sqrt(len(ids)) * 1.3)
    return spread(home, gap, rounds)


def spread(home: dict[str, tuple[float, float]], gap: float, rounds: int = 160) -> dict[str, tuple[float, float]]:
    """Push apart towns closer than ``gap`` while a weak pull keeps each near its home."""
    pos = {k: list(v) for k, v in home.items()}
    ids = sorted(pos)
    for n in range(rounds):
        moved = False
        for i, a in enumerate(ids):
            pa = pos[a]
            for b in ids[i + 1:]:
                pb = pos[b]
                dx, dy = pb[0] - pa[0], pb[1] - pa[1]
                d = math.hypot(dx, dy)
                if d >= gap:
                    continue
                if d < 1e-6:  # the same spot: part them along a fixed direction
                    angle = (i * 2.399963) % (2 * math.pi)
                    dx, dy, d = math.cos(angle), math.sin(angle), 1.0
                push = (gap - d) / 2 / d
                pa[0] -= dx * push
                pa[1] -= dy * push
                pb[0] += dx * push
                pb[1] += dy * push
                moved = True
        pull = 0.02 if n < rounds - 20 else 0.0
        for k, p in pos.items():
            p[0] += (home[k][0] - p[0]) * pull
            p[1] += (home[k][1] - p[1]) * pull
        if not moved and n > 10:
            break
    return {k: (round(v[0], 1), round(v[1], 1)) for k, v in pos.items()}


def _even_out(raw: dict[str, tuple[float, float]], blend: float = 0.5) -> dict[str, tuple[float, float]]:
    """Blend each coordinate with its rank, so a crowded valley gets more room and an empty
    corner less, while every town keeps its order east to west and north to south."""
    out = {k: list(v) for k, v in raw.items()}
    n = len(raw)
    if n < 3:
        return raw
    for axis in (0, 1):
        values = [v[axis] for v in raw.values()]
        lo, hi = min(values), max(values)
        if hi - lo < 1e-9:
            continue
        order = sorted(raw, key=lambda k: (raw[k][axis], k))
        for rank, k in enumerate(order):
            even = lo + (hi - lo) * rank / (n - 1)
            out[k][axis] = raw[k][axis] * (1 - blend) + even * blend
    return {k: (v[0], v[1]) for k, v in out.items()}


def _circle(ids) -> dict[str, tuple[float, float]]:
    n = max(1, len(ids))
    return {tid: (500 + 400 * math.cos(2 * math.pi * i / n) / X_SCALE, 500 + 400 * math.sin(2 * math.pi * i / n))
            for i, tid in enumerate(ids)}
