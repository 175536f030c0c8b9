"""The Postman map keeps its latest placements (layout.Kept): an undo or a redo asks the map a
question it has answered, and the answer is looked up. A kept answer is always the one a fresh
layout.place gives for the same question, and a change of a town, a badge, the zoom or the view's
size asks a new question, which is worked out afresh."""

from dataclasses import replace

import pytest

from ui.postman import layout

from .test_postman_map_labels import covered, start


@pytest.fixture
def asked(monkeypatch):
    """Every placement the map asks for: one worked out is checked against a fresh pass of
    layout.place, one kept against the answer worked out for the same question."""
    calls, answers = [], {}
    kept_place = layout.Kept.place

    def checked(self, key, pieces, fixed, inside=None, **kw):
        hits = self.hits
        got = kept_place(self, key, pieces, fixed, inside=inside, **kw)
        if self.hits > hits:
            calls.append("kept")
            assert got == answers[key, inside]
        else:
            calls.append("worked out")
            assert got == layout.place(pieces, fixed, inside=inside, **kw)
            answers[key, inside] = dict(got)
        return got

    monkeypatch.setattr(layout.Kept, "place", checked)
    return calls


def looks_now(map_view) -> dict:
    return {tid: item.look for tid, item in map_view.town_items.items()}


PIECES = {"a": [[(0, 0, 10, 10)], [(20, 0, 30, 10)]], "b": [[(5, 0, 15, 10)], [(40, 0, 50, 10)]]}
FIXED = [(0, 20, 10, 30)]


def test_a_kept_answer_is_the_one_worked_out_and_a_different_question_is_worked_out():
    kept = layout.Kept()
    first = kept.place("q", PIECES, FIXED, inside=(0, 0, 100, 100))
    assert first == layout.place(PIECES, FIXED, inside=(0, 0, 100, 100)) and (kept.hits, kept.misses) == (0, 1)
    first["a"] = 9  # the caller's copy: what is kept stays as worked out
    again = kept.place("q", PIECES, FIXED, inside=(0, 0, 100, 100), start={"a": 1, "b": 1})
    assert again == layout.place(PIECES, FIXED, inside=(0, 0, 100, 100)) and (kept.hits, kept.misses) == (1, 1)
    kept.place("q", PIECES, FIXED, inside=(0, 0, 60, 100))  # the view's edge moved
    kept.place("another question", PIECES, FIXED, inside=(0, 0, 100, 100))
    assert (kept.hits, kept.misses) == (1, 3)


def test_the_oldest_answer_goes_when_more_are_kept_than_its_size():
    kept = layout.Kept(size=2)
    for key in ("one", "two", "three", "two", "one"):
        kept.place(key, PIECES, FIXED)
    assert (kept.hits, kept.misses) == (1, 4)  # "one" had gone when it was asked again


def test_going_back_to_a_map_looks_its_placement_up_and_places_it_as_a_fresh_pass(window, qtbot, asked):
    screen = start(window, qtbot, (1280, 720))
    m = screen.map
    board = window.table.state.board
    before = looks_now(m)
    town = sorted(board.towns)[3]
    grown = before | {town: replace(before[town], counts={"postmen": 12}, note="reach 3")}
    m.set_looks(grown, {})
    assert asked[-1] == "worked out" and covered(m) == []
    grown_spots = {tid: (item.label_at, item.counter_at, item.name_shown) for tid, item in m.town_items.items()}
    m.set_looks(before, {})  # an undo: the question asked when the game was opened
    assert asked[-1] == "kept"
    m.set_looks(grown, {})  # a redo
    assert asked[-1] == "kept"
    assert {tid: (item.label_at, item.counter_at, item.name_shown) for tid, item in m.town_items.items()} == grown_spots
    assert covered(m) == []


@pytest.mark.parametrize("change", ["town", "badge", "zoom", "view size"])
def test_a_change_of_a_town_a_badge_the_zoom_or_the_view_size_is_placed_afresh(window, qtbot, asked, change):
    screen = start(window, qtbot, (1280, 720))
    m = screen.map
    board = window.table.state.board
    looks = looks_now(m)
    town = next(tid for tid in sorted(board.towns) if not looks[tid].militia)  # (most towns start with one)
    looks[town] = replace(looks[town], counts={"postmen": 2})
    m.set_looks(looks, {})
    m.set_looks(looks | {town: replace(looks[town], counts={})}, {})
    m.set_looks(looks, {})  # asked before: looked up
    assert asked[-1] == "kept"
    worked_out = m.kept.misses
    if change == "town":  # its stack grows a figure: a wider counter
        m.set_looks(looks | {town: replace(looks[town], counts={"postmen": 12})}, {})
    elif change == "badge":
        m.set_looks(looks | {town: replace(looks[town], militia=1)}, {})
    elif change == "zoom":
        m.zoom(1.25)
    else:
        window.resize(1920, 1080)
        qtbot.waitUntil(lambda: m.kept.misses > worked_out, timeout=2000)
    assert m.kept.misses > worked_out and asked[-1] == "worked out"
    assert covered(m) == []
