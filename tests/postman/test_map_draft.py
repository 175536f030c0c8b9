"""A map being drawn, without Qt: the map loader's checks run on the draft, renames follow the
roads and start towns, and the TOML it saves reads back the same."""

import tomllib

from companion.postman.map_draft import MapDraft


def test_a_draft_is_checked_by_the_map_loader():
    d = MapDraft("Two valleys")
    ids = [d.add_town(100 * i, 50) for i in range(4)]
    assert d.problems()[:2] == ["Mark a town as the Post Town.", "Mark a town as the Holnist Base Camp."]
    d.post_town, d.base_camp = ids[0], ids[3]
    assert d.problems()[0] == ("No road leads from the Post Town to Town 2, Town 3, Town 4: every town "
                               "must be reached by road.")
    for a, b in zip(ids, ids[1:], strict=False):
        d.toggle_road(a, b)
    assert "edge" in d.problems()[0]
    d.town(ids[2])["edge"] = True
    assert d.problems() == []
    d.toggle_road(ids[1], ids[0])  # the same road again: taken away
    assert d.problems()
    d.toggle_road(ids[0], ids[1])
    new = d.rename(ids[0], "Pine View")
    assert new == "pine-view" and d.post_town == "pine-view" and ("pine-view", ids[1]) in d.roads
    d.set_terrain(new, "water", True)
    d.set_terrain(new, "forest", True)
    assert d.town(new)["terrain"] == ["forest", "water"]
    data = tomllib.loads(d.to_toml())
    assert data == d.to_data()
    assert MapDraft.from_data(data).to_data() == data


def test_the_start_towns_must_be_far_enough_apart():
    d = MapDraft()
    a, b = d.add_town(0, 0), d.add_town(50, 0)
    d.toggle_road(a, b)
    d.post_town, d.base_camp = a, b
    d.town(a)["edge"] = True
    assert "at least 3" in d.problems()[0]
