"""The board: cities coloured by province, the roads, each player's houses, every player's route
in progress in their colour (the active player's drawn boldest), and below the board the bonus
tiles still on offer, each stack with the value on top and how many are left. Drawn from the
pack's board positions (mm on the 600 x 420 board)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QWidget

from .. import looks, palette
from ..palette import PLAYER_COLOURS, colour

CITY_R = 9.0
#: the least share of its own scale the board keeps with the tile strip under or beside it
TILES_KEEP = 0.7
#: the same in table mode, where the board is to be read from across the table (#14): at
#: 1280x720 in the larger type the strip under the board drew it at 0.81 of its scale, its names
#: 24 px tall where the window's were 17.5 (tests/ui/test_table_mode_boards.py holds them to 1.4
#: times); the tiles go to the side column instead
TILES_KEEP_TABLE = 0.85
HOUSE = 8.5
#: a tile's height beyond its value's line and its name's: its frame and a pixel or two of air
#: (it was 10: in the side column at 1280x720 in the larger type and table mode the tiles' last
#: row ended on the column's bottom edge, #14)
TILE_PAD = 6
#: the least height the board keeps: the layout may not squeeze it below, and the page round it
#: gives way instead (1280x720 in the larger type, at a hand-off: the phase bar's four lines)
LEAST_HEIGHT = 130
#: where the houses of seats 0-3 sit around a city
HOUSE_AT = ((-HOUSE - 2, -CITY_R - HOUSE - 1), (2, -CITY_R - HOUSE - 1),
            (-HOUSE - 2, CITY_R + 1), (2, CITY_R + 1))


def _short(name: str) -> str:
    """A stack's name short enough for its tile ("Outside Baiern (Außerhalb Baiern)" -> "Outside Baiern"),
    its "&" held to the word before: the names' type is chosen so the longest word fills a
    tile's line, and "Württemberg & Hohenzollern" took three lines with the "&" alone on the
    second, the tiles a line taller and their second row under the side column's edge (#14)."""
    return name.split(" (")[0].replace(" and ", "\u00a0& ")


def _covered(box: QRectF, marks: list[QRectF]) -> float:
    """How much of ``marks`` the ``box`` covers."""
    hits = [box.intersected(m) for m in marks]
    return sum(r.width() * r.height() for r in hits if not r.isEmpty())


def _spot_cost(box: QRectF, marks: list[QRectF], drawn: QRectF) -> tuple[float, float, float]:
    """A name's spot: what it covers, then how much taller and wider it makes the drawing."""
    grown = drawn.united(box)
    return _covered(box, marks), grown.height() - drawn.height(), grown.width() - drawn.width()


def player_colour(name: str) -> QColor:
    return QColor(PLAYER_COLOURS.get(name, name))


