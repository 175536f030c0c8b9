"""The whole-map view shows every town whole: its circle, stack counters and Militia mark inside
the view, not only its name (#14). On the short game's seven-town board at 1366x768 the fit
left Coastline's level mark and Post Town's counter half outside the view's edges."""

from pathlib import Path

import pytest
from PySide6.QtCore import QRectF

import rules

from .cuts import open_cut

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
