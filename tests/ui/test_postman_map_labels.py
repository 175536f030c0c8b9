"""The Postman map as a picture: on the bundled 40-town board at whole-map zoom in a 1280x720,
1366x768 and 1920x1080 window (and at 1280x720 in the large type), and in a map of any size from its least up, no town's name covers another name, a town
or a stack counter (layout.place, then the map's own check that hides a name with no clear spot
left), and the placement pass itself moves a name off whatever it would cover."""

import pytest

from ui.postman import layout


def start(window, qtbot, size, text="normal"):
    window.set_text_size(text, remember=False)
    window.resize(*size)
    window.ask_setup = lambda parent, game, pack: {"map": "default"}
    assert window.new_game("postman", seed=7)
    qtbot.wait(10)
    screen = window.screen_widget
    screen.map.fit()
    return screen


def meets_circle(box, circle):
    """Whether a rectangle covers any of the round town drawn in ``circle``'s square."""
    c, r = circle.center(), circle.width() / 2
    x = min(max(c.x(), box.left()), box.right())
    y = min(max(c.y(), box.top()), box.bottom())
    return (x - c.x()) ** 2 + (y - c.y()) ** 2 < r * r


def covered(map_view):
    """(name's town, what it covers, whose) for every name block that covers anything."""
    boxes = map_view.label_boxes()
    out = []
    for tid, (_circle, name, *_counters) in boxes.items():
        if name.isEmpty():  # no clear spot at this size: the name is not drawn (its tip names it)
            continue
        for other, (circle, other_name, *counters) in boxes.items():
            parts = [("counter", c) for c in counters]
            if other != tid:
                parts.append(("name", other_name))
            out += [(tid, kind, other) for kind, box in parts if box.intersects(name)]
            if meets_circle(name, circle):
                out.append((tid, "town", other))
    return out


@pytest.mark.parametrize(("size", "text"), [((1280, 720), "normal"), ((1366, 768), "normal"), ((1920, 1080), "normal"),
                                           ((1280, 720), "large"), ((1366, 768), "large")])
def test_no_name_covers_a_town_a_name_or_a_counter_on_the_default_map(window, qtbot, size, text):
    screen = start(window, qtbot, size, text)
    assert len(screen.map.town_items) == 40
    assert screen.map.viewport().width() >= 500
    assert covered(screen.map) == []
    assert all(item.name_shown for item in screen.map.town_items.values())  # none left out
    # the counters (stack badges) cover no town and no other town's name either
    boxes = screen.map.label_boxes()
    for tid, (_c, _n, *counters) in boxes.items():
        for other, (circle, name, *_rest) in boxes.items():
            if other != tid:
                assert not any(meets_circle(c, circle) or c.intersects(name) for c in counters), (tid, other)


SIZES = [*range(240, 481, 8), *range(361, 386, 2)]  # the map's height; 361-385 px once overlapped


def test_no_name_covers_anything_at_any_map_height(window, qtbot):
    screen = start(window, qtbot, (1280, 720))
    found = []
    for height in sorted(set(SIZES)):
        screen.map.setFixedHeight(height)
        qtbot.wait(1)
        screen.map.fit()
        found += [(height, *c) for c in covered(screen.map)]
    assert found == []
    shown = sum(not name.isEmpty() for _c, name, *_r in screen.map.label_boxes().values())
    assert shown == 40  # 480 px: room for every name


@pytest.mark.parametrize("text_size", ["normal", "larger"])
def test_no_name_covers_anything_at_any_map_width(window, qtbot, text_size):
    window.set_text_size(text_size, remember=False)
    screen = start(window, qtbot, (1280, 720))
    found = []
    for width in range(300, 901, 150):
        screen.map.setFixedSize(width, 300 + width // 4)
        qtbot.wait(1)
        screen.map.fit()
        found += [(width, *c) for c in covered(screen.map)]
    window.set_text_size("normal", remember=False)
    assert found == []


def test_a_name_with_no_clear_spot_is_left_out_and_named_in_its_tip(window, qtbot):
    screen = start(window, qtbot, (1280, 720))
    screen.map.setFixedSize(300, 240)  # the map's least size: far too small for 40 names
    qtbot.wait(1)
    screen.map.fit()
    hidden = [tid for tid, (_c, name, *_r) in screen.map.label_boxes().items() if name.isEmpty()]
    assert hidden and len(hidden) < 40
    for tid in hidden:
        assert screen.map.town_items[tid].toolTip().startswith(screen.map.town_items[tid].town.name)
    assert covered(screen.map) == []


def test_names_stay_apart_when_zoomed_in_and_out(window, qtbot):
    screen = start(window, qtbot, (1280, 720))
    screen.map.zoom(1.6)
    assert covered(screen.map) == []


def test_a_name_moves_off_a_neighbouring_town():
    town = (100, 100, 110, 110)  # a town right below the first town's preferred spot
    below, above = [(90, 100, 130, 115)], [(90, 70, 130, 85)]
    chosen = layout.place({"name": [below, above]}, [town])
    assert chosen == {"name": 1}
    assert layout.place({"name": [below, above]}, []) == {"name": 0}  # nothing there: the preferred spot


def test_two_names_that_want_the_same_spot_share_it_out():
    spot = [(0, 0, 50, 15)]
    elsewhere = [(0, 40, 50, 55)]
    chosen = layout.place({"a": [spot, elsewhere], "b": [spot, elsewhere]}, [])
    assert sorted(chosen.values()) == [0, 1]
    assert layout.overlaps([spot[0], elsewhere[0]]) == []
    assert layout.overlaps([spot[0], spot[0]]) == [(0, 1)]


def test_the_map_holds_still_when_the_banner_appears(window, qtbot):
    screen = start(window, qtbot, (1280, 720))
    zoom = screen.map.zoom_level()
    centre = screen.map.mapToScene(screen.map.viewport().rect().center())
    height = screen.map.viewport().height()
    window.banner.show_error("Something to read: the map must not move under the pointer")
    qtbot.wait(10)
    assert screen.map.viewport().height() == height  # the banner shows in its reserved slot ...
    assert screen.map.zoom_level() == zoom  # ... and the map kept its zoom and its centre
    moved = screen.map.mapToScene(screen.map.viewport().rect().center()) - centre
    assert moved.manhattanLength() < 4 / zoom
    window.resize(1920, 1080)  # a real resize fits the whole map again
    qtbot.wait(10)
    assert screen.map.zoom_level() > zoom
