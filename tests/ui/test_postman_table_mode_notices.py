"""In table mode the Postman's announcement floats over a room kept for it under the side tabs,
never over the map (#14: at 1280x720 larger it hid the map's bottom towns), and the map keeps
its size whether an announcement shows or not. Left, closed or opened again, the notices'
slot is back in the window's own place."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QRect
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from companion.core.inputs import Input

SAMPLE = Path(__file__).resolve().parents[2] / "rules/postman/samples/short_game.json"
#: the recruit whose win over a Militia is announced ("Recruit: Rider 1 wins over a Militia ...")
ANNOUNCED = 16


def settle():
    for _ in range(6):
        QApplication.processEvents()
        QTest.qWait(15)


def cut(tmp_path, inputs: int) -> tuple[Path, list]:
    record = json.loads(SAMPLE.read_text(encoding="utf-8"))
    rest = record["inputs"][inputs:]
    record["inputs"], record["undone"] = record["inputs"][:inputs], []
    path = tmp_path / f"postman-{inputs}.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path, rest


def on_screen(widget) -> QRect:
    return QRect(widget.mapToGlobal(widget.rect().topLeft()), widget.size())


def submit(window, data) -> None:
    window.table.submit(Input(data["kind"], data.get("args", {}), data.get("source")))
    settle()


@pytest.mark.parametrize("size, text", [((1280, 720), "larger"), ((1920, 1080), "larger"), ((1280, 720), "normal")])
def test_the_announcement_never_covers_the_map_and_the_map_holds_still(window, tmp_path, size, text):
    path, rest = cut(tmp_path, ANNOUNCED - 1)
    window.set_text_size(text, remember=False)
    window.resize(*size)
    assert window.open_record(str(path))
    window.set_table_mode(True, full_screen=False)
    settle()
    view = window.screen_widget.map.viewport()
    submit(window, rest[0])
    announcement = window.telling.announcement
    assert announcement.isVisible() and announcement.words
    assert not on_screen(announcement).intersects(on_screen(view)), (on_screen(announcement), on_screen(view))
    # its words whole in its room: the slot's height is kept for it
    assert window.rect().contains(announcement.mapTo(window, announcement.rect().bottomRight()))
    shown = on_screen(view)
    announcement.clear()  # the same moment without it: the map as it was
    settle()
    assert on_screen(view) == shown
    window.set_table_mode(False, full_screen=False)
    window.set_text_size("normal", remember=False)


def test_the_slot_goes_home_when_table_mode_is_left_and_outlives_the_screen(window, tmp_path):
    path, _rest = cut(tmp_path, ANNOUNCED - 1)
    window.resize(1280, 720)
    assert window.open_record(str(path))
    window.set_table_mode(True, full_screen=False)
    settle()
    room = window.screen_widget.notice_room
    # kept whether a notice shows or not: nothing under the tabs moves when one comes
    assert window.notices.parentWidget() is room.parentWidget() and room.height() == window.notices.need > 0
    window.telling.announcement.announce("Rider 2 is lost")
    settle()
    assert room.height() == window.notices.need
    window.telling.announcement.clear()
    settle()
    assert room.height() == window.notices.need
    window.set_table_mode(False, full_screen=False)
    settle()
    assert window.notices.parentWidget() is window.table_area and not window.notices.floating
    assert window.table_layout.indexOf(window.notices) >= 0
    assert room.height() == 0
    window.set_table_mode(True, full_screen=False)
    settle()
    window.close_game()  # in table mode: the slot is the window's, not the closed screen's
    settle()
    assert window.notices.parentWidget() is window.table_area
    assert window.open_record(str(path))
    settle()
    assert window.notices.parentWidget() is window.screen_widget.notice_room.parentWidget() and window.notices.floating
    window.set_table_mode(False, full_screen=False)
