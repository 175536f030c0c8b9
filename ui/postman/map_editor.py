"""The map editor: draw your own Postman board. Click the empty map to add a town, click a town
to edit it, and in Roads mode click two towns to join them (click again to remove the road); a
click on a road only says which road it is. The view keeps its zoom and place across edits (the
wheel, + and - zoom, Whole board fits). The map's checks run after every change, in words
(MapDraft.problems); Save writes a map file others can load."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from PySide6.QtCore import QLineF, QPointF, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QPainter, QPen
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QGraphicsEllipseItem,
    QGraphicsScene,
    QGraphicsView,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from companion.core.storage import atomic_write
from companion.core.violations import PosthornError
from companion.postman.view import SIZES, TERRAIN, MapDraft, open_map

from .. import looks
from ..palette import colour
from . import layout

R = {"small": 7, "medium": 9, "large": 12}


class Canvas(QGraphicsView):
    """The board being drawn. Redrawing after an edit keeps the zoom and the part of the board
    in view (only Whole board re-fits), so a town never moves under the pointer; the scene
    always reaches past every town, so scrolling and zooming reach the whole board."""

    clicked = Signal(float, float, str)  # scene x, y, and the town there ("" for none)
    road_clicked = Signal(str, str)      # a click on a road (never on the empty map)
    #: how near (in screen pixels) a click must fall to a town or a road to count as on it
    REACH = 6

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        self.scene().setSceneRect(0, 0, 1000, 700)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setBackgroundBrush(QBrush(colour("map.paper")))
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setMinimumSize(420, 300)

    def fit(self) -> None:
        """Show the whole board (clicks still land in map coordinates: mapToScene)."""
        box = self.towns_box()
        if box is not None:
            self.fitInView(box.adjusted(-40, -40, 40, 40), Qt.AspectRatioMode.KeepAspectRatio)
            self.centerOn(box.center())

    def towns_box(self):
        items = [i for i in self.scene().items() if i.data(0)]
        if not items:
            return None
        box = items[0].sceneBoundingRect()
        for item in items[1:]:
            box = box.united(item.sceneBoundingRect())
        return box

    def zoom(self, factor: float) -> None:
        now = self.transform().m11()
        factor = max(0.1 / now, min(12.0 / now, factor))
        self.scale(factor, factor)

    def wheelEvent(self, event) -> None:
        steps = event.angleDelta().y() / 120
        if steps:
            self.zoom(1.15 ** steps)
        event.accept()

    def mousePressEvent(self, event) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return super().mousePressEvent(event)
        point = event.position().toPoint()
        p = self.mapToScene(point)
        town = self.town_near(point)
        road = None if town else self.road_near(point)
        if road:
            self.road_clicked.emit(*road)
        else:
            self.clicked.emit(p.x(), p.y(), town)

    def _near(self, point):
        r = self.REACH
        return self.items(point.x() - r, point.y() - r, 2 * r, 2 * r)

    def town_near(self, point) -> str:
        """The town whose marker is nearest the click within REACH pixels, else one whose name
        is ("" for none): a neighbour's name drawn over a marker took a click on the marker's
        very centre (32 of the default map's 40 towns at the whole-board zoom)."""
        near = [item for item in self._near(point) if item.data(0)]
        markers = [item for item in near if isinstance(item, QGraphicsEllipseItem)]
        if markers:
            at = self.mapToScene(point)
            nearest = min(markers, key=lambda m: QLineF(m.sceneBoundingRect().center(), at).length())
            return nearest.data(0)
        return near[0].data(0) if near else ""

    def road_near(self, point):
        for item in self._near(point):
            if item.data(1):
                return item.data(1)
        return None

    def town_at(self, p: QPointF) -> str:
        """The town whose marker is at ``p``, else whose name is (names lie over markers)."""
        found = [item for item in self.scene().items(p) if item.data(0)]
        found.sort(key=lambda item: not isinstance(item, QGraphicsEllipseItem))
        return found[0].data(0) if found else ""

    def draw(self, draft: MapDraft, selected: str, road_from: str) -> None:
        corner = self.mapToScene(0, 0)
        sc = self.scene()
        sc.clear()
        pos = {t["id"]: (t["x"], t["y"]) for t in draft.towns}
        road = QPen(colour("map.road"), 3)
        for a, b in draft.roads:
            if a in pos and b in pos:
                line = sc.addLine(*pos[a], *pos[b], road)
                line.setData(1, (a, b))
        for t in draft.towns:
            r = R[t["size"]]
            x, y = t["x"], t["y"]
            fill = "map.post" if t["id"] == draft.post_town else "map.camp" if t["id"] == draft.base_camp else "map.town"
            pen = QPen(colour("map.selected" if t["id"] in (selected, road_from) else "map.town.border"),
                       3 if t["id"] in (selected, road_from) else 1.4)
            if t["edge"]:
                pen.setStyle(Qt.PenStyle.DashLine)
            item = sc.addEllipse(x - r, y - r, 2 * r, 2 * r, pen, QBrush(colour(fill)))
            item.setData(0, t["id"])
            item.setZValue(2)
            marks = "".join(g for tag, g in (("forest", "\u2663"), ("water", "\u2248"), ("mountains", "\u25b2"))
                            if tag in t["terrain"])
            label = sc.addSimpleText(t["name"] + (f"  {marks}" if marks else ""))
            label.setBrush(QBrush(colour("map.ink")))  # on the map's paper, in either colour set
            label.setPos(x - label.boundingRect().width() / 2, y + r + 1)
            label.setData(0, t["id"])
            label.setZValue(3)
        self._reach_everything()
        moved = self.mapFromScene(corner)  # (0, 0) unless the scene grew on the left or top
        for bar, by in ((self.horizontalScrollBar(), moved.x()), (self.verticalScrollBar(), moved.y())):
            bar.setValue(bar.value() + by)

    def _reach_everything(self) -> None:
        """Let the scene reach a view's width past every town, growing only: scroll bars reach
        the whole board and an edit never shifts what is in view."""
        box = self.towns_box()
        rect = self.sceneRect()
        if box is not None:
            rect = rect.united(box.adjusted(-box.width() / 2 - 200, -box.height() / 2 - 200,
                                            box.width() / 2 + 200, box.height() / 2 + 200))
        self.setSceneRect(rect)


class MapEditor(QDialog):
    def __init__(self, parent=None, draft: MapDraft | None = None):
        super().__init__(parent)
        self.setWindowTitle("Postman map editor")
        screen = (parent.screen() if parent is not None else self.screen()).availableGeometry()
        # with its title bar it fits a 1280x720 screen, and any screen's 92% by 90%
        self.resize(min(1100, int(screen.width() * 0.92)), min(690, int(screen.height() * 0.9)))
        self.draft = draft or MapDraft()
        self.selected = ""
        self.road_from = ""
        self.saved_path: str | None = None
        #: asks where to save / what to open; tests replace them
        self.ask_save = lambda: QFileDialog.getSaveFileName(self, "Save the map", "my-map.toml",
                                                            "Postman maps (*.toml)")[0]
        self.ask_open = lambda: QFileDialog.getOpenFileName(self, "Open a map", "", "Postman maps (*.toml)")[0]

        self.canvas = Canvas()
        self.modes = QButtonGroup(self)
        self.mode_buttons = {}
        tools = QHBoxLayout()
        for key, text in (("add", "Add towns"), ("select", "Edit towns"), ("roads", "Roads")):
            b = QRadioButton(text)
            self.modes.addButton(b)
            self.mode_buttons[key] = b
            tools.addWidget(b)
        self.mode_buttons["add"].setChecked(True)
        tools.addStretch(1)
        # the view's buttons on a row of their own: beside the modes they made the editor wider
        # than a 1280-pixel screen at the larger text size
        view_tools = QHBoxLayout()
        self.zoom_out = QPushButton("\u2212")
        self.zoom_in = QPushButton("+")
        self.fit_button = QPushButton("Whole board")
        for b in (self.zoom_out, self.zoom_in, self.fit_button):
            view_tools.addWidget(b)
        self.spread_button = QPushButton("Spread out crowded towns")
        self.spread_button.setToolTip("Move the drawing apart where towns overlap (x and y are for "
                                      "drawing only: roads and distances do not change)")
        view_tools.addWidget(self.spread_button)
        view_tools.addStretch(1)
        self.help = QLabel()
        looks.tone(self.help, "muted")

        self.map_name = QLineEdit(self.draft.name)
        self.town_box = QGroupBox("Town")
        form = QFormLayout(self.town_box)
        self.town_name = QLineEdit()
        self.town_id = QLabel()
        self.size = QComboBox()
        self.size.addItems(list(SIZES))
        self.terrain = {tag: QCheckBox({"water": "lake or river"}.get(tag, tag)) for tag in TERRAIN}
        self.edge = QCheckBox("on the map's edge")
        self.edge.setToolTip("A California Postman Rider may start in a town on the map's edge; "
                             "a map needs at least one")
        self.post_button = QPushButton("Make it the Post Town")
        self.camp_button = QPushButton("Make it the Base Camp")
        self.delete_button = QPushButton("Delete town")
        form.addRow("Name", self.town_name)
        form.addRow("Id", self.town_id)
        form.addRow("Size", self.size)
        trow = QGridLayout()  # two a row: three side by side widen the column at a large size
        for i, box in enumerate(self.terrain.values()):
            trow.addWidget(box, i // 2, i % 2)
        form.addRow("Terrain", trow)
        form.addRow("", self.edge)
        form.addRow(self.post_button)
        form.addRow(self.camp_button)
        form.addRow(self.delete_button)
        self.problems = QLabel()
        self.problems.setWordWrap(True)
        self.open_button = QPushButton("Open a map\u2026")
        self.save_button = QPushButton("Save as\u2026")
        self.use_button = QPushButton("Save and use this map")
        self.close_button = QPushButton("Close")

        side = QVBoxLayout()
        mform = QFormLayout()
        mform.addRow("Map name", self.map_name)
        side.addLayout(mform)
        side.addWidget(self.town_box)
        side.addWidget(QLabel("Checks"))
        side.addWidget(self.problems)
        side.addStretch(1)
        for b in (self.open_button, self.save_button, self.use_button, self.close_button):
            side.addWidget(b)
        left = QVBoxLayout()
        left.addLayout(tools)
        left.addLayout(view_tools)
        left.addWidget(self.help)
        left.addWidget(self.canvas, 1)
        lay = QHBoxLayout(self)
        lay.addLayout(left, 3)
        lay.addLayout(side, 1)

        self.canvas.clicked.connect(self.canvas_clicked)
        self.canvas.road_clicked.connect(self.road_clicked)
        self.zoom_in.clicked.connect(lambda: self.canvas.zoom(1.25))
        self.zoom_out.clicked.connect(lambda: self.canvas.zoom(0.8))
        self.fit_button.clicked.connect(self.canvas.fit)
        self.modes.buttonClicked.connect(lambda _b: self._mode_changed())
        self.map_name.textEdited.connect(self._map_named)
        self.town_name.editingFinished.connect(self._town_named)
        self.size.activated.connect(lambda _i: self._edit(lambda t: self.draft.set_size(t, self.size.currentText())))
        for tag, box in self.terrain.items():
            box.clicked.connect(lambda on, g=tag: self._edit(lambda t: self.draft.set_terrain(t, g, on)))
        self.edge.clicked.connect(lambda on: self._edit(lambda t: self.draft.town(t).update(edge=on)))
        self.post_button.clicked.connect(lambda: self._edit(lambda t: setattr(self.draft, "post_town", t)))
        self.camp_button.clicked.connect(lambda: self._edit(lambda t: setattr(self.draft, "base_camp", t)))
        self.delete_button.clicked.connect(self._delete)
        self.spread_button.clicked.connect(self.spread_out)
        self.open_button.clicked.connect(self._open)
        self.save_button.clicked.connect(self.save)
        self.use_button.clicked.connect(self._save_and_use)
        self.close_button.clicked.connect(self.reject)
        self._mode_changed()
        if self.draft.towns:  # a board opened for editing: all of it in view once shown
            QTimer.singleShot(0, self.canvas.fit)

    def spread_out(self) -> None:
        """Where towns overlap, draw them apart, as the table's map does (layout.positions)."""
        if not self.draft.towns:
            return
        towns = {t["id"]: SimpleNamespace(x=t.get("x"), y=t.get("y")) for t in self.draft.towns}
        for tid, (x, y) in layout.positions(SimpleNamespace(towns=towns)).items():
            self.draft.move(tid, x, y)
        self.redraw()
        self.canvas.fit()

    def mode(self) -> str:
        return next(k for k, b in self.mode_buttons.items() if b.isChecked())

    # -- clicks -----------------------------------------------------------------------------------
    def canvas_clicked(self, x: float, y: float, town: str) -> None:
        mode = self.mode()
        if mode == "roads" and town:
            if self.road_from and self.road_from != town:
                self.draft.toggle_road(self.road_from, town)
                self.road_from = ""
            else:
                self.road_from = town
        elif town:
            self.selected = town
        elif mode == "add":
            self.selected = self.draft.add_town(x, y)
        elif mode == "select" and self.selected:
            self.draft.move(self.selected, x, y)
        self.redraw()

    def road_clicked(self, a: str, b: str) -> None:
        """A click on a road adds no town and moves none: it says what is there."""
        names = " and ".join(self.draft.town(t)["name"] for t in (a, b))
        how = {"roads": "click both towns again to take it away",
               "add": "click the empty map to add a town"}.get(self.mode(), "click the empty map to move a town")
        self.help.setText(f"That is the road between {names}; {how}.")

    def _mode_changed(self) -> None:
        self.road_from = ""
        self.help.setText({"add": "Click the empty map to add a town; click a town to edit it.",
                           "select": "Click a town to edit it; click the empty map to move it there.",
                           "roads": "Click two towns to join them by a road; again to take it away."}[self.mode()])
        self.redraw()

    def _edit(self, change) -> None:
        if self.selected:
            change(self.selected)
            self.redraw()

    def _map_named(self, text: str) -> None:
        self.draft.name = text
        self.redraw()

    def _town_named(self) -> None:
        name = self.town_name.text().strip()
        if self.selected and name and name != self.draft.town(self.selected)["name"]:
            self.selected = self.draft.rename(self.selected, name)
            self.redraw()

    def _delete(self) -> None:
        if self.selected:
            self.draft.remove_town(self.selected)
            self.selected = ""
            self.redraw()

    # -- redraw -----------------------------------------------------------------------------------
    def redraw(self) -> None:
        self.canvas.draw(self.draft, self.selected, self.road_from)
        t = self.draft.town(self.selected) if self.selected else None
        # the box's words stay readable (a disabled box greys its labels); its fields wait for a town
        for w in self.town_box.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly):
            if not isinstance(w, QLabel):
                w.setEnabled(t is not None)
        self.town_box.setTitle(f"Town: {t['name']}" if t else "Town (click one)")
        if t:
            self.town_name.setText(t["name"])
            self.town_id.setText(t["id"])
            self.size.setCurrentText(t["size"])
            for tag, box in self.terrain.items():
                box.setChecked(tag in t["terrain"])
            self.edge.setChecked(t["edge"])
            self.post_button.setEnabled(self.draft.post_town != t["id"])
            self.camp_button.setEnabled(self.draft.base_camp != t["id"])
        found = self.draft.problems()
        roads = len(self.draft.roads)
        head = f"{len(self.draft.towns)} towns, {roads} roads. "
        if found:
            looks.tone(self.problems, "danger")
            self.problems.setText(head + "Not playable yet:\n" + "\n".join(f"\u2022 {p}" for p in found))
        else:
            looks.tone(self.problems, "success")
            self.problems.setText(head + "Every check passes: this map can be played.")
        self.use_button.setEnabled(not found)

    # -- files ------------------------------------------------------------------------------------
    def save(self) -> bool:
        path = self.ask_save()
        if not path:
            return False
        try:
            atomic_write(Path(path), self.draft.to_toml())
        except OSError as e:
            self.problems.setText(f"Could not save to {path}: {e.strerror or e}")
            return False
        self.saved_path = str(path)
        self.problems.setText(self.problems.text() + f"\nSaved to {Path(path).name}.")
        return True

    def _save_and_use(self) -> None:
        if self.save():
            self.accept()

    def _open(self) -> None:
        path = self.ask_open()
        if path:
            try:
                self.draft = open_map(path)
            except PosthornError as e:  # any file: a message naming where, never a traceback
                self.problems.setText(f"Could not open this map: {e}")
                return
            self.map_name.setText(self.draft.name)
            self.selected = ""
            self.redraw()
            self.canvas.fit()
