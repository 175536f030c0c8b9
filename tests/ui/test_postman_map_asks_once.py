"""The Postman map asks its placement question again only when something it is made of changed
(#12): the same looks in the same view ask nothing (a battle's clicks change no town's look),
while a town's new look, a zoom, a pan and a resize each ask it, and the names still cover
nothing (ui/postman/map_view.py MapView.set_looks, _view_now)."""

from dataclasses import replace

from ui.postman.map_view import TownItem

from .test_postman_map_labels import covered, start


def test_the_same_looks_in_the_same_view_ask_nothing_and_any_change_asks(window, qtbot, monkeypatch):
    screen = start(window, qtbot, (1366, 768))
    m = screen.map
    asked = []
    question = TownItem.question

    def counted(self, *args, **kw):
        asked.append(self.town.id)
        return question(self, *args, **kw)

    monkeypatch.setattr(TownItem, "question", counted)
    looks = {tid: item.look for tid, item in m.town_items.items()}
    m.set_looks(looks, {})
    assert asked == []  # the same question: not asked
    town = sorted(m.town_items)[5]
    m.set_looks(looks | {town: replace(looks[town], counts={"postmen": 3})}, {})
    assert len(asked) == len(m.town_items) and covered(m) == []
    asked.clear()
    m.set_looks(looks | {town: replace(looks[town], counts={"postmen": 3})}, {})
    assert asked == []
    m.set_looks(looks, {})  # the stack went again
    assert asked and covered(m) == []
    bar = m.horizontalScrollBar()
    for change in (lambda: m.zoom(1.25), lambda: bar.setValue(bar.value() + 40), lambda: m.resize(m.width() - 30, m.height())):
        asked.clear()
        change()  # (a zoom asks at once)
        qtbot.wait(5)
        m.set_looks(looks, {})  # the same looks after the view changed: asked again
        assert asked, "a changed view kept the question asked before it"
        assert covered(m) == []
        asked.clear()
        m.set_looks(looks, {})
        assert asked == []
