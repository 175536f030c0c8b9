"""The side panel for one town: its units (tick some to move them, or to make recruit rolls),
what the ticked stack can reach, and the retreat offer when an enemy stack arrives."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from .. import looks
from ..widgets.columns import ScrollingColumn, share_width
from ..widgets.row_heights import rows_fit_on_screen
from .kept_bar import KeptBar
from .models import CheckTable, Row


class OfferBox(QGroupBox):
    """Units that may try to retreat from an arriving enemy: each with its chance and a town."""

    try_retreat = Signal(str, str)
    stay = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        looks.sheet(self, "QGroupBox { font-weight: 600; border: 2px solid {mark.retreat}; border-radius: 5px;"
                    " margin-top: 8px; padding-top: 6px; }")
        self.grid = QGridLayout(self)
        # the question as a wrapped heading, not the box's title: a title is cut off at the box's edge
        self.heading = looks.text_size(QLabel("Retreat?"), "heading")
        self.heading.setWordWrap(True)
        self.grid.addWidget(self.heading, 0, 0, 1, 3)
        self.rows: list = []
        self._rows: dict[str, tuple] = {}  # unit id -> its name, town and button
        self._spare: list[tuple] = []  # rows of units no longer offered, hidden, for the next offer
        self._unit_of: dict = {}  # a row's button -> the unit it tries to retreat
        self.go_buttons: dict[str, QPushButton] = {}
        self.town_choices: dict[str, QComboBox] = {}
        self.stay_button = QPushButton("Stay (the rest stay and fight)")
        self.stay_button.clicked.connect(self.stay)
        self.grid.addWidget(self.stay_button, 99, 0, 1, 3)

    def set_offer(self, title: str, units: list, towns: list[tuple[str, str]]) -> None:
        """``units``: (id, label, the retreat roll's DieTarget); ``towns``: (id, name) they may go to.
        The same offer again keeps its rows (and the towns chosen in them)."""
        if (title, units, towns) == getattr(self, "_shown", None):
            return
        self._shown = (title, list(units), list(towns))
        self.heading.setText(title)
        # a unit still offered keeps its row (its town chosen, and no widgets made again: a
        # retreat roll takes one unit out of the offer at a time); a unit no longer offered loses it
        offered = {uid for uid, _l, _d in units}
        for uid in [u for u in self.go_buttons if u not in offered]:
            row = self._rows.pop(uid)
            for w in row:
                self.grid.removeWidget(w)
                w.hide()
            self._spare.append(row)  # kept for the next offer: making widgets is the dear part
            del self.go_buttons[uid], self.town_choices[uid]
        for i, (uid, label, die) in enumerate(units):
            if uid not in self._rows:
                self._rows[uid] = self._row(uid)
            name, where, _go = self._rows[uid]
            name.setText(f"{label} retreats on {die.text()}")
            name.setToolTip(f"{label} retreats on {die.text()}; an Intercept played on the roll changes it")
            if [(where.itemData(j), where.itemText(j)) for j in range(where.count())] != list(towns):
                chosen = where.currentData()
                where.clear()
                for tid, tname in towns:
                    where.addItem(tname, tid)
                if where.findData(chosen) >= 0:
                    where.setCurrentIndex(where.findData(chosen))
            for w, at in zip(self._rows[uid], ((2 * i + 1, 0, 1, 3), (2 * i + 2, 0, 1, 2), (2 * i + 2, 2, 1, 1)),
                             strict=True):
                index = self.grid.indexOf(w)
                if index < 0 or tuple(self.grid.getItemPosition(index)) != at:
                    self.grid.removeWidget(w)
                    self.grid.addWidget(w, *at)  # its own line: the numbers are never cut off
                w.show()  # children added to a shown widget stay hidden until shown
        self.rows = [w for uid, _l, _d in units for w in self._rows[uid]]

    def _row(self, uid: str) -> tuple:
        if self._spare:
            name, where, go = self._spare.pop()
        else:
            name = QLabel()
            name.setWordWrap(True)
            where = QComboBox()
            go = QPushButton("Try to retreat")
            go.clicked.connect(lambda _=False, b=go, c=where: self.try_retreat.emit(self._unit_of[b], c.currentData()))
        self._unit_of[go] = uid
        self.go_buttons[uid] = go
        self.town_choices[uid] = where
        return name, where, go

    def set_answers(self, retreat: dict[str, str], stay: str) -> None:
        """Enable each button exactly when the session takes its input now: ``retreat`` says,
        by unit, why its try may not be given ("" when it may), ``stay`` the same for Stay."""
        for uid, go in self.go_buttons.items():
            why = retreat.get(uid, "no retreat is offered to it")
            go.setEnabled(not why)
            go.setToolTip(why)
        self.stay_button.setEnabled(not stay)
        self.stay_button.setToolTip(stay)


class StackPanel(QWidget):
    recruit = Signal(list)
    ticks_changed = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.town: str | None = None
        self.title = looks.text_size(QLabel("Click a town on the map"), "heading")
        self.about = QLabel()
        self.about.setWordWrap(True)
        looks.tone(self.about, "muted")
        self.model = CheckTable(("Unit", "Move", "Fight", "Sneak", "Now"), self)
        self.view = QTableView()
        self.view.setModel(self.model)
        self.view.verticalHeader().hide()
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        # "The Postman" keeps its words whole at a large text size, and a name on one line
        # ("Rider / 2") while the ticks' columns have the room
        share_width(self.view, rows_grow=False, whole=(0,))
        # a unit's name that must wrap at a large text size gets the row height it needs, measured
        # on screen only (a late game's Post Town holds a hundred units)
        rows_fit_on_screen(self.view)
        self.bar = KeptBar(self.view)
        self.all_button = QPushButton("All")
        self.none_button = QPushButton("None")
        self.recruit_button = QPushButton("Recruit roll for the ticked units")
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.route = QLabel()
        self.route.setWordWrap(True)
        looks.tone(self.route, "success")
        self.offer = OfferBox()
        self.offer.hide()
        buttons = QHBoxLayout()
        buttons.addWidget(self.all_button)
        buttons.addWidget(self.none_button)
        buttons.addStretch(1)
        # the panel scrolls rather than squeeze a wrapped line or the offer's rows into each other
        inner = QWidget()
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        column = ScrollingColumn(inner)
        outer.addWidget(column)
        lay = QVBoxLayout(inner)
        lay.addWidget(self.offer)
        lay.addWidget(self.title)
        lay.addWidget(self.about)
        lay.addWidget(self.view, 1)
        lay.addLayout(buttons)
        lay.addWidget(self.recruit_button)
        lay.addWidget(self.hint)
        lay.addWidget(self.route)
        self.all_button.clicked.connect(lambda: self.model.set_checked(
            [r.id for r in self.model.rows if r.checkable]))
        self.none_button.clicked.connect(lambda: self.model.set_checked([]))
        self.recruit_button.clicked.connect(lambda: self.recruit.emit(self.model.checked()))
        self.model.ticks_changed.connect(self.ticks_changed)
        # the column's bar too: a retreat offer coming and going over a long town's table brought
        # it and took it away, and the table's columns were shared out anew each time
        self.column_bar = KeptBar(column)
        self._shown: tuple | None = None
        self.redraws = 0

    def ticked(self) -> list[str]:
        return self.model.checked()

    def show_town(self, town: str | None, title: str, about: str, rows: list[Row], ticked,
                  recruit: bool) -> None:
        """The town's units; the same town showing the same again is left as it is, ticks and
        all (``redraws`` counts the others)."""
        shown = (town, title, about, tuple(rows), tuple(ticked), recruit)
        if shown == self._shown:
            return
        self._shown = shown
        self.redraws += 1
        same = town == self.town
        if not same:
            self.bar.release()
            self.column_bar.release()
        keep = self.ticked() if same else list(ticked)
        self.town = town
        self.title.setText(title)
        self.about.setText(about)
        self.model.set_rows(rows, [u for u in keep if any(r.id == u and r.checkable for r in rows)])
        any_check = any(r.checkable for r in rows)
        self.all_button.setVisible(any_check)
        self.none_button.setVisible(any_check)
        self.recruit_button.setVisible(recruit)
