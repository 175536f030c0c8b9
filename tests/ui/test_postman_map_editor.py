"""The Postman map editor and the new-game dialog: draw a board by clicking, watch the loader's
checks pass, save it as a map file in the docs/maps.md format, and start a game on it with the
map stored inside the record."""


from PySide6.QtCore import Qt

from companion.games import bundled_pack
from companion.postman.board import board_from_file
from companion.postman.map_draft import MapDraft
from ui.postman.map_editor import MapEditor
from ui.postman.setup_dialog import SetupDialog


def test_draw_a_board_by_clicking_and_save_it(qtbot, tmp_path):
    editor = MapEditor()
    qtbot.addWidget(editor)
    for i in range(4):
        editor.canvas_clicked(100 + 150 * i, 200, "")
    ids = [t["id"] for t in editor.draft.towns]
    assert len(ids) == 4 and editor.selected == ids[-1]
    editor.mode_buttons["roads"].setChecked(True)
    editor._mode_changed()
    for a, b in zip(ids, ids[1:], strict=False):
        editor.canvas_clicked(0, 0, a)
        editor.canvas_clicked(0, 0, b)
    assert len(editor.draft.roads) == 3
    editor.mode_buttons["select"].setChecked(True)
    editor.canvas_clicked(0, 0, ids[0])
    editor.town_name.setText("Pineview")
    editor._town_named()
    qtbot.mouseClick(editor.post_button, Qt.MouseButton.LeftButton)
    editor.size.setCurrentText("large")
    editor.size.activated.emit(2)
    editor.terrain["forest"].click()
    assert editor.draft.town("pineview") == {"id": "pineview", "name": "Pineview", "size": "large",
                                              "terrain": ["forest"], "edge": False, "x": 100.0, "y": 200.0}
    editor.canvas_clicked(0, 0, ids[-1])
    qtbot.mouseClick(editor.camp_button, Qt.MouseButton.LeftButton)
    assert "edge" in editor.problems.text() and not editor.use_button.isEnabled()
    editor.edge.click()
    assert "Every check passes" in editor.problems.text() and editor.use_button.isEnabled()
    path = tmp_path / "ours.toml"
    editor.ask_save = lambda: str(path)
    qtbot.mouseClick(editor.use_button, Qt.MouseButton.LeftButton)
    assert editor.saved_path == str(path)
    board = board_from_file(path)
    assert board.post_town == "pineview" and board.edge_towns() == (ids[-1],)


def test_a_new_game_offers_the_packs_maps_and_a_map_file(qtbot, tmp_path, window):
    pack = bundled_pack("postman")
    dlg = SetupDialog(None, pack)
    qtbot.addWidget(dlg)
    names = [dlg.map.itemData(i) for i in range(dlg.map.count())]
    assert names[0] == "default" and "short" in names and names[-1] == "__file__"
    assert dlg.setup() == {"variants": {"deck": "shared", "ambush": "all"}, "map": "default"}
    bad = tmp_path / "bad.toml"
    bad.write_text('[map]\nname = "x"\n')
    assert not dlg.use_file(bad)
    assert "cannot be used" in dlg.about.text() and not dlg.ok_button.isEnabled()
    good = tmp_path / "good.toml"
    d = MapDraft("Short road")
    ids = [d.add_town(10 * i, 0) for i in range(4)]
    for a, b in zip(ids, ids[1:], strict=False):
        d.toggle_road(a, b)
    d.post_town, d.base_camp = ids[0], ids[3]
    d.town(ids[1])["edge"] = True
    good.write_text(d.to_toml())
    assert dlg.use_file(good) and dlg.ok_button.isEnabled()
    setup = dlg.setup()
    assert setup["board"]["map"]["name"] == "Short road"

    window.ask_setup = lambda parent, game, pack: setup
    assert window.new_game("postman", seed=2)
    assert window.table.state.board.name == "Short road"
    assert window.table.session.setup["board"] == d.to_data()  # the record carries the map itself


