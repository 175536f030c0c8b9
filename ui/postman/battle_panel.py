"""The battle panel: both sides with each unit's hit target after modifiers, the exact odds as a
bar, the cards in play, and the steps of the fight one button at a time (fight, resolve,
casualties, retreat). It only shows and asks; the screen turns each answer into an input."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from companion.core.words import capital, counted, percent
from companion.postman.view import side_name as side_words

from .. import looks
from ..looks import LOOKS
from ..widgets.columns import ScrollingColumn, share_width
from ..widgets.row_heights import rows_fit_on_screen
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
    # a unit's name never breaks mid-word beside a wide odds column, and stays on one line
    # ("Rider / 3") while the odds can wrap instead
    share_width(view, rows_grow=False, whole=(0,))
    # rows one line high (6 fit at 1280x800) unless their text wraps, measured on screen only
    rows_fit_on_screen(view)
    view.setMinimumHeight(70)
    _as_tall_as_its_rows(view)
    return view


def _as_tall_as_its_rows(view: QTableView) -> None:
    """The table is never taller than its heading and rows (the duel's two Leaders left most of
    it empty at 1280x720): the panel's buttons and odds come up under the last row."""

    def fit(*_args) -> None:
        rows = sum(view.rowHeight(r) for r in range(view.model().rowCount()))
        bar = view.horizontalScrollBar()
        high = view.horizontalHeader().height() + rows + 2 * view.frameWidth() \
            + (bar.sizeHint().height() if bar.isVisible() else 0)
        high = max(high, view.minimumHeight())
        if view.maximumHeight() != high:
            view.setMaximumHeight(high)

    model = view.model()
    for signal in (model.modelReset, model.layoutChanged, model.rowsInserted, model.rowsRemoved):
        signal.connect(fit)
    view.verticalHeader().sectionResized.connect(fit)
    view.horizontalHeader().geometriesChanged.connect(fit)
    fit()


