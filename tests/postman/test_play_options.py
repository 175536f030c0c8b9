"""Which cards a hand may play now, and on what."""

from companion.postman.play_options import answers_open, card_targets, hand_view, playable_cards

from .play import act, clear, dice, game, place, to_phase


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
    assert s.state.pos.active == "holnists"
    assert card_targets(s.state, "postmen", "QD") == [{"town": "bc"}]


def _battle_with_militia(postmen_hand=("QH", "KH", "AD", "5D", "KD")):
    s = game(postmen=list(postmen_hand))
    clear(s, "fo")
    s.state.pos.militia["fo"] = 1
    place(s, "fo", "regiment")
    act(s, "move", units=["rider1", "rider2"], path=["fo"])
    if s.state.pos.offer:
        act(s, "stay")
    to_phase(s, "fight")
    act(s, "fight", town="fo")
    return s


def test_after_the_militia_roll_the_battle_cards_may_answer():
    s = _battle_with_militia()
    assert s.pending_roll().rule == "postman.fight.militia"
    dice(s, 1)  # the Militia stay out; the attack dice are next
    open_now = answers_open(s.state)
    assert {"Luck", "Resistance", "Cowed", "Ambush", "Trap", "Firepower", "Brutality"} <= set(open_now)
    assert "Pony Express" not in open_now and "Spies" not in open_now  # phase cards, not answers


def test_answers_open_does_not_depend_on_who_holds_what():
    """Hand privacy: Luck counts after every roll whether the Postmen hold it or not; only a card
    in its side's discard pile (public) is left out."""
    with_luck = _battle_with_militia(postmen_hand=("AH", "KH", "AD", "5D", "KD"))
    without = _battle_with_militia()
    dice(with_luck, 1)
    dice(without, 1)
    assert answers_open(with_luck.state) == answers_open(without.state)
    assert "Luck" in answers_open(without.state)
    without.state.deck("postmen").discard.append("AH")
    assert "Luck" not in answers_open(without.state)
    assert "Luck" not in answers_open(with_luck.state, after_roll=False)


def test_resistance_counts_while_one_of_its_seven_cards_is_not_discarded():
    s = _battle_with_militia()
    dice(s, 1)
    pile = s.state.deck("postmen").discard
    pile += ["3H", "4H", "5H", "6H", "7H", "8H"]
    assert "Resistance" in answers_open(s.state)
    pile.append("9H")
    assert "Resistance" not in answers_open(s.state)


def test_after_the_game_is_won_only_luck_stays_lit():
    s = game(postmen=["AH", "KH", "AD", "5D", "JH"])
    s.state.pos.winner = "postmen"
    lit = [c.id for c in playable_cards(s.state, "postmen")]
    assert "JH" not in lit  # Winter, an own-turn card: the game is over
    view = {c.id: c for c in hand_view(s.state, "postmen")}
    assert "game is over" in view["JH"].why_not


def test_spies_lets_the_player_look_this_turn_only():
    """postman.card.spies: draw 1 card, then look at the opponent's hand (this turn)."""
    from companion.postman.play_options import spying

    from .play import game, next_turn

    s = game(postmen=["10H", "KH", "AD", "5D", "KD"])
    assert spying(s.state) is None
    s.submit(__import__("companion.core.inputs", fromlist=["Input"]).Input("play_card", {"card": "10H"}))
    s.deal()
    assert spying(s.state) == "postmen"
    next_turn(s)
    assert spying(s.state) is None
