"""In table mode the Postman's map keeps its width across every click that owes no roll (an owed
roll opens the dice dock whole, and its going gives the room back) (#14: at 1280x720 larger the
side tabs grew at a draw owed, a retreat offer and a battle, and the map narrowed under the
pointer from 654 to 542 px). The side is held from the start as wide as a battle will need."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from companion.core.inputs import Input

SAMPLE = Path(__file__).resolve().parents[2] / "rules/postman/samples/short_game.json"
#: the sample game's first input after the deal, and its last before the game is over
FIRST, LAST = 12, 57


def settle():
    for _ in range(4):
        QApplication.processEvents()
        QTest.qWait(10)


@pytest.mark.parametrize("size, text", [((1280, 720), "larger"), ((1366, 768), "large")])
def test_the_map_narrows_only_when_a_roll_is_owed(window, tmp_path, size, text):
    record = json.loads(SAMPLE.read_text(encoding="utf-8"))
    rest = record["inputs"][FIRST:LAST]
    record["inputs"], record["undone"] = record["inputs"][:FIRST], []
    path = tmp_path / "postman-12.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    window.set_text_size(text, remember=False)
    window.resize(*size)
    assert window.open_record(str(path))
    window.set_table_mode(True, full_screen=False)
    settle()
    session = window.table.session
    view = window.screen_widget.map.viewport()
    widths = {}  # owed or not -> the map's widths seen
    jumps = []
    for data in rest:
        owed, width = session.pending_roll() is not None, view.width()
        window.table.submit(Input(data["kind"], data.get("args", {}), data.get("source")))
        settle()
        now_owed = session.pending_roll() is not None
        widths.setdefault(now_owed, set()).add(view.width())
        if not owed and not now_owed and view.width() != width:
            jumps.append(f"input {len(session.entries)} ({data['kind']}): {width} -> {view.width()}")
    assert jumps == []
    # one width whenever no roll is owed, and an owed roll's (the whole tray) narrower
    assert len(widths[False]) == 1, widths
    assert max(widths[True]) < min(widths[False])
    window.set_table_mode(False, full_screen=False)
    window.set_text_size("normal", remember=False)