def test_spread_out_draws_crowded_towns_apart_and_keeps_the_roads(qtbot):
    import math

    from companion.games import bundled_pack
    from companion.postman.map_draft import MapDraft
    from ui.postman.map_editor import MapEditor

    draft = MapDraft.from_data(bundled_pack("postman").data["maps"]["default"])
    roads = sorted(draft.roads)
    editor = MapEditor(None, draft)
    qtbot.addWidget(editor)

    def closest():
        pts = [(t["x"], t["y"]) for t in editor.draft.towns]
        return min(math.dist(a, b) for i, a in enumerate(pts) for b in pts[i + 1:])

    def span():
        xs = [t["x"] for t in editor.draft.towns]
        return max(xs) - min(xs)

    before = closest() / span()
    editor.spread_out()
    assert closest() / span() > 2 * before  # the Willamette towns no longer sit on each other
    assert sorted(editor.draft.roads) == roads and editor.draft.problems() == []


# -- a view that holds still ------------------------------------------------------------------
def default_editor(qtbot):
    from companion.games import bundled_pack

    draft = MapDraft.from_data(bundled_pack("postman").data["maps"]["default"])
    editor = MapEditor(None, draft)
    qtbot.addWidget(editor)
    editor.resize(1100, 700)
    editor.show()
    qtbot.waitExposed(editor)
    editor.canvas.fit()
    return editor


def screen_point(editor, x, y):
    return editor.canvas.mapFromScene(x, y)


def empty_spot(canvas):
    """A point of the view with no town, name or road near it."""
    rect = canvas.viewport().rect()
    for x in range(rect.left() + 20, rect.right() - 20, 15):
        for y in range(rect.top() + 20, rect.bottom() - 20, 15):
            point = rect.topLeft() + type(rect.topLeft())(x, y)
            if not canvas.town_near(point) and canvas.road_near(point) is None:
                return point
    raise AssertionError("no empty spot in view")


def view_state(canvas):
    return canvas.transform().m11(), canvas.mapToScene(canvas.viewport().rect().center())


