"""A simple drawing of an Ab die Post! board file: the three lanes as a U round the track (the
passenger at the bend, halfway), the river lines across them, both airports, every plane, and the
spaces the current move can land on, which a click picks (ab_die_post.move.*).

The drawing is schematic: a board file gives lanes, zones and cross-links, not a picture. Spaces
of each lane are spread evenly within their river zone so that the river lines cross all three
lanes at one place.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QTransform,
)
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsView,
)

from companion.ab_die_post.view import GOAL, LANES, START, plane_text, space_id

from ..looks import LOOKS
from ..palette import PLANE_COLOURS, colour, contrast, rgb, scheme

STRAIGHT = 250.0        # length of each straight of the U
#: the straights drawn from this many times STRAIGHT (a tall view: a shorter U, drawn larger) to
#: that many (a short, wide strip: the U as long as the strip, no room left empty beside it)
SHORTEST, LONGEST = 0.6, 12.0
RADIUS = 100.0          # radius of the middle lane at the bend
LANE_GAP = 40.0         # between neighbouring lanes
SPACE = 26.0            # a space's diameter
PLANE = 20.0            # a plane's diameter (times the board scale)
LETTER = 8.5            # the points of a plane's letter on a plane PLANE across (times the board scale)
CROWDED = 0.92          # planes sharing a zone are at most this share of their distance across
#: the item data key under which a word drawn in the window's type keeps its rank
WORDS_RANK = 1
WORDS_AT, WORDS_INSIDE = 2, 3  # an airport name's place over its box, and the box
WORDS_ALONG = 4  # a zone word's zone, as where it starts and ends along the track (0..1)
OFFSET = {"inner": -LANE_GAP, "middle": 0.0, "outer": LANE_GAP}  # away from the U's inside

def _centre(u: float, straight: float = STRAIGHT) -> tuple[QPointF, QPointF]:
    """Point and outward normal of the middle of the track at ``u`` (0 = end A, 1 = end B),
    on a U whose straights are ``straight`` long."""
    arc = math.pi * RADIUS
    s = u * (2 * straight + arc)
    if s <= straight:
        return QPointF(s, -RADIUS), QPointF(0, -1)
    if s <= straight + arc:
        t = (s - straight) / RADIUS
        return QPointF(straight + RADIUS * math.sin(t), -RADIUS * math.cos(t)), QPointF(math.sin(t), -math.cos(t))
    return QPointF(straight - (s - straight - arc), RADIUS), QPointF(0, 1)


def _at(u: float, off: float, straight: float = STRAIGHT) -> QPointF:
    p, n = _centre(u, straight)
    return QPointF(p.x() + n.x() * off, p.y() + n.y() * off)


class BoardView(QGraphicsView):
    """Emits ``picked(target)`` (a space id or "goal") when a space the move can reach is clicked."""

    picked = Signal(str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        # about a hundred items, all drawn anew after a click: a BSP index cost more to build
        # again each time than a walk over the items costs a tooltip or a click
        self.scene().setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setMinimumHeight(220)
        self.board = None
        self.items: dict[str, object] = {}   # target -> its clickable item
        self.targets: dict[str, object] = {}  # target -> flight.Landing
        self.selected: str | None = None

    # -- positions -------------------------------------------------------------------------------
    def _zone_edges(self, board) -> list[float]:
        """u at the start of each zone (and 1.0 at the end), widths by the busiest lane."""
        widths = [max(board.lanes[lane].count(z) for lane in LANES) for z in range(1, board.river_zones + 1)]
        total, edges, acc = sum(widths), [0.0], 0
        for w in widths:
            acc += w
            edges.append(acc / total)
        return edges

    def space_pos(self, space: str) -> QPointF:
        board = self.board
        lane, n = board.lane_of(space), board.number_of(space)
        zone = board.board_zone(space)
        in_zone = [i for i, z in enumerate(board.lanes[lane], 1) if z == zone]
        k = in_zone.index(n)
        a, b = self._edges[zone - 1], self._edges[zone]
        return _at(a + (k + 0.5) / len(in_zone) * (b - a), OFFSET[lane])

    # -- drawing ---------------------------------------------------------------------------------
    def show_state(self, s, targets: dict | None = None, selected: str | None = None) -> None:
        """Draw the board with every plane; ``targets`` (flight.landings) are clickable."""
        self.board, self.targets, self.selected = s.board, dict(targets or {}), selected
        self._edges = self._zone_edges(s.board)
        scene = self.scene()
        scene.clear()
        self.setBackgroundBrush(colour("board.paper"))
        self.items = {}
        board = s.board
        small = QFont()
        small.setPointSizeF(9)
        label_font = piece_font(11)

        # lanes: a thin line through each lane's spaces, then the cross-links
        for lane in LANES:
            pts = [self.space_pos(space_id(lane, i)) for i in range(1, len(board.lanes[lane]) + 1)]
            pen = QPen(colour("track.line"), 2)
            for a, b in zip(pts, pts[1:], strict=False):
                scene.addLine(a.x(), a.y(), b.x(), b.y(), pen)
        link_pen = QPen(colour("track.edge"), 1.2, Qt.PenStyle.DashLine)
        for a, others in board.links.items():
            for b in others:
                if a < b:
                    pa, pb = self.space_pos(a), self.space_pos(b)
                    scene.addLine(pa.x(), pa.y(), pb.x(), pb.y(), link_pen)

        # river lines at the zone edges, zone numbers counted from this flight's take-off
        for u in self._edges[1:-1]:
            a, b = _at(u, -LANE_GAP * 1.5), _at(u, LANE_GAP * 1.45)
            scene.addLine(a.x(), a.y(), b.x(), b.y(), QPen(colour("track.river"), 3))
        for z in range(1, board.river_zones + 1):
            u = (self._edges[z - 1] + self._edges[z]) / 2
            shown = z if s.outward else board.river_zones + 1 - z
            t = scene.addText(f"zone {shown}", small)
            t.setDefaultTextColor(colour("track.river.text"))
            p = _at(u, LANE_GAP * 1.8)  # outside the outer lane, clear of the spaces
            r = t.boundingRect()
            t.setPos(p.x() - r.width() / 2, p.y() - r.height() / 2)

        # the passenger between its two flank spaces, outside the outer lane
        pa, pb = (self.space_pos(sp) for sp in board.passenger)
        mid = QPointF((pa.x() + pb.x()) / 2, (pa.y() + pb.y()) / 2)
        _, normal = _centre(0.5)
        here = QPointF(mid.x() + 40, mid.y()) if abs(normal.x()) > 0.5 else QPointF(mid.x(), mid.y() - 40)
        taken = s.passenger is not None
        rad = 13 * LOOKS.board_scale
        disc = scene.addEllipse(QRectF(here.x() - rad, here.y() - rad, 2 * rad, 2 * rad), QPen(colour("track.stop"), 1.5),
                                QBrush(colour("track.stop.taken" if taken else "track.stop.fill")))
        disc.setToolTip("Our First Passenger: the first plane over both flank spaces "
                        f"({board.passenger[0]} and {board.passenger[1]}) takes the card"
                        + (f"; {s.passenger} has it" if taken else ""))
        t = scene.addText("P", label_font)
        t.setDefaultTextColor(colour("track.stop"))
        r = t.boundingRect()
        t.setPos(here.x() - r.width() / 2, here.y() - r.height() / 2)

        # spaces
        on_space = {pl.space: i for i, p in enumerate(s.players) for pl in [s.planes[p]]
                    if pl.in_air and pl.space}
        for space in board.spaces():
            p = self.space_pos(space)
            target = self.targets.get(space)
            fill = colour("track.free" if target is None else ("track.taken" if target.taken else "track.reach"))
            pen = QPen(colour("track.path"), 1)
            if target is not None:
                pen = QPen(colour("track.path.reach" if not target.taken else "track.path.blocked"), 2)
            if space == selected:
                pen = QPen(colour("track.current"), 3.5)
            if space in board.passenger:
                pen.setStyle(Qt.PenStyle.SolidLine)
            item = scene.addEllipse(QRectF(p.x() - SPACE / 2, p.y() - SPACE / 2, SPACE, SPACE), pen, QBrush(fill))
            item.setData(0, space)
            item.setToolTip(self._tip(s, space))
            self.items[space] = item
            if space in on_space:
                idx = on_space[space]
                plane = scene.addEllipse(QRectF(p.x() - 7, p.y() - 7, 14, 14), QPen(colour("piece.edge"), 1),
                                         QBrush(QColor(PLANE_COLOURS[idx % len(PLANE_COLOURS)])))
                plane.setData(0, space)
                plane.setToolTip(item.toolTip())
            elif target is not None or space == selected:
                t = scene.addText(space, small)
                t.setDefaultTextColor(colour("track.passenger"))
                r = t.boundingRect()
                t.setPos(p.x() - r.width() / 2, p.y() - r.height() / 2)
                t.setData(0, space)

        # the airports at both ends of the route
        take_off, goal = board.end_names(s.outward)
        ends = {START: (_at(0.0, 0), take_off, "take-off"), GOAL: (_at(1.0, 0), goal, "goal")}
        for key, (p, name, role) in ends.items():
            rect = QRectF(p.x() - 112, p.y() - 52, 84, 104)
            target = self.targets.get(GOAL) if key == GOAL else None
            pen = QPen(colour("track.path.reach"), 2.5) if target is not None else QPen(colour("track.path"), 1)
            if key == GOAL and selected == GOAL:
                pen = QPen(colour("track.current"), 3.5)
            box = scene.addRect(rect, pen, QBrush(colour("track.reach" if target is not None else "track.zone")))
            box.setToolTip(f"{name}: this flight's {role}")
            if key == GOAL:
                box.setData(0, GOAL)
                self.items[GOAL] = box
            t = scene.addText(f"{name}\n({role})", small)
            t.setDefaultTextColor(colour("track.ink"))
            t.setTextWidth(rect.width() - 4)
            t.setPos(rect.left() + 2, rect.top() + 2)
            if key == GOAL:
                t.setData(0, GOAL)
            grounded = [i for i, pl in enumerate(s.players)
                        if (key == START and not s.planes[pl].in_air) or (key == GOAL and s.planes[pl].at_goal)]
            for k, idx in enumerate(grounded):
                x = rect.left() + 8 + (k % 4) * 20
                y = rect.bottom() - 22 - (k // 4) * 18
                dot = scene.addEllipse(QRectF(x, y, 14, 14), QPen(colour("piece.edge"), 1),
                                       QBrush(QColor(PLANE_COLOURS[idx % len(PLANE_COLOURS)])))
                dot.setToolTip(s.players[idx])
                if key == GOAL:
                    dot.setData(0, GOAL)
            # each lane's first and last space joins its airport
            for lane in LANES:
                n = 1 if (key == START) == s.outward else len(board.lanes[lane])
                q = self.space_pos(space_id(lane, n))
                scene.addLine(rect.right(), p.y() + OFFSET[lane] * (-1 if p.y() < 0 else 1) * 0.6,
                              q.x() - SPACE / 2, q.y(), QPen(colour("track.line"), 1.5))
        if board.illustrative:
            t = scene.addText("Illustrative board, not the real one", small)
            t.setDefaultTextColor(colour("danger"))
            t.setPos(-118, -12)
        self.setSceneRect(scene.itemsBoundingRect().adjusted(-8, -8, 8, 8))
        self.fit()

    def _tip(self, s, space: str) -> str:
        board = self.board
        words = [f"{space}: {board.lane_of(space)} lane, zone {board.zone(space, s.outward)}"]
        if space in board.passenger:
            words.append("a passenger flank space")
        who = next((p for p in s.players if s.planes[p].in_air and s.planes[p].space == space), None)
        if who:
            words.append(f"{who}'s plane")
        target = self.targets.get(space)
        if target is not None:
            words.append("taken: landing here means no move" if target.taken else "the move can land here")
        return "; ".join(words)

    def fit(self) -> None:
        if self.scene().items():
            self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event):
        super().resizeEvent(event)
        self.fit()

    def target_at(self, pos) -> str | None:
        for item in self.items_at(pos):
            key = item.data(0)
            if key in self.targets:
                return key
        return None

    def items_at(self, pos):
        return self.items_under(self.mapToScene(pos))

    def items_under(self, point):
        return self.scene().items(point)

    def mousePressEvent(self, event):
        target = self.target_at(event.position().toPoint())
        if target is not None and event.button() == Qt.MouseButton.LeftButton:
            self.picked.emit(target)
            event.accept()
            return
        super().mousePressEvent(event)

    def click_point(self, target: str):
        """Where ``target`` is in viewport coordinates (for tests and keyboard users)."""
        return self.mapFromScene(self.items[target].sceneBoundingRect().center())


def words_font() -> QFont:
    """The type of the words on the flight board (zones, lanes, airports): the window's, and in
    table mode the size of a board read from two metres (ui/looks.py, "board")."""
    font = QFont(QApplication.font())
    if LOOKS.table_mode:
        font.setPointSizeF(LOOKS.points("board"))
    return font


def piece_font(points: float) -> QFont:
    """A piece's letter: drawn in the scene, so it follows the board's zoom, and as much larger
    as the window's text size (LOOKS.board_scale), as the pieces under it are."""
    font = QFont()
    font.setPointSizeF(points * LOOKS.board_scale)
    font.setBold(True)
    return font


