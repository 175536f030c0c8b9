"""The Thurn and Taxis map at 1280x720 with the larger type: the board takes the room its view has
(the province legend goes beside it when that draws it larger) and the cities' names are drawn at
least about as tall as the platform's own body text, to be read from a metre (they were about 9 px)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFont, QFontMetricsF
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QGraphicsSimpleTextItem

from ui import looks

SAMPLE = Path(__file__).resolve().parents[2] / "rules" / "thurn_and_taxis" / "samples" / "four_players_whole_game.json"


def settle():
    for _ in range(6):
        QApplication.processEvents()
        QTest.qWait(20)


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768)])
def test_the_board_fills_its_view_and_its_names_read_from_a_metre(window, tmp_path, size):
    record = json.loads(SAMPLE.read_text())
    record["inputs"] = record["inputs"][:500]  # mid-game: the map, not the result screen
    path = tmp_path / "mid.json"
    path.write_text(json.dumps(record))
    window.set_text_size("larger", remember=False)
    window.resize(*size)
    assert window.open_record(str(path))
    settle()
    board = window.screen_widget.map
    scale = board.transform().m11()
    body = QFont(QApplication.font())
    body.setPointSizeF(looks.LOOKS.base_points)  # the platform's body text, before any enlarging
    cities_named = {c.name for c in board.board.cities.values()}
    names = [i for i in board.scene().items() if isinstance(i, QGraphicsSimpleTextItem) and i.text() in cities_named
             and i.zValue() > 0]  # (not the legend: Salzburg names a province too)
    assert len(names) == len(cities_named)
    for name in names:
        assert name.boundingRect().height() * scale >= 0.8 * QFontMetricsF(body).height(), name.text()
    # the cities (not the legend) span most of the view one way or the other
    cities = QRectF()
    for item in board.city_items.values():
        cities = cities.united(item.sceneBoundingRect())
    drawn = board.mapFromScene(cities).boundingRect()
    port = board.viewport().rect()
    assert drawn.width() >= 0.75 * port.width() or drawn.height() >= 0.75 * port.height(), (drawn, port)
    window.set_text_size("normal", remember=False)


def test_once_the_game_is_over_the_final_board_takes_the_hands_room(window):
    window.set_text_size("larger", remember=False)
    window.resize(1280, 720)
    assert window.open_record(str(SAMPLE))
    settle()
    window.telling.look_at_board()  # the result screen's "Look at the board"
    settle()
    screen = window.screen_widget
    assert not screen.hand.isVisible()
    column = screen.map.parentWidget()
    assert screen.map.height() >= column.height() - 2
    window.undo()  # the last input undone: the game goes on and the hand is back
    settle()
    assert screen.hand.isVisible()
    window.set_text_size("normal", remember=False)


@pytest.mark.parametrize("text", ["normal", "larger"])
def test_no_city_name_covers_another_name_or_city(window, text):
    window.set_text_size(text, remember=False)
    window.resize(1280, 720)
    assert window.open_record(str(SAMPLE))
    window.telling.look_at_board()
    settle()
    board = window.screen_widget.map
    names = {cid: item.sceneBoundingRect() for cid, item in board.name_items.items()}
    for cid, box in names.items():
        others = [o for other, o in names.items() if other != cid and o.intersects(box)]
        assert not others, f"{cid}'s name covers another name"
        for other, city in board.city_items.items():
            if other != cid:
                assert not city.sceneBoundingRect().intersects(box), f"{cid}'s name covers {other}"
    window.set_text_size("normal", remember=False)
