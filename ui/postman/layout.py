"""Where to draw each town: the map file's x and y, spread so that no two towns sit on top of
each other (the default board's Willamette towns are a few hundredths of a degree apart).

Pure Python and deterministic, so a board always looks the same. It decides nothing about the
game: the roads and distances come from the board, only the drawing moves.
"""

from __future__ import annotations

import math
import random
from collections import OrderedDict

#: the drawn map's height; widths follow the file's shape
HEIGHT = 1000.0
#: a degree of longitude is about 0.73 of a degree of latitude in Oregon (docs/maps.md)
X_SCALE = 0.73


def positions(board, min_gap: float | None = None, rounds: int = 200,
              aspect: float = 1.0, blend: float = 0.5) -> dict[str, tuple[float, float]]:
    """Town id -> (x, y) in drawing units, ``HEIGHT`` tall, towns at least ``min_gap`` apart.

    A board narrower than ``aspect`` (width / height) is widened to it: a tall map drawn on a
    wide screen keeps its towns' order but gets the room the screen has. ``blend`` is how far
    each town moves towards an evenly spaced grid of ranks (_even_out)."""
    ids = list(board.towns)
    raw = {tid: (t.x, t.y) for tid, t in board.towns.items() if t.x is not None and t.y is not None}
    if len(raw) < len(ids):
        raw = _circle(ids) | raw
    raw = _even_out(raw, blend)
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


# -- where the names and stack counters go ----------------------------------------------------
Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 in screen pixels
#: what covering a ``soft`` mark costs against the same area of a town or another piece
SOFT = 0.1


