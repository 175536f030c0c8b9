"""The Courier Desk's small dialogs. Each returns the arguments of one input, or None."""

from __future__ import annotations

from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLineEdit,
    QPlainTextEdit,
)

from companion.couriers.view import RANKS, pack_range, side_words


def _form(parent, title):
    dlg = QDialog(parent)
    dlg.setWindowTitle(title)
    # wide enough for its title beside the window buttons: the title bar never cuts it short
    dlg.setMinimumWidth(max(380, QFontMetrics(dlg.font()).horizontalAdvance(title) + 180))
    form = QFormLayout(dlg)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    buttons.accepted.connect(dlg.accept)
    buttons.rejected.connect(dlg.reject)
    return dlg, form, buttons


class CourierDialogs:
    """Kept apart from the desk so tests can answer them without opening windows."""

    def __init__(self, parent):
        self.parent = parent

    def add_commander(self, sides) -> dict | None:
        dlg, form, buttons = _form(self.parent, "Add a commander")
        name = QLineEdit()
        side = QComboBox()
        side.addItems(list(sides))
        rank = QComboBox()
        rank.addItems([r.capitalize() for r in RANKS])
        building = QCheckBox("He is in a building")
        form.addRow("Name", name)
        form.addRow("Side", side)
        form.addRow("Rank", rank)
        form.addRow("", building)
        form.addRow(buttons)
        if dlg.exec() != QDialog.DialogCode.Accepted or not name.text().strip():
            return None
        return {"name": name.text().strip(), "side": side.currentText(),
                "rank": RANKS[rank.currentIndex()], "building": building.isChecked()}

    def send_courier(self, state, sender_id: str | None) -> dict | None:
        dlg, form, buttons = _form(self.parent, "Send a courier")
        cmds = list(state.commanders.values())
        sender, recipient = QComboBox(), QComboBox()
        for box in (sender, recipient):  # as wide as the longest name with its side and rank
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        for c in cmds:
            sender.addItem(f"{c.name} ({c.side}, {c.rank})", c.id)
            recipient.addItem(f"{c.name} ({c.side}, {c.rank})", c.id)
        if sender_id:
            sender.setCurrentIndex(max(0, sender.findData(sender_id)))
        recipient.setCurrentIndex(1 if len(cmds) > 1 and sender.currentIndex() == 0 else 0)
        message = QPlainTextEdit()
        message.setPlaceholderText("The orders, as written")
        message.setFixedHeight(80)
        form.addRow("From", sender)
        form.addRow("To", recipient)
        form.addRow("Message", message)
        form.addRow(buttons)
        if dlg.exec() != QDialog.DialogCode.Accepted:
            return None
        return {"sender": sender.currentData(), "recipient": recipient.currentData(),
                "message": message.toPlainText().strip() or "(no text)"}

    def place(self, title: str, label: str, with_building: bool) -> dict | None:
        dlg, form, buttons = _form(self.parent, title)
        place = QLineEdit()
        building = QCheckBox("In a building")
        form.addRow(label, place)
        if with_building:
            form.addRow("", building)
        form.addRow(buttons)
        if dlg.exec() != QDialog.DialogCode.Accepted or not place.text().strip():
            return None
        return {"place": place.text().strip(), "building": building.isChecked()} if with_building \
            else {"place": place.text().strip()}

    def end_game(self, sides) -> dict | None:
        """Your wargame's result: the side that won, or a draw (couriers.game.end)."""
        dlg, form, buttons = _form(self.parent, "End the game")
        outcome = QComboBox()
        for side in sides:
            words = side_words(side)
            outcome.addItem(f"{words[:1].upper()}{words[1:]} won", side)
        outcome.addItem("A draw", None)
        form.addRow("Your wargame's result", outcome)
        form.addRow(buttons)
        if dlg.exec() != QDialog.DialogCode.Accepted:
            return None
        side = outcome.currentData()
        return {"winner": side} if side is not None else {}

    def moved(self, name: str) -> dict | None:
        dlg, form, buttons = _form(self.parent, "Commander moved")
        where = QComboBox()
        where.addItems(["In the open", "In a building"])
        form.addRow(f"Where is {name} now?", where)
        form.addRow(buttons)
        if dlg.exec() != QDialog.DialogCode.Accepted:
            return None
        return {"building": where.currentIndex() == 1}


def ask_setup(parent, pack) -> dict | None:
    """A new Courier Desk game: the two sides, the figure scale and the officer move."""
    data = pack.data["couriers"]
    dlg, form, buttons = _form(parent, "New Courier Desk game")
    first, second = QLineEdit("Union"), QLineEdit("Confederate")
    scale = QComboBox()
    scale.addItems(list(data["scales"]))
    scale.setCurrentText(data["movement"]["scale"])
    officer = QDoubleSpinBox()
    officer.setRange(*pack_range(data, "officer_move"))  # the pack's range, as the rules take it
    officer.setSuffix('"')
    officer.setValue(data["movement"]["officer_move"])
    form.addRow("First side", first)
    form.addRow("Second side", second)
    form.addRow("Figure scale", scale)
    form.addRow("Officer move (at 15mm)", officer)
    form.addRow(buttons)
    if dlg.exec() != QDialog.DialogCode.Accepted:
        return None
    return {"sides": [first.text().strip() or "Blue", second.text().strip() or "Grey"],
            "settings": {"scale": scale.currentText(), "officer_move": officer.value()}}
