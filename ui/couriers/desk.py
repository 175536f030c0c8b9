"""The Courier Desk table: the roster of commanders, the couriers on the road, and the courier
step. Every button builds one input for the session; the screen redraws from the state."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from companion.core.inputs import Input
from companion.couriers import view

from .. import looks
from ..widgets.columns import LEAST_ROWS, share_width
from ..widgets.phase_bar import PhaseBar
from ..widgets.row_heights import rows_fit_on_screen
from .button_rows import ButtonRows
from .dialogs import CourierDialogs
from .dialogs import ask_setup as _ask_setup
from .models import CommanderModel, CourierModel, IdRole
from .ride_panel import RidePanel
from .room import COMMANDERS_FIRST, COURIERS_FIRST, DeskRoom

if TYPE_CHECKING:
    from ..widgets.columns import _Sharer

PHASES = {"setup": "Before the game", "battle": "your wargame's turn", "couriers": "courier step"}
ADVANCE = {"start_game": "Begin the game", "begin_courier_step": "Begin courier step", "end_turn": "End turn"}
#: The phase bar's words for a step the rules word at length: the turn and the phase above them
#: and the button beside them say the rest, and the whole sentence is the words' tooltip
SHORT = {"start_game": "Add commanders and declare headquarters",
         "begin_courier_step": "Mark the commanders who moved; send couriers"}
#: Couriers named one by one in the phase bar; more are counted (each one's heading is its row's
#: tooltip and the ride panel's), so the bar keeps one line however many ride.
NAMED = 3
#: the couriers' table while no courier is on the roster (stacked: its one line)
NO_COURIERS = "No couriers yet: a commander sends one (Send courier\u2026)"

#: Whole rows each table keeps in table mode's larger type (``LEAST_ROWS`` in the body's): the
#: ride panel then goes under the tables at 1280 pixels, and at three rows the tables would show
#: less of the game than outside table mode, not more
TABLE_MODE_ROWS = 4

#: the commanders' columns that keep their words on one line (a name, "5, may set up HQ"), the
#: headquarters wrapping first: it has the room (#14: at 1280x720 in table mode "Maj. Gen. /
#: Hancock" and "5, may set up / HQ" wrapped beside a half-empty Headquarters column)
NAMES_WHOLE = (0, 4)

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


def _table_view(model, whole: tuple[int, ...] = ()) -> tuple[QTableView, _Sharer]:
    """A table of the desk's board, and what shares its width among its columns (``whole``:
    those that keep their words on one line where the others' longest words leave room)."""
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
    sharer = share_width(view, rows_grow=False, whole=whole)
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
        self.commander_view, commander_columns = _table_view(self.commanders)  # whole names: room.py
        self.add_commander_button = QPushButton("Add commander\u2026")
        self.declare_button = QPushButton("Declare HQ\u2026")
        self.moved_button = QPushButton("Moved this turn\u2026")
        self.return_button = QPushButton("Back at HQ")
        self.establish_button = QPushButton("Establish HQ\u2026")
        # a courier is sent by a commander (the one chosen is offered as its sender), and the
        # game ends by the table's word: both with the commanders, so the couriers' table over
        # them keeps all its room for its rows
        self.send_button = QPushButton("Send courier\u2026")
        self.end_button = QPushButton("End the game\u2026")
        self.end_button.setToolTip("Your wargame is over: say who won (couriers.game.end)")
        cbox = QGroupBox("Commanders")
        cl = QVBoxLayout(cbox)
        # the couriers' box's margins: in a low window the commanders' last row and the couriers'
        # first share what is left under the phase bar (#14)
        cl.setContentsMargins(8, 2, 8, 4)
        # as many a row as the width holds, two at the least: the desk fits 1280 pixels at any
        # text size (ui/couriers/button_rows.py)
        cbuttons = ButtonRows([self.add_commander_button, self.send_button, self.declare_button,
                               self.moved_button, self.return_button, self.establish_button,
                               self.end_button])
        # the buttons on the side of the box that holds still (ui/couriers/room.py puts them),
        # so "Add commander..." stays under the pointer for the next while the table grows
        cl.addWidget(self.commander_view, 1)
        cl.addWidget(cbuttons)

        # couriers
        self.couriers = CourierModel(self)
        self.courier_view, courier_columns = _table_view(self.couriers)
        kbox = QGroupBox("Couriers")
        kl = QVBoxLayout(kbox)
        kl.setContentsMargins(8, 2, 8, 4)  # under the phase bar in a low window: a row's worth kept
        kl.addWidget(self.courier_view, 1)
        # stacked, an empty table is this one line (ui/couriers/room.py), so the commanders over
        # or under it are in sight when the work is adding them
        self.no_couriers = QLabel(NO_COURIERS)
        self.no_couriers.setWordWrap(True)
        self.no_couriers.hide()
        kl.addWidget(self.no_couriers)

        # the selected courier's ride (ui/couriers/ride_panel.py); its controls by their names here
        self.ride = self.move_box = RidePanel(table)
        for name in ("officer", "double", "speed", "enemy_near", "distance", "towards", "next_closest",
                     "arrives", "loss_preview", "ride_button", "locate_button", "capture_button",
                     "orders_button", "heading", "history"):
            setattr(self, name, getattr(self.ride, name))

        # at a large text size each table keeps a few whole rows and the columns scroll up and
        # down, rather than squeeze the tables to one row or make the window taller than 720 px
        self.commander_view.setMinimumHeight(self.commander_view.fontMetrics().lineSpacing() * 6)
        self.courier_view.setMinimumHeight(self.courier_view.fontMetrics().lineSpacing() * 4)
        self._columns = {self.commander_view: commander_columns, self.courier_view: courier_columns}
        for v in self._columns:
            v.installEventFilter(self)  # (heard before the columns' own sharer hears of a new type)
        # the ride panel beside the tables or under the couriers' (ui/couriers/room.py)
        self.room = DeskRoom(kbox, cbox, self.ride, self.courier_view, self.no_couriers)
        # the controls a player reaches for across the table (Ride, the commanders' buttons, the
        # ride's settings) grow with the tables in table mode: at 1920x1080 they kept the body's
        # 9 points beside 14.4-point tables (#14); the "board" size is the body's outside it
        looks.text_size(self.room, "board")
        self.room.commander_parts(self.commander_view, cbuttons, commander_columns, NAMES_WHOLE)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.phase)
        lay.addWidget(self.room, 1)

        self.add_commander_button.clicked.connect(self._add_commander)
        self.declare_button.clicked.connect(self._declare_hq)
        self.moved_button.clicked.connect(self._moved)
        self.return_button.clicked.connect(lambda: self._commander_input("return_to_hq"))
        self.establish_button.clicked.connect(self._establish)
        self.send_button.clicked.connect(self._send)
        self.end_button.clicked.connect(self._end_game)
        self.commander_view.selectionModel().selectionChanged.connect(self._update_buttons)
        self.courier_view.selectionModel().selectionChanged.connect(self._courier_selected)
        self.ride.show_speeds()
        self.distance.setValue(self.state.settings.nearest_enemy_start)
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
        self.room.set_empty(not self.couriers.rows)
        if keep_cour:
            self.select_courier(keep_cour)
        elif self.couriers.rows and not self.couriers.rows[0].finished:
            self.select_courier(self.couriers.rows[0].id)

    def _refresh_phase(self, s) -> None:
        # the courier step works with the couriers; set-up and the wargame's turn with the
        # commanders (adding them, marking who moved, sending couriers): stacked, it comes first
        self.room.set_order(COURIERS_FIRST if s.phase == "couriers" else COMMANDERS_FIRST)
        steps = self.table.session.next_steps()
        where = f"Turn {s.turn} \u00b7 {PHASES[s.phase]}" if s.turn else PHASES[s.phase]
        advance = next((st for st in steps if st.kind in ADVANCE), None)
        todo = _todo(steps)
        if advance is not None and not todo:
            todo = [SHORT.get(advance.kind, advance.text)]
        self.phase.next.setToolTip("\n".join(st.text for st in steps))  # the rules' whole words
        ended = self.table.session.result()
        if ended is not None:  # the turn's step is no longer what the table is at
            self.phase.set_phase(f"Game over after turn {s.turn}", [ended.reason], None)
        elif s.pending is not None:
            self.phase.set_phase(where, todo, None)
        else:
            self.phase.set_phase(where, todo, ADVANCE[advance.kind] if advance else None,
                                 advance.kind if advance else "")

    def _refresh_speeds(self, _s) -> None:
        self.ride.show_speeds()

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
        self.ride.choose(self.selected_courier())

    def _update_courier_panel(self, *_):
        self.ride.chosen = self.selected_courier()
        self.ride.update_panel()

    def _move_controls(self):
        return self.ride.controls()

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

    def _ride_args(self, cid: str) -> dict:
        return self.ride.ride_args(cid)


