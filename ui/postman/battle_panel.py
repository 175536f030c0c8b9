"""The battle panel: both sides with each unit's hit target after modifiers, the exact odds as a
bar, the cards in play, and the steps of the fight one button at a time (fight, resolve,
casualties, retreat). It only shows and asks; the screen turns each answer into an input."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from .models import CheckTable, Row
from .odds_bar import OddsBar

STEPS = {"preview": "not begun", "open": "cards may be played", "militia": "will the Militia fight?",
         "rule7": "Rule Number 7", "duel": "the Leaders' duel", "round": "attack dice",
         "casualties": "casualties to choose", "retreat": "a side must retreat",
         "surrender_type": "surrendered Militia join the Holnists"}


def _table(model) -> QTableView:
    view = QTableView()
    view.setModel(model)
    view.verticalHeader().hide()
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    head = view.horizontalHeader()
    head.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    head.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    view.setMinimumHeight(70)
    return view


class BattlePanel(QWidget):
    fight = Signal(str)
    resolve = Signal()
    casualties = Signal(str, list)
    retreat = Signal(str)
    open_hand = Signal(str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.town: str | None = None
        self.title = QLabel("No battle now")
        self.title.setStyleSheet("font-size: 15px; font-weight: 600;")
        self.title.setWordWrap(True)
        self.sides = {s: CheckTable(("Unit", "Hits on", "Chance"), self) for s in ("postmen", "holnists")}
        self.views = {s: _table(m) for s, m in self.sides.items()}
        self.heads = {s: QLabel(s.capitalize()) for s in self.sides}
        self.notes = QLabel()
        self.notes.setWordWrap(True)
        self.bar = OddsBar()
        self.legend = QLabel()
        self.legend.setWordWrap(True)
        self.legend.setStyleSheet("color: #444;")
        self.fight_button = QPushButton("Fight")
        self.resolve_button = QPushButton("Resolve with the app's dice")
        self.resolve_button.setToolTip("Roll every die of the battle until a side must choose; "
                                       "for the table's dice, type them in the dice tray")
        self.choose_buttons = {s: QPushButton() for s in self.sides}
        self.retreat_box = QWidget()
        self.retreat_row = QGridLayout(self.retreat_box)
        self.retreat_row.setContentsMargins(0, 0, 0, 0)
        self.retreat_buttons: list[QPushButton] = []
        self.card_buttons = {s: QPushButton(f"{s.capitalize()}: play a card\u2026") for s in self.sides}
        self.result = QLabel()
        self.result.setWordWrap(True)
        self.result.setStyleSheet("color: #2b2418; font-weight: 600;")

        grid = QGridLayout()
        for col, side in enumerate(self.sides):
            self.heads[side].setStyleSheet(f"font-weight: 600; color: {'#1f4fa3' if side == 'postmen' else '#7a1c1c'};")
            grid.addWidget(self.heads[side], 0, col)
            grid.addWidget(self.views[side], 1, col)
            grid.addWidget(self.choose_buttons[side], 2, col)
            grid.addWidget(self.card_buttons[side], 3, col)
        lay = QVBoxLayout(self)
        lay.addWidget(self.title)
        lay.addLayout(grid, 1)
        lay.addWidget(self.notes)
        lay.addWidget(self.bar)
        lay.addWidget(self.legend)
        row = QHBoxLayout()
        row.addWidget(self.fight_button)
        row.addWidget(self.resolve_button)
        lay.addLayout(row)
        lay.addWidget(self.retreat_box)
        lay.addWidget(self.result)

        self.fight_button.clicked.connect(lambda: self.town and self.fight.emit(self.town))
        self.resolve_button.clicked.connect(self.resolve)
        for side, b in self.choose_buttons.items():
            b.clicked.connect(lambda _=False, s=side: self.casualties.emit(s, self.sides[s].checked()))
            self.card_buttons[side].clicked.connect(lambda _=False, s=side: self.open_hand.emit(s))
        for side, m in self.sides.items():
            m.ticks_changed.connect(lambda s=side: self._count_ticks(s))
        self.show_view(None, None, {}, [], "")

    # -- redraw --------------------------------------------------------------------------------
    def show_view(self, view, state, choose: dict[str, int], retreat_to: list[str], last: str,
                  suggested: dict[str, list[str]] | None = None, names=None) -> None:
        """``view``: a BattleView (or None); ``choose``: casualties owed by side; ``retreat_to``:
        towns the retreating side may go to; ``last``: the last battle's result."""
        names = names or {}
        self.town = view.town if view else None
        self.result.setText(f"Last battle: {last}" if last else "")
        has = view is not None
        for w in (self.bar, self.legend, self.notes, *self.views.values(), *self.heads.values()):
            w.setVisible(has)
        if not has:
            self.title.setText("No battle now. Battles are fought in the Fight phase, in every town "
                               "where both sides (or Holnists and Militia) stand.")
            for b in (self.fight_button, self.resolve_button, *self.choose_buttons.values(),
                      *self.card_buttons.values()):
                b.hide()
            self._retreats([], names)
            return
        town = names.get(view.town, view.town)
        step = view.step
        self.title.setText(f"Battle in {town} \u00b7 round {view.round} \u00b7 {STEPS.get(step, step)}")
        for side, model in self.sides.items():
            rows = [Row(f.unit, (f"{f.name} {'' if f.unit == 'militia' else f.unit}".strip(),
                                 _needs(f), f"{f.chance * 100:.0f}%"), side, side in choose,
                        _tip(f)) for f in view.fighters[side]]
            model.set_rows(rows, (suggested or {}).get(side, ()))
            self.heads[side].setText(f"{side.capitalize()} ({len(rows)})" + (
                f" \u2014 lost so far: {view.losses.get(side, 0)}" if view.losses.get(side) else ""))
            b = self.choose_buttons[side]
            b.setVisible(side in choose)
            b.setProperty("need", choose.get(side, 0))
            self._count_ticks(side)
            self.card_buttons[side].setVisible(step not in ("preview",))
        notes = []
        if view.militia:
            join = view.militia_join
            how = "fight with the Postmen" if join == 1 else "stay out" if join == 0 else \
                f"join on a 6 ({join * 100:.0f}%)"
            notes.append(f"{view.militia} Militia here: they {how}.")
        if view.rule7:
            notes.append("Both Leaders are here: Rule Number 7 is rolled first (4+: a duel decides the game).")
        if view.in_play:
            notes.append("In play: " + ", ".join(view.in_play) + ".")
        retreat = [s.capitalize() for s in ("postmen", "holnists") if not view.can_retreat.get(s)]
        if retreat and step not in ("casualties", "retreat"):
            notes.append(" and ".join(retreat) + " cannot retreat from here.")
        self.notes.setText(" ".join(notes))
        self.bar.set_odds(view.odds)
        self.legend.setText(self.bar.text() if view.odds else "")
        self.fight_button.setVisible(step == "preview")
        self.fight_button.setText(f"Fight the battle in {town}")
        self.resolve_button.setVisible(step in ("open", "militia", "rule7", "round", "duel"))
        self._retreats(retreat_to, names)

    def _retreats(self, towns: list[str], names) -> None:
        for b in self.retreat_buttons:
            self.retreat_row.removeWidget(b)
            b.hide()
            b.deleteLater()
        self.retreat_buttons = []
        for i, town in enumerate(towns):
            b = QPushButton(f"Retreat to {names.get(town, town)}")
            b.clicked.connect(lambda _=False, t=town: self.retreat.emit(t))
            self.retreat_row.addWidget(b, i // 2, i % 2)
            self.retreat_buttons.append(b)
        self.retreat_box.setVisible(bool(towns))

    def _count_ticks(self, side: str) -> None:
        b = self.choose_buttons[side]
        need = b.property("need") or 0
        have = len(self.sides[side].checked())
        b.setText(f"Lose these {have} of {need}" if have != need else f"Confirm {side} casualties ({need})")


def _needs(f) -> str:
    face = f.needs
    if face <= 1:
        return "any roll"
    if face > 6:
        return "cannot hit"
    return f"{face}+"


def _tip(f) -> str:
    mods = ", ".join(str(m) for m in f.mods)
    return f"Fight {f.stat}" + (f", {mods}" if mods else "") + f": hits on {_needs(f)}"
