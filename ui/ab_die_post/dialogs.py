"""Ab die Post!'s dialogs: a new game's players and settings, and the hurricane payment. Each
returns the arguments of one input (or the setup), or None."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
)

from companion.ab_die_post.view import SETTING_RANGES, cheapest_payment

from .. import looks

DEFAULT_NAMES = ("Anna", "Ben", "Cleo", "", "", "")


class PaymentDialog(QDialog):
    """One plane's hurricane bill: the cards face up, the cheapest payment already chosen
    (computed by the rules core), and any other choice the player prefers."""

    def __init__(self, parent, player: str, lane: str, cost: int, hand: list[int]):
        super().__init__(parent)
        self.setWindowTitle(f"Hurricane: {player} pays")
        self.cost = cost
        self.hand = sorted(hand)
        proposal = list(cheapest_payment(self.hand, cost) or [])
        lay = QVBoxLayout(self)
        head = QLabel(f"{player}'s plane is in the <b>{lane}</b> lane: the hurricane costs "
                      f"<b>{cost}</b>. Choose cards worth at least that (no change is given).")
        head.setWordWrap(True)
        lay.addWidget(head)
        row = QHBoxLayout()
        self.card_buttons: list[QPushButton] = []
        for card in self.hand:
            b = QPushButton(str(card))
            b.setCheckable(True)
            b.setMinimumSize(38, 48)
            ink = "{card.red}" if card == 3 else "{chosen.text}"  # a red 3 stays red when chosen
            red = "color: {card.red};" if card == 3 else ""
            looks.sheet(b, f"QPushButton {{ font-size: {{size:title}}; font-weight: 700; {red} }}"
                        f"QPushButton:checked {{ background: {{chosen}}; color: {ink}; border: 2px solid {{chosen.border}}; }}")
            if card in proposal:
                proposal.remove(card)
                b.setChecked(True)
            b.toggled.connect(self._update)
            self.card_buttons.append(b)
            row.addWidget(b)
        row.addStretch(1)
        lay.addLayout(row)
        self.total = QLabel()
        self.total.setWordWrap(True)
        lay.addWidget(self.total)
        self.cheapest = QPushButton("Cheapest payment")
        self.cheapest.clicked.connect(self.choose_cheapest)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Pay")
        buttons.addButton(self.cheapest, QDialogButtonBox.ButtonRole.ResetRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self._update()

    def chosen(self) -> list[int]:
        return [c for c, b in zip(self.hand, self.card_buttons, strict=True) if b.isChecked()]

    def choose_cheapest(self) -> None:
        proposal = list(cheapest_payment(self.hand, self.cost) or [])
        for card, b in zip(self.hand, self.card_buttons, strict=True):
            b.setChecked(card in proposal)
            if card in proposal:
                proposal.remove(card)

    def _update(self, *_):
        paid = sum(self.chosen())
        if paid >= self.cost:
            extra = f" ({paid - self.cost} more than the cost)" if paid > self.cost else ""
            self.total.setText(f"Paying {paid} of {self.cost}{extra}.")
            looks.tone(self.total, "success")
        else:
            self.total.setText(f"Paying {paid} of {self.cost}: {self.cost - paid} short, which the rules "
                               "do not allow (ab_die_post.hurricane.cost).")
            looks.tone(self.total, "danger")


class PostDialogs:
    """Kept apart from the table so tests can answer them without opening windows."""

    def __init__(self, parent):
        self.parent = parent

    def payment(self, player: str, lane: str, cost: int, hand: list[int]) -> list[int] | None:
        dlg = PaymentDialog(self.parent, player, lane, cost, hand)
        return dlg.chosen() if dlg.exec() == QDialog.DialogCode.Accepted else None


def ask_setup(parent, pack) -> dict | None:
    """A new game: the players clockwise from the youngest, and the disputed settings."""
    dlg, setup = setup_dialog(parent, pack)
    return setup() if dlg.exec() == QDialog.DialogCode.Accepted else None


def setup_dialog(parent, pack):
    """The new-game dialog and a function that reads the setup from it once accepted."""
    data = pack.data["ab_die_post"]
    base = data["settings"]
    dlg = QDialog(parent)
    dlg.setWindowTitle("New Ab die Post! game")
    lay = QVBoxLayout(dlg)
    who = QGroupBox("Players, clockwise from the youngest (who begins)")
    wl = QGridLayout(who)  # two columns of seats: one of six made the dialog taller than 720 pixels
    names = [QLineEdit(n) for n in DEFAULT_NAMES]
    rows = -(-len(names) // 2)
    for i, e in enumerate(names):
        e.setPlaceholderText("(empty seat)")
        wl.addWidget(QLabel(f"Seat {i + 1}"), i % rows, 2 * (i // rows))
        wl.addWidget(e, i % rows, 2 * (i // rows) + 1)
    lay.addWidget(who)
    opts = QGroupBox("How your table plays (the rule reference explains each)")
    form = QFormLayout(opts)
    draw_mode = QComboBox()
    draw_mode.addItem("As many cards as you like, then stop", "multi")
    draw_mode.addItem("One card per turn", "single")
    draw_mode.setCurrentIndex(0 if base["draw_mode"] == "multi" else 1)
    target = QSpinBox()
    target.setRange(*SETTING_RANGES["target_score"])
    target.setValue(base["target_score"])
    zones = QSpinBox()
    zones.setRange(*SETTING_RANGES["river_zones"])
    zones.setValue(base["river_zones"])
    half = QSpinBox()
    half.setRange(*SETTING_RANGES["first_half_zones"])
    half.setValue(base["first_half_zones"])
    keeps = QCheckBox("Planes on the start field keep a card at the end of a flight")
    keeps.setChecked(base["start_field_keeps_card"])
    # the optional board: exact spaces instead of lane, zone and flank buttons
    board = QComboBox()
    board.addItem("No board: enter lane, river zone and flank spaces", None)
    for name, data in sorted(pack.data.get("maps", {}).items()):
        head = data.get("board", {}) if isinstance(data, dict) else {}
        board.addItem(f"{head.get('name', name)}", name)
    tie = QComboBox()
    tie.addItem("The planes share the place", "share")
    tie.addItem("The plane further along wins (needs a board)", "further")
    straight = QComboBox()
    straight.addItem("Every move takes off and lands straight", "every_move")
    straight.addItem("Only the move leaving the start airport", "from_start")

    def board_chosen():
        has = board.currentData() is not None
        if has:  # show the board's own zones (a board that does not load is refused at the start)
            data = pack.data["maps"][board.currentData()]
            try:
                river = max(lane[-1] for lane in data["lanes"].values())
                zones.setValue(river)
                half.setValue(data["board"].get("first_half_zones", river // 2))
            except (KeyError, TypeError, ValueError, IndexError, AttributeError):
                pass
        else:
            zones.setValue(base["river_zones"])
            half.setValue(base["first_half_zones"])
        zones.setEnabled(not has)
        half.setEnabled(not has)
        tie.setEnabled(has)
        straight.setEnabled(has)
        if not has:
            tie.setCurrentIndex(0)

    board.currentIndexChanged.connect(board_chosen)
    board_chosen()
    form.addRow("Drawing spare parts", draw_mode)
    form.addRow("Points to win", target)
    form.addRow("Board (optional)", board)
    note = QLabel("The board that comes with Posthorn is a stand-in, not the printed one. To play on "
                  "your own board, copy its file (see the Ab die Post! docs).")
    note.setWordWrap(True)
    note.setMinimumHeight(2 * note.fontMetrics().lineSpacing() + 2)
    looks.tone(note, "muted")
    form.addRow(note)
    form.addRow("River zones on your board", zones)
    form.addRow("Zones in the first half", half)
    form.addRow("", keeps)
    form.addRow("Same zone and lane", tie)
    form.addRow("Straight take-off and landing", straight)
    two = QLabel("With two players the hurricane indicator holds the three-player balls (a house rule).")
    two.setWordWrap(True)
    looks.tone(two, "muted")
    form.addRow(two)
    lay.addWidget(opts)
    problem = QLabel("")
    looks.tone(problem, "danger")
    lay.addWidget(problem)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)

    def players_or_problem():
        players = [e.text().strip() for e in names if e.text().strip()]
        if len(players) < 2:
            return None, "Ab die Post! needs at least 2 players."
        if len(set(players)) != len(players):
            return None, "Two players have the same name."
        return players, ""

    def try_accept():
        players, why = players_or_problem()
        problem.setText(why)
        if players:
            dlg.accept()

    buttons.accepted.connect(try_accept)
    buttons.rejected.connect(dlg.reject)
    lay.addWidget(buttons)
    return dlg, lambda: _setup(players_or_problem()[0], draw_mode, target, zones, half, keeps, board, tie, straight)


def _setup(players, draw_mode, target, zones, half, keeps, board, tie, straight) -> dict:
    settings = {"draw_mode": draw_mode.currentData(), "target_score": target.value(),
                "river_zones": zones.value(),
                "first_half_zones": min(half.value(), zones.value() - 1),
                "start_field_keeps_card": keeps.isChecked()}
    if board.currentData() is None:
        return {"players": players, "settings": settings}
    del settings["river_zones"], settings["first_half_zones"]  # the board's own
    settings["tied_planes"] = tie.currentData()
    settings["straight_flight"] = straight.currentData()
    return {"players": players, "board": board.currentData(), "settings": settings}
