"""The ride panel: where the chosen courier's ride is set up (its speed, the nearest enemy, whom it
rides to, whether it arrives), with its loss roll, its buttons and its story. Every button asks
the session; the panel only words what the session and ``companion.couriers.view`` answer.

Two shapes (``ui/couriers/room.py`` chooses): "tall", one column beside the tables, and "wide",
two columns of controls under them, so at 1280x720 in the larger type the controls sit inside the
window under the couriers' table. In either, the controls come first and the words that change
length from courier to courier (the heading, the history) after them, and a control that shows
only sometimes keeps its room: choosing another courier moves nothing."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QRadioButton,
)

from companion.core.inputs import Input
from companion.core.roll_targets import roll_line
from companion.core.words import on_dice
from companion.couriers import view

from .. import looks
from ..widgets.asks import ask
from ..widgets.columns import LEAST_ROWS

#: the check boxes' words: a check box never wraps, so they stay short and the same for every
#: courier (the target is the "Rides to" box's); the whole sentence is the tooltip
ARRIVES = "Arrives there this move"
NEXT_CLOSEST = "It is the next closest unit"
NO_COURIER = "Courier (select one above)"
#: lines the loss roll's words keep room for (one courier's wraps where another's does not)
PREVIEW_LINES = 2


class RidePanel(QGroupBox):
    def __init__(self, table, parent=None):
        super().__init__("Courier", parent)
        self.table = table
        #: the courier the panel is for: the one chosen in the desk's table (``choose``)
        self.chosen: str | None = None
        self.officer = QRadioButton()
        self.double = QRadioButton()
        self.speed = QButtonGroup(self)
        self.speed.addButton(self.officer)
        self.speed.addButton(self.double)
        self.officer.setChecked(True)
        self.enemy_near = QCheckBox("Nearest enemy during the move:")
        self.enemy_near.setChecked(True)
        self.distance = QDoubleSpinBox()
        self.distance.setDecimals(1)
        self.distance.setSingleStep(1)
        self.distance.setSuffix('"')
        self.rides_to = QLabel("Rides to:")
        self.towards = QComboBox()  # the unit or headquarters the ride names (couriers.locate.failed)
        self.towards.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.towards.setMinimumContentsLength(12)
        self.arrives = QCheckBox(ARRIVES)
        self.next_closest = QCheckBox(NEXT_CLOSEST)
        # asked only after a failed location roll: its room is kept, so nothing moves when it comes
        keep = self.next_closest.sizePolicy()
        keep.setRetainSizeWhenHidden(True)
        self.next_closest.setSizePolicy(keep)
        self.loss_preview = QLabel()
        self.loss_preview.setWordWrap(True)
        looks.bold(self.loss_preview)
        self.ride_button = QPushButton("Ride")
        self.locate_button = QPushButton("Location roll")
        self.capture_button = QPushButton("Captured!")
        self.orders_button = QPushButton("Show orders")
        self.orders_button.setCheckable(True)
        self.orders_button.setToolTip("The orders are sealed; show them to their own side only")
        self.buttons = QHBoxLayout()
        for b in (self.ride_button, self.locate_button, self.capture_button, self.orders_button):
            self.buttons.addWidget(b)
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.history_title = QLabel("History")
        self.history = QListWidget()
        self.history.setWordWrap(True)
        self._history_follows = True  # the newest line in sight, until the reader scrolls up
        bar = self.history.verticalScrollBar()
        bar.rangeChanged.connect(self._history_range)
        bar.actionTriggered.connect(lambda _a: setattr(self, "_history_follows", bar.sliderPosition() >= bar.maximum()))
        self.rides = QHBoxLayout()  # "Rides to:" and its box
        self.grid = QGridLayout(self)
        self.shape = ""
        self.set_shape("tall")

        self.orders_button.toggled.connect(self.update_panel)
        for w in (self.officer, self.double, self.enemy_near, self.arrives, self.next_closest):
            w.toggled.connect(self.update_panel)
        self.towards.activated.connect(self.update_panel)
        self.distance.valueChanged.connect(self.update_panel)
        self.locate_button.clicked.connect(lambda: self._courier_input("attempt_location"))
        self.capture_button.clicked.connect(lambda: self._courier_input("capture"))
        self.ride_button.clicked.connect(self._ride)

    # -- shape ---------------------------------------------------------------------------------
    def set_shape(self, shape: str) -> None:
        """"tall": one column of controls; "wide": two columns side by side (``room.py``)."""
        if shape == self.shape:
            return
        grid = self.grid
        placed = (self.officer, self.double, self.enemy_near, self.distance, self.rides_to, self.towards,
                  self.arrives, self.next_closest, self.loss_preview, self.heading, self.history_title,
                  self.history)
        for w in placed:
            grid.removeWidget(w)
            self.rides.removeWidget(w)
        grid.removeItem(self.buttons)
        grid.removeItem(self.rides)
        for row in range(grid.rowCount()):
            grid.setRowStretch(row, 0)
        if shape == "wide":
            # what the courier rides at on the left; where to on a line of its own, the panel's
            # width (#14: beside the distance the target's box had 283 px at 1280x720 larger, and
            # "the headquarters at Widow Leister's farm" read "the headquarters at Wido"); the
            # loss roll on one line beside "arrives", the buttons that make it under it (the
            # next closest unit's box, when asked, beside them). No two of the loss roll, the
            # buttons, the target's line and the nearest enemy share a line of 900 pixels in the
            # larger type, so these are five lines
            for w, row, col, span in (
                    (self.officer, 0, 0, 1), (self.double, 0, 1, 3),
                    (self.enemy_near, 1, 0, 1), (self.distance, 1, 1, 1),
                    (self.arrives, 3, 0, 1), (self.loss_preview, 3, 1, 3),
                    (self.next_closest, 4, 0, 1)):
                grid.addWidget(w, row, col, 1, span)
            self.rides.addWidget(self.rides_to)
            self.rides.addWidget(self.towards, 1)
            grid.addLayout(self.rides, 2, 0, 1, 4)
            grid.addLayout(self.buttons, 4, 1, 1, 3)
            grid.addWidget(self.heading, 5, 0, 1, 4)
            grid.addWidget(self.history, 6, 0, 1, 4)
            self.history_title.hide()  # its first line, the orders, says what it is
            grid.setRowStretch(6, 1)
            grid.setColumnStretch(0, 0)
            grid.setColumnStretch(3, 1)
        else:
            for w, row, col, span in (
                    (self.officer, 0, 0, 2), (self.double, 1, 0, 2),
                    (self.enemy_near, 2, 0, 1), (self.distance, 2, 1, 1),
                    (self.arrives, 4, 0, 2), (self.next_closest, 5, 0, 2),
                    (self.loss_preview, 6, 0, 2)):
                grid.addWidget(w, row, col, 1, span)
            # the target's box takes the row's width: a unit's name reads whole
            self.rides.addWidget(self.rides_to)
            self.rides.addWidget(self.towards, 1)
            grid.addLayout(self.rides, 3, 0, 1, 2)
            grid.addLayout(self.buttons, 7, 0, 1, 2)
            grid.addWidget(self.heading, 8, 0, 1, 2)
            grid.addWidget(self.history_title, 9, 0, 1, 2)
            grid.addWidget(self.history, 10, 0, 1, 2)
            self.history_title.show()
            grid.setRowStretch(10, 1)
            grid.setColumnStretch(0, 0)
            grid.setColumnStretch(3, 0)
        # wide: under the couriers' table in a low window, every pixel of height is a row's
        grid.setVerticalSpacing(1 if shape == "wide" else -1)  # (five lines: the buttons in sight at 1280x720 larger)
        grid.setContentsMargins(*((8, 2, 8, 4) if shape == "wide" else (-1, -1, -1, -1)))
        self.shape = shape
        self._keep_preview_room()

    def least_width(self, shape: str) -> int:
        """The panel's least width in ``shape``, whichever shape it has now (``room.py`` weighs
        the tall one against the room; the grid's columns line the controls up)."""
        sp = max(0, self.grid.horizontalSpacing())
        w = _width
        labels = max(w(self.enemy_near) + sp + w(self.distance), w(self.rides_to) + sp + w(self.towards))
        buttons = sum(w(b) for b in (self.ride_button, self.locate_button, self.capture_button,
                                     self.orders_button)) + 3 * max(0, self.buttons.spacing())
        if shape == "wide":
            left = max(w(self.officer), w(self.arrives), w(self.enemy_near), w(self.next_closest))
            right = max(w(self.double), buttons, w(self.distance))
            inner = max(left + sp + right, w(self.rides_to) + max(0, self.rides.spacing()) + w(self.towards))
        else:
            inner = max(w(self.officer), w(self.double), w(self.arrives), w(self.next_closest), labels, buttons)
        m = self.contentsMargins()
        # the longest title it takes (a courier's is shorter), so a choice never turns the desk
        title = self.fontMetrics().horizontalAdvance(NO_COURIER) + 24
        return max(inner + m.left() + m.right() + self.grid.contentsMargins().left()
                   + self.grid.contentsMargins().right(), title)

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        from PySide6.QtCore import QEvent

        if event.type() == QEvent.Type.FontChange:
            self._keep_preview_room()

    def _keep_preview_room(self) -> None:
        """The loss roll's words keep PREVIEW_LINES lines (one in the wide shape), so the buttons
        under or beside them hold still from one courier to the next."""
        fm = self.loss_preview.fontMetrics()
        lines = 1 if self.shape == "wide" else PREVIEW_LINES  # wide: beside "arrives", on one line
        self.loss_preview.setMinimumHeight(fm.lineSpacing() * lines)
        # the heading too (empty for a finished courier): the history under it holds still
        self.heading.setMinimumHeight(self.heading.fontMetrics().lineSpacing() * lines)
        # the history keeps three lines of its type: fewer, and one line cannot be read against
        # the next (LEAST_ROWS, as the tables)
        history = self.history
        history.setMinimumHeight(history.fontMetrics().lineSpacing() * LEAST_ROWS + 2 * history.frameWidth() + 8)

    # -- reading the state ---------------------------------------------------------------------
    @property
    def state(self):
        return self.table.state

    def choose(self, cid: str | None) -> None:
        """Another courier chosen: the panel starts again from the pack's numbers."""
        self.chosen = cid
        self.distance.setValue(self.state.settings.nearest_enemy_start)  # the pack's, for each courier
        self.arrives.setChecked(False)
        self.next_closest.setChecked(False)
        self.towards.clear()  # filled with this courier's targets, its heading first chosen
        self.orders_button.setChecked(False)  # sealed again for the next courier
        self.update_panel()

    def show_speeds(self) -> None:
        mv = self.state.settings
        self.distance.setRange(*mv.nearest_enemy_range)  # the pack's range, as the rules take it
        for label, speed in ((self.officer, mv.speeds["officer"]), (self.double, mv.speeds["double"])):
            label.setText(f"{speed.label}: {mv.distance(speed.name):g}\", lost on {on_dice(speed.lost_on, speed.dice)}")
        # the pack's reading of "closer to the enemy": what distance the players measure
        self.enemy_near.setText("Nearest enemy during the move:" if mv.proximity == "closest"
                                else "Nearest enemy at the end of the move:")

    def update_panel(self, *_) -> None:
        s = self.state
        cid = self.chosen
        c = s.couriers.get(cid) if cid else None
        # the box itself stays enabled: its title, heading and history are words to read, and a
        # disabled box would grey them all; only its controls wait for a courier
        for w in self.controls():
            w.setEnabled(c is not None)
        self.distance.setEnabled(c is not None and self.enemy_near.isChecked())
        self.next_closest.setVisible(False)  # asked only after a failed location roll
        if c is None:  # nothing left of the courier chosen before (a courier's send undone)
            self.setTitle(NO_COURIER)
            self.loss_preview.setText("")
            self.heading.setText("")
            self._show_history([])
            self._no_ride()
            return
        # short, so a long pair of names never asks the box for more width (the couriers'
        # table names them on the row)
        self.setTitle(f"Courier {c.id} \u00b7 {c.status}")
        cmds = s.commanders
        self.setToolTip(f"Courier {c.id}: {cmds[c.sender].name} \u2192 {cmds[c.recipient].name}")
        shown = view.orders_open(c) or self.orders_button.isChecked()
        orders = f"Orders: \u201c{c.message}\u201d" if shown else "Orders: sealed (Show orders)"
        self._show_history([orders, *c.history])
        self.heading.setText("" if c.finished else _cap(view.heading(s, c)))
        if c.finished:
            self.loss_preview.setText(f"This courier is {c.status}.")
            self._no_ride()
        else:
            self._fill_targets(c)
            self.arrives.setToolTip(f"The courier arrives this move at {self.towards.currentText()}")
            self.towards.setToolTip(self.towards.currentText())  # a long name is cut in the box
            speed = "double" if self.double.isChecked() else "officer"
            nearest = self.distance.value() if self.enemy_near.isChecked() else None
            req = view.loss_preview(s, c, speed, nearest)  # the request the ride will owe
            self.loss_preview.setText(f"Loss roll: {roll_line(req)}")
        session = self.table.session
        ask(self.ride_button, session, Input("move_courier", self.ride_args(c.id)))
        if view.location_owed(s, c.id):
            ask(self.locate_button, session, Input("attempt_location", {"courier": c.id}))
        else:
            self.locate_button.setEnabled(False)  # nothing to look for now
        ask(self.capture_button, session, Input("capture", {"courier": c.id}))
        if c.finished:  # its story is told: nothing more to ask of it
            for b in (self.ride_button, self.capture_button):
                b.setEnabled(False)
                b.setToolTip(f"Courier {c.id} is {c.status}")

    def controls(self):
        return (self.officer, self.double, self.enemy_near, self.distance, self.towards,
                self.next_closest, self.arrives, self.ride_button, self.locate_button,
                self.capture_button, self.orders_button)

    def ride_args(self, cid: str) -> dict:
        nearest = self.distance.value() if self.enemy_near.isChecked() else None
        args = {"courier": cid, "speed": "double" if self.double.isChecked() else "officer",
                "nearest_enemy": nearest, "arrives": self.arrives.isChecked()}
        if self.towards.currentData() is not None:
            args["towards"] = self.towards.currentData()
        if self.next_closest.isVisibleTo(self):
            args["next_closest"] = self.next_closest.isChecked()
        return args

    # -- the story -----------------------------------------------------------------------------
    def _show_history(self, lines: list[str]) -> None:
        """The chosen courier's story, its newest line in sight; filled again only when it
        changed (a word-wrapped list lays out every line it is given)."""
        if [self.history.item(i).text() for i in range(self.history.count())] == lines:
            return
        self.history.clear()
        self.history.addItems(lines)
        self._history_follows = True
        self.history.scrollToBottom()

    def _history_range(self, _lo: int, hi: int) -> None:
        """Laid out again (shown, resized, lines wrapped anew): the newest line stays in sight
        unless the reader scrolled up."""
        if self._history_follows:
            self.history.verticalScrollBar().setValue(hi)

    def _no_ride(self) -> None:
        """No ride to offer (no courier chosen, or its story is told): no target left from the
        courier shown before."""
        self.towards.clear()
        self.arrives.setToolTip("")
        self.next_closest.setToolTip("")

    def _fill_targets(self, c) -> None:
        """The targets the session takes for this ride now (never one where its location roll
        failed, couriers.locate.failed), worded as the rules word them; the table's word on the
        next closest unit only after a failed location roll."""
        s = self.state
        targets = view.open_targets(s, c)
        words = [view.target_words(s, c, t) for t in targets]
        shown = [(self.towards.itemData(i), self.towards.itemText(i)) for i in range(self.towards.count())]
        if shown != list(zip(targets, words, strict=True)):  # a new courier, or its heading changed
            self.towards.clear()
            for t, w in zip(targets, words, strict=True):
                self.towards.addItem(w, t)
            self.towards.setCurrentIndex(max(0, self.towards.findData(view.offered_target(s, c))))
        self.next_closest.setVisible(view.asks_next_closest(s, c))
        self.next_closest.setToolTip(f"After a failed location roll the courier may ride only to the next "
                                     f"closest unit of {s.commanders[c.recipient].name}'s command "
                                     "(couriers.locate.failed): tick when the table agrees this is it")

    # -- actions -------------------------------------------------------------------------------
    def _ride(self) -> None:
        if self.chosen is not None:
            self.table.submit(Input("move_courier", self.ride_args(self.chosen)))

    def _courier_input(self, kind: str) -> None:
        if self.chosen is not None:
            self.table.submit(Input(kind, {"courier": self.chosen}))


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _width(w) -> int:
    return max(w.minimumSizeHint().width(), w.sizeHint().width() if not isinstance(w, QComboBox) else 0,
               w.minimumWidth())