class BattlePanel(QWidget):
    fight = Signal(str)
    resolve = Signal()
    casualties = Signal(str, list)
    retreat = Signal(str)
    open_hand = Signal(str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.town: str | None = None
        self.title = looks.text_size(QLabel("No battle now"), "heading")
        self.title.setWordWrap(True)
        self.model = CheckTable(("Unit", "Side", "Hits on"), self)
        self.view = _table(self.model)
        self.notes = QLabel()
        self.notes.setWordWrap(True)
        self.bar = OddsBar()
        self.legend = QLabel()
        self.legend.setWordWrap(True)
        looks.tone(self.legend, "muted")
        self.fight_button = QPushButton("Fight")
        self.resolve_button = QPushButton("Resolve with the app's dice")
        self.resolve_button.setToolTip("Roll every die of the battle until a side must choose; "
                                       "for the table's dice, type them in the dice tray")
        self.choose_buttons = {s: QPushButton() for s in ("postmen", "holnists")}
        self.retreat_box = QWidget()
        self.retreat_row = QGridLayout(self.retreat_box)
        self.retreat_row.setContentsMargins(0, 0, 0, 0)
        self.retreat_buttons: list[QPushButton] = []
        self.card_buttons = {s: QPushButton(f"{s.capitalize()}: play a card\u2026") for s in self.choose_buttons}
        #: never shown: measures a button's width in the panel's type (widest_need)
        self._probe = QPushButton(self)
        self._probe.hide()
        self._widest: tuple = (None, 0)
        self.pause = QLabel()
        self.pause.setWordWrap(True)
        looks.panel(self.pause, "notice")
        self.pause.hide()
        self.result = QLabel()
        self.result.setWordWrap(True)
        looks.bold(self.result)

        # what the battle shows scrolls rather than squeeze a wrapped line or make the window
        # taller; the step it owes (fight, resolve, casualties, retreat) stays under it, never
        # under the page's edge (#14: Resolve at 1280x720 larger, the last retreat at cut 34)
        inner = QWidget()
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        self.column = ScrollingColumn(inner)
        outer.addWidget(self.column, 1)
        lay = self.rows_layout = QVBoxLayout(inner)
        lay.addWidget(self.title)
        lay.addWidget(self.view, 1)
        cards = self.cards_row = QHBoxLayout()
        for side in self.card_buttons:
            cards.addWidget(self.card_buttons[side])
        lay.addLayout(cards)
        lay.addWidget(self.notes)
        lay.addWidget(self.bar)
        lay.addWidget(self.legend)
        lay.addWidget(self.pause)
        lay.addWidget(self.result)
        lay.addStretch(0)
        self.steps = self._steps_row(lay.contentsMargins())
        outer.addWidget(self.steps)

        self.fight_button.clicked.connect(lambda: self.town and self.fight.emit(self.town))
        self.resolve_button.clicked.connect(self.resolve)
        for side, b in self.choose_buttons.items():
            b.clicked.connect(lambda _=False, s=side: self.casualties.emit(s, self.ticked(s)))
            self.card_buttons[side].clicked.connect(lambda _=False, s=side: self.open_hand.emit(s))
        self.model.ticks_changed.connect(self._count_ticks)
        self._shown: tuple | None = None
        self.redraws = 0
        self.show_view(None, None, {}, [], "")

    def _steps_row(self, margins) -> QWidget:
        """The buttons of the step owed, in the page's margins, outside its scrolling part."""
        steps = QWidget()
        lay = QVBoxLayout(steps)
        lay.setContentsMargins(margins.left(), lay.spacing(), margins.right(), margins.bottom())
        choose = QHBoxLayout()
        for b in self.choose_buttons.values():
            choose.addWidget(b)
        row = QHBoxLayout()
        row.addWidget(self.fight_button)
        row.addWidget(self.resolve_button)
        lay.addLayout(choose)
        lay.addLayout(row)
        lay.addWidget(self.retreat_box)
        return steps

    def ticked(self, side: str) -> list[str]:
        return [r.id for r, on in zip(self.model.rows, self.model.ticks, strict=True) if on and r.side == side]

    # -- redraw --------------------------------------------------------------------------------
    def show_view(self, view, state, choose: dict[str, int], retreat_to: list[str], last: str,
                  suggested: dict[str, list[str]] | None = None, names=None, answers=()) -> None:
        """``view``: a BattleView (or None); ``choose``: casualties owed by side; ``retreat_to``:
        towns the retreating side may go to; ``last``: the last battle's result; ``answers``:
        the kinds of card that may answer the roll Resolve just made (it paused for them).
        The same battle again is left as it is, ticks and all (``redraws`` counts the others)."""
        shown = (view, dict(choose), list(retreat_to), last, suggested, names, tuple(answers), LOOKS.table_mode)
        if shown == self._shown:
            return
        self._shown = shown
        self.redraws += 1
        names = names or {}
        self.town = view.town if view else None
        self.result.setText(f"Last battle: {last}" if last else "")
        has = view is not None
        for w in (self.bar, self.legend, self.notes, self.view):
            w.setVisible(has)
        self.choose = dict(choose)
        looks.text_size(self.title, "heading" if has else None)
        looks.tone(self.title, None if has else "muted")
        if not has:
            self.title.setText("No battle now. Battles are fought in the Fight phase, in every town "
                               "where both sides (or Holnists and Militia) stand.")
            for b in (self.fight_button, self.resolve_button, self.pause, *self.choose_buttons.values(),
                      *self.card_buttons.values()):
                b.hide()
            self._retreats([], names)
            self.steps.hide()
            return
        town = names.get(view.town, view.town)
        step = view.step
        self.title.setText(f"Battle in {town} \u00b7 round {view.round} \u00b7 {STEPS.get(step, step)}")
        self._fighters(view, choose, suggested)
        for side, b in self.choose_buttons.items():
            b.setVisible(side in choose)
            self.card_buttons[side].setVisible(step not in ("preview",))
        self._count_ticks()
        notes = []
        if view.militia:
            join = view.militia_join
            how = "fight with the Postmen" if join == 1 else "stay out" if join == 0 else \
                f"join on {view.militia_roll.needs_text()} ({percent(view.militia_roll.chance)})"
            notes.append(f"{view.militia} Militia here: they {how}.")
        if view.duel_odds:
            notes.append("The duel decides the game: " + ", ".join(
                f"{what} {percent(chance)}" for what, chance in view.duel_odds) + ".")
        if view.rule7:
            notes.append(f"Both Leaders are here: Rule Number 7 is rolled first ({view.rule7_roll.needs_text()}: "
                         "a duel decides the game).")
        if view.in_play:
            notes.append("In play: " + ", ".join(view.in_play) + ".")
        if step in ("casualties", "retreat") and view.round_losses:
            notes.append("This round the Postmen lose {}, the Holnists {}.".format(
                view.round_losses.get("postmen", 0), view.round_losses.get("holnists", 0)))
        stuck = [side_words(s) for s in ("postmen", "holnists") if not view.can_retreat.get(s)]
        if stuck and step not in ("casualties", "retreat"):
            notes.append(capital(" and ".join(stuck)) + " cannot retreat from here.")
        self.notes.setText(" ".join(notes))
        self.bar.set_odds(view.odds)
        self.bar.setVisible(bool(view.odds))
        self.legend.setText(self.bar.legend() if view.odds else "")
        self.fight_button.setVisible(step == "preview")
        self.fight_button.setText(f"Fight the battle in {town}")
        self.resolve_button.setVisible(step in ("open", "militia", "rule7", "round", "duel", "surrender_type"))
        self.resolve_button.setText("Continue" if answers else "Resolve with the app's dice")
        self.pause.setVisible(bool(answers))
        self.pause.setText("Cards may answer this roll: " + ", ".join(answers) + ". Play one, or Continue."
                           if answers else "")
        self._retreats(retreat_to, names)
        self.steps.setVisible(any(not b.isHidden() for b in (
            self.fight_button, self.resolve_button, self.retreat_box, *self.choose_buttons.values())))

    def _fighters(self, view, choose: dict[str, int], suggested) -> None:
        """Every unit with the die it hits on; while the duel is owed, only the two Leaders and
        what each one's die does in it (the attack dice do not apply then)."""
        if view.duel:
            labels = {f.unit: f.label for side in view.fighters for f in view.fighters[side]}
            self.model.set_headers(("Leader", "Side", "Duel"))
            self.model.set_rows([Row(uid, (labels.get(uid, uid), side.capitalize(), does), side, False,
                                     f"{labels.get(uid, uid)} {does} in the duel")
                                 for uid, side, does in view.duel])
            return
        self.model.set_headers(("Unit", "Side", "Hits on"))
        rows = [Row(f.unit, (f.label, side.capitalize(), _needs(f)), side,
                    side in choose, _tip(f)) for side in ("postmen", "holnists") for f in view.fighters[side]]
        ticked = [u for side in choose for u in (suggested or {}).get(side, ())]
        self.model.set_rows(rows, ticked)

    def _retreats(self, towns: list[str], names) -> None:
        for b in self.retreat_buttons:
            self.retreat_row.removeWidget(b)
            b.hide()
            b.deleteLater()
        self.retreat_buttons = []
        # in table mode one under another: a pair to two long names ("Retreat to Cottage Grove")
        # would make the side wider than the cards' pair it is held at (widest_need, #14)
        across = 1 if LOOKS.table_mode else 2
        for i, town in enumerate(towns):
            b = QPushButton(f"Retreat to {names.get(town, town)}")
            b.clicked.connect(lambda _=False, t=town: self.retreat.emit(t))
            self.retreat_row.addWidget(b, i // across, i % across)
            b.show()
            self.retreat_buttons.append(b)
        self.retreat_box.setVisible(bool(towns))

    def widest_need(self) -> int:
        """The least width the panel will need in a battle, in its type now: its widest row is
        the two sides' card buttons, shown or not (table mode holds the side this wide from the
        start, so the map never narrows under the pointer when a battle brings them, #14). Kept
        per type."""
        key = (self.font().key(),)
        if key != self._widest[0]:
            probe = self._probe

            def pair(*texts: str) -> int:
                widths = []
                for text in texts:
                    probe.setText(text)
                    widths.append(probe.sizeHint().width())
                return sum(widths) + self.cards_row.spacing()

            # the cards' pair, which every battle shows (a pair of retreats to the two longest
            # names held the 40-town map's side at 640 px of 1280 for a step few battles reach)
            widest = pair(*(b.text() for b in self.card_buttons.values()))
            m = self.rows_layout.contentsMargins()
            self._widest = (key, widest + m.left() + m.right() + self.column.verticalScrollBar().sizeHint().width())
        return self._widest[1]

    def _count_ticks(self) -> None:
        for side, b in self.choose_buttons.items():
            need = self.choose.get(side, 0) if hasattr(self, "choose") else 0
            have = len(self.ticked(side))
            b.setText(f"{side.capitalize()}: confirm ({need})" if have == need
                      else f"{side.capitalize()}: tick {need} ({have})")
            b.setToolTip(f"{capital(side_words(side))} lose the {counted(need, 'ticked unit')}; the owner chooses")


def _needs(f) -> str:
    """"3+ = Fight 6, Ambush +3 (67%)": the attack die as the round's roll request words it."""
    return f.target.text()


def _tip(f) -> str:
    return f"{f.name} hits on {f.target.text()}"
