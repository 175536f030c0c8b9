"""The Courier Desk table: the roster of commanders, the couriers on the road, and the courier
step. Every button builds one input for the session; the screen redraws from the state."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
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
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from companion.core.inputs import Input
from companion.core.roll_targets import roll_line
from companion.core.words import on_dice
from companion.couriers import view

from .. import looks
from ..widgets.asks import ask
from ..widgets.columns import LEAST_ROWS, SideBySide, share_width
from ..widgets.phase_bar import PhaseBar
from ..widgets.row_heights import rows_fit_on_screen
from .dialogs import CourierDialogs
from .dialogs import ask_setup as _ask_setup
from .models import CommanderModel, CourierModel, IdRole

if TYPE_CHECKING:
    from ..widgets.columns import _Sharer

PHASES = {"setup": "Before the game", "battle": "your wargame's turn", "couriers": "courier step"}
ADVANCE = {"start_game": "Begin the game", "begin_courier_step": "Begin courier step", "end_turn": "End turn"}
#: Couriers named one by one in the phase bar; more are counted (each one's heading is its row's
#: tooltip and the ride panel's first line), so the bar keeps two lines however many ride.
NAMED = 3

#: Whole rows each table keeps in table mode's larger type (``LEAST_ROWS`` in the body's): the
#: ride panel then goes under the tables at 1280 pixels, and at three rows the tables would show
#: less of the game than outside table mode, not more
TABLE_MODE_ROWS = 4

#: Each panel and the parts of the state it shows (``DeskState``'s fields, ``Change.changed``):
#: a change that touched none of them leaves the panel as it is. The rows show names, headings
#: and whether a courier moved this turn; the phase bar, the buttons and the ride panel show what
#: the rules take now, which hangs on the turn, a roll owed and the end as well.
PANELS = {
    "commanders": ("commanders",),
    "couriers": ("commanders", "couriers", "turn"),
    "phase": ("commanders", "couriers", "turn", "phase", "pending", "over", "winner"),
    "speeds": ("settings",),
    "buttons": ("commanders", "couriers", "turn", "phase", "pending", "over", "sides"),
    "courier": ("commanders", "couriers", "turn", "phase", "pending", "over"),
}


def create(table):
    return CourierDesk(table)


def ask_setup(parent, pack):
    return _ask_setup(parent, pack)


def _table_view(model) -> tuple[QTableView, _Sharer]:
    """A table of the desk's board, and what shares its width among its columns."""
    view = QTableView()
    view.setModel(model)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.verticalHeader().hide()
    view.setAlternatingRowColors(True)
    looks.text_size(view, "board")  # the desk's board: as large as a drawn board in table mode
    # a long name wraps onto a second line rather than ending in "…" (rows fit their text), and
    # never inside a word: the columns share the width by their text
    sharer = share_width(view, rows_grow=False)
    # by the pixel: scrolling by whole rows reckons the last rows by heights not measured yet
    view.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
    rows_fit_on_screen(view)  # measuring every row cost 50 to 200 ms a click late in a game
    view.verticalHeader().setResizeContentsPrecision(0)  # a row by its columns in view
    return view, sharer


