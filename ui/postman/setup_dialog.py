"""A new game of The Postman: which board (one of the pack's maps, a map file, or one drawn now
in the map editor) and the two readings a group may choose (one deck or two, Ambush)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
)

from companion.core.violations import PackError
from companion.postman.view import board_from_file, load_board

FILE = "__file__"


def read_map_file(path) -> dict:
    """The map file's data, checked like the pack's maps; PackError says what is wrong."""
    board_from_file(path)  # every check, with the file's name in the message
    return tomllib.loads(Path(path).read_text(encoding="utf-8"))


class SetupDialog(QDialog):
    def __init__(self, parent, pack):
        super().__init__(parent)
        self.setWindowTitle("New game of The Postman")
        self.pack = pack
        self.board_data: dict | None = None
        form = QFormLayout(self)
        self.map = QComboBox()
        for name, data in sorted(pack.data.get("maps", {}).items(), key=lambda kv: kv[0] != "default"):
            self.map.addItem(data["map"]["name"], name)
        self.map.addItem("A map file\u2026", FILE)
        self.draw_button = QPushButton("Draw a map\u2026")
        self.draw_button.setToolTip("Open the map editor: draw your own board and save it as a map file")
        row = QHBoxLayout()
        row.addWidget(self.map, 1)
        row.addWidget(self.draw_button)
        self.about = QLabel()
        self.about.setWordWrap(True)
        self.about.setMinimumWidth(380)
        self.deck = QComboBox()
        self.deck.addItem("One shared 52-card deck (as the rules say)", "shared")
        self.deck.addItem("Two decks: 26 red for the Postmen, 26 black for the Holnists", "split")
        self.ambush = QComboBox()
        self.ambush.addItem("Ambush gives +3 to every unit in the battle (as worded)", "all")
        self.ambush.addItem("Ambush gives +3 to the Postmen's units only", "own")
        variants = pack.data["tables"]["variants"]
        self.deck.setCurrentIndex(max(0, self.deck.findData(variants["deck"])))
        self.ambush.setCurrentIndex(max(0, self.ambush.findData(variants["ambush"])))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        form.addRow("Board", row)
        form.addRow("", self.about)
        form.addRow("Deck", self.deck)
        form.addRow("Ambush", self.ambush)
        form.addRow(buttons)
        self.map.currentIndexChanged.connect(self._map_changed)
        self.draw_button.clicked.connect(self._draw)
        #: chooses a map file; tests replace it
        self.choose_file = lambda: QFileDialog.getOpenFileName(
            self, "Open a Postman map", "", "Postman maps (*.toml);;All files (*)")[0]
        self._map_changed()

    def _map_changed(self, *_):
        name = self.map.currentData()
        if name == FILE:
            path = self.choose_file()
            if path:
                self.use_file(path)
            elif self.board_data is None:
                self.map.setCurrentIndex(0)
            return
        self.board_data = None
        data = self.pack.data["maps"][name]["map"]
        self.about.setText(data.get("description", ""))
        self.ok_button.setEnabled(True)

    def use_file(self, path) -> bool:
        try:
            self.board_data = read_map_file(path)
        except (PackError, OSError, tomllib.TOMLDecodeError) as e:
            self.board_data = None
            self.about.setText(f"This map cannot be used: {e}")
            self.ok_button.setEnabled(False)
            return False
        board = load_board(self.board_data, str(path))
        self.about.setText(f"{board.name}: {len(board.towns)} towns, {board.graph.number_of_edges()} roads, "
                           f"from {Path(path).name}. The map is stored inside the game record.")
        self.ok_button.setEnabled(True)
        i = self.map.findData(FILE)
        self.map.blockSignals(True)
        self.map.setCurrentIndex(i)
        self.map.blockSignals(False)
        return True

    def _draw(self) -> None:
        from .map_editor import MapEditor

        editor = MapEditor(self)
        if editor.exec() == QDialog.DialogCode.Accepted and editor.saved_path:
            self.use_file(editor.saved_path)

    def setup(self) -> dict:
        out: dict = {"variants": {"deck": self.deck.currentData(), "ambush": self.ambush.currentData()}}
        if self.board_data is not None:
            out["board"] = self.board_data
        else:
            out["map"] = self.map.currentData()
        return out


def ask_setup(parent, pack) -> dict | None:
    dlg = SetupDialog(parent, pack)
    if dlg.exec() != QDialog.DialogCode.Accepted:
        return None
    return dlg.setup()
