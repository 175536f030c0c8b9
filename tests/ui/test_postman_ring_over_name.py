"""A town's reach or move ring is drawn whole over its own name's backing box: a name set close
under its circle cut the ring's lower arc off with a straight edge (ui/postman/map_view.py,
TownItem.paint); the box still lies under the name's own text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QStyleOptionGraphicsItem

from ui import palette
from ui.postman.map_view import MARKS

SAMPLE = Path(__file__).resolve().parents[2] / "rules" / "postman" / "samples" / "short_game.json"


def _opened_at_retreat_offer(window, tmp_path):
    """The short game after input 25: the Postmen in Firwood may retreat, their towns ringed."""
    record = json.loads(SAMPLE.read_text())
    record["inputs"], record["undone"] = record["inputs"][:25], []
    path = tmp_path / "retreat.json"
    path.write_text(json.dumps(record))
    assert window.open_record(str(path))
    return window.screen_widget.map


def _painted(item) -> tuple[QImage, QPointF]:
    """The town drawn alone on a clear image, and where its centre lies in it."""
    box = item.boundingRect()
    image = QImage(int(box.width()) + 2, int(box.height()) + 2, QImage.Format.Format_ARGB32)
    image.fill(0)
    p = QPainter(image)
    p.translate(-box.left() + 1, -box.top() + 1)
    item.paint(p, QStyleOptionGraphicsItem())
    p.end()
    return image, QPointF(-box.left() + 1, -box.top() + 1)


def _near(a: QColor, b: QColor, slack: int = 40) -> bool:
    return max(abs(a.red() - b.red()), abs(a.green() - b.green()), abs(a.blue() - b.blue())) <= slack


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_ring_shows_whole_where_its_own_name_box_reaches_it(window, tmp_path, scheme):
    window.set_colours(scheme, remember=False)
    window.set_text_size("larger", remember=False)
    window.resize(1280, 720)
    view = _opened_at_retreat_offer(window, tmp_path)
    checked = 0
    for item in view.town_items.values():
        if not (item.look.mark and item.name_shown):
            continue
        k = item.mark_
        bottom = QPointF(0, item.r + 5 * k)  # the ring's lowest point, mid-stroke
        if not item.name_rect().contains(bottom):
            continue
        image, centre = _painted(item)
        at = (centre + bottom).toPoint()
        ring = palette.colour(MARKS[item.look.mark], scheme)
        got = image.pixelColor(at)
        assert _near(got, ring), (item.town.name, got.name(), ring.name())
        checked += 1
    assert checked, "no ringed town has its name box over its ring's lowest point at this size"
    window.set_colours("light", remember=False)
    window.set_text_size("normal", remember=False)
