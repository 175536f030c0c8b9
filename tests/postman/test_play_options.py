"""Which cards a hand may play now, and on what."""

from companion.postman.play_options import card_targets, hand_view, playable_cards

from .play import game, to_phase


def test_hand_view_lights_cards_whose_window_is_open():
    s = game()  # Postmen hold QH KH AD 5D KD
    view = {c.id: c for c in hand_view(s.state, "postmen")}
    assert view["5D"].playable and view["5D"].needs == ("unit",)  # Pony Express, own Move phase
    assert not view["QH"].playable and "battle" in view["QH"].why_not
    assert not view["AD"].playable  # Hope: own Recruit phase
    assert [c.id for c in playable_cards(s.state, "postmen")] == ["5D"]
    targets = card_targets(s.state, "postmen", "5D")
    assert {"unit": "rider1"} in targets and {"unit": "regiment1"} not in targets


def test_off_colour_cards_are_dead_weight():
    s = game(postmen=["QH", "KH", "AD", "5D", "2C"], holnists=["KC", "AS", "5S", "JS", "QS"])
    view = {c.id: c for c in hand_view(s.state, "postmen")}
    assert not view["2C"].playable and "colour" in view["2C"].why_not


def test_card_targets_for_rough_terrain_are_the_opponents_stacks():
    s = game(postmen=["QH", "KH", "AD", "QD", "KD"])
    to_phase(s, "mail")
    to_phase(s, "move")
    assert s.state.t.active == "holnists"
    assert card_targets(s.state, "postmen", "QD") == [{"town": "bc"}]