def _keep_rows(view: QTableView, columns: _Sharer, rows: int) -> None:
    """The least whole rows ``view`` shows: its ``columns`` set its height from them once they
    have measured its rows in their new type (ui/widgets/columns.py)."""
    columns.least_rows = rows
    view.setProperty("usefulRows", rows)  # what tests/ui/test_no_clipping.py holds it to


def _todo(steps) -> list[str]:
    """The phase bar's line: a roll owed or the end as the rules word it; the couriers' steps in
    one line, by kind, naming the first few couriers and counting the rest (each one's heading is
    its row's tooltip and the ride panel's), so the bar keeps one line however many ride and the
    desk under it keeps its room (at 1280x720 in the larger type, a line a courier pushed the
    couriers' table out of the window)."""
    todo = [st for st in steps if st.kind not in ADVANCE]
    if any(st.kind not in ("attempt_location", "move_courier") for st in todo):
        return [st.text for st in todo]
    parts = []
    for kind, one, many in (("attempt_location", "Location roll for courier", "Location rolls for couriers"),
                            ("move_courier", "Move courier", "Move couriers")):
        ids = [st.args["courier"] for st in todo if st.kind == kind]
        if ids:
            more = f" and {len(ids) - NAMED} more" if len(ids) > NAMED else ""
            words = one if len(ids) == 1 else many
            parts.append(f"{words if not parts else words.lower()} {', '.join(ids[:NAMED])}{more}")
    return [" \u00b7 ".join(parts)] if parts else []
