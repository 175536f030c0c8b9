"""The board: cities coloured by province, the roads, each player's houses, and the active
player's route in progress. Drawn from the pack's board positions (mm on the 600 x 420 board)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView

from .. import palette
from ..palette import PLAYER_COLOURS, colour

CITY_R = 9.0
HOUSE = 8.5
#: where the houses of seats 0-3 sit around a city
HOUSE_AT = ((-HOUSE - 2, -CITY_R - HOUSE - 1), (2, -CITY_R - HOUSE - 1),
            (-HOUSE - 2, CITY_R + 1), (2, CITY_R + 1))


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
        self.setMinimumSize(360, 250)
        self._dynamic: list = []
        self.city_items: dict = {}
        self._draw_board()

    def _draw_board(self) -> None:
        sc, b = self.scene(), self.board
        self._drawn_in = palette.scheme()
        self.setBackgroundBrush(QBrush(colour("tt.paper")))
        xs = [c.x for c in b.cities.values()]
        ys = [c.y for c in b.cities.values()]
        # room above the cities for the province legend
        self.bounds = QRectF(min(xs) - 60, min(ys) - 70, max(xs) - min(xs) + 120, max(ys) - min(ys) + 110)
        sc.setSceneRect(self.bounds)
        road = QPen(colour("tt.road"), 2.2)
        for a, c in b.roads:
            ca, cc = b.cities[a], b.cities[c]
            sc.addLine(ca.x, ca.y, cc.x, cc.y, road)
        font = QFont()
        font.setPointSizeF(7.5)
        for c in b.cities.values():
            item = sc.addEllipse(c.x - CITY_R, c.y - CITY_R, 2 * CITY_R, 2 * CITY_R,
                                 QPen(colour("tt.city.border"), 1.2), QBrush(QColor(b.provinces[c.province].colour)))
            item.setZValue(2)
            item.setToolTip(f"{c.name} ({b.provinces[c.province].name})")
            self.city_items[c.id] = item
            label = sc.addSimpleText(c.name, font)
            label.setBrush(QBrush(colour("tt.ink")))
            w = label.boundingRect().width()
            label.setPos(c.x - w / 2, c.y + CITY_R + HOUSE + 1)
            label.setZValue(3)
        self._legend(font)

    def _legend(self, font) -> None:
        sc, b = self.scene(), self.board
        x, y = self.bounds.left() + 4, self.bounds.top() + 4
        for i, p in enumerate(b.provinces.values()):
            row, col = divmod(i, 5)
            px, py = x + col * 100, y + row * 13
            sc.addRect(px, py + 1, 8, 8, QPen(Qt.PenStyle.NoPen), QBrush(QColor(p.colour)))
            t = sc.addSimpleText(p.name, font)
            t.setBrush(QBrush(colour("tt.ink")))
            t.setPos(px + 11, py - 1)

    def set_state(self, s) -> None:
        sc = self.scene()
        for item in self._dynamic:
            sc.removeItem(item)
        self._dynamic = []
        if self._drawn_in != palette.scheme():  # the window's colours changed
            sc.clear()
            self.city_items = {}
            self._draw_board()
        b = self.board
        for seat, p in enumerate(s.players):
            dx, dy = HOUSE_AT[seat % len(HOUSE_AT)]
            brush, pen = QBrush(player_colour(p.colour)), QPen(colour("tt.piece.edge"), 0.8)
            for city in p.houses:
                c = b.cities[city]
                r = sc.addRect(c.x + dx, c.y + dy, HOUSE, HOUSE, pen, brush)
                r.setZValue(4)
                r.setToolTip(f"{p.name}'s house in {c.name}")
                self._dynamic.append(r)
        if not s.over:
            self._route(s.active)

    def _route(self, p) -> None:
        sc, b = self.scene(), self.board
        route_colour = player_colour(p.colour)
        pen = QPen(route_colour, 5)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        for a, c in zip(p.route, p.route[1:], strict=False):
            ca, cc = b.cities[a], b.cities[c]
            line = sc.addLine(ca.x, ca.y, cc.x, cc.y, pen)
            line.setZValue(1)
            self._dynamic.append(line)
        ring = QPen(route_colour, 3)
        for i, city in enumerate(p.route):
            c = b.cities[city]
            end = i in (0, len(p.route) - 1)
            r = CITY_R + (5 if end else 3)
            item = sc.addEllipse(c.x - r, c.y - r, 2 * r, 2 * r, ring)
            item.setZValue(1.5)
            self._dynamic.append(item)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.fitInView(self.bounds, Qt.AspectRatioMode.KeepAspectRatio)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.fitInView(self.bounds, Qt.AspectRatioMode.KeepAspectRatio)