class FlightBoard(BoardView):
    """The flight as a picture, always on the table (not only while a plane moves): with a board
    file the drawn board; without one the three lanes as a U cut into the river zones, each
    plane as a disc with its player's initial in its lane and zone, the planes on the start
    field and at the goal airport, and the passenger halfway beside the outer lane, or who
    holds it (ab_die_post.passenger). Nothing on it is clicked: the move page picks spaces."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setMinimumHeight(100)  # it scales to fit: the players' table and the score track come first
        self.plane_items: dict[str, object] = {}  # player -> the disc drawn for their plane
        self._drawn = None  # what the drawing shows, to draw it again only when that changed
        self._ground = None  # what the track under the pieces shows, to draw it again only then
        self._pieces: list = []  # the items of the planes and the passenger
        #: each plane's disc and letter (by the player's seat), moved on a move rather than drawn
        #: again: a drawn letter costs more than moving it (and its colours are worked out once)
        self._planes: dict[int, tuple] = {}
        self._passenger_items: list = []  # the passenger's, drawn again when someone takes it
        self._passenger_holder = None  # who has the passenger as drawn
        self.builds = 0  # drawings made, for the tests (count rebuilds, not time)
        self.grounds = 0  # of them, drawings of the track itself
        #: how long the U's straights are drawn: as long as the view's shape leaves room for,
        #: so a wide, short view spreads the zones (and their words) along the lanes
        self.straight = STRAIGHT
        self._state = None
        self._fitted_in = None  # the drawing and view the zoom was fitted for

    def _at(self, u: float, off: float) -> QPointF:
        return _at(u, off, self.straight)

    def stretch(self, straight: float) -> None:
        """Draw the U with straights this long (``fit`` picks the length from the view's shape)."""
        if straight != self.straight:
            self.straight = straight
            if self._state is not None:
                self.show_flight(self._state)

    def _drawing(self) -> QRectF:
        """Where the lanes, airports and pieces are (the words, drawn in the window's type
        whatever the zoom, go round them)."""
        rect = QRectF()
        for item in self.scene().items():
            if item.data(WORDS_RANK) is None:
                rect = rect.united(item.sceneBoundingRect())
        return rect

    def _room(self) -> QRectF:
        """The view less a word's height above and below and a zone's word on the right: the
        zone words lie outward of the lanes, in pixels."""
        m = QFontMetricsF(words_font())
        return QRectF(self.viewport().rect()).adjusted(4, m.height() + 4, -(m.horizontalAdvance("zone 99") + 8),
                                                       -(m.height() + 4))

    def _straight_for_view(self, drawing: QRectF, room: QRectF) -> float:
        """The straights' length that makes the drawing as wide for its height as the room."""
        wanted = self.straight + drawing.height() * room.width() / room.height() - drawing.width()
        return min(max(wanted, SHORTEST * STRAIGHT), LONGEST * STRAIGHT)

    def show_flight(self, s) -> None:
        self._state = s
        drawn = (scheme(), words_font().key(), LOOKS.board_scale, self.straight, id(s.board), s.outward, s.passenger,
                 s.settings.river_zones, s.settings.first_half_zones, tuple(s.players),
                 tuple(_plane_key(s, p) for p in s.players))
        if drawn == self._drawn:
            return  # an input that moved no plane and handed over no passenger
        self._drawn = drawn
        self.builds += 1
        if s.board is not None:
            self.show_state(s)
            self.plane_items, self._ground, self._pieces, self._planes = {}, None, [], {}
            self._passenger_items = []  # the scene was cleared
            return
        zones = s.settings.river_zones
        # a move changes a plane or two: the lanes, river lines, words and airports stay
        ground = drawn[:4] + (zones, s.settings.first_half_zones)
        if ground != self._ground:
            self._draw_ground(zones)
            self._ground = ground
        self.plane_items = {}
        # the passenger stays where it is drawn on the same track until someone takes it: a
        # move redraws only the planes (a drawn word is the dearest item, #12)
        if self._passenger_items == [] or self._passenger_holder != s.passenger:
            for item in self._passenger_items:
                self.scene().removeItem(item)
            self._passenger_items, self._passenger_holder = [], s.passenger
            self._passenger(s, s.settings.first_half_zones / zones)
        self._planes_in_zones(s, zones)
        self._grounded(s, self._airports[0], [i for i, p in enumerate(s.players)
                                              if not s.planes[p].in_air and not s.planes[p].at_goal])
        self._grounded(s, self._airports[1], [i for i, p in enumerate(s.players) if s.planes[p].at_goal])
        for idx in [i for i in self._planes if i >= len(s.players)]:  # no such seat now
            for item in self._planes.pop(idx)[:2]:
                self.scene().removeItem(item)
        self._pieces = [*self._passenger_items, *(it for disc, letter, _p in self._planes.values() for it in (disc, letter))]
        drawn_in = (self._drawing(), self.viewport().size())
        if drawn_in != self._fitted_in:
            self._fitted_in = drawn_in
            self.fit()
        else:
            self._keep_words_apart()

    def fit(self) -> None:
        drawing, room = self._drawing(), self._room()
        # a view out of sight keeps the track it was given: it fits again when shown (resized)
        if self._state is None or self._state.board is not None or drawing.isEmpty() \
                or not self.isVisible() or room.width() < 40 or room.height() < 20:
            super().fit()
            self._keep_words_apart()
            return
        straight = self._straight_for_view(drawing, room)
        if abs(straight - self.straight) > 0.08 * self.straight:
            self.stretch(straight)  # the track drawn again to the view's shape
            return
        k = min(room.width() / drawing.width(), room.height() / drawing.height())
        port = QRectF(self.viewport().rect())
        self.setSceneRect(drawing.adjusted(-room.left() / k, -room.top() / k, (port.right() - room.right()) / k,
                                           (port.bottom() - room.bottom()) / k))
        self.resetTransform()
        self.scale(k, k)
        self._keep_words_apart()

    def _words_drawn(self) -> list:
        return [it for it in self.scene().items() if it.data(WORDS_RANK) is not None]

    def _word_box(self, item) -> QRectF:
        """Where a word's letters are drawn, in viewport pixels."""
        margin = item.document().documentMargin()
        at = item.deviceTransform(self.viewportTransform()).map(QPointF(margin, margin))
        return QRectF(at, QFontMetricsF(item.font()).size(0, item.toPlainText()))

    def _keep_words_apart(self) -> None:
        """The words keep their size as the drawing shrinks, so in a small view they would
        meet: the airports' names and who has the passenger stay, then the zones, then the
        lanes' names, each only where it meets no word kept and no plane, inside the view."""
        port = QRectF(self.viewport().rect())
        pieces = [self.mapFromScene(it.sceneBoundingRect()).boundingRect() for it in self._pieces
                  if isinstance(it, QGraphicsEllipseItem)]
        kept: list[QRectF] = []

        def clear(box: QRectF) -> bool:
            return port.contains(box) and not any(box.intersects(other) for other in kept) \
                and not any(box.intersects(QRectF(piece)) for piece in pieces)

        for item in sorted(self._words_drawn(), key=lambda it: (it.data(WORDS_RANK), it.toPlainText())):
            inside = item.data(WORDS_INSIDE)
            if inside is not None:  # an airport's name: over its box, else just inside its top
                above = item.data(WORDS_AT)
                if above is None:
                    item.setData(WORDS_AT, above := item.pos())
                item.setPos(above)
                if not clear(self._word_box(item)):
                    zoom = max(self.transform().m11(), 1e-3)
                    item.setPos(QPointF(inside.left() + 3 / zoom, inside.top() + (item.boundingRect().height() / 2) / zoom))
            if item.data(WORDS_ALONG) is not None:  # a zone's word may slide along its zone
                for frac in (0.5, 0.72, 0.28, 0.88, 0.12):
                    self._beside_zone(item, frac)
                    if clear(self._word_box(item)):
                        break
            box = self._word_box(item)
            item.setVisible(clear(box))
            if item.isVisible():
                kept.append(box)

    def text_boxes(self) -> list:
        """The words drawn now: (box, text, font, flags) in the widget's pixels, for
        tests/ui/test_no_clipping.py (no two meet, none leaves the view)."""
        shift = QPointF(self.viewport().pos())
        return [(self._word_box(it).translated(shift), it.toPlainText(), it.font(),
                 Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
                for it in self._words_drawn() if it.isVisible()]

    def _draw_ground(self, zones: int) -> None:
        """The lanes, the river lines and zone words, and both airports' boxes (without planes)."""
        scene = self.scene()
        scene.clear()
        self.items, self.targets, self.plane_items, self._pieces = {}, {}, {}, []
        self._planes, self._passenger_items = {}, []
        self.grounds += 1
        for lane in LANES:  # each lane a band, as wide as a space
            path = QPainterPath(self._at(0.0, OFFSET[lane]))
            for i in range(1, 61):
                path.lineTo(self._at(i / 60, OFFSET[lane]))
            band = QPen(colour("track.free"), SPACE)
            band.setCapStyle(Qt.PenCapStyle.FlatCap)
            scene.addPath(path, band)
            p = self._at(0.0, OFFSET[lane])
            self._words(lane, "track.ink", QPointF(p.x() + 4, p.y()), centred=False, rank=2)
        for z in range(1, zones):  # the river lines
            a, b = self._at(z / zones, -LANE_GAP * 1.5), self._at(z / zones, LANE_GAP * 1.45)
            scene.addLine(a.x(), a.y(), b.x(), b.y(), QPen(colour("track.river"), 3))
        for z in range(1, zones + 1):
            word = self._words(f"zone {z}", "track.river.text", QPointF(0, 0), rank=1)
            word.setData(WORDS_ALONG, ((z - 1) / zones, z / zones))
            self._beside_zone(word, 0.5)
        self._airports = (self._airport(self._at(0.0, 0), "start field"), self._airport(self._at(1.0, 0), "goal airport"))

    def _beside_zone(self, word, frac: float) -> None:
        """A zone's word ``frac`` of the way along its zone, just past a plane in the outer lane,
        lying wholly outward of the track whatever its size at this zoom."""
        a, b = word.data(WORDS_ALONG)
        p, out = _centre(a + frac * (b - a), self.straight)
        clear = OFFSET["outer"] + max(SPACE / 2, 10 * LOOKS.board_scale) + 3
        word.setPos(QPointF(p.x() + out.x() * clear, p.y() + out.y() * clear))
        r = word.boundingRect()
        word.setTransform(QTransform.fromTranslate(-r.width() / 2 + out.x() * r.width() / 2,
                                                   -r.height() / 2 + out.y() * r.height() / 2))

    def _words(self, text: str, tone: str, at: QPointF, centred: bool = True, rank: int = 0):
        """A label in the window's type, whatever the board's zoom (a small view shrinks the
        drawing, never the words), centred on ``at`` or starting there. ``rank``: which words
        give way first where a small view brings them together (_keep_words_apart)."""
        # the application's type (words_font): the view's own is still Qt's default while the screen is
        # built, before it joins the window, and the words would stay at that size
        t = self.scene().addText(text, words_font())
        t.setData(WORDS_RANK, rank)
        t.setDefaultTextColor(colour(tone))
        t.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        r = t.boundingRect()
        t.setPos(at)
        t.setTransform(QTransform.fromTranslate(-r.width() / 2 if centred else 0, -r.height() / 2))
        return t

    def _planes_in_zones(self, s, zones: int) -> None:
        """The planes in the air, those in one zone side by side along it whatever their lanes
        (side by side across the lanes, a plane drawn larger than the lanes are apart would meet
        its neighbour), each in its own lane; as large as the board's scale draws them, smaller
        where so many share a zone that they would meet."""
        groups: dict[int, list[int]] = {}
        for i, player in enumerate(s.players):
            plane = s.planes[player]
            if plane.in_air and not plane.at_goal and plane.lane in OFFSET:
                groups.setdefault(max(1, min(plane.zone, zones)), []).append(i)
        full = PLANE * LOOKS.board_scale
        for zone, idxs in groups.items():
            idxs.sort(key=lambda i: (LANES.index(s.planes[s.players[i]].lane), i))
            spots = [self._at((zone - 1 + (k + 1) / (len(idxs) + 1)) / zones, OFFSET[s.planes[s.players[i]].lane])
                     for k, i in enumerate(idxs)]
            apart = min((math.dist(a.toTuple(), b.toTuple()) for a, b in zip(spots, spots[1:], strict=False)),
                        default=full)
            size = min(full, CROWDED * apart)
            for idx, at in zip(idxs, spots, strict=True):
                self._plane(s, idx, at, size)

    def _plane(self, s, idx: int, at: QPointF, size: float | None = None) -> None:
        """The plane of seat ``idx`` at ``at``, ``size`` across (the board scale's size when
        None): its disc and letter moved there, or drawn."""
        player = s.players[idx]
        full = PLANE * LOOKS.board_scale
        size = full if size is None else size
        rect = QRectF(at.x() - size / 2, at.y() - size / 2, size, size)
        drawn = self._planes.get(idx)
        if drawn is not None and drawn[2] == player:
            disc, t, _player = drawn
            disc.setRect(rect)
            letter = LETTER * size / PLANE
            if abs(t.font().pointSizeF() - letter) > 0.05:
                font = t.font()
                font.setPointSizeF(letter)
                t.setFont(font)
        else:
            if drawn is not None:
                for item in drawn[:2]:
                    self.scene().removeItem(item)
            fill = PLANE_COLOURS[idx % len(PLANE_COLOURS)]
            disc = self.scene().addEllipse(rect, QPen(colour("piece.edge"), 1.2), QBrush(QColor(fill)))
            t = self.scene().addText(player[:1].upper(), piece_font(LETTER * size / full))
            ink = max(("piece.text", "piece.edge"), key=lambda name: contrast(rgb(name), fill))  # on the plane's colour
            t.setDefaultTextColor(colour(ink))
            self._planes[idx] = (disc, t, player)
        disc.setToolTip(f"{player}: {plane_text(s, player)}")
        r = t.boundingRect()
        t.setPos(at.x() - r.width() / 2, at.y() - r.height() / 2)
        self.plane_items[player] = disc

    def _airport(self, at: QPointF, name: str) -> QRectF:
        """An airport's box, its name over it and the lanes joining it; its planes are pieces."""
        k = LOOKS.board_scale  # room for three planes a row, however large they are drawn
        half = min(52 * k, RADIUS - 6)  # the two airports never meet, however large the planes
        rect = QRectF(at.x() - 28 - 84 * k, at.y() - half, 84 * k, 2 * half)
        box = self.scene().addRect(rect, QPen(colour("track.path"), 1), QBrush(colour("track.zone")))
        box.setToolTip(name)
        word = self._words(name, "track.ink", QPointF(rect.left(), rect.top() - 9), centred=False)  # over its box
        word.setData(WORDS_INSIDE, rect)  # or inside its top, where over it leaves the view
        for lane in LANES:  # each lane joins both airports
            q = self._at(0.0 if at.y() < 0 else 1.0, OFFSET[lane])
            self.scene().addLine(rect.right(), at.y() + OFFSET[lane] * (-1 if at.y() < 0 else 1) * 0.6,
                                 q.x(), q.y(), QPen(colour("track.line"), 1.5))
        return rect

    def _grounded(self, s, rect: QRectF, idxs: list[int]) -> None:
        k = LOOKS.board_scale
        for n, idx in enumerate(idxs):
            self._plane(s, idx, QPointF(rect.left() + (16 + (n % 3) * 26) * k, rect.bottom() - (16 + (n // 3) * 24) * k))

    def _passenger(self, s, u: float) -> None:
        here = self._at(u, LANE_GAP * 2.6)
        holder = s.passenger
        rad = 13 * LOOKS.board_scale
        disc = self.scene().addEllipse(QRectF(here.x() - rad, here.y() - rad, 2 * rad, 2 * rad),
                                       QPen(colour("track.stop"), 1.5),
                                       QBrush(colour("track.stop.taken" if holder else "track.stop.fill")))
        disc.setToolTip("Our First Passenger, beside the outer lane: the first plane over both its flank "
                        "spaces takes the card" + (f"; {holder} has it" if holder else ""))
        t = self.scene().addText("P", piece_font(11))
        t.setDefaultTextColor(colour("track.stop"))
        r = t.boundingRect()
        t.setPos(here.x() - r.width() / 2, here.y() - r.height() / 2)
        self._passenger_items += [disc, t]
        if holder:
            self._passenger_items.append(self._words(f"{holder} has it", "track.ink", QPointF(here.x() + rad + 2, here.y()),
                                            centred=False))


def _plane_key(s, player: str) -> tuple:
    """Everything the board shows of a plane: where it is and its tip."""
    plane = s.planes[player]
    return (plane.in_air, plane.at_goal, plane.lane, plane.zone, plane.space, plane.flanks, plane_text(s, player))
