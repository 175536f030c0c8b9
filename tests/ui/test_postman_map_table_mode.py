"""The Postman's whole map read from across the table: on the bundled 40-town board at 1280x720,
at the normal, large and larger type, in and out of table mode (and at 1366x768 and 1920x1080), every town's circle stands clear of
every other, no name covers another name, a town or a badge, each name sits nearer its own town
than any other (or is joined to it by a leader line), and every town is named, in type never
under 0.9 of the normal size's; table mode never draws the names smaller than outside it
(ui/postman/map_view.py: MapView.fit, nearest_own, LEADER_SPOTS).

The one allowance: at 1280x720 with the large or larger type the map has about 600x280 pixels
for forty names outside table mode (the town panel's columns at that type and the dice tray take
the rest of the width; table mode gives it about 744x384), and up to two names in the crowded
Willamette valley may be left out. The count beside the zoom
buttons says so, each town's tip names it, and one step of zoom shows it.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from ui.postman.map_view import LEADER_SPOTS, NAMES_CROWDED

from .test_postman_map_labels import covered, meets_circle

SAMPLES = Path(__file__).resolve().parents[2] / "rules" / "postman" / "samples"
#: names the whole map may leave out at 1280x720 (see the module's words)
MAY_LEAVE_OUT = {"normal": 0, "large": 2, "larger": 2}
#: (window, text size, table mode) the whole map is read at: every text size at 1280x720 in and
#: out of table mode, and the larger screens at the two ends of the type (not every product: the
#: suite stays quick)
WHOLE_MAP_LOOKS = [((1280, 720), text, mode) for text in ("normal", "large", "larger") for mode in (False, True)] + [
    ((1366, 768), "normal", False), ((1366, 768), "larger", True),
    ((1920, 1080), "normal", False), ((1920, 1080), "larger", True)]


def _look_id(look) -> str:
    (w, h), text, mode = look
    return f"{w}x{h}-{text}-{'table_mode' if mode else 'window'}"


def start(window, qtbot, text: str, table_mode: bool, size: tuple[int, int] = (1280, 720)):
    window.set_text_size(text, remember=False)
    window.resize(*size)
    window.ask_setup = lambda parent, game, pack: {"map": "default"}
    assert window.new_game("postman", seed=7)
    screen = window.screen_widget
    screen.cards.draw.all_button.click()  # the opening hands: both stacks on the map
    if table_mode:
        window.set_table_mode(True, full_screen=False)
    qtbot.wait(20)
    screen.fit_button.click()
    qtbot.wait(10)
    return screen


def centres(view) -> dict:
    return {tid: (view.mapFromScene(item.pos()).toPointF(), item.r) for tid, item in view.town_items.items()}


def gap(box, centre, r) -> float:
    """From a name's block to a town's circle, in pixels (0 or less: they meet)."""
    dx = max(box.left() - centre.x(), 0.0, centre.x() - box.right())
    dy = max(box.top() - centre.y(), 0.0, centre.y() - box.bottom())
    return math.hypot(dx, dy) - r


def nearer_another(view) -> list[tuple[str, str]]:
    """(name's town, the town it sits nearer) for every name drawn nearer another town's circle
    than its own without a leader line."""
    at = centres(view)
    out = []
    for tid, (_circle, name, *_badges) in view.label_boxes().items():
        if name.isEmpty() or view.town_items[tid].label_at in LEADER_SPOTS:
            continue
        mine = gap(name, *at[tid])
        out += [(tid, other) for other, (c, r) in at.items() if other != tid and gap(name, c, r) <= mine]
    return out


def circles_meeting(view) -> list[tuple[str, str]]:
    at = list(centres(view).items())
    return [(a, b) for i, (a, (ca, ra)) in enumerate(at) for b, (cb, rb) in at[i + 1:]
            if math.hypot(ca.x() - cb.x(), ca.y() - cb.y()) < ra + rb]


def badges_on_others(view) -> list[tuple[str, str]]:
    boxes = view.label_boxes()
    return [(tid, other) for tid, (_c, _n, *badges) in boxes.items() for other, (circle, name, *_r) in boxes.items()
            if other != tid and any(meets_circle(b, circle) or b.intersects(name) for b in badges)]


def left_out(view) -> list[str]:
    port = view.viewport().rect()
    return [tid for tid, item in view.town_items.items()
            if not item.name_shown and port.contains(view.mapFromScene(item.pos()))]


@pytest.mark.parametrize("look", WHOLE_MAP_LOOKS, ids=_look_id)
def test_the_whole_default_map_names_every_town_clear_of_everything(window, qtbot, look):
    size, text, table_mode = look
    view = start(window, qtbot, text, table_mode, size).map
    assert len(view.town_items) == 40
    port = view.viewport().rect()
    assert all(port.contains(view.mapFromScene(item.pos())) for item in view.town_items.values())
    assert circles_meeting(view) == []
    assert covered(view) == []
    assert badges_on_others(view) == []
    assert nearer_another(view) == []
    hidden = left_out(view)
    assert len(hidden) <= MAY_LEAVE_OUT[text], [view.town_items[t].town.name for t in hidden]
    for tid in hidden:
        assert view.town_items[tid].town.name in view.town_items[tid].toolTip()
    assert all(item.scale_ >= NAMES_CROWDED for item in view.town_items.values())  # about the normal type
    window.set_table_mode(False, full_screen=False)
    window.set_text_size("normal", remember=False)


@pytest.mark.parametrize(("size", "text"), [((1280, 720), "normal"), ((1280, 720), "large"), ((1280, 720), "larger"),
                                           ((1366, 768), "larger"), ((1920, 1080), "normal")])
def test_table_mode_draws_the_names_no_smaller_and_the_circles_clear(window, qtbot, size, text):
    view = start(window, qtbot, text, False, size).map
    outside = {tid: item.scale_ for tid, item in view.town_items.items()}
    window.set_table_mode(True, full_screen=False)
    qtbot.wait(20)
    view.fit()
    for tid, item in view.town_items.items():
        assert item.scale_ >= outside[tid] - 1e-9, tid
    assert circles_meeting(view) == []
    view.zoom(1.25)  # zoomed in: the names and circles grow with the room, never past the board scale
    assert all(item.scale_ >= outside[tid] for tid, item in view.town_items.items())
    assert circles_meeting(view) == []
    window.set_table_mode(False, full_screen=False)
    window.set_text_size("normal", remember=False)


@pytest.mark.parametrize(("text", "table_mode"), [("normal", False), ("normal", True), ("larger", True)])
def test_on_the_seven_town_board_each_name_sits_by_its_own_town(window, qtbot, text, table_mode):
    """The short game's board: "Post Town" once sat beside Sideways, "Hilltop" over Base Camp."""
    window.set_text_size(text, remember=False)
    window.resize(1280, 720)
    assert window.open_record(str(SAMPLES / "short_game.json"))
    window.telling.result.buttons["back"].click()  # look at the board
    if table_mode:
        window.set_table_mode(True, full_screen=False)
    qtbot.wait(20)
    view = window.screen_widget.map
    view.fit()
    for steps in range(4):  # at the whole map and zoomed in
        assert nearer_another(view) == [], steps
        assert covered(view) == []
        assert all(item.name_shown for item in view.town_items.values())
        view.zoom(1.25)
    window.set_table_mode(False, full_screen=False)
    window.set_text_size("normal", remember=False)
