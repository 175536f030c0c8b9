"""The Postman's board: towns sized by rating with their terrain marks, roads, the Post Town and
the Base Camp, each side's stack as a counter with its count, and the Militia.

Town markers and their text keep their size on screen while the roads zoom (wheel, + and -) and
pan (drag the empty map), so a crowded valley opens up as you zoom in and labels stay readable.
Clicking a town emits ``town_clicked``; pressing on a town (or its stack counter) and letting go
over another emits ``drag_started`` then ``stack_dropped``, with a line following the pointer.
The screen decides what either means.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QTransform
from PySide6.QtWidgets import QApplication, QGraphicsItem, QGraphicsScene, QGraphicsView

from ..looks import LOOKS
from ..palette import colour
from . import layout
from .layout import positions

RADIUS = {"small": 5.5, "medium": 7.5, "large": 10.0}
TERRAIN_MARKS = (("forest", "\u2663", "terrain.forest"), ("water", "\u2248", "terrain.water"),
                 ("mountains", "\u25b2", "terrain.mountains"))
STAR = "\u2605"
#: where a town's stack counters may sit, in the order they are tried
COUNTER_SPOTS = ("ne", "e", "nw", "w", "n")
#: where a town's name (with its note) may sit, in the order they are tried
LABEL_SPOTS = ("s", "n", "e", "w", "se", "ne", "sw", "nw", "sl", "sr", "nl", "nr", "s2", "n2", "e2", "w2",
               "s3", "n3", "e3", "w3", "se3", "ne3", "sw3", "nw3")
#: the spots out in the open, joined to their town by a leader line (so they may come nearer
#: another town than their own): the last tried
LEADER_SPOTS = frozenset(("s3", "n3", "e3", "w3", "se3", "ne3", "sw3", "nw3"))
#: what a leader line costs the placement (layout.place ``dearer``), as covering 600 square
#: pixels of terrain marks does: a name stays beside its town where it can
LEADER_COST = 60.0
#: how much nearer its own town's circle than any other a name beside it is (pixels)
NEARER_BY = 3.0
#: the map is drawn as wide as a landscape window's map area (width / height), so a tall
#: board spreads its towns over the room the screen has; fitted whole, as wide as the view is,
#: between ASPECTS, in steps of ASPECT_STEP (so a banner coming and going moves no town)
ASPECT = 1.5
ASPECTS = (1.0, 2.5)
ASPECT_STEP = 0.25
#: room kept round the towns when the whole map is fitted, in screen pixels at text size normal:
#: beside an edge town for its name, over and under it for a name and a counter
FIT_MARGIN = (56, 24)
#: room kept between the view's edge and every town's circle, marks, name and badges when the
#: whole map is fitted (screen pixels): edge to edge, a counter or a circle met the edge
FIT_EDGE = 8
#: the smallest scale the whole-map view draws the names at (to fit every one in): as large as
#: at text size normal outside table mode; smaller, a name is left out (its tip names it)
NAMES_AT_LEAST = 1.0
#: the names' scale where NAMES_AT_LEAST with smaller circles still leaves some out: a step
#: smaller, rather than a name missing
NAMES_CROWDED = 0.9
#: the share of the view that the names' blocks take where a 40-town board has room for them
NAMES_COVER = 0.2
#: the town circles shrink to make room between neighbours, never below this scale
MARKS_AT_LEAST = 0.8
#: where names at NAMES_AT_LEAST still leave some out, the circles and badges are drawn this
#: many times the names' scale, in turn, to give them room
MARKS_SMALLER = (0.85,)
#: how long after a change of the window's looks its layout is taken to be settling (MapView.resizeEvent)
SETTLES_MS = 400
MARKS = {m: f"mark.{m}" for m in ("reach", "target", "retreat", "battle", "flag")}  # palette names


@dataclass
class TownLook:
    """What a town marker shows now (set from the state by the screen)."""

    counts: dict[str, int] = field(default_factory=dict)
    leaders: set[str] = field(default_factory=set)
    militia: int = 0
    mark: str | None = None          # a key of MARKS
    note: str = ""                   # a short line under the name (e.g. "sneak 69%")
    selected: bool = False
    battle: bool = False


@dataclass(frozen=True, eq=False)
class Question:
    """One town's part of the placement question, in zoomed map pixels (layout.Rect): the marks
    it puts on the map wherever its name goes (``fixed``: the town and its Militia mark;
    ``soft``: its terrain marks), and the places its name and its counters may take (None: not placed now)."""

    fixed: list
    soft: list
    names: list | None
    counters: list | None
    #: the spots (of LABEL_SPOTS) that ``names`` holds, in order: those nearer this town than any other
    spots: tuple = ()
    #: what each of those spots costs the placement beyond what it covers (layout.place ``dearer``)
    dearer: tuple = ()
    #: the box round every place of the name, and of the counters (None: not placed)
    names_box: tuple | None = None
    counters_box: tuple | None = None


class TownItem(QGraphicsItem):
    def __init__(self, town, role: str, scale: float, marks: float | None = None):
        super().__init__()
        self.town = town
        self.role = role  # "post", "camp" or ""
        #: how much larger than at text size normal the name and note are drawn, and the town's
        #: circle, terrain marks and badges (the map sets both to what its room allows: MapView.fit)
        self.scale_ = scale
        self.mark_ = scale if marks is None else marks
        self.look = TownLook()
        self.counter_at = "ne"
        self.label_at = "s"
        #: False when no spot round the town is clear of every town, counter and other name at
        #: this zoom: the name is not drawn then (the town's tip starts with it)
        self.name_shown = True
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        # drawn once into a pixmap of its own screen size (it keeps that size at every zoom) and
        # drawn again only when its look or its places change: a resize or a pan of the map
        # repaints 40 pixmaps, not 40 markers of text and antialiased shapes
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setAcceptHoverEvents(True)
        self.setZValue(3 + {"large": 0.2, "medium": 0.1}.get(town.size, 0))  # a big town's name on top
        self._question_key: tuple | None = None
        self._question: Question | None = None
        self._bounds_for: tuple | None = None  # what boundingRect was worked out from
        self._bounds = QRectF()
        self._fonts()

    def _fonts(self) -> None:
        base = LOOKS.base_points or QApplication.font().pointSizeF()  # scale_ carries the text size
        self.font = QFont()
        self.font.setPointSizeF(base * 0.85 * self.scale_)
        self.font.setBold(self.town.size == "large")
        self.small = QFont()
        self.small.setPointSizeF(base * 0.75 * self.scale_)
        self.small.setBold(True)
        self.badge_font = QFont(self.small)  # a counter's figures and a terrain mark, sized as the badge
        self.badge_font.setPointSizeF(base * 0.75 * self.mark_)
        self.name_w = QFontMetricsF(self.font).horizontalAdvance(self.town.name)

    def set_scales(self, scale: float, marks: float) -> None:
        """Draw the name at ``scale`` and the marks at ``marks`` (times their size at text size normal)."""
        if (scale, marks) == (self.scale_, self.mark_):
            return
        self.prepareGeometryChange()
        self.scale_, self.mark_ = scale, marks
        self._fonts()
        self._question_key = None
        self.update()

    @property
    def r(self) -> float:
        return RADIUS[self.town.size] * self.mark_

    def set_look(self, look: TownLook) -> bool:
        """Whether ``look`` is another look than the one drawn."""
        if look == self.look:  # unchanged: no repaint (a change touches a town or two)
            return False
        self.prepareGeometryChange()
        self.look = look
        self.update()
        return True

    def boundingRect(self) -> QRectF:
        # Qt asks for it many times a change (the scene's index, its dirty items, the cache):
        # kept while the look, the places and the type it is made of stay the same
        key = self._bounds_for
        if (key is not None and key[0] is self.look
                and key[1:] == (self.label_at, self.counter_at, self.scale_, self.mark_, self.name_w)):
            return self._bounds
        self._bounds = self._bounds_now()
        self._bounds_for = (self.look, self.label_at, self.counter_at, self.scale_, self.mark_, self.name_w)
        return self._bounds

    def _bounds_now(self) -> QRectF:
        m = self.mark_
        box = QRectF(-self.r - 6 * m, -self.r - 6 * m, 2 * self.r + 12 * m, 2 * self.r + 12 * m)
        for rect in [*self.fixed_rects(), self.label_rect(), *self.counter_boxes()]:
            box = box.united(rect)
        return box.adjusted(-2, -2, 2, 2)

    # -- the parts of a marker, in the item's own (screen pixel) units ----------------------------
    def label_rect(self, at: str | None = None) -> QRectF:
        """The name and the note under it, as one block at ``at`` (one of LABEL_SPOTS; default
        the spot the map chose so that it covers no other town, name or counter)."""
        r, k = self.r, self.scale_
        note_w = QFontMetricsF(self.small).horizontalAdvance(self.look.note) + 8 if self.look.note else 0
        w = max(self.name_w + 4, note_w)
        h = 15 * k + (13 * k if self.look.note else 0)
        # a diagonal spot sits off the corner of the square round the town, half a step clear of
        # the Militia mark's edge (level with a small town's rim)
        d = r + 0.5 * k
        x, y = {"s": (-w / 2, r + 2 * k), "n": (-w / 2, -r - 2 * k - h),
                "e": (r + 3 * k, -7.5 * k), "w": (-r - 3 * k - w, -7.5 * k),
                "se": (d + 1 * k, d), "ne": (d + 1 * k, -d - h), "sw": (-d - 1 * k - w, d),
                "nw": (-d - 1 * k - w, -d - h),
                # under or over the town, reaching out to one side
                "sl": (-w * 0.85, r + 2 * k), "sr": (-w * 0.15, r + 2 * k),
                "nl": (-w * 0.85, -r - 2 * k - h), "nr": (-w * 0.15, -r - 2 * k - h),
                # a step further out, for a crowded valley
                "s2": (-w / 2, r + 12 * k), "n2": (-w / 2, -r - 12 * k - h),
                "e2": (r + 14 * k, -7.5 * k), "w2": (-r - 14 * k - w, -7.5 * k),
                # out in the open, with a leader line
                "s3": (-w / 2, r + 30 * k), "n3": (-w / 2, -r - 30 * k - h),
                "e3": (r + 34 * k, -7.5 * k), "w3": (-r - 34 * k - w, -7.5 * k),
                "se3": (d + 20 * k, d + 16 * k), "ne3": (d + 20 * k, -d - 16 * k - h),
                "sw3": (-d - 20 * k - w, d + 16 * k), "nw3": (-d - 20 * k - w, -d - 16 * k - h)}[at or self.label_at]
        return QRectF(x, y, w, h)

    def name_rect(self) -> QRectF:
        box = self.label_rect()
        w = self.name_w + 4
        return QRectF(box.center().x() - w / 2, box.top(), w, 15 * self.scale_)

    def note_rect(self) -> QRectF:
        box = self.label_rect()
        w = QFontMetricsF(self.small).horizontalAdvance(self.look.note) + 8
        return QRectF(box.center().x() - w / 2, box.top() + 15 * self.scale_, w, 13 * self.scale_)

    def circle_rect(self) -> QRectF:
        r = self.r
        return QRectF(-r, -r, 2 * r, 2 * r)

    def fixed_rects(self) -> list[QRectF]:
        """What this marker covers wherever its name goes: the town, terrain and Militia marks."""
        r, k = self.r, self.mark_
        n = sum(1 for tag, _g, _c in TERRAIN_MARKS if tag in self.town.terrain)
        # the town's circle as a plus of two bars, so a name may tuck into a corner: bars
        # half as wide as 1/sqrt(2) of the radius reach every point of the circle
        c = r * 0.72
        out = [QRectF(-r, -c, 2 * r, 2 * c), QRectF(-c, -r, 2 * c, 2 * r)]
        if n:
            out.append(QRectF(-r - 2 * k - 11 * k - 10 * k * (n - 1), -r - 14 * k, 11 * k + 10 * k * (n - 1), 13 * k))
        if self.look.militia:
            out.append(self.militia_box())
        return out

    def _counter_texts(self) -> list[tuple[str, str]]:
        look = self.look
        return [(side, (STAR if side in look.leaders else "") + str(look.counts[side]))
                for side in ("postmen", "holnists") if look.counts.get(side, 0)]

    def _counters_width(self) -> float:
        k = self.mark_
        return sum((8 + 7 * len(text)) * k + 2 * k for _s, text in self._counter_texts())

    def militia_box(self) -> QRectF:
        r, k = self.r, self.mark_
        return QRectF(-r - 12 * k, -5.5 * k, 11 * k, 11 * k)

    def badges(self) -> list[QRectF]:
        """What a name must leave clear round this town: its stack counters and Militia mark."""
        return [*self.counter_boxes(), *([self.militia_box()] if self.look.militia else [])]

    def counter_boxes(self, at: str | None = None) -> list[QRectF]:
        """Where the stack counters sit: ``at`` one of COUNTER_SPOTS (default: the one chosen
        by the map so they cover no other town's name)."""
        r, k = self.r, self.mark_
        at = at or self.counter_at
        total = self._counters_width() - 2 * k
        x, y = {"ne": (r + 2 * k, -r - 6 * k), "e": (r + 3 * k, -6.5 * k),
                "nw": (-r - 2 * k - total, -r - 6 * k), "w": (-r - 3 * k - total, -6.5 * k),
                "n": (-total / 2, -r - 18 * k)}[at]
        out = []
        for _side, text in self._counter_texts():
            out.append(QRectF(x, y, (8 + 7 * len(text)) * k, 13 * k))
            x += out[-1].width() + 2 * k
        return out

    def question(self, at: QPointF, near_view: QRectF, others: tuple = ()) -> Question:
        """This town's part of the map's placement question with its centre at ``at`` (zoomed map
        pixels; ``near_view``: the view and a margin round it, in the same; ``others``: the towns
        round it as (x, y, radius), in the same): the same object while nothing it depends on changed."""
        visible = near_view.contains(at)
        # a counter's box is as wide as its text is long: a stack of 5 that becomes 7 asks nothing new
        counters = tuple((side, len(text)) for side, text in self._counter_texts())
        key = (at.x(), at.y(), visible, self.look.note, counters, self.look.militia, others)
        if key != self._question_key:
            self._question_key = key

            def rects(boxes):
                return [(b.left() + at.x(), b.top() + at.y(), b.right() + at.x(), b.bottom() + at.y())
                        for b in boxes]

            marks = self.fixed_rects()
            names = counters = None
            if visible:  # out of sight: it keeps its places until it comes back into view
                # a pixel round each name: an overlap the placement lets pass (under one square
                # pixel) is then no overlap where it is drawn
                own = (at.x(), at.y(), self.r)
                spots = tuple(s for s in LABEL_SPOTS if s in LEADER_SPOTS
                              or nearest_own(rects([self.label_rect(s)])[0], own, others))
                names = [rects([self.label_rect(spot).adjusted(-1, -1, 1, 1)]) for spot in spots] or None
                if self.look.counts:
                    counters = [rects(self.counter_boxes(spot)) for spot in COUNTER_SPOTS]
            # the Militia mark is a badge no name may cover; the terrain marks are soft
            militia = marks[-1:] if self.look.militia else []
            terrain = marks[2:len(marks) - len(militia)]
            spots = spots if names else ()
            self._question = Question(rects(marks[:2] + militia), rects(terrain), names, counters, spots,
                                      tuple(LEADER_COST if s in LEADER_SPOTS else 0.0 for s in spots),
                                      _envelope(names), _envelope(counters))
        return self._question

    def asked_for(self) -> tuple:
        """What the question last asked (``question``) was made of: its key, and the type and
        scales its boxes are measured in (layout.Kept)."""
        return self._question_key, bool(self.look.counts), self.scale_, self.mark_, self.name_w

    def shape(self) -> QPainterPath:
        """The marker and its stack counters: both can be clicked, and a counter dragged."""
        path = QPainterPath()
        r = self.r + 6 * self.mark_
        path.addEllipse(QPointF(0, 0), r, r)
        for box in self.counter_boxes():
            path.addRect(box)
        return path



    def paint(self, p: QPainter, option, widget=None) -> None:
        r, k, look = self.r, self.mark_, self.look
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.name_shown:
            # under the town's own rings: a name set close under its circle cut the lower arc
            # of the reach or move ring off with a straight edge; it still covers roads and the
            # neighbours' marks, which are other items
            self._name_backing(p)
        if look.mark:
            p.setPen(QPen(colour(MARKS[look.mark]), 4 * k))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(QPointF(0, 0), r + 5 * k, r + 5 * k)
        if look.selected:
            p.setPen(QPen(colour("map.selected"), 3.5 * k))
            p.drawEllipse(QPointF(0, 0), r + 2.5 * k, r + 2.5 * k)
        fill = {"post": "map.post", "camp": "map.camp"}.get(self.role, "map.town")
        pen = QPen(colour("map.town.border"), 1.4 * k)
        if self.town.edge:
            pen.setStyle(Qt.PenStyle.DashLine)
        if look.battle:
            pen = QPen(colour(MARKS["battle"]), 2.6 * k)
        p.setPen(pen)
        p.setBrush(QBrush(colour(fill)))
        p.drawEllipse(QPointF(0, 0), r, r)
        p.setFont(self.badge_font)
        if self.role:
            p.setPen(colour("side.postmen" if self.role == "post" else "side.holnists"))
            p.drawText(QRectF(-r, -r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter,
                       "\u2709" if self.role == "post" else "\u2691")
        self._terrain(p, r, k)
        self._counters(p, r, k)
        if not self.name_shown:
            return
        k = self.scale_
        if self.label_at in LEADER_SPOTS:
            self._leader(p)
        p.setFont(self.font)
        p.setPen(colour("map.ink"))
        p.drawText(self.name_rect(), Qt.AlignmentFlag.AlignHCenter, self.town.name)
        if look.note:
            p.setFont(self.small)
            note = colour(MARKS.get(look.mark or "reach", MARKS["reach"]))
            p.setPen(note.darker(130) if LOOKS.scheme == "light" else note.lighter(115))
            p.drawText(self.note_rect(), Qt.AlignmentFlag.AlignCenter, look.note)

    def _name_backing(self, p: QPainter) -> None:
        """The half-clear boxes under the name and the note: they stay readable over roads and a
        neighbour's marks."""
        k = self.scale_
        halo = colour("map.halo")
        halo.setAlpha(215)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(halo)
        p.drawRoundedRect(self.name_rect(), 3 * k, 3 * k)
        if self.look.note:
            p.drawRoundedRect(self.note_rect(), 3 * k, 3 * k)

    def _leader(self, p: QPainter) -> None:
        """A line from the town's circle to its name set out in the open."""
        box = self.name_rect()
        end = QPointF(min(max(0.0, box.left()), box.right()), min(max(0.0, box.top()), box.bottom()))
        length = math.hypot(end.x(), end.y())
        if length <= self.r:
            return
        start = QPointF(end.x() * self.r / length, end.y() * self.r / length)
        ink = colour("map.ink")
        ink.setAlpha(170)
        pen = QPen(ink, 1.0 * self.scale_, Qt.PenStyle.DotLine)  # dotted: never taken for a road
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        p.setPen(pen)
        p.drawLine(start, end)

    def _terrain(self, p: QPainter, r: float, k: float) -> None:
        x = -r - 2 * k
        for tag, glyph, tone in TERRAIN_MARKS:
            if tag in self.town.terrain:
                p.setPen(colour(tone))
                p.drawText(QRectF(x - 11 * k, -r - 14 * k, 12 * k, 13 * k), Qt.AlignmentFlag.AlignCenter, glyph)
                x -= 10 * k

    def _counters(self, p: QPainter, r: float, k: float) -> None:
        look = self.look
        for (side, text), box in zip(self._counter_texts(), self.counter_boxes(), strict=True):
            p.setPen(QPen(colour("map.outline"), 0.8 * k))
            p.setBrush(colour(f"piece.{side}"))
            p.drawRoundedRect(box, 3 * k, 3 * k)
            p.setPen(colour("map.leader" if side in look.leaders else "piece.text"))
            p.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
        if look.militia:
            box = self.militia_box()
            p.setPen(QPen(colour("map.town.border"), 0.8 * k))
            p.setBrush(colour("map.counter"))
            p.drawEllipse(box)
            p.setPen(colour("map.counter.text"))
            p.drawText(box, Qt.AlignmentFlag.AlignCenter, str(look.militia))


def nearest_own(box: tuple, own: tuple, others) -> bool:
    """Whether a name's block (left, top, right, bottom) is nearer its own town's circle (x, y,
    radius) than every other town's in ``others``, by NEARER_BY at least: a name beside two
    towns is read as the nearer one's, and one as near to both as no one's."""
    def gap(town) -> float:
        x, y, r = town
        dx = max(box[0] - x, 0.0, x - box[2])
        dy = max(box[1] - y, 0.0, y - box[3])
        return math.hypot(dx, dy) - r

    mine = gap(own)
    return all(gap(o) >= mine + NEARER_BY for o in others if o is not own)


def _envelope(places) -> tuple | None:
    """The box round every place of a piece (layout.Rect), None for no piece."""
    if places is None:
        return None
    rects = [r for place in places for r in place]
    return (min(r[0] for r in rects), min(r[1] for r in rects), max(r[2] for r in rects), max(r[3] for r in rects))


def _box(r: QRectF, dx: float = 0.0, dy: float = 0.0) -> tuple[float, float, float, float]:
    """A rectangle as plain numbers (left, top, right, bottom), moved by (dx, dy): the names are
    checked against every town and badge, and Qt's rectangles cost a call for each coordinate."""
    return (r.left() + dx, r.top() + dy, r.right() + dx, r.bottom() + dy)


def _clear(box: tuple, towns: list, counters: list, names: list, port: tuple) -> bool:
    """Whether a name block meets no town's circle, counter or name and is not cut by the
    view's edge (boxes from ``_box``, none of them empty; towns as (x, y, radius)). Two boxes
    meet when they overlap in more than an edge, as ``QRectF.intersects`` has it."""
    left, top, right, bottom = box
    if not (left < right and top < bottom):  # an empty block is never clear (``QRectF.contains``)
        return False
    if not (port[0] <= left and right <= port[2] and port[1] <= top and bottom <= port[3]):
        return False
    for others in (counters, names):  # (empty boxes are left out of both by the caller)
        for l2, t2, r2, b2 in others:
            if left < r2 and l2 < right and top < b2 and t2 < bottom:
                return False
    for cx, cy, r in towns:
        x = min(max(cx, left), right)
        y = min(max(cy, top), bottom)
        if (x - cx) ** 2 + (y - cy) ** 2 < r * r:
            return False
    return True


def _within(piece, box) -> bool:
    """Whether a piece's box lies inside ``box`` (its cost at the edge is nought wherever it goes)."""
    return box is not None and box[0] <= piece[0] and box[1] <= piece[1] and piece[2] <= box[2] and piece[3] <= box[3]


class MapView(QGraphicsView):
    town_clicked = Signal(str)
    town_hovered = Signal(str)
    drag_started = Signal(str)         # a press on this town has become a drag
    stack_dropped = Signal(str, str)   # dragged from a town, let go over another
    names_left_out = Signal(int)       # how many names in sight have no clear spot at this size

    def __init__(self, board, parent=None):
        super().__init__(parent)
        self.board = board
        self.setScene(QGraphicsScene(self))
        self.scene().setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setMinimumSize(300, 240)
        self._aspect = ASPECT
        self.pos = positions(board, aspect=ASPECT, blend=0.6, min_gap=160)
        self.town_items: dict[str, TownItem] = {}
        self._overlay: list = []
        self._pressed: str | None = None
        self._press_at = None
        self._drag_line = None
        self._fitted = True
        self._built_for = self._looks_now()
        self._placed: dict = {}
        self._placed_at = None
        self._inside = None
        self._asked: dict = {}
        self._neighbours_for: tuple | None = None
        self._checked_inside = None  # the view's inside when the names were last checked
        self._near: dict = {}
        #: how many times the names and counters were placed afresh (tests count them)
        self.placements = 0
        #: the placements worked out lately: an undo or a redo asks one of them again
        self.kept = layout.Kept()
        #: how many names in sight a crowded view leaves out (each town's tip still names it)
        self.left_out = 0
        #: the zoom the whole map was fitted at and the names' scale chosen for it, as a share
        #: of the window's board scale (fit)
        self._fit_zoom, self._fit_share = 1.0, 1.0
        #: the circles' and badges' scale against the names' (less where the names need the room)
        self._fit_marks = 1.0
        #: the least scale of the names: NAMES_AT_LEAST, or NAMES_CROWDED where the fit took it
        self._least = NAMES_AT_LEAST
        #: True while the window lays itself out after a change of its looks
        self._settling = False
        self._build()

    # -- drawing ---------------------------------------------------------------------------------
    def _build(self) -> None:
        sc = self.scene()
        sc.clear()
        self.setBackgroundBrush(QBrush(colour("map.paper")))
        self._drag_line = None  # cleared with the scene: a drag in progress becomes a click
        self._asked_in = None  # new markers: their question is asked afresh
        self.town_items = {}
        self._overlay = []
        road = QPen(colour("map.road"), 2.4)
        road.setCosmetic(True)
        self._roads = []
        for a, b in self.board.graph.edges():
            line = sc.addLine(0, 0, 0, 0, road)
            line.setZValue(1)
            self._roads.append((a, b, line))
        k = LOOKS.board_scale  # markers and names grow with the window's text size and in table mode
        for tid, town in self.board.towns.items():
            role = "post" if tid == self.board.post_town else "camp" if tid == self.board.base_camp else ""
            item = TownItem(town, role, k)
            sc.addItem(item)
            self.town_items[tid] = item
        self._place_towns()

    def _lay_out(self, aspect: float) -> None:
        """Spread the towns over a drawing of about ``aspect`` (width / height, in steps of
        ASPECT_STEP), so the whole map uses the width or the height the view has."""
        aspect = min(ASPECTS[1], max(ASPECTS[0], round(aspect / ASPECT_STEP) * ASPECT_STEP))
        if aspect != self._aspect:
            self._aspect = aspect
            self.pos = positions(self.board, aspect=aspect, blend=0.6, min_gap=160)
            self._place_towns()

    def _place_towns(self) -> None:
        """Put the towns and roads where ``pos`` has them."""
        xs = [p[0] for p in self.pos.values()]
        ys = [p[1] for p in self.pos.values()]
        self.towns_box = QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        self.bounds = self.towns_box.adjusted(-110, -50, 110, 50)
        self.scene().setSceneRect(self.bounds.adjusted(-400, -400, 400, 400))
        for a, b, line in self._roads:
            (ax, ay), (bx, by) = self.pos[a], self.pos[b]
            line.setLine(ax, ay, bx, by)
        for tid, item in self.town_items.items():
            item.setPos(*self.pos[tid])
        self._asked_in = None  # the towns moved
        ids = list(self.board.towns)
        # every two towns: how far apart they are drawn, and their radii at scale 1 (_room)
        self._gaps = [(math.dist(self.pos[a], self.pos[b]), RADIUS[self.board.towns[a].size]
                       + RADIUS[self.board.towns[b].size]) for i, a in enumerate(ids) for b in ids[i + 1:]]

    @staticmethod
    def _looks_now() -> tuple:
        return LOOKS.board_scale, LOOKS.scheme

    def set_looks(self, looks: dict[str, TownLook], tips: dict[str, str]) -> None:
        if self._looks_now() != self._built_for:  # the window's text size or colours changed
            self._built_for = self._looks_now()
            self._build()
            if self._fitted:
                self.fit()
                # the window lays itself out anew for the new type (the phase bar's height) in a
                # few passes: the map is fitted again at each of them, where otherwise a change
                # smaller than a real resize keeps its zoom (_small_change)
                self._settling = True
                QTimer.singleShot(SETTLES_MS, self._settled)
            else:
                self._scale_to(self.transform().m11())
        changed = False
        for tid, item in self.town_items.items():
            changed |= item.set_look(looks.get(tid, TownLook()))
            tip = tips.get(tid, "")
            if tip != item.toolTip():
                item.setToolTip(tip)
        # the same looks in the same view ask the same question: nothing to place (most clicks
        # of a battle change no town's look); asking it again built all 40 towns' parts first
        if changed or self._view_now() != self._asked_in:
            self.declutter()

    def _view_now(self) -> tuple:
        """What the placement question takes from the view: its zoom, its scroll and its size."""
        t, z, port = self.viewportTransform(), self.transform(), self.viewport().size()
        return (t.m11(), t.m12(), t.m21(), t.m22(), t.dx(), t.dy(), z.m11(), z.m22(), z.dx(), z.dy(),
                port.width(), port.height())

    def declutter(self) -> None:
        """Place every town's name and stack counters where they cover no other town, name or
        counter at the present zoom (markers keep their size on screen, so this changes as the
        map zooms): layout.place over the spots around each town, starting from the places
        chosen last time while the zoom is the same.

        The question is asked in zoomed map pixels, where a town stays put while the map pans or
        the view is resized (a banner or a summary coming and going): only the visible part,
        ``inside``, moves then. Each town's part of it is kept with the town until its note or
        counters change or it comes into or out of view; when only a few towns' parts changed
        (a stack moved, a note came), only their pieces, the pieces next to them and the pieces
        at the edge of the view may move. The same question everywhere: nothing is placed."""
        self._asked_in = self._view_now()
        zoom = round(self.transform().m11(), 4)
        shift = self.viewportTransform().map(QPointF(0, 0)) - self.transform().map(QPointF(0, 0))
        view = QRectF(self.viewport().rect()).translated(-shift)  # the viewport in zoomed map pixels
        near_view = view.adjusted(-120, -60, 120, 60)
        inside = (view.left() + 2, view.top() + 2, view.right() - 2, view.bottom() - 2)
        centres = {tid: self.transform().map(item.pos()) for tid, item in self.town_items.items()}
        others = self._neighbours(centres)
        asked = {tid: item.question(centres[tid], near_view, others[tid]) for tid, item in self.town_items.items()}
        before = self._asked
        dirty = {tid for tid, one in asked.items() if before.get(tid) is not one}
        if not dirty and zoom == self._placed_at and inside == self._inside and asked.keys() == before.keys():
            return  # the same question (a repaint, an input that moved nothing on the map)
        fixed = [r for one in asked.values() for r in one.fixed]
        soft = [r for one in asked.values() for r in one.soft]
        pieces: dict = {}
        boxes: dict = {}
        dearer: dict = {}
        for tid, one in asked.items():
            if one.names is not None:
                pieces[("name", tid)], boxes[("name", tid)] = one.names, one.names_box
                dearer[("name", tid)] = one.dearer
            if one.counters is not None:
                pieces[("counters", tid)], boxes[("counters", tid)] = one.counters, one.counters_box
        start = self._kept_places(before, asked) if zoom == self._placed_at else None
        movable = None
        if start is not None:
            moved_edge = inside != self._inside
            movable = {key for key in pieces if key[1] in dirty or (
                moved_edge and not (_within(boxes[key], inside) and _within(boxes[key], self._inside)))}
            if len(movable) * 3 > len(pieces):
                movable = None  # most of the map is asked again: settle all of it
        self.placements += 1
        # a question answered before (an undo, a redo) gets that answer: the names go back where
        # they stood
        made_of = (zoom, tuple((tid, item.asked_for()) for tid, item in self.town_items.items()))
        self._placed = self.kept.place(made_of, pieces, fixed, inside=inside, start=start, soft=soft,
                                       movable=movable, dearer=dearer, boxes=boxes)
        self._placed_at, self._inside, self._asked = zoom, inside, asked
        moved = set(dirty)
        for (kind, tid), i in self._placed.items():
            item = self.town_items[tid]
            spot = asked[tid].spots[i] if kind == "name" else COUNTER_SPOTS[i]
            if spot != (item.label_at if kind == "name" else item.counter_at):
                item.prepareGeometryChange()
                setattr(item, "label_at" if kind == "name" else "counter_at", spot)
                item.update()
                moved.add(tid)
        # a few towns' pieces changed or moved: only the names round them can have been covered
        # or freed (the rest were checked last time and nothing near them changed)
        local = movable is not None and not (inside != self._checked_inside)
        self._keep_names_clear(self._round(moved, asked) if local else None)
        self._checked_inside = inside

    @staticmethod
    def _round(towns: set, asked: dict) -> set:
        """``towns`` and every town whose name or counters may reach where theirs may."""
        reach = [b for t in towns for b in (asked[t].names_box, asked[t].counters_box, _envelope([asked[t].fixed]))
                 if b is not None]
        out = set(towns)
        for tid, one in asked.items():
            mine = [b for b in (one.names_box, one.counters_box) if b is not None]
            if any(layout._meets(a, b) for a in mine for b in reach):
                out.add(tid)
        return out

    def _kept_places(self, before: dict, asked: dict) -> dict:
        """The places chosen last time, as indices into this time's candidates (a town's near
        spots change with its note)."""
        out = {}
        for (kind, tid), i in self._placed.items():
            if kind != "name":
                out[kind, tid] = i
            elif tid in before and tid in asked and before[tid].spots[i] in asked[tid].spots:
                out[kind, tid] = asked[tid].spots.index(before[tid].spots[i])
        return out

    def _neighbours(self, centres: dict) -> dict[str, tuple]:
        """Each town's neighbours at this zoom, (x, y, radius) in zoomed map pixels: the towns
        near enough for one of its names' spots to come nearer them (nearest_own)."""
        key = tuple((p.x(), p.y(), self.town_items[tid].r) for tid, p in centres.items())
        if key != self._neighbours_for:
            towns = {tid: (p.x(), p.y(), self.town_items[tid].r) for tid, p in centres.items()}
            reach = {tid: self.town_items[tid].name_w + 60 * self.town_items[tid].scale_ for tid in towns}
            self._neighbours_for = key
            self._near = {tid: tuple(o for other, o in towns.items() if other != tid
                                     and math.dist(o[:2], me[:2]) < reach[tid])
                          for tid, me in towns.items()}
        return self._near

    def _keep_names_clear(self, only: set | None = None) -> None:
        """Every name clear of what it would cover, or left out; how many are left out is told
        (``names_left_out``), so the screen can say how to read them. ``only``: check these
        towns' names, the others keep what they had."""
        hidden = self._clear_names(only)
        if hidden != self.left_out:
            self.left_out = hidden
            self.names_left_out.emit(hidden)

    def _clear_names(self, only: set | None = None) -> int:
        """The placement weighs what a name covers against what its neighbours would; where a
        crowded view leaves a name covering a town, a badge (a counter, a Militia mark) or
        another name, that name tries its other spots, and with none clear it is not drawn; so
        is a name the view's edge would cut (a town in sight whose name would reach out of it).
        Only the spots nearer the name's own town than any other are tried (Question.spots).
        Checked in the pixels it is drawn
        at, in order of what a player needs most: the selected town, a town with a note (its
        reach), a town with a stack, then the larger towns."""
        at = {tid: self.mapFromScene(item.pos()).toPointF() for tid, item in self.town_items.items()}
        xy = {tid: (p.x(), p.y()) for tid, p in at.items()}
        towns = [(*xy[tid], item.r) for tid, item in self.town_items.items()]
        counters = [_box(b, *xy[tid]) for tid, item in self.town_items.items() for b in item.badges()
                    if b.width() > 0 and b.height() > 0]
        port = _box(QRectF(self.viewport().rect()))
        whole = QRectF(self.viewport().rect())
        names: list[tuple] = []
        size = {"large": 0, "medium": 1}

        def first(tid: str) -> tuple:
            item = self.town_items[tid]
            look = item.look
            return (not look.selected, not look.note, not look.counts, size.get(item.town.size, 2), tid)

        in_sight = [tid for tid in sorted(self.town_items, key=first) if whole.contains(at[tid])]
        # (out of sight, a name keeps its look until it comes back into view)
        spots: dict[str, str | None] = {}
        if only is not None:  # the names not checked again stand where they are, shown or not
            for tid in in_sight:
                if tid not in only:
                    item = self.town_items[tid]
                    spots[tid] = item.label_at if item.name_shown else None
                    if item.name_shown:
                        names.append(_box(item.label_rect(), *xy[tid]))
            in_sight = [tid for tid in in_sight if tid in only]
        near = {tid: self._asked[tid].spots if tid in self._asked else () for tid in in_sight}
        for tid in in_sight:  # first every name clear where it was placed ...
            box = _box(self.town_items[tid].label_rect(), *xy[tid])
            if self.town_items[tid].label_at in near[tid] and _clear(box, towns, counters, names, port):
                spots[tid] = self.town_items[tid].label_at
                names.append(box)
        for tid in in_sight:  # ... then the rest, each in the first spot left clear
            if tid not in spots:
                item = self.town_items[tid]
                spots[tid] = next((s for s in near[tid] if _clear(_box(item.label_rect(s), *xy[tid]),
                                                                   towns, counters, names, port)), None)
                if spots[tid] is not None:
                    names.append(_box(item.label_rect(spots[tid]), *xy[tid]))
        for tid, spot in spots.items():
            item = self.town_items[tid]
            if spot is not None and spot != item.label_at:
                item.prepareGeometryChange()
                item.label_at = spot
            if (spot is not None) != item.name_shown:
                item.name_shown = spot is not None
                item.update()
        return sum(1 for spot in spots.values() if spot is None)

    def label_boxes(self) -> dict[str, list[QRectF]]:
        """Each town's circle, name block (empty when not drawn) and badges (stack counters,
        then the Militia mark) as drawn now, in viewport pixels."""
        out = {}
        for tid, item in self.town_items.items():
            p = self.mapFromScene(item.pos()).toPointF()
            name = item.label_rect() if item.name_shown else QRectF()
            out[tid] = [b.translated(p) for b in (item.circle_rect(), name, *item.badges())]
        return out

    def show_path(self, start: str | None, path) -> None:
        """Draw a path (a move about to be made) over the roads; None clears it."""
        sc = self.scene()
        for item in self._overlay:
            sc.removeItem(item)
        self._overlay = []
        if not start or not path:
            return
        path_colour = colour(MARKS["reach"])
        path_colour.setAlpha(170)
        pen = QPen(path_colour, 7)
        pen.setCosmetic(True)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        towns = [start, *path]
        for a, b in zip(towns, towns[1:], strict=False):
            (ax, ay), (bx, by) = self.pos[a], self.pos[b]
            line = sc.addLine(ax, ay, bx, by, pen)
            line.setZValue(2)
            self._overlay.append(line)

    # -- zoom and pan ----------------------------------------------------------------------------
    def fit(self) -> None:
        """The whole map in the view, its names at the largest type that leaves every one of them
        clear (between the window's text size, larger in table mode, and NAMES_AT_LEAST)."""
        self._fitted = True
        self._fitted_size = self.viewport().size()
        port = self.viewport().rect()
        self._lay_out(port.width() / max(port.height(), 1))
        top = LOOKS.board_scale
        least = min(NAMES_AT_LEAST, top)
        self._fit_marks, self._least = 1.0, NAMES_AT_LEAST
        # the names' area grows as the square of their scale: start where they would cover no
        # more of the view than a board that has room for them (NAMES_COVER), then step down
        wanted = sum((item.name_w / item.scale_ + 4) * 15 for item in self.town_items.values())
        k = max(least, min(top, math.sqrt(NAMES_COVER * port.width() * port.height() / max(wanted, 1.0))))
        while True:
            zoom, centre = self._whole_map_zoom(k)
            self.setTransform(QTransform.fromScale(zoom, zoom))
            self.centerOn(centre)
            self._fit_zoom, self._fit_share = zoom, k / top
            self._scale_to(zoom)
            self.declutter()
            if not self.left_out:
                break
            if k > least:
                k = max(least, k * 0.88)
            elif self._fit_marks > MARKS_SMALLER[-1]:  # the names as small as they go: the circles give way
                self._fit_marks = next(m for m in MARKS_SMALLER if m < self._fit_marks)
            elif k > NAMES_CROWDED:  # and last, the names a step smaller still
                k = self._least = NAMES_CROWDED
            else:
                break
        self._keep_off_the_edge()

    def _keep_off_the_edge(self) -> None:
        """Zoom out and centre until every town's circle, marks, name and badges, as placed,
        lie FIT_EDGE inside the view (#14: the fit, made for the names' widths, left the small
        board's edge towns' circles and counters at or past the edge). The places are asked
        again at the new zoom, so a few rounds."""
        for _ in range(3):
            extents = self._drawn_extents()
            if self._inside_by(extents, FIT_EDGE):
                return
            zoom = min(self._zoom_inside(extents, axis) for axis in (0, 1))
            self.setTransform(QTransform.fromScale(zoom, zoom))
            self.centerOn(QPointF(*(self._centre_of(extents, zoom, axis) for axis in (0, 1))))
            self._fit_zoom = zoom  # the names keep the scale the fit chose for them
            self._scale_to(zoom)
            self.declutter()

    def _drawn_extents(self) -> list[tuple[tuple[float, float], QRectF]]:
        """Each town's point on the board and what is drawn round it, in screen pixels about it."""
        out = []
        for tid, item in self.town_items.items():
            box = item.circle_rect()
            for part in [*item.fixed_rects(), *item.badges(), *([item.label_rect()] if item.name_shown else [])]:
                box = box.united(part)
            out.append((self.pos[tid], box))
        return out

    def _inside_by(self, extents, edge: float) -> bool:
        port = QRectF(self.viewport().rect()).adjusted(edge, edge, -edge, -edge)
        return all(port.contains(box.translated(self.mapFromScene(QPointF(*at)).toPointF())) for at, box in extents)

    @staticmethod
    def _span(extents, zoom: float, axis: int) -> tuple[float, float]:
        """Where the drawn parts begin and end along ``axis`` at ``zoom`` (zoomed board pixels)."""
        lo = min(at[axis] * zoom + (box.left() if axis == 0 else box.top()) for at, box in extents)
        hi = max(at[axis] * zoom + (box.right() if axis == 0 else box.bottom()) for at, box in extents)
        return lo, hi

    def _zoom_inside(self, extents, axis: int) -> float:
        """The largest zoom, no larger than now, whose drawn span along ``axis`` leaves FIT_EDGE
        each side (the span grows with the zoom past its least, so halving finds it)."""
        port = self.viewport().rect()
        # a pixel more each side: the view centres on whole pixels
        room = (port.width() if axis == 0 else port.height()) - 2 * (FIT_EDGE + 1)
        lo, hi = 0.02, self.transform().m11()

        def fits(zoom: float) -> bool:
            start, end = self._span(extents, zoom, axis)
            return end - start <= room

        if fits(hi):
            return hi
        for _ in range(30):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if fits(mid) else (lo, mid)
        return lo

    def _centre_of(self, extents, zoom: float, axis: int) -> float:
        start, end = self._span(extents, zoom, axis)
        return (start + end) / 2 / zoom

    def _whole_map_zoom(self, k: float) -> tuple[float, QPointF]:
        """The zoom and centre that show every town with its name at scale ``k`` under or over it
        (the margins are in screen pixels, as the names are, so the zoom is found in a few steps)."""
        port = self.viewport().rect()
        box = self.towns_box
        zoom = max(0.02, min((port.width() - 2 * FIT_MARGIN[0] * k) / max(box.width(), 1.0),
                             (port.height() - 2 * FIT_MARGIN[1] * k) / max(box.height(), 1.0)))
        half = {tid: (item.name_w / item.scale_ * k) / 2 + 4 for tid, item in self.town_items.items()}
        top, bottom = box.top(), box.bottom()
        for _ in range(3):
            left = min(self.pos[t][0] - w / zoom for t, w in half.items())
            right = max(self.pos[t][0] + w / zoom for t, w in half.items())
            pad = FIT_MARGIN[1] * k / zoom
            zoom = max(0.02, min(port.width() / max(right - left, 1.0),
                                 port.height() / max(bottom - top + 2 * pad, 1.0)))
        return zoom, QPointF((left + right) / 2, box.center().y())

    def _scale_to(self, zoom: float) -> None:
        """Names and marks as large as the zoom gives them room for: the fitted names' scale grows
        with the zoom up to the window's; a town's circle never reaches its neighbour's, and is
        never larger than its name (both at most the window's board scale)."""
        top = LOOKS.board_scale
        # (as a share of the window's board scale, so a new text size keeps the zoom's share)
        names = min(top, max(min(self._least, top), top * self._fit_share * zoom / self._fit_zoom))
        marks = min(top, names * self._fit_marks, max(MARKS_AT_LEAST, self._room(zoom)))
        for item in self.town_items.values():
            item.set_scales(names, marks)
        self._asked_in = None  # (new scales ask a new question)

    def _room(self, zoom: float) -> float:
        """The largest scale the town circles may take at ``zoom`` with a gap between every two."""
        return min(((d * zoom - 4) / both for d, both in self._gaps), default=LOOKS.board_scale)

    def _settled(self) -> None:
        self._settling = False

    def zoom(self, factor: float) -> None:
        now = self.transform().m11()
        factor = max(0.2 / now, min(8.0 / now, factor))
        self._fitted = False
        self.scale(factor, factor)
        self._scale_to(self.transform().m11())
        self.declutter()

    def zoom_level(self) -> float:
        return self.transform().m11()

    def wheelEvent(self, event) -> None:
        steps = event.angleDelta().y() / 120
        if steps:
            self.zoom(1.18 ** steps)
        event.accept()

    def keyPressEvent(self, event) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom(1.25)
        elif key == Qt.Key.Key_Minus:
            self.zoom(0.8)
        elif key == Qt.Key.Key_0:
            self.fit()
        else:
            super().keyPressEvent(event)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self._fitted and (self._settling or not self._small_change(self.viewport().size())
                             or not self._all_in_sight()):
            self.fit()
        elif self._fitted:
            self._keep_off_the_edge()  # a few pixels less: the zoom kept, or a step smaller

    def _all_in_sight(self) -> bool:
        """Whether every town, its name and its marks still lie inside the view: a small change
        keeps the zoom only while nothing goes out of sight (#14: the whole-map view fits its
        towns edge to edge, so a side panel a few pixels wider pushed Post Town's counter out)."""
        port = QRectF(self.viewport().rect())
        return all(port.contains(box) for boxes in self.label_boxes().values() for box in boxes
                   if not box.isEmpty())

    def _small_change(self, size) -> bool:
        """A banner or a summary coming and going moves the view's edge a little: the map keeps
        its zoom and centre then (nothing jumps under the pointer) and re-fits on a real resize."""
        was = getattr(self, "_fitted_size", None)
        if was is None or was.isEmpty():
            return False
        return abs(size.width() - was.width()) <= 0.15 * was.width() and \
            abs(size.height() - was.height()) <= 0.15 * was.height()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self._fitted:
            self.fit()

    # -- clicks ----------------------------------------------------------------------------------
    def town_at(self, point) -> str | None:
        for item in self.items(point):
            if isinstance(item, TownItem):
                return item.town.id
        return None

    def mousePressEvent(self, event) -> None:
        self._pressed = self.town_at(event.position().toPoint())
        self._press_at = event.position().toPoint()
        if self._pressed is None or event.button() != Qt.MouseButton.LeftButton:
            self._pressed = None
            super().mousePressEvent(event)
        else:
            event.accept()

    def mouseReleaseEvent(self, event) -> None:
        town, self._pressed = self._pressed, None
        under = self.town_at(event.position().toPoint())
        if self._drag_line is not None:
            self._end_drag()
            if town is not None and under is not None and under != town:
                self.stack_dropped.emit(town, under)
            event.accept()
            return
        if town is not None and under == town:
            self.town_clicked.emit(town)
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def mouseMoveEvent(self, event) -> None:
        point = event.position().toPoint()
        if self._pressed is not None and event.buttons() & Qt.MouseButton.LeftButton:
            if self._drag_line is None and \
                    (point - self._press_at).manhattanLength() >= QApplication.startDragDistance():
                self._start_drag()
            if self._drag_line is not None:
                start = QPointF(*self.pos[self._pressed])
                end = self.mapToScene(point)
                self._drag_line.setLine(start.x(), start.y(), end.x(), end.y())
                self.town_hovered.emit(self.town_at(point) or "")
            event.accept()
            return
        super().mouseMoveEvent(event)
        if event.buttons() == Qt.MouseButton.NoButton:
            self.town_hovered.emit(self.town_at(point) or "")

    def _start_drag(self) -> None:
        pen = QPen(colour("map.route"), 2.5, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        self._drag_line = self.scene().addLine(0, 0, 0, 0, pen)
        self._drag_line.setZValue(5)
        self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
        self.drag_started.emit(self._pressed)

    def _end_drag(self) -> None:
        self.scene().removeItem(self._drag_line)
        self._drag_line = None
        self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)  # the pan cursor of ScrollHandDrag

    def click_town(self, tid: str) -> None:
        """For tests and keyboard use: act as if the town was clicked."""
        self.town_clicked.emit(tid)

    def town_point(self, tid: str):
        """The town's centre in viewport coordinates (for clicking it in tests)."""
        return self.mapFromScene(QPointF(*self.pos[tid]))