class CourierDesk(QWidget):
    #: redrawn from the change record's parts of the state (``PANELS``; ui/main_window.py has
    #: the session find them)
    reads_state_parts = True

    def __init__(self, table, parent=None):
        super().__init__(parent)
        self.table = table
        #: how often each panel was redrawn (the tests count them; never timed)
        self.redraws: Counter[str] = Counter()
        self.dialogs = CourierDialogs(self)
        self.phase = PhaseBar()
        self.phase.advance.connect(lambda kind: self.submit(kind))
        # the advance button hides while a roll is owed, about every other click: keeping its
        # room keeps the bar's words at one width, so the bar and the desk under it hold still
        keep = self.phase.button.sizePolicy()
        keep.setRetainSizeWhenHidden(True)
        self.phase.button.setSizePolicy(keep)

        # commanders
        self.commanders = CommanderModel(self)
        self.commander_view, commander_columns = _table_view(self.commanders)
        self.add_commander_button = QPushButton("Add commander\u2026")
        self.declare_button = QPushButton("Declare HQ\u2026")
        self.moved_button = QPushButton("Moved this turn\u2026")
        self.return_button = QPushButton("Back at HQ")
        self.establish_button = QPushButton("Establish HQ\u2026")
        cbox = QGroupBox("Commanders")
        cl = QVBoxLayout(cbox)
        cl.addWidget(self.commander_view, 1)
        cgrid = QGridLayout()
        for i, b in enumerate((self.add_commander_button, self.declare_button, self.moved_button,
                               self.return_button, self.establish_button)):
            cgrid.addWidget(b, i // 2, i % 2)  # two a row: the desk fits 1280 pixels at any text size
        cl.addLayout(cgrid)

        # couriers
        self.couriers = CourierModel(self)
        self.courier_view, courier_columns = _table_view(self.couriers)
        self.send_button = QPushButton("Send courier\u2026")
        kbox = QGroupBox("Couriers")
        kl = QVBoxLayout(kbox)
        kl.addWidget(self.courier_view, 1)
        self.end_button = QPushButton("End the game\u2026")
        self.end_button.setToolTip("Your wargame is over: say who won (couriers.game.end)")
        krow = QHBoxLayout()
        krow.addWidget(self.send_button)
        krow.addStretch(1)
        krow.addWidget(self.end_button)
        kl.addLayout(krow)

        # the selected courier's move
        self.move_box = QGroupBox("Courier")
        ml = QGridLayout(self.move_box)
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
        self.towards = QComboBox()  # the unit or headquarters the ride names (couriers.locate.failed)
        self.towards.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.towards.setMinimumContentsLength(12)
        self.next_closest = QCheckBox("It is the next closest unit (the table says)")
        self.arrives = QCheckBox("Arrives this move")
        self.loss_preview = QLabel()
        self.loss_preview.setWordWrap(True)
        looks.bold(self.loss_preview)
        self.ride_button = QPushButton("Ride")
        self.locate_button = QPushButton("Location roll")
        self.capture_button = QPushButton("Captured!")
        self.orders_button = QPushButton("Show orders")
        self.orders_button.setCheckable(True)
        self.orders_button.setToolTip("The orders are sealed; show them to their own side only")
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.history = QListWidget()
        self.history.setWordWrap(True)
        self.history.setMinimumHeight(60)
        self._history_follows = True  # the newest line in sight, until the reader scrolls up
        bar = self.history.verticalScrollBar()
        bar.rangeChanged.connect(self._history_range)
        bar.actionTriggered.connect(lambda _a: setattr(self, "_history_follows", bar.sliderPosition() >= bar.maximum()))
        ml.addWidget(self.heading, 0, 0, 1, 2)
        ml.addWidget(self.officer, 1, 0, 1, 2)
        ml.addWidget(self.double, 2, 0, 1, 2)
        ml.addWidget(self.enemy_near, 3, 0)
        ml.addWidget(self.distance, 3, 1)
        ml.addWidget(QLabel("Rides to:"), 4, 0)
        ml.addWidget(self.towards, 4, 1)
        ml.addWidget(self.next_closest, 5, 0, 1, 2)
        ml.addWidget(self.arrives, 6, 0, 1, 2)
        ml.addWidget(self.loss_preview, 7, 0, 1, 2)
        brow = QHBoxLayout()
        for b in (self.ride_button, self.locate_button, self.capture_button, self.orders_button):
            brow.addWidget(b)
        ml.addLayout(brow, 8, 0, 1, 2)
        ml.addWidget(QLabel("History"), 9, 0, 1, 2)
        ml.addWidget(self.history, 10, 0, 1, 2)
        ml.setRowStretch(10, 1)

        # at a large text size each table keeps a few whole rows and the columns scroll up and
        # down, rather than squeeze the tables to one row or make the window taller than 720 px
        self.commander_view.setMinimumHeight(self.commander_view.fontMetrics().lineSpacing() * 6)
        self.courier_view.setMinimumHeight(self.courier_view.fontMetrics().lineSpacing() * 4)
        self._columns = {self.commander_view: commander_columns, self.courier_view: courier_columns}
        for v in self._columns:
            v.installEventFilter(self)  # (heard before the columns' own sharer hears of a new type)
        left = QSplitter(Qt.Orientation.Vertical)
        left.addWidget(cbox)
        left.addWidget(kbox)
        left.setChildrenCollapsible(False)
        # side by side where both fit, else the courier's move under the tables
        split = SideBySide(left, self.move_box)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.phase)
        lay.addWidget(split, 1)

        self.add_commander_button.clicked.connect(self._add_commander)
        self.declare_button.clicked.connect(self._declare_hq)
        self.moved_button.clicked.connect(self._moved)
        self.return_button.clicked.connect(lambda: self._commander_input("return_to_hq"))
        self.establish_button.clicked.connect(self._establish)
        self.send_button.clicked.connect(self._send)
        self.end_button.clicked.connect(self._end_game)
        self.ride_button.clicked.connect(self._ride)
        self.locate_button.clicked.connect(lambda: self._courier_input("attempt_location"))
        self.capture_button.clicked.connect(lambda: self._courier_input("capture"))
        self.orders_button.toggled.connect(self._update_courier_panel)
        for w in (self.officer, self.double, self.enemy_near, self.arrives, self.next_closest):
            w.toggled.connect(self._update_courier_panel)
        self.towards.activated.connect(self._update_courier_panel)
        self.distance.valueChanged.connect(self._update_courier_panel)
        self.commander_view.selectionModel().selectionChanged.connect(self._update_buttons)
        self.courier_view.selectionModel().selectionChanged.connect(self._courier_selected)
        settings = self.state.settings
        self.distance.setRange(*settings.nearest_enemy_range)  # the pack's range, as the rules take it
        self.distance.setValue(settings.nearest_enemy_start)
        self.refresh()

    def eventFilter(self, obj, event) -> bool:
        if event.type() == QEvent.Type.FontChange and obj in self._columns:
            _keep_rows(obj, self._columns[obj], TABLE_MODE_ROWS if looks.LOOKS.table_mode else LEAST_ROWS)
        return False

    # -- reading the screen -------------------------------------------------------------------
    @property
    def state(self):
        return self.table.state

    def selected_commander(self) -> str | None:
        rows = self.commander_view.selectionModel().selectedRows()
        return rows[0].data(IdRole) if rows else None

    def selected_courier(self) -> str | None:
        rows = self.courier_view.selectionModel().selectedRows()
        return rows[0].data(IdRole) if rows else None

    def select_commander(self, cid: str) -> None:
        row = self.commanders.row_of(cid)
        if row >= 0:
            self.commander_view.selectRow(row)

    def select_courier(self, cid: str) -> None:
        row = self.couriers.row_of(cid)
        if row >= 0:
            self.courier_view.selectRow(row)

    def submit(self, kind: str, **args):
        return self.table.submit(Input(kind, args))

    # -- redraw --------------------------------------------------------------------------------
    def refresh(self, change=None) -> None:
        """Redraw the panels whose parts of the state ``change`` (the session's Change record)
        touched (``PANELS``); None: all of them."""
        s = self.state
        drawn = [name for name, parts in PANELS.items() if change is None or change.changed(*parts)]
        if "commanders" in drawn:
            keep = self.selected_commander()
            self.commanders.set_state(s, s.commanders.values())
            if keep:
                self.select_commander(keep)
        if "couriers" in drawn:
            self._refresh_couriers(s)
        if "phase" in drawn:
            self._refresh_phase(s)
        if "speeds" in drawn:
            self._refresh_speeds(s)
        if "buttons" in drawn:
            self._update_buttons()
        if "courier" in drawn:
            self._update_courier_panel()
        self.redraws.update(drawn)

    def _refresh_couriers(self, s) -> None:
        keep_cour = self.selected_courier()
        self.couriers.follow(s)  # only the rows that can have changed are read
        if keep_cour:
            self.select_courier(keep_cour)
        elif self.couriers.rows and not self.couriers.rows[0].finished:
            self.select_courier(self.couriers.rows[0].id)

    def _refresh_phase(self, s) -> None:
        steps = self.table.session.next_steps()
        where = f"Turn {s.turn} \u00b7 {PHASES[s.phase]}" if s.turn else PHASES[s.phase]
        advance = next((st for st in steps if st.kind in ADVANCE), None)
        todo = _todo(steps)
        if advance is not None and not todo:
            todo = [advance.text]
        ended = self.table.session.result()
        if ended is not None:  # the turn's step is no longer what the table is at
            self.phase.set_phase(f"Game over after turn {s.turn}", [ended.reason], None)
        elif s.pending is not None:
            self.phase.set_phase(where, todo, None)
        else:
            self.phase.set_phase(where, todo, ADVANCE[advance.kind] if advance else None,
                                 advance.kind if advance else "")

    def _refresh_speeds(self, s) -> None:
        mv = s.settings
        self.distance.setRange(*mv.nearest_enemy_range)  # the pack's range, as the rules take it
        for label, speed in ((self.officer, mv.speeds["officer"]), (self.double, mv.speeds["double"])):
            label.setText(f"{speed.label}: {mv.distance(speed.name):g}\", lost on {on_dice(speed.lost_on, speed.dice)}")
        # the pack's reading of "closer to the enemy": what distance the players measure
        self.enemy_near.setText("Nearest enemy during the move:" if mv.proximity == "closest"
                                else "Nearest enemy at the end of the move:")

    def _update_buttons(self, *_):
        s = self.state
        cid = self.selected_commander()
        waits = view.commander_waits(s, cid) if cid in s.commanders else {}
        for kind, button in (("declare_hq", self.declare_button), ("move_commander", self.moved_button),
                             ("return_to_hq", self.return_button), ("establish_hq", self.establish_button)):
            why = waits.get(kind, "Select a commander first")
            button.setEnabled(not why)
            button.setToolTip(why)
        why = view.roster_waits(s)
        self.add_commander_button.setEnabled(not why)
        self.add_commander_button.setToolTip(why)
        why = view.send_waits(s)
        self.send_button.setEnabled(not why)
        self.send_button.setToolTip(why)
        why = view.end_waits(s)
        self.end_button.setEnabled(not why)
        self.end_button.setToolTip(why or "Your wargame is over: say who won (couriers.game.end)")

    def _courier_selected(self, *_):
        self.distance.setValue(self.state.settings.nearest_enemy_start)  # the pack's, for each courier
        self.arrives.setChecked(False)
        self.next_closest.setChecked(False)
        self.towards.clear()  # filled with this courier's targets, its heading first chosen
        self.orders_button.setChecked(False)  # sealed again for the next courier
        self._update_courier_panel()

    def _update_courier_panel(self, *_):
        s = self.state
        cid = self.selected_courier()
        c = s.couriers.get(cid) if cid else None
        # the box itself stays enabled: its title, heading and history are words to read, and a
        # disabled box would grey them all; only its controls wait for a courier
        for w in self._move_controls():
            w.setEnabled(c is not None)
        self.distance.setEnabled(c is not None and self.enemy_near.isChecked())
        self.next_closest.setVisible(False)  # asked only after a failed location roll
        if c is None:  # nothing left of the courier chosen before (a courier's send undone)
            self.move_box.setTitle("Courier (select one above)")
            self.loss_preview.setText("")
            self.heading.setText("")
            self._show_history([])
            self._no_ride()
            return
        cmds = s.commanders
        self.move_box.setTitle(f"Courier {c.id}: {cmds[c.sender].name} \u2192 {cmds[c.recipient].name}"
                               f" \u00b7 {c.status}")
        shown = view.orders_open(c) or self.orders_button.isChecked()
        orders = f"Orders: \u201c{c.message}\u201d" if shown else "Orders: sealed (Show orders)"
        self._show_history([orders, *c.history])
        self.heading.setText("" if c.finished else _cap(view.heading(s, c)))
        if c.finished:
            self.loss_preview.setText(f"This courier is {c.status}.")
            self._no_ride()
        else:
            self._fill_targets(c)
            self.arrives.setText(f"Arrives this move at {self.towards.currentText()}")
            self.towards.setToolTip(self.towards.currentText())  # a long name is cut in the box
            speed = "double" if self.double.isChecked() else "officer"
            nearest = self.distance.value() if self.enemy_near.isChecked() else None
            req = view.loss_preview(s, c, speed, nearest)  # the request the ride will owe
            self.loss_preview.setText(f"Loss roll: {roll_line(req)}")
        session = self.table.session
        ask(self.ride_button, session, Input("move_courier", self._ride_args(c.id)))
        if view.location_owed(s, c.id):
            ask(self.locate_button, session, Input("attempt_location", {"courier": c.id}))
        else:
            self.locate_button.setEnabled(False)  # nothing to look for now
        ask(self.capture_button, session, Input("capture", {"courier": c.id}))
        if c.finished:  # its story is told: nothing more to ask of it
            for b in (self.ride_button, self.capture_button):
                b.setEnabled(False)
                b.setToolTip(f"Courier {c.id} is {c.status}")

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
        self.arrives.setText("Arrives this move")
        self.next_closest.setToolTip("")

    def _move_controls(self):
        return (self.officer, self.double, self.enemy_near, self.distance, self.towards,
                self.next_closest, self.arrives, self.ride_button, self.locate_button,
                self.capture_button, self.orders_button)

    # -- actions -------------------------------------------------------------------------------
    def _add_commander(self):
        args = self.dialogs.add_commander(self.state.sides)
        if args:
            self.submit("add_commander", **args)

    def _declare_hq(self):
        cid = self.selected_commander()
        if cid is None:
            return
        args = self.dialogs.place("Declare headquarters", "Headquarters at", with_building=True)
        if args:
            self.submit("declare_hq", commander=cid, **args)

    def _establish(self):
        cid = self.selected_commander()
        if cid is None:
            return
        args = self.dialogs.place("Establish headquarters", "Headquarters at", with_building=False)
        if args:
            self.submit("establish_hq", commander=cid, **args)

    def _moved(self):
        cid = self.selected_commander()
        if cid is None:
            return
        args = self.dialogs.moved(self.state.commanders[cid].name)
        if args is not None:
            self.submit("move_commander", commander=cid, **args)

    def _commander_input(self, kind):
        cid = self.selected_commander()
        if cid is not None:
            self.submit(kind, commander=cid)

    def _send(self):
        args = self.dialogs.send_courier(self.state, self.selected_commander())
        if args:
            self.submit("send_courier", **args)

    def _end_game(self):
        args = self.dialogs.end_game(self.state.sides)
        if args is not None:
            self.submit("end_game", **args)

    def _ride(self):
        cid = self.selected_courier()
        if cid is None:
            return
        self.submit("move_courier", **self._ride_args(cid))

    def _ride_args(self, cid: str) -> dict:
        nearest = self.distance.value() if self.enemy_near.isChecked() else None
        args = {"courier": cid, "speed": "double" if self.double.isChecked() else "officer",
                "nearest_enemy": nearest, "arrives": self.arrives.isChecked()}
        if self.towards.currentData() is not None:
            args["towards"] = self.towards.currentData()
        if self.next_closest.isVisibleTo(self.move_box):
            args["next_closest"] = self.next_closest.isChecked()
        return args

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
        # short, as a check box never wraps: the whole sentence is its tooltip
        self.next_closest.setText("It is the next closest unit (the table says)")
        self.next_closest.setToolTip(f"After a failed location roll the courier may ride only to the next "
                                     f"closest unit of {s.commanders[c.recipient].name}'s command "
                                     "(couriers.locate.failed): tick when the table agrees this is it")

    def _courier_input(self, kind):
        cid = self.selected_courier()
        if cid is not None:
            self.submit(kind, courier=cid)


def _keep_rows(view: QTableView, columns: _Sharer, rows: int) -> None:
    """The least whole rows ``view`` shows: its ``columns`` set its height from them once they
    have measured its rows in their new type (ui/widgets/columns.py)."""
    columns.least_rows = rows
    view.setProperty("usefulRows", rows)  # what tests/ui/test_no_clipping.py holds it to


def _todo(steps) -> list[str]:
    """The phase bar's lines: the steps as the rules word them, or, with many couriers on the
    road, one line per kind of step naming the first few couriers and counting the rest."""
    todo = [st for st in steps if st.kind not in ADVANCE]
    if len(todo) <= NAMED:
        return [st.text for st in todo]
    lines = []
    for kind, words in (("attempt_location", "Location rolls owed for"), ("move_courier", "Move")):
        ids = [st.args["courier"] for st in todo if st.kind == kind]
        if ids:
            more = f" and {len(ids) - NAMED} more" if len(ids) > NAMED else ""
            lines.append(f"{words} {'courier' if len(ids) == 1 else 'couriers'} {', '.join(ids[:NAMED])}{more}")
    lines += [st.text for st in todo if st.kind not in ("attempt_location", "move_courier")]
    return lines


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
