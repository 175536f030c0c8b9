"""The map editor's Open meets any file with a message naming the file and the place, and keeps
the map being drawn: never a traceback (a map that is text, a coordinate of 400 digits, an
array 3,000 deep, bytes that are not UTF-8)."""

import pytest
from PySide6.QtCore import Qt

from companion.games import bundled_pack
from ui.postman.map_editor import MapEditor

GOOD = (bundled_pack("postman").source + "/maps/short.toml")


@pytest.fixture
def editor(qtbot):
    editor = MapEditor()
    qtbot.addWidget(editor)
    editor.canvas_clicked(100, 100, "")
    return editor


def open_file(qtbot, editor, path) -> str:
    editor.ask_open = lambda: str(path)
    qtbot.mouseClick(editor.open_button, Qt.MouseButton.LeftButton)
    return editor.problems.text()


@pytest.mark.parametrize("text, where, what", [
    ('map = "x"\n', "map", "expected a table, found 'x'"),
    ('[map]\nname = "A"\n[[town]]\nid = "a"\nname = "A"\nx = 1' + "0" * 400 + "\n", "town[0].x",
     "expected a number, found a whole number of about 401 digits"),
    ("x = " + "[" * 3000 + "]" * 3000 + "\n", "line 1", "nested more than"),
    ("[[town]]\nid = 5\nname = 'A'\n", "town[0].id", "expected text, found 5"),
    ("x = 1" + "0" * 5000 + "\n", "", "more digits than can be read"),
    ('[map]\nname = "\\ud800"\n', "line 2, column 15", "not valid TOML"),
])
def test_open_a_hostile_map_file_says_where_and_keeps_the_draft(qtbot, editor, tmp_path, text, where, what):
    path = tmp_path / "hostile.toml"
    path.write_text(text, encoding="utf-8")
    said = open_file(qtbot, editor, path)
    assert said.startswith(f"Could not open this map: {path}")
    assert (f"at {where}:" in said if where else f"{path}: " in said) and what in said, said
    assert len(editor.draft.towns) == 1  # the map being drawn is still there


def test_open_bytes_that_are_not_utf8(qtbot, editor, tmp_path):
    path = tmp_path / "binary.toml"
    path.write_bytes(b"\xff\xfe[map]")
    assert f"{path}, at byte 0: not UTF-8 text" in open_file(qtbot, editor, path)


def test_open_a_missing_file(qtbot, editor, tmp_path):
    assert "cannot be read" in open_file(qtbot, editor, tmp_path / "gone.toml")


def test_open_a_good_map_still_opens(qtbot, editor):
    said = open_file(qtbot, editor, GOOD)
    assert not said.startswith("Could not open") and len(editor.draft.towns) > 1