class MapView(QGraphicsView):
    def __init__(self, board, parent=None):
        super().__init__(parent)
        self.board = board
        self.setScene(QGraphicsScene(self))
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setMinimumSize(360, LEAST_HEIGHT)
        self._dynamic: list = []  # the houses' and routes' items, drawn from the state
        self._houses: dict[tuple, object] = {}  # (seat, name, colour, city) -> its house
        self._routes: dict[tuple, list] = {}  # (seat, name, colour, route, in bold) -> its items
        self._legend_items: list = []
        #: the province legend beside the board, not above it: a wide short view (1280x720 with
        #: the larger type) draws the board larger so
        self.legend_beside = False
        self._per_row = 5  # the legend's entries a row above the board (_bounds_for)
        self.city_items: dict = {}
        self.name_items: dict = {}
        self.tiles = TileStrip(self)  # in screen pixels under the board, so its type stays readable
        #: a box beside the map (in the table's side column) the strip moves to when under or
        #: beside the board it would leave the board drawn too small (a short view, large type)
        self.tiles_home: QWidget | None = None
        self._draw_board()

    def _draw_board(self) -> None:
        sc, b = self.scene(), self.board
        self._drawn_in = self._looks()
        k = looks.LOOKS.board_scale  # the names and the legend follow the window's text size
        self.setBackgroundBrush(QBrush(colour("tt.paper")))
        road = QPen(colour("tt.road"), 2.2)
        for a, c in b.roads:
            ca, cc = b.cities[a], b.cities[c]
            sc.addLine(ca.x, ca.y, cc.x, cc.y, road)
        font = QFont()
        font.setPointSizeF(7.5 * k)
        names = QFont(font)  # the cities' names a little larger and heavier than the legend's
        names.setPointSizeF(8.5 * k)
        names.setWeight(QFont.Weight.DemiBold)
        for c in b.cities.values():
            item = sc.addEllipse(c.x - CITY_R, c.y - CITY_R, 2 * CITY_R, 2 * CITY_R,
                                 QPen(colour("tt.city.border"), 1.2), QBrush(QColor(b.provinces[c.province].colour)))
            item.setZValue(2)
            item.setToolTip(f"{c.name} ({b.provinces[c.province].name})")
            self.city_items[c.id] = item
            label = sc.addSimpleText(c.name, names)
            self.name_items[c.id] = label
            label.setBrush(QBrush(colour("tt.ink")))
            w = label.boundingRect().width()
            label.setPos(c.x - w / 2, c.y + CITY_R + HOUSE + 1)
            label.setZValue(3)
        self._place_names()
        # a legend entry: its colour box, a gap and the province's name
        self._legend_width = 11 * k + max(QFontMetricsF(font).horizontalAdvance(p.name) for p in b.provinces.values())
        self.bounds = self._bounds_for(self.legend_beside)  # round the names where they went
        sc.setSceneRect(self.bounds)
        self._legend(font)

    def _place_names(self) -> None:
        """Each city's name under it, or where that would cover another city or name, above it,
        then to its right or left: of the spots clear of both, the one that makes the drawing
        least taller, then least wider (a name under a city on the board's bottom edge made the
        whole board smaller in a short view; in the scene, which the view only scales, so a place
        clear once is clear at every size)."""
        b = self.board
        cities = {cid: QRectF(c.x - CITY_R - HOUSE - 2, c.y - CITY_R - HOUSE - 1, 2 * (CITY_R + HOUSE + 2),
                              2 * (CITY_R + HOUSE + 1)) for cid, c in b.cities.items()}
        drawn = QRectF()  # the cities with their houses and rings, and the names placed so far
        for box in cities.values():
            drawn = drawn.united(box)
        placed: list[QRectF] = []
        for cid, label in self.name_items.items():  # (the board's own order: the same every time)
            c = b.cities[cid]
            w, h = label.boundingRect().width(), label.boundingRect().height()
            below, above = c.y + CITY_R + HOUSE + 1, c.y - CITY_R - HOUSE - 1 - h
            right, left = c.x + CITY_R + 2, c.x - CITY_R - 2 - w
            spots = [QRectF(x, y, w, h) for x, y in (
                (c.x - w / 2, below), (c.x - w / 2, above), (right + HOUSE, c.y - h / 2), (left - HOUSE, c.y - h / 2),
                (right, below), (left, below), (right, above), (left, above))]
            marks = placed + [box for other, box in cities.items() if other != cid]
            # the spot covering least, then growing the drawing least (a tie keeps the order above)
            spot = min(spots, key=lambda box: _spot_cost(box, marks, drawn))
            label.setPos(spot.topLeft())
            placed.append(spot)
            drawn = drawn.united(spot)

    def _bounds_for(self, beside: bool) -> QRectF:
        """The scene's box with the legend above the cities (five a row) or in a column left of
        them, as wide as its longest name; the cities' box holds their houses, the rings of a
        route and their names wherever they were placed (a name grows with the type, and at
        table mode's the names round the edge reach past the cities' margin)."""
        b, k = self.board, looks.LOOKS.board_scale
        xs = [c.x for c in b.cities.values()]
        ys = [c.y for c in b.cities.values()]
        ring = CITY_R + HOUSE + 4  # a house, or the outermost ring of a route's end
        cities = QRectF(min(xs) - ring, min(ys) - ring, max(xs) - min(xs) + 2 * ring, max(ys) - min(ys) + 2 * ring)
        for label in self.name_items.values():
            cities = cities.united(label.sceneBoundingRect().adjusted(-4, -4, 4, 4))
        column = self._legend_width + 8
        rows = len(b.provinces)
        if beside:
            high = max(cities.height(), rows * 13 * k + 8)
            return QRectF(cities.left() - column, cities.top(), cities.width() + column, high)
        # room above the cities for the province legend, as many a row as the cities' width holds
        # (five a row were wider than the cities at the larger type and drew the board smaller)
        self._per_row = max(1, min(5, int(cities.width() // column)))
        legend_rows = -(-rows // self._per_row)
        top = legend_rows * 13 * k + 8
        wide = max(cities.width(), self._per_row * column)
        return QRectF(cities.left(), cities.top() - top, wide, cities.height() + top)

    def _legend(self, font) -> None:
        sc, b = self.scene(), self.board
        self._legend_font = font
        for item in self._legend_items:
            sc.removeItem(item)
        self._legend_items = []
        x, y = self.bounds.left() + 4, self.bounds.top() + 4
        per_row = 1 if self.legend_beside else self._per_row
        for i, p in enumerate(b.provinces.values()):
            row, col = divmod(i, per_row)
            k = looks.LOOKS.board_scale
            px, py = x + col * (self._legend_width + 8), y + row * 13 * k
            box = sc.addRect(px, py + 1, 8 * k, 8 * k, QPen(Qt.PenStyle.NoPen), QBrush(QColor(p.colour)))
            t = sc.addSimpleText(p.name, font)
            t.setBrush(QBrush(colour("tt.ink")))
            t.setPos(px + 11 * k, py - 1)
            self._legend_items += [box, t]

    def _set_legend(self, beside: bool) -> None:
        if beside != self.legend_beside:
            self.legend_beside = beside
            self.bounds = self._bounds_for(beside)
            self.scene().setSceneRect(self.bounds)
            self._legend(self._legend_font)

    @staticmethod
    def _looks() -> tuple[str, float]:
        return palette.scheme(), looks.LOOKS.board_scale

    def set_state(self, s) -> None:
        """Draw the houses and the routes in progress; a piece still where it was is left as it
        is (a late game has a hundred houses, and an end of turn moves none of them)."""
        sc = self.scene()
        if self._drawn_in != self._looks():  # the window's colours or text size changed
            sc.clear()
            self.city_items, self._houses, self._routes = {}, {}, {}
            self.name_items, self._legend_items = {}, []
            self._draw_board()
        houses, routes = {}, {}
        for seat, p in enumerate(s.players):
            for city in p.houses:
                key = (seat, p.name, p.colour, city)
                houses[key] = self._houses.pop(key) if key in self._houses else self._house(p, seat, city)
        if not s.over:
            for seat, p in enumerate(s.players):  # routes are laid open on the table
                key = (seat, p.name, p.colour, tuple(p.route), p is s.active)
                routes[key] = self._routes.pop(key) if key in self._routes else self._route(p, seat, p is s.active)
        for item in [*self._houses.values(), *(it for items in self._routes.values() for it in items)]:
            sc.removeItem(item)  # the pieces no longer on the table
        self._houses, self._routes = houses, routes
        self._dynamic = [*houses.values(), *(it for items in routes.values() for it in items)]
        self.tiles.set_stacks([(st.name, s.stacks.get(st.id, [])) for st in self.board.stacks.values()])

    def _house(self, p, seat: int, city: str):
        c = self.board.cities[city]
        dx, dy = HOUSE_AT[seat % len(HOUSE_AT)]
        r = self.scene().addRect(c.x + dx, c.y + dy, HOUSE, HOUSE, QPen(colour("tt.piece.edge"), 0.8),
                                 QBrush(player_colour(p.colour)))
        r.setZValue(4)
        r.setToolTip(f"{p.name}'s house in {c.name}")
        return r

    def _route(self, p, seat: int, bold: bool) -> list:
        sc, b = self.scene(), self.board
        items = []
        route_colour = player_colour(p.colour)
        pen = QPen(route_colour, 5 if bold else 3)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        shift = (seat - 1.5) * 2.2  # two players' routes along one road lie side by side
        for a, c in zip(p.route, p.route[1:], strict=False):
            ca, cc = b.cities[a], b.cities[c]
            line = sc.addLine(ca.x + shift, ca.y + shift, cc.x + shift, cc.y + shift, pen)
            line.setZValue(1.2 if bold else 1)
            line.setToolTip(f"{p.name}'s route in progress: "
                            + " \u2013 ".join(b.name(city) for city in p.route))
            items.append(line)
        ring = QPen(route_colour, 3 if bold else 2)
        for i, city in enumerate(p.route):
            c = b.cities[city]
            end = i in (0, len(p.route) - 1)
            r = CITY_R + (5 if end else 3) + (0 if bold else 1.5 + seat)
            item = sc.addEllipse(c.x - r, c.y - r, 2 * r, 2 * r, ring)
            item.setZValue(1.5)
            items.append(item)
        return items

    def resizeEvent(self, event) -> None:
        self._arrange_board()
        super().resizeEvent(event)
        self.fitInView(self.bounds, Qt.AspectRatioMode.KeepAspectRatio)

    def _fit(self, legend_beside: bool, width: float, height: float) -> float:
        """The board's scale in ``width`` x ``height`` with the legend beside it or above."""
        box = self._bounds_for(legend_beside)
        return min(width / box.width(), height / box.height()) if width > 0 and height > 0 else 0.0

    def _legend_beside(self, width: float, height: float) -> bool:
        """The legend where it leaves the board drawn larger (a tie keeps it on top)."""
        return self._fit(True, width, height) > self._fit(False, width, height) * 1.02

    def _arrange_board(self) -> None:
        """The tile strip under the board or beside it, whichever leaves the board drawn larger
        (a short wide view has room to the side of the board, not under it), in ``tiles_home``
        when either would draw the board at under TILES_KEEP of the scale it has alone; and the
        legend above the cities or beside them. Both chosen together: one after the other,
        each on the other's last place, they settled two ways at one size by the order the
        window was laid out in (#14: at 1280x720 in table mode and the larger type a game
        opened there kept its tiles in the side column, under its bottom edge, and the same
        game switched to table mode kept them under the board)."""
        f = self.frameWidth()
        w, h = self.width() - 2 * f, self.height() - 2 * f
        if w <= 0 or h <= 0:
            return
        below = self.tiles.height_for(w, beside=False)
        side = self.tiles.width_for(h)
        rooms = {"under": (w, h - below), "beside": (w - side, h) if side else (0, 0)}
        scales = {where: self._fit(self._legend_beside(*room), *room) for where, room in rooms.items()}
        where = max(scales, key=lambda k: scales[k])  # a tie: under the board
        keep = TILES_KEEP_TABLE if looks.LOOKS.table_mode else TILES_KEEP
        if self.tiles_home is not None and scales[where] < keep * self._fit(self._legend_beside(w, h), w, h):
            where = "away"
        self._set_legend(self._legend_beside(*rooms.get(where, (w, h))))
        self._set_tiles(where, below, side)

    def _set_tiles(self, where: str, below: int, side: int) -> None:
        f = self.frameWidth()
        w, h = self.width() - 2 * f, self.height() - 2 * f
        away = where == "away"
        if away != (self.tiles.parentWidget() is self.tiles_home):
            self._move_tiles(away)
        if away:
            self.setViewportMargins(0, 0, 0, 0)
            return
        self.tiles.beside = where == "beside"
        if self.tiles.beside:
            self.setViewportMargins(0, 0, side, 0)
            self.tiles.setGeometry(f + w - side, f, side, h)
        else:
            self.setViewportMargins(0, 0, 0, below)
            self.tiles.setGeometry(f, f + h - below, w, below)

    def _move_tiles(self, away: bool) -> None:
        home = self.tiles_home
        assert home is not None
        self.tiles.beside = False
        if away:
            home.layout().addWidget(self.tiles)
        else:
            home.layout().removeWidget(self.tiles)
            self.tiles.setParent(self)
        self.tiles.show()
        home.setVisible(away)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.fitInView(self.bounds, Qt.AspectRatioMode.KeepAspectRatio)


class TileStrip(QWidget):
    """The bonus tile stacks still on offer, under the board: each with the value on top (the
    next one taken, thurn_and_taxis.bonus.*), how many are left, and its name under both. As many
    tiles a row as the longest word of a name allows, so a name wraps but never runs over."""

    MOST_A_ROW = 5

    def __init__(self, parent=None):
        super().__init__(parent)
        self.stacks: list[tuple[str, list[int]]] = []
        self.beside = False  # beside the board, not under it: the type keeps its size
        #: the strip as last painted, and what it was painted from (``_look``): the window
        #: repaints the strip far more often than a tile is taken
        self._painted: tuple[object, QPixmap] | None = None
        #: the times the strip was painted afresh, not copied from the last painting (tests count)
        self.paintings = 0

    def hasHeightForWidth(self) -> bool:  # in a layout (moved beside the map): as tall as its rows
        return True

    def heightForWidth(self, width: int) -> int:
        return self.height_for(width, beside=False)

    def sizeHint(self) -> QSize:
        return QSize(320, self.height_for(320, beside=False))

    def set_stacks(self, stacks) -> None:
        stacks = [(name, list(vals)) for name, vals in stacks]
        if stacks == self.stacks:
            return
        self.stacks = stacks
        self.setToolTip("Bonus tiles on offer: " + "; ".join(
            f"{name} {vals[0]} ({len(vals)} left)" if vals else f"{name}: none left" for name, vals in stacks))
        self.update()

    def _words(self) -> list[str]:
        return [w for name, _ in self.stacks for w in _short(name).split(" ")] or ["Hohenzollern"]

    def _fonts(self, width: float | None = None, beside: bool | None = None):
        """The names' and the values' type: 0.85 and 1.3 times the text, the names smaller (down
        to half the text) when that keeps five tiles a row; fewer a row only below that."""
        width = self.width() if width is None else width
        beside = self.beside if beside is None else beside
        size = self.font().pointSizeF()
        probe = QFont(self.font())
        probe.setPointSizeF(size * 0.85)
        longest = max(QFontMetricsF(probe).horizontalAdvance(w) for w in self._words())
        room = (width - 4) / self.MOST_A_ROW - 12
        scale = 0.85 if beside or longest <= room else max(0.5, 0.85 * room / longest)
        small = QFont(self.font())
        small.setPointSizeF(size * scale)
        big = QFont(self.font())
        big.setPointSizeF(size * max(scale * 1.5, 1.0))
        big.setBold(True)
        return small, big

    def _grid(self, width: float, beside: bool | None = None) -> tuple[int, float, float]:
        """Tiles a row, a tile's width and its height for a strip ``width`` pixels wide."""
        small, big = self._fonts(width, beside)
        fs, fb = QFontMetricsF(small), QFontMetricsF(big)
        head = fb.horizontalAdvance("6") + fs.horizontalAdvance("10 left") + 24
        least = max(max(fs.horizontalAdvance(w) for w in self._words()) + 12, head)
        per_row = max(1, min(self.MOST_A_ROW, int((width - 4) // least)))
        tile_w = (width - 4) / per_row
        name_h = max((fs.boundingRect(QRectF(0, 0, tile_w - 10, 1000), Qt.TextFlag.TextWordWrap, _short(n)).height()
                      for n, _ in self.stacks), default=fs.lineSpacing())
        return per_row, tile_w, fb.height() + name_h + TILE_PAD

    def width_for(self, height: int) -> int:
        """The narrowest strip (two tiles a row or more) whose rows fit ``height``; 0 if none."""
        for per_row in range(2, self.MOST_A_ROW + 1):
            width = int(per_row * self._least_tile(height) + 6)
            if self.height_for(width, beside=True) <= height and self._grid(width, True)[0] >= per_row:
                return width
        return 0

    def _least_tile(self, _height: int) -> float:
        small, big = self._fonts(10_000, beside=True)
        fs, fb = QFontMetricsF(small), QFontMetricsF(big)
        head = fb.horizontalAdvance("6") + fs.horizontalAdvance("10 left") + 24
        return max(max(fs.horizontalAdvance(w) for w in self._words()) + 12, head)

    def height_for(self, width: int, beside: bool | None = None) -> int:
        per_row, _w, tile_h = self._grid(width, beside)
        rows = -(-max(1, len(self.stacks) or 10) // per_row)
        return int(rows * tile_h) + 5

    def _tiles(self) -> list:
        """Per stack: its box, and its texts as (box, text, font, flags)."""
        small, big = self._fonts()
        fb = QFontMetricsF(big)
        per_row, w, h = self._grid(self.width())
        top_left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
        out = []
        for i, (name, left) in enumerate(self.stacks):
            row, col = divmod(i, per_row)
            box = QRectF(2 + col * w + 1, 2 + row * h + 1, w - 2, h - 2)
            value = str(left[0]) if left else "\u2013"
            value_box = QRectF(box.left() + 5, box.top() + 1, fb.horizontalAdvance(value) + 2, fb.height())
            count = f"{len(left)} left"
            count_w = QFontMetricsF(small).horizontalAdvance(count) + 2
            count_box = QRectF(box.right() - 4 - count_w, box.top() + 1, count_w, fb.height())
            name_box = QRectF(box.left() + 5, box.top() + 1 + fb.height(), box.width() - 10,
                              box.height() - fb.height() - 3)
            out.append((box, left, [(value_box, value, big, top_left),
                                    (count_box, count, small, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
                                    (name_box, _short(name), small, top_left | Qt.TextFlag.TextWordWrap)]))
        return out

    def text_boxes(self) -> list:
        return [t for _box, _left, texts in self._tiles() for t in texts]

    def _look(self) -> tuple:
        """All a painting of the strip depends on."""
        return (self.size(), self.devicePixelRatioF(), self.beside, self.font().key(), palette.scheme(),
                looks.LOOKS.board_scale, tuple((name, tuple(vals)) for name, vals in self.stacks))

    def paintEvent(self, _event) -> None:
        look = self._look()
        if self._painted is None or self._painted[0] != look:
            ratio = self.devicePixelRatioF()
            pixmap = QPixmap(max(1, round(self.width() * ratio)), max(1, round(self.height() * ratio)))
            pixmap.setDevicePixelRatio(ratio)
            self._paint(pixmap)
            self._painted = (look, pixmap)
            self.paintings += 1
        p = QPainter(self)
        p.drawPixmap(0, 0, self._painted[1])
        p.end()

    def _paint(self, device) -> None:
        p = QPainter(device)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), colour("tt.paper"))
        for box, left, texts in self._tiles():
            p.setPen(QPen(colour("tt.city.border"), 1))
            p.setBrush(colour("base" if left else "tt.paper"))
            p.drawRoundedRect(box, 3, 3)
            p.setPen(colour("text" if left else "tt.ink"))
            for rect, text, font, flags in texts:
                p.setFont(font)
                p.drawText(rect, flags, text)
        p.end()