def _overlap(a: Rect, b: Rect) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _meets(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _envelope(rects) -> Rect:
    return (min(r[0] for r in rects), min(r[1] for r in rects), max(r[2] for r in rects), max(r[3] for r in rects))


def place(pieces: dict, fixed: list[Rect], inside: Rect | None = None, start: dict | None = None,
          rounds: int = 8, soft: list[Rect] = (), movable=None, dearer: dict | None = None,
          boxes: dict | None = None) -> dict:
    """Choose one place for each piece (a town's name, a town's stack counters) so that pieces
    cover no fixed mark (a town, its terrain and Militia marks) and no other piece.

    ``pieces`` maps a key to its candidate places, best first; a place is a list of rectangles.
    ``soft`` marks (a town's terrain and Militia marks) may be covered where nothing else fits.
    Returns key -> index of the chosen place. A place reaching out of ``inside`` (the visible
    map) costs the part that is out. Without ``start`` it is greedy, the most crowded pieces
    first; with ``start`` (the places chosen last time) a piece keeps its place unless something
    now covers it, so names do not hop about when a stack moves elsewhere. Then a few rounds in
    which each covered piece moves, alone or together with the neighbour in its way, to where
    the least is covered.

    ``movable`` (with ``start``): only these pieces and the pieces next to them may move; the
    rest keep their places from ``start``. For a change that touched a few towns: the rest of
    the map was settled last time, and settling it again would search as long for nothing.

    ``dearer`` maps a key to what each of its places costs beyond what it covers (a name set
    out in the open with a leader line: taken only where a place beside the town covers more);
    it counts as soft, never as covered. ``boxes``: each piece's box round all its places, where
    the caller keeps them."""
    placer = _Placer(pieces, fixed, inside, list(soft), dearer or {}, boxes)
    if movable is not None and start:
        placer.only(movable)
    return placer.run(start or {}, rounds)


class Kept:
    """The places chosen for the questions asked lately: an undo or a redo takes the map back to
    a question it has answered (the same towns, badges, zoom and view), and gets that answer
    again, looked up rather than searched for, so the map looks as it did then. An answer is the
    one a fresh ``place`` gave when the question was first asked. The oldest goes when more
    than ``size`` are kept.

    ``key`` is the caller's: it must name everything the pieces, marks, extra costs and boxes
    are made of (the map view: each town's question and its scales, and the zoom)."""

    def __init__(self, size: int = 64):
        self.size = size
        self._kept: OrderedDict = OrderedDict()
        #: answers looked up, and answers worked out (tests count them)
        self.hits = self.misses = 0

    def place(self, key, pieces: dict, fixed: list[Rect], inside: Rect | None = None, **rest) -> dict:
        """The answer to this question kept from before, or ``place``'s (``rest``: its other
        arguments, which ``key`` and ``inside`` need not name: the places it starts from, and
        what ``key`` stands for)."""
        found = self._kept.get((key, inside))
        if found is not None:
            self._kept.move_to_end((key, inside))
            self.hits += 1
            return dict(found)
        self.misses += 1
        out = place(pieces, fixed, inside=inside, **rest)
        if self.size > 0:
            self._kept[key, inside] = dict(out)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return out


class _Grid:
    """Rectangles filed by the squares of a coarse grid they reach, so that what may meet a box is
    looked for among the few filed near it, not among all of them (a 40-town map has a hundred
    marks and eighty pieces)."""

    CELL = 96.0

    def __init__(self, items):
        self.cells: dict[tuple[int, int], list] = {}
        for n, (value, r) in enumerate(items):
            for cell in self._cells(r):
                self.cells.setdefault(cell, []).append((n, value, r))

    def _cells(self, r: Rect):
        c = self.CELL
        for x in range(int(r[0] // c), int(r[2] // c) + 1):
            for y in range(int(r[1] // c), int(r[3] // c) + 1):
                yield x, y

    def meeting(self, box: Rect) -> list:
        """What meets ``box``, in the order it was filed (so answers never depend on the grid)."""
        found = {}
        for cell in self._cells(box):
            for n, value, r in self.cells.get(cell, ()):
                if n not in found and _meets(box, r):
                    found[n] = value
        return [found[n] for n in sorted(found)]


class _Near(dict):
    """Each piece's neighbours (the pieces whose places may meet its own), found when first asked:
    a change that moves a few pieces asks about those and the pieces next to them only."""

    def __init__(self, keys: list, env: dict):
        super().__init__()
        self.keys, self.env = keys, env
        self.grid: _Grid | None = None

    def __missing__(self, k) -> list:
        if self.grid is None:
            self.grid = _Grid((o, self.env[o]) for o in self.keys)
        self[k] = found = [o for o in self.grid.meeting(self.env[k]) if o != k]
        return found


class _Placer:
    def __init__(self, pieces: dict, fixed: list[Rect], inside: Rect | None, soft: list[Rect],
                 dearer: dict | None = None, boxes: dict | None = None):
        self.keys = sorted(pieces, key=str)
        self.dearer = dearer or {}
        self.cand = pieces
        self.env = env = boxes if boxes is not None else {
            k: _envelope([r for place_ in pieces[k] for r in place_]) for k in self.keys}
        self.near = _Near(self.keys, env)
        self.fixed = fixed
        self.soft = soft
        self._fixed_grid: _Grid | None = None
        self._soft_grid: _Grid | None = None
        self._soft_marks: dict = {}
        self._soft_cost: dict = {}
        self.inside = inside
        self._marks: dict = {}
        self._fixed_cost: dict = {}
        self.chosen: dict = {}
        #: cost evaluations allowed: a board too crowded for its view settles for what it has
        #: reached then, so a zoom never waits on the search (counted, not timed: the same
        #: question always gets the same answer)
        self.spent, self.budget = 0, 6_000
        #: the pieces that may move (all of them unless ``only`` says otherwise)
        self.moving = list(self.keys)
        self._may_move = set(self.keys)

    def only(self, keys) -> None:
        """Let only ``keys`` and their neighbours move."""
        near = {k for k in keys if k in self.cand}
        near |= {o for k in near for o in self.near[k]}
        self.moving = [k for k in self.keys if k in near]
        self._may_move = near

    @property
    def out_of_budget(self) -> bool:
        return self.spent >= self.budget

    def fixed_cost(self, k, i) -> float:
        """What place ``i`` of ``k`` covers of the fixed marks and of the edge of the map."""
        if (k, i) not in self._fixed_cost:
            if k not in self._marks:
                if self._fixed_grid is None:
                    self._fixed_grid = _Grid((f, f) for f in self.fixed)
                    self._soft_grid = _Grid((f, f) for f in self.soft)
                self._marks[k] = self._fixed_grid.meeting(self.env[k])
                self._soft_marks[k] = self._soft_grid.meeting(self.env[k])
            total = 0.01 * i  # the preferred place wins a tie
            extra = self.dearer.get(k)
            if extra:
                self._soft_cost[k, i] = extra[i]
                total += extra[i]
            for r in self.cand[k][i]:
                total += sum(_overlap(r, f) for f in self._marks[k])
                soft = SOFT * sum(_overlap(r, f) for f in self._soft_marks[k])
                if self.inside is not None:  # cut off by the edge of the view: soft, as it may not help
                    soft += (r[2] - r[0]) * (r[3] - r[1]) - _overlap(r, self.inside)
                self._soft_cost[k, i] = self._soft_cost.get((k, i), 0.0) + soft
                total += soft
            self._fixed_cost[k, i] = total
        return self._fixed_cost[k, i]

    def _between(self, k, i, o, j) -> float:
        return sum(_overlap(a, b) for a in self.cand[k][i] for b in self.cand[o][j] if _meets(a, b))

    def cost(self, k, i, without=None) -> float:
        self.spent += 1
        total = self.fixed_cost(k, i)
        for o in self.near[k]:
            if o != without and o in self.chosen:
                total += self._between(k, i, o, self.chosen[o])
        return total

    def best(self, k) -> int:
        return min(range(len(self.cand[k])), key=lambda i: self.cost(k, i))

    def run(self, start: dict, rounds: int) -> dict:
        kept = {k: i for k, i in start.items() if k in self.cand and i < len(self.cand[k])}
        stuck = [k for k in self.keys if k not in self._may_move and k not in kept]
        if stuck:  # a piece that may not move has no place yet: everything may move
            self.moving, self._may_move = list(self.keys), set(self.keys)
        if kept:  # one order, from the places kept: settle what is covered, nothing to compare
            self.chosen = dict(kept)
            for k in sorted((k for k in self.keys if k not in kept), key=lambda k: (-len(self.near[k]), str(k))):
                self.chosen[k] = self.best(k)
            self._settle(rounds)
            return self.chosen
        best, best_cost = None, None
        for order in self._orders():
            if best is not None and self.out_of_budget:
                break
            self.chosen = dict(kept)
            for k in order:
                if k not in self.chosen:
                    self.chosen[k] = self.best(k)
            self._settle(rounds)
            total = self.covered()
            if best_cost is None or total < best_cost:
                best, best_cost = dict(self.chosen), total
            if total[0] == 0:
                return best
        self.chosen = best
        self._anneal()
        return self.chosen

    def _orders(self):
        """The orders in which pieces first choose: the most crowded first, then (when that
        leaves something covered) from each side of the map in turn."""
        yield sorted(self.keys, key=lambda k: (-len(self.near[k]), str(k)))
        yield sorted(self.keys, key=lambda k: (self.env[k][0], str(k)))
        yield sorted(self.keys, key=lambda k: (self.env[k][1], str(k)))
        yield sorted(self.keys, key=lambda k: (-self.env[k][2], str(k)))
        yield sorted(self.keys, key=lambda k: (-self.env[k][3], str(k)))

    def _anneal(self, steps: int = 1500) -> None:
        """A short, seeded simulated annealing over the pieces round what is still covered:
        it climbs out of the dead ends a greedy pass leaves in a crowded valley."""
        rng = random.Random(0)
        chosen = self.chosen
        region = sorted({o for k, i in chosen.items() if self.hard(k, i) >= 1.0 for o in [k, *self.near[k]]},
                        key=str)
        best, best_count = dict(chosen), self.covered()
        temperature = 60.0
        for step in range(steps):
            if self.out_of_budget:
                break
            k = region[rng.randrange(len(region))]
            i = rng.randrange(len(self.cand[k]))
            if i == chosen[k]:
                continue
            delta = self.cost(k, i) - self.cost(k, chosen[k])
            if delta < 0 or rng.random() < math.exp(-delta / temperature):
                chosen[k] = i
            if step % 100 == 99:  # (counting all that is covered is the dear part: now and then)
                now = self.covered()
                if now < best_count:
                    best, best_count = dict(chosen), now
                    if now[0] == 0:
                        break
            temperature = max(0.5, temperature * 0.998)
        self.chosen = best
        self._settle(4)

    def hard(self, k, i) -> float:
        """What place ``i`` of ``k`` covers of towns and other pieces."""
        return self.cost(k, i) - 0.01 * i - self._soft_cost[k, i]

    def covered(self) -> tuple[int, float]:
        """How many pieces cover something that must stay clear, and how much in all."""
        costs = [self.hard(k, i) for k, i in self.chosen.items()]
        return sum(1 for c in costs if c >= 1.0), sum(c for c in costs if c >= 1.0)

    def _settle(self, rounds: int) -> None:
        chosen = self.chosen
        for _ in range(rounds):
            moved = False
            for k in self.moving:
                if self.out_of_budget:
                    return
                here = self.cost(k, chosen[k])
                if here < 1.0:  # (what stays is the tie-break, never an overlap)
                    continue
                best = self.best(k)
                if self.cost(k, best) < here - 1e-9:
                    chosen[k], moved = best, True
                elif self.hard(k, chosen[k]) >= 1.0:
                    moved |= self._move_pair(k)
            if not moved:
                break

    def _move_pair(self, k) -> bool:
        """Move ``k`` and one neighbour together, if that covers less (the neighbour may be in
        the way of a place where ``k`` would cover nothing)."""
        chosen = self.chosen
        for o in self.near[k]:
            if o not in self._may_move:
                continue
            if self.out_of_budget:
                return False
            rest_k = [self.cost(k, i, without=o) for i in range(len(self.cand[k]))]
            rest_o = [self.cost(o, j, without=k) for j in range(len(self.cand[o]))]
            now = rest_k[chosen[k]] + rest_o[chosen[o]] + 2 * self._between(k, chosen[k], o, chosen[o])
            best, best_cost = None, now - 1e-9
            for i, ck in enumerate(rest_k):
                if ck >= best_cost:
                    continue
                for j, co in enumerate(rest_o):
                    total = ck + co
                    if total < best_cost:
                        total += 2 * self._between(k, i, o, j)
                        if total < best_cost:
                            best, best_cost = (i, j), total
            if best is not None:
                chosen[k], chosen[o] = best
                return True
        return False


def overlaps(rects: list[Rect]) -> list[tuple[int, int]]:
    """Pairs of rectangles in ``rects`` that cover each other (for checks and tests)."""
    return [(i, j) for i, a in enumerate(rects) for j in range(i + 1, len(rects)) if _overlap(a, rects[j])]