def test_an_edit_keeps_the_zoom_and_what_is_in_view(qtbot):
    editor = default_editor(qtbot)
    canvas = editor.canvas
    fitted = canvas.transform().m11()
    qtbot.mouseClick(editor.zoom_in, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(editor.zoom_in, Qt.MouseButton.LeftButton)
    base = editor.draft.town(editor.draft.base_camp)
    canvas.centerOn(base["x"], base["y"])
    zoom, centre = view_state(canvas)
    assert zoom > 1.5 * fitted
    n = len(editor.draft.towns)
    qtbot.mouseClick(canvas.viewport(), Qt.MouseButton.LeftButton, pos=empty_spot(canvas))
    assert len(editor.draft.towns) == n + 1  # a town added on the empty map ...
    after_zoom, after_centre = view_state(canvas)
    assert after_zoom == zoom and (after_centre - centre).manhattanLength() < 1  # ... and nothing moved
    editor.terrain["forest"].click()
    assert view_state(canvas)[0] == zoom and (view_state(canvas)[1] - centre).manhattanLength() < 1


def test_a_click_on_a_road_never_makes_a_town(qtbot):
    editor = default_editor(qtbot)
    canvas = editor.canvas
    a, b = (editor.draft.town(t) for t in editor.draft.roads[0])
    n = len(editor.draft.towns)
    middle = screen_point(editor, (a["x"] + b["x"]) / 2, (a["y"] + b["y"]) / 2)
    assert canvas.town_near(middle) == ""  # the middle of the road, away from either town
    qtbot.mouseClick(canvas.viewport(), Qt.MouseButton.LeftButton, pos=middle)
    assert len(editor.draft.towns) == n
    assert f"road between {a['name']} and {b['name']}" in editor.help.text()
    beside = middle + type(middle)(0, canvas.REACH - 2)  # a near miss counts as on the road
    qtbot.mouseClick(canvas.viewport(), Qt.MouseButton.LeftButton, pos=beside)
    assert len(editor.draft.towns) == n


def test_a_click_on_a_town_picks_that_town_under_a_neighbour_s_name(qtbot):
    editor = default_editor(qtbot)
    canvas = editor.canvas
    for zooms in (0, 3):  # the whole board, then closer: names lie over neighbours' markers at both
        for _ in range(zooms):
            qtbot.mouseClick(editor.zoom_in, Qt.MouseButton.LeftButton)
        in_view = [t for t in editor.draft.towns
                   if canvas.viewport().rect().contains(screen_point(editor, t["x"], t["y"]))]
        assert len(in_view) >= 4
        for t in in_view:
            assert canvas.town_near(screen_point(editor, t["x"], t["y"])) == t["id"], t["name"]
    glendale = next(t for t in editor.draft.towns if t["name"] == "Glendale")
    canvas.centerOn(glendale["x"], glendale["y"])
    qtbot.mouseClick(canvas.viewport(), Qt.MouseButton.LeftButton,
                     pos=screen_point(editor, glendale["x"], glendale["y"]))
    assert editor.selected == glendale["id"]  # (Canyonville's name lies over Glendale's marker)
    # a click on a name, away from every marker, is still that name's town
    from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsSimpleTextItem

    name = next(i for i in canvas.scene().items()
                if isinstance(i, QGraphicsSimpleTextItem) and i.data(0) == glendale["id"])
    on_name = canvas.mapFromScene(name.sceneBoundingRect().center())
    assert not any(isinstance(i, QGraphicsEllipseItem) for i in canvas._near(on_name))
    assert canvas.town_near(on_name) == glendale["id"]


def test_the_whole_board_can_be_reached(qtbot):
    editor = default_editor(qtbot)
    canvas = editor.canvas
    view = canvas.viewport().rect()
    for t in editor.draft.towns:  # Whole board: every town in view, the Base Camp at the bottom too
        assert view.contains(screen_point(editor, t["x"], t["y"])), t["name"]
    for _ in range(5):
        qtbot.mouseClick(editor.zoom_in, Qt.MouseButton.LeftButton)
    bottom = max(editor.draft.towns, key=lambda t: t["y"])
    assert not view.contains(screen_point(editor, bottom["x"], bottom["y"]))
    for t in editor.draft.towns:  # the scroll bars reach every town and the name under it
        canvas.centerOn(t["x"], t["y"] + 12)
        assert view.contains(screen_point(editor, t["x"], t["y"] + 25)), t["name"]
        assert view.contains(screen_point(editor, t["x"], t["y"] - 10)), t["name"]
    qtbot.mouseClick(editor.fit_button, Qt.MouseButton.LeftButton)
    assert view.contains(screen_point(editor, bottom["x"], bottom["y"]))


def test_the_checks_speak_of_towns_and_roads(qtbot):
    d = MapDraft("Three towns")
    ids = [d.add_town(10 * i, 0, name) for i, name in enumerate(("Pineview", "Hilltop", "Riverford", "Ford"))]
    d.post_town, d.base_camp = ids[0], ids[3]
    d.toggle_road(ids[0], ids[1])
    problems = d.problems()
    assert any("No road leads from the Post Town to Riverford, Ford" in p for p in problems)
    assert any("on the map's edge" in p for p in problems) and not any("edge =" in p for p in problems)
    d.toggle_road(ids[1], ids[2])
    d.toggle_road(ids[2], ids[3])
    d.town(ids[1])["edge"] = True
    assert d.problems() == []
    d.toggle_road(ids[0], ids[3])  # the Post Town now one road from the Base Camp
    assert d.problems() == ["The Post Town (Pineview) is 1 road from the Holnist Base Camp (Ford); "
                            "they must be at least 3 apart."]
