"""A new game of Thurn and Taxis: the players in turn order, the deck, and the rule switches."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
)

FALLBACK_WORDS = {
    "next_lower": "Take from the next lower stack (German rules)",
    "cascade": "Keep going down to the 5 stack",
    "none": "No tile",
}


def ask_setup(parent, pack) -> dict | None:
    switches = pack.data["switches"]["switches"]
    game = pack.data["pieces"]["game"]
    dlg = QDialog(parent)
    dlg.setWindowTitle("New Thurn and Taxis game")
    form = QFormLayout(dlg)
    names = []
    for i, colour in enumerate(game["player_colours"][: game["players_max"]]):
        edit = QLineEdit(["Anna", "Ben", "", ""][i] if i < 4 else "")
        edit.setPlaceholderText("(empty: no player)" if i >= game["players_min"] else "name")
        names.append(edit)
        form.addRow(f"Player {i + 1} ({colour})" + (", starts" if i == 0 else ""), edit)
    deck = QComboBox()
    deck.addItem("Posthorn shuffles and deals the city cards", "virtual")
    deck.addItem("We use the table's cards and type what we draw", "table")
    form.addRow("City cards", deck)
    baiern = QCheckBox("The all-provinces tile needs a house in Baiern too (English edition)")
    baiern.setChecked(not switches["all_provinces_excludes_baiern"])
    form.addRow("", baiern)
    fallback = QComboBox()
    for key, words in FALLBACK_WORDS.items():
        fallback.addItem(words, key)
    fallback.setCurrentIndex(max(0, fallback.findData(switches["route_stack_fallback"])))
    form.addRow("Route tile stack empty", fallback)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    buttons.accepted.connect(dlg.accept)
    buttons.rejected.connect(dlg.reject)
    form.addRow(buttons)
    if dlg.exec() != QDialog.DialogCode.Accepted:
        return None
    players = [e.text().strip() for e in names if e.text().strip()]
    for i, name in enumerate(players):  # two players of one name would be refused by the setup
        if name in players[:i]:
            players[i] = f"{name} {i + 1}"
    if len(players) < game["players_min"]:
        players = (players + ["Anna", "Ben"])[: game["players_min"]]
    return {"players": players, "deck": deck.currentData(),
            "switches": {"all_provinces_excludes_baiern": not baiern.isChecked(),
                         "route_stack_fallback": fallback.currentData()}}
