"""The whole-map view shows every town whole: its circle, stack counters and Militia mark inside
the view, not only its name (#14). On the short game's seven-town board at 1366x768 the fit
left Coastline's level mark and Post Town's counter half outside the view's edges; and the fit,
made for the names' widths, left Hilltop's counter 2 px past the edge at 1280x720 large and
others within a pixel of it: every town's circle, name and badges keep FIT_EDGE from the edge."""

from pathlib import Path

import pytest
from PySide6.QtCore import QRectF

import rules
from ui.postman.map_view import FIT_EDGE

from .cuts import open_cut, settle

SHORT = Path(rules.__file__).parent / "postman" / "samples" / "short_game.json"


def cut_off(view) -> list[str]:
    port = QRectF(view.viewport().rect())
    out = []
    for tid, (circle, _name, *badges) in view.label_boxes().items():
        for what, box in [("circle", circle), *(("badge", b) for b in badges)]:
            if not port.contains(box):
                out.append(f"{tid} {what} {box.getCoords()} outside {port.getCoords()}")
    return out


@pytest.mark.parametrize(("kept", "size", "text"), [
    (34, (1366, 768), "normal"), (30, (1366, 768), "normal"), (34, (1280, 720), "larger"),
    (25, (1920, 1080), "normal")])
def test_every_town_and_its_marks_lie_inside_the_whole_map_view(window, tmp_path, looks_back, kept, size, text):
    screen = open_cut(window, tmp_path, SHORT, kept, size, text)
    assert not cut_off(screen.map), "\n".join(cut_off(screen.map))


def nearer_the_edge(view, edge: float) -> list[str]:
    port = QRectF(view.viewport().rect()).adjusted(edge, edge, -edge, -edge)
    return [f"{tid} {box.getCoords()} not {edge} px inside {QRectF(view.viewport().rect()).getCoords()}"
            for tid, boxes in view.label_boxes().items() for box in boxes
            if not box.isEmpty() and not port.contains(box)]


@pytest.mark.parametrize(("kept", "size", "text", "table"), [
    (12, (1280, 720), "large", False), (25, (1280, 720), "larger", False), (34, (1280, 720), "normal", False),
    (38, (1280, 720), "normal", False), (34, (1920, 1080), "larger", False), (12, (1366, 768), "larger", True),
    (58, (1280, 720), "larger", True), (30, (1366, 768), "large", False)])
def test_the_whole_map_keeps_every_town_off_the_views_edge(window, tmp_path, looks_back, kept, size, text, table):
    screen = open_cut(window, tmp_path, SHORT, kept, size, text)
    if table:  # taken after the record opened, as the window's key does
        window.set_table_mode(True, full_screen=False)
        settle()
    assert screen.map._fitted
    assert not nearer_the_edge(screen.map, FIT_EDGE), "\n".join(nearer_the_edge(screen.map, FIT_EDGE))
