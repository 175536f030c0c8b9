"""Every card of The Postman: one test per effect, named after its rule id, each reaching its
position by playing a real game on the seven-town board of ``kit``; and every one of the 52
cards refused by the wrong colour, outside its window and when it is not in hand.
"""

from __future__ import annotations

import pytest

from companion.core.inputs import Input
from companion.core.violations import MalformedInput

from .kit import Table, all_cards, brutality_at_base_camp

HOLNISTS = ["general1", "patrol1", "regiment1", "regiment2", "regiment3"]


def rules_of(table: Table, card: str, **args) -> list[str]:
    return table.broken("play_card", card=card, **args)


def battle_in_camp(table: Table, riders=("rider1", "rider2")) -> Table:
    """Postmen turn 1: riders ride post -> mid1 -> mid2 -> camp, the Holnists stay, the battle
    in the Base Camp opens; its attack dice are owed."""
    table.move(list(riders), "mid1", "mid2", "camp")
    assert table.step().kind == "retreat"
    table.ok("stay")
    table.end_phase()
    assert table.pos.battles_left == ["camp"]
    table.ok("fight", town="camp")
    assert table.pos.due.kind == "round"
    return table


def holnists_to_hill(table: Table, unit="patrol1") -> Table:
    """Holnist turn 1: ``unit`` goes to the hill (1 Militia); the Militia battle opens."""
    table.to_phase("holnists", "move")
    table.move(unit, "hill")
    table.end_phase()
    assert table.pos.battles_left == ["hill"]
    table.ok("fight", town="hill")
    assert table.pos.due.kind == "militia_fight"
    return table


def sneak_through_camp(table: Table) -> Table:
    """The Postman rides post -> mid1 -> mid2 -> camp -> hill and must sneak through the camp."""
    table.move("postman1", "mid1", "mid2", "camp", "hill")
    due = table.pos.due
    assert due.kind == "sneak" and due.info["unit"] == "postman1" and due.info["town"] == "camp"
    return table


# ------------------------------------------------------------------------------ Postmen (red)
def test_postman_card_luck():
    t = Table(postmen=["AH"])
    assert "postman.card.window" in rules_of(t, "AH")  # no die rolled yet
    t.move("rider1", "side")
    t.to_phase("postmen", "recruit")
    t.ok("recruit", unit="rider1")
    t.roll(5)  # a success: a Militia of Sideways joins, the Type roll is owed
    assert t.pos.militia["side"] == 0 and t.pos.due.kind == "type"
    assert "postman.card.colour" in rules_of(t, "AH", side="holnists")
    t.play("AH", die=0)
    assert t.session.entries[-1].said == "Luck: die 1 of Rider 1's recruit roll (it showed 5) is rolled again"
    # the first roll's effect is gone: the Militia is back, the recruit roll is owed again
    assert t.pos.militia["side"] == 1
    assert t.pos.due.kind == "recruit" and t.pos.due.reroll_index == 0
    assert "AH" in t.pos.decks["postmen"].discard and "AH" not in t.hand("postmen")
    t.roll(1)  # the new result stands: no recruit
    assert t.pos.militia["side"] == 1 and t.pos.due is None
    assert sorted(t.pos.units) == sorted(HOLNISTS + ["postman1", "rider1", "rider2", "rider3", "rider4"])
    assert "postman.card.hand" in rules_of(t, "AH")  # played already


def test_postman_card_luck_rerolls_one_die_of_several():
    t = battle_in_camp(Table(postmen=["AH"]))
    # dice order: the Postmen side first (rider1, rider2), then general1, patrol1, regiments
    t.roll(6, 1, 1, 1, 1, 1, 1)
    assert t.pos.battle.round_losses == {"postmen": 0, "holnists": 1}
    t.play("AH", die=0)
    said = "Luck: Rider 1's die in the attack dice of round 1 (it showed 6) is rolled again"
    assert t.session.entries[-1].said == said  # whose die, in the roll named as a noun
    assert t.pos.battle.round_losses == {} and t.pos.due.kind == "round"
    assert t.session.pending_roll().dice.count == 1  # only the chosen die is rolled again
    t.roll(1)  # rider1 now misses; the other six dice keep their values
    b = t.pos.battle or t.pos.last_battle
    assert b.round_losses == {"postmen": 0, "holnists": 0}


def test_postman_card_rumors():
    t = Table(postmen=["2H"])
    assert "postman.card.window" in rules_of(t, "2H")  # Move phase
    t.to_phase("postmen", "militia")
    assert "postman.card.colour" in rules_of(t, "2H", side="holnists")
    t.play("2H")
    t.ok("militia_phase")
    assert t.pos.due.info["towns"] == ["side", "mid2"]  # the towns below their cap
    t.roll(2, 2)  # Sideways (large) 2+1+1, Riverford (medium) 2+1: both reach 3
    assert t.pos.militia["side"] == 2 and t.pos.militia["mid2"] == 2
    assert "postman.card.hand" in rules_of(t, "2H")


def test_postman_card_luck_on_the_militia_roll_names_the_town_whose_die_is_rolled_again():
    t = Table(postmen=["AH"])
    t.to_phase("postmen", "militia")
    t.ok("militia_phase")
    towns = t.pos.due.info["towns"]
    t.roll(*[1] * len(towns))  # no Militia appear anywhere
    t.play("AH", die=len(towns) - 1)
    name = t.s.board.towns[towns[-1]].name
    assert t.session.entries[-1].said == f"Luck: the die for {name} in the Militia roll (it showed 1) is rolled again"
    assert t.session.pending_roll().dice.count == 1


def test_without_rumors_a_medium_town_needs_three():
    t = Table().to_phase("postmen", "militia")
    t.ok("militia_phase")
    t.roll(2, 2)
    assert t.pos.militia["side"] == 2 and t.pos.militia["mid2"] == 1


def test_postman_card_resistance():
    t = Table(postmen=["3H", "4H"])
    assert "postman.card.window" in rules_of(t, "3H")
    holnists_to_hill(t)
    assert "postman.card.colour" in rules_of(t, "3H", side="holnists")
    t.play("3H", side="postmen")
    b = t.pos.battle
    assert b.militia_fight is True and b.resistance
    assert t.pos.due.kind == "round" and t.session.pending_roll().dice.count == 2  # Militia + patrol
    assert "postman.card.hand" in rules_of(t, "5H")


def test_postman_card_spies():
    t = Table(postmen=["10H"])
    t.to_phase("holnists", "move")
    assert "postman.card.window" in rules_of(t, "10H")  # not the Postmen's turn
    t.to_phase("postmen", "move")
    assert "postman.card.colour" in rules_of(t, "10H", side="holnists")
    before = len(t.hand("postmen"))
    t.play("10H")
    step = t.step()
    assert step.kind == "draw" and step.draw.who == "postmen"
    t.draw()
    assert len(t.hand("postmen")) == before  # one played, one drawn
    assert t.pos.effects["spied"] == [t.pos.turn, "postmen"]
    assert "postman.card.hand" in rules_of(t, "10H")


def test_postman_card_winter():
    t = Table(postmen=["JH"])
    t.to_phase("holnists", "move")
    assert "postman.card.window" in rules_of(t, "JH")
    t.to_phase("postmen", "move")
    assert "postman.card.colour" in rules_of(t, "JH", side="holnists")
    t.play("JH")
    t.to_phase("holnists", "move")
    assert "postman.card.winter" in t.broken("move", units=["patrol1"], path=["hill"])
    t.to_phase("holnists", "fight")
    t.to_phase("holnists", "move")  # the next Holnist Move phase is not skipped
    t.move("patrol1", "hill")
    assert t.town_of("patrol1") == "hill"


@pytest.mark.parametrize("variant, postmen_hit", [("all", 1), ("own", 0)])
def test_postman_card_ambush(variant, postmen_hit):
    t = Table(postmen=["QH"], variants={"ambush": variant})
    assert "postman.card.window" in rules_of(t, "QH")
    battle_in_camp(t, riders=["rider1"])
    assert "postman.card.colour" in rules_of(t, "QH", side="holnists")
    t.play("QH")
    targets = t.session.pending_roll().extra["targets"]
    assert [any("Ambush" in m for m in mods) for _t, mods, _w in targets] == [True] + [variant == "all"] * 5
    # rider1 rolls 3 (+3 = 6: a hit); every Holnist rolls 1 (+3 = 4 hits the General's 2)
    t.roll(3, 1, 1, 1, 1, 1)
    b = t.pos.battle or t.pos.last_battle
    assert b.hits["holnists"] == 1
    assert b.hits["postmen"] == (4 if variant == "all" else 0)  # general and 3 regiments
    assert b.round_losses["postmen"] == postmen_hit
    assert ("rider1" in t.pos.units) == (postmen_hit == 0)


def test_postman_card_narrow_escape():
    t = Table(postmen=["KH"])
    assert "postman.card.window" in rules_of(t, "KH", unit="rider1", to="side")
    t.move("rider1", "mid1", "mid2")
    t.to_phase("holnists", "move")
    t.move("patrol1", "mid2")
    assert t.pos.offer is not None and t.pos.offer.units == ["rider1"]
    assert "postman.card.colour" in rules_of(t, "KH", side="holnists", unit="rider1", to="mid1")
    assert "postman.move.retreat" in rules_of(t, "KH", unit="rider1", to="camp")  # enemy there
    t.play("KH", unit="rider1", to="mid1")
    assert t.town_of("rider1") == "mid1" and t.pos.offer is None and t.pos.due is None
    assert "postman.card.hand" in rules_of(t, "KH", unit="rider1", to="mid1")


def test_postman_card_hope():
    t = Table(postmen=["AD"])
    t.move("rider1", "side")
    assert "postman.card.window" in rules_of(t, "AD")  # Move phase
    t.to_phase("postmen", "recruit")
    assert "postman.card.colour" in rules_of(t, "AD", side="holnists")
    t.play("AD")
    t.ok("recruit", unit="rider1")
    t.roll(3)  # Rider recruits on 4: 3 + 1 (Hope)
    assert t.pos.militia["side"] == 0 and t.pos.due.kind == "type"
    assert "postman.card.hand" in rules_of(t, "AD")


def test_without_hope_a_rider_recruits_on_four():
    t = Table()
    t.move("rider1", "side")
    t.to_phase("postmen", "recruit")
    t.ok("recruit", unit="rider1")
    t.roll(3)
    assert t.pos.militia["side"] == 1 and t.pos.due is None


@pytest.mark.parametrize("card, side, victim", [("2D", "postmen", "holnists"),
                                                ("KS", "holnists", "postmen")])
def test_postman_card_confusion_and_break_morale(card, side, victim):
    t = Table(postmen=[card] if side == "postmen" else [], holnists=[card] if side == "holnists" else [])
    t.to_phase(victim, "move")
    assert "postman.card.window" in rules_of(t, card)
    t.to_phase(side, "move")
    assert "postman.card.colour" in rules_of(t, card, side=victim)
    held = t.hand(victim)
    t.play(card)
    step = t.step()
    assert step.kind == "draw" and sorted(step.draw.choices) == sorted(held)
    gone = [t.draw(held[1]), t.draw(held[3])]
    assert t.hand(victim) == [c for c in held if c not in gone]
    assert set(gone) | {card} <= set(t.pos.decks[victim].discard)
    assert "postman.card.hand" in rules_of(t, card)


def test_postman_card_confusion():
    test_postman_card_confusion_and_break_morale("2D", "postmen", "holnists")


def test_postman_card_pony_express():
    t = Table(postmen=["3D", "4D"])
    assert "postman.move.limit" in t.broken("move", units=["rider1"], path=["side", "mid1", "mid2", "hill"])
    assert "postman.card.colour" in rules_of(t, "3D", side="holnists", unit="rider1")
    assert "postman.card.pony_express" in rules_of(t, "3D", unit="general1")  # not his unit
    t.play("3D", unit="rider1")
    t.move("rider1", "side", "mid1", "mid2", "hill")
    assert t.town_of("rider1") == "hill"
    assert "postman.card.pony_express" in rules_of(t, "4D", unit="rider1")  # it has moved
    t.end_phase()
    assert "postman.card.window" in rules_of(t, "4D", unit="rider2")  # Fight phase
    assert "postman.card.hand" in rules_of(t, "5D", unit="rider2")


def test_postman_card_deliver_the_mail():
    t = Table(postmen=["10D"])
    assert "postman.card.colour" in rules_of(t, "10D", side="holnists", unit="rider1", to="hill")
    assert "postman.card.deliver_the_mail" in rules_of(t, "10D", unit="rider1", to="camp")
    assert "postman.card.deliver_the_mail" in rules_of(t, "10D", unit="postman1", to="hill")
    t.play("10D", unit="rider1", to="hill")  # four spaces away, Militia may be there
    assert t.town_of("rider1") == "hill" and t.pos.militia["hill"] == 1
    assert "postman.move.once" in t.broken("move", units=["rider1"], path=["mid2"])
    assert "postman.card.hand" in rules_of(t, "10D", unit="rider2", to="edge")
    t.end_phase()
    t2 = Table(postmen=["10D"])
    t2.end_phase()
    assert "postman.card.window" in rules_of(t2, "10D", unit="rider1", to="hill")


def test_postman_card_california_postman():
    t = Table(postmen=["JD"])
    assert "postman.card.window" in rules_of(t, "JD", town="edge")
    t.to_phase("postmen", "recruit")
    assert "postman.card.colour" in rules_of(t, "JD", side="holnists", town="edge")
    assert "postman.card.california_postman" in rules_of(t, "JD", town="mid1")  # not an edge town
    t.play("JD", town="edge")
    new = t.units_at("edge", "postmen")
    assert new == ["rider5"] and t.pos.units["rider5"].fresh
    assert "postman.recruit.once" in t.broken("recruit", unit="rider5")  # acts next turn
    assert "postman.card.hand" in rules_of(t, "JD", town="edge")


def test_postman_card_rough_terrain():
    t = Table(postmen=["QD"])
    assert "postman.card.window" in rules_of(t, "QD", town="camp")  # the Postmen's own Move phase
    t.to_phase("holnists", "move")
    assert "postman.card.colour" in rules_of(t, "QD", side="holnists", town="camp")
    assert "postman.card.rough_terrain" in rules_of(t, "QD", town="hill")  # no stack there
    t.play("QD", town="camp")
    assert "postman.card.rough_terrain" in t.broken("move", units=["patrol1"], path=["hill"])
    assert "postman.card.hand" in rules_of(t, "QD", town="camp")


def test_postman_card_wilderness():
    t = Table(postmen=["KD"])
    assert "postman.card.window" in rules_of(t, "KD")  # no roll is owed
    sneak_through_camp(t)
    assert "postman.card.colour" in rules_of(t, "KD", side="holnists")
    t.play("KD")  # no die: the sneak succeeds
    assert t.town_of("postman1") == "hill" and t.pos.due is None and t.pos.movement is None
    assert "postman.card.hand" in rules_of(t, "KD")


# ------------------------------------------------------------------------------ Holnists (black)
def test_postman_card_resupply():
    t = Table(holnists=["AC"])
    assert "postman.card.window" in rules_of(t, "AC")  # the Postmen's turn
    t.to_phase("holnists", "move")
    assert "postman.card.colour" in rules_of(t, "AC", side="postmen")
    before, pile = len(t.hand("holnists")), t.pos.decks["holnists"].left
    t.play("AC")
    assert [t.step().draw.who for _ in range(1)] == ["holnists"]
    t.draw()
    t.draw()
    assert t.session.pending_draw() is None
    assert len(t.hand("holnists")) == before + 1 and t.pos.decks["holnists"].left == pile - 2
    assert "postman.card.hand" in rules_of(t, "AC")


def test_postman_card_forced_march():
    t = Table(holnists=["2C", "3C"])
    assert "postman.card.window" in rules_of(t, "2C", town="camp")
    t.to_phase("holnists", "move")
    assert "postman.move.limit" in t.broken("move", units=["regiment1", "regiment2"], path=["hill", "mid2"])
    assert "postman.card.colour" in rules_of(t, "2C", side="postmen", town="camp")
    assert "postman.card.forced_march" in rules_of(t, "2C", town="post")  # no Holnist stack there
    t.play("2C", town="camp")
    t.move(["regiment1", "regiment2"], "hill", "mid2")
    assert t.units_at("mid2") == ["regiment1", "regiment2"]
    assert "postman.card.hand" in rules_of(t, "4C", town="camp")


def test_postman_card_brutality():
    t = Table(holnists=["10C"])
    assert "postman.card.window" in rules_of(t, "10C", unit="rider1")
    t.move("postman1", "side")
    battle_in_camp(t)
    assert "postman.card.colour" in rules_of(t, "10C", side="postmen", unit="rider1")
    assert "postman.card.brutality" in rules_of(t, "10C", unit="general1")  # his own side
    t.play("10C", unit="rider1")
    assert "rider1" not in t.pos.units and t.pos.battle is not None
    assert t.session.pending_roll().dice.count == 6  # rider2 and the five Holnists
    assert "postman.card.hand" in rules_of(t, "10C", unit="rider2")


def test_postman_card_brutality_may_take_the_leader_and_end_the_game():
    """postman.card.brutality: the card's player chooses any opposing unit in that battle."""
    t = brutality_at_base_camp()
    assert "postman1" not in t.pos.units and t.pos.winner == "holnists"


def test_postman_card_fear():
    t = Table(holnists=["JC"])
    assert "postman.card.window" in rules_of(t, "JC")
    t.move("rider1", "side")
    t.to_phase("holnists", "move")
    assert "postman.card.colour" in rules_of(t, "JC", side="postmen")
    t.play("JC")
    t.to_phase("postmen", "recruit")
    assert t.pos.effects.get("fear")
    t.ok("recruit", unit="rider1")
    t.roll(4)  # a Rider recruits on 4, but Fear takes 1
    assert t.pos.militia["side"] == 1 and t.pos.due is None
    t.to_phase("postmen", "move")
    assert not t.pos.effects.get("fear")  # only the Postmen's next turn
    assert "postman.card.hand" in rules_of(t, "JC")


def test_postman_card_cowed():
    t = Table(holnists=["QC"])
    assert "postman.card.window" in rules_of(t, "QC")
    holnists_to_hill(t)
    assert "postman.card.colour" in rules_of(t, "QC", side="postmen")
    t.play("QC")
    assert t.pos.battle is None and t.pos.due is None
    assert t.pos.last_battle.result == "no battle" and t.pos.last_battle.cowed
    assert t.pos.militia["hill"] == 1 and t.town_of("patrol1") == "hill"
    assert "postman.card.hand" in rules_of(t, "QC")


def test_postman_card_cowed_answers_resistance():
    t = holnists_to_hill(Table(postmen=["3H"], holnists=["QC"]))
    t.play("3H")
    t.play("QC")
    assert t.pos.battle is None and t.pos.last_battle.result == "no battle"


def test_postman_card_cowed_window_needs_militia():
    t = battle_in_camp(Table(holnists=["QC"]))
    assert "postman.card.cowed" in rules_of(t, "QC")  # no Militia in the Base Camp: nothing to cow


@pytest.mark.parametrize("card, name, hits", [("KC", "Trap", 4), ("AS", "Firepower", 1)])
def test_postman_card_trap_and_firepower(card, name, hits):
    t = battle_in_camp(Table(holnists=[card]))
    assert "postman.card.colour" in rules_of(t, card, side="postmen")
    t.play(card)
    targets = t.session.pending_roll().extra["targets"]
    assert [any(name in m for m in mods) for _t, mods, _w in targets] == [False, False] + [True] * 5
    t.roll(1, 1, 1, 1, 1, 1, 1)  # every Holnist rolls 1: the Patrol (5) still misses with Trap
    b = t.pos.battle or t.pos.last_battle
    assert b.hits["postmen"] == hits and b.hits["holnists"] == 0
    assert "postman.card.hand" in rules_of(Table(keep_out=[card]), card)


def test_postman_card_trap():
    test_postman_card_trap_and_firepower("KC", "Trap", 4)
    assert "postman.card.window" in rules_of(Table(holnists=["KC"]), "KC")


def test_postman_card_firepower():
    test_postman_card_trap_and_firepower("AS", "Firepower", 1)
    assert "postman.card.window" in rules_of(Table(holnists=["AS"]), "AS")


def test_postman_card_intercept():
    t = Table(holnists=["2S", "3S"])
    assert "postman.card.window" in rules_of(t, "2S")
    sneak_through_camp(t)
    assert "postman.card.colour" in rules_of(t, "2S", side="postmen")
    t.play("2S")
    t.roll(2)  # the Postman sneaks on 2; Intercept takes 1
    assert t.town_of("postman1") == "camp" and t.pos.movement is None


def test_without_intercept_the_postman_sneaks_on_two():
    t = sneak_through_camp(Table())
    t.roll(2)
    assert t.town_of("postman1") == "hill"


def test_postman_card_discipline():
    t = Table(holnists=["10S"])
    assert "postman.card.window" in rules_of(t, "10S")
    battle_in_camp(t)
    assert "postman.card.window" in rules_of(t, "10S")  # before the dice: nobody to save
    t.roll(6, 1, 1, 1, 1, 1, 1)  # rider1 hits; every Holnist misses
    assert t.pos.battle.to_choose == ["holnists"]
    assert "postman.card.colour" in rules_of(t, "10S", side="postmen")
    t.play("10S")
    assert sorted(t.units_at("camp", "holnists")) == HOLNISTS
    assert t.pos.battle.step == "retreat" and t.pos.battle.retreating == "holnists"
    assert "postman.card.hand" in rules_of(t, "10S")


def test_postman_card_organization():
    t = Table(holnists=["JS"])
    assert "postman.card.window" in rules_of(t, "JS")
    holnists_to_hill(t, "regiment1")
    t.roll(1)  # the Militia stay out: no battle
    t.end_phase()
    t.ok("recruit", unit="regiment1")
    assert "postman.card.window" in rules_of(t, "JS")  # the recruit roll, not the Type roll
    t.roll(6)
    assert t.pos.due.kind == "type"
    assert "postman.card.colour" in rules_of(t, "JS", side="postmen")
    t.play("JS")
    t.roll(4)  # 4 - 1 (small town) + 3 = 6: a Regiment
    assert t.units_at("hill") == ["regiment1", "regiment4"] and t.pos.units["regiment4"].fresh


def test_without_organization_a_small_town_gives_a_patrol_on_four():
    t = holnists_to_hill(Table(), "regiment1")
    t.roll(1)
    t.end_phase()
    t.ok("recruit", unit="regiment1")
    t.roll(6)
    t.roll(4)
    assert t.units_at("hill") == ["patrol2", "regiment1"]


def test_postman_card_conscription():
    t = Table(holnists=["QS"])
    holnists_to_hill(t, "regiment1")
    t.roll(1)
    t.end_phase()
    assert "postman.card.window" in rules_of(t, "QS")  # no recruit roll owed
    t.ok("recruit", unit="regiment1")
    assert "postman.card.colour" in rules_of(t, "QS", side="postmen")
    t.play("QS")
    t.roll(3)  # a Regiment recruits on 6: 3 + 3
    assert t.pos.due.kind == "type" and t.pos.militia["hill"] == 0


def test_postman_card_break_morale():
    test_postman_card_confusion_and_break_morale("KS", "holnists", "postmen")


# ------------------------------------------------------------------------------ all 52 cards
TARGETS = {
    "pony_express": {"unit": "rider1"}, "deliver_the_mail": {"unit": "rider1", "to": "hill"},
    "california_postman": {"town": "edge"}, "rough_terrain": {"town": "camp"},
    "forced_march": {"town": "camp"}, "narrow_escape": {"unit": "rider1", "to": "side"},
    "brutality": {"unit": "rider1"},
}


def _closed_window_table(card: str, side: str, hold_as: str) -> Table:
    """A table where ``card`` is in ``hold_as``'s hand and its window is shut for ``side``:
    the opponent's Move phase, or for Rough Terrain (played in the opponent's) its own."""
    t = Table(**{hold_as: [card]})
    effect = t.s.catalog.cards[card].effect
    mover = side if effect == "rough_terrain" else {"postmen": "holnists", "holnists": "postmen"}[side]
    return t.to_phase(mover, "move")


@pytest.mark.parametrize("card", all_cards())
def test_every_card_is_checked_for_colour_window_and_hand(card):
    t = Table()
    info = t.s.catalog.cards[card]
    side = info.side
    other = "holnists" if side == "postmen" else "postmen"
    args = TARGETS.get(info.effect, {})
    assert side == ("postmen" if card[-1] in "HD" else "holnists")
    # its own side, in hand, outside its window
    closed = _closed_window_table(card, side, side)
    rules = rules_of(closed, card, **args)
    assert "postman.card.window" in rules and "postman.card.colour" not in rules
    assert "postman.card.hand" not in rules
    # the other side, holding it, outside or inside its window: never its colour
    wrong = _closed_window_table(card, side, other)
    rules = rules_of(wrong, card, side=other, **args)
    assert "postman.card.colour" in rules and "postman.card.hand" not in rules
    # its own side, not holding it (still in the deck)
    rules = rules_of(Table(keep_out=[card]), card, **args)
    assert "postman.card.hand" in rules


def test_a_card_that_is_not_a_card_is_malformed():
    t = Table()
    with pytest.raises(MalformedInput):
        t.session.check(Input("play_card", {"card": "11H"}))


def test_postman_card_luck_rerolls_the_duel_die_that_ended_the_game():
    """postman.card.luck: Luck may reroll a duel die, so the die that decided the game too."""
    t = Table(postmen=["AH"])
    t.move("postman1", "mid1", "mid2", "camp")
    t.ok("stay")
    t.end_phase()
    t.ok("fight", town="camp")
    t.roll(4)  # Rule Number 7: the duel
    t.roll(3, 4)  # the Postman 3, the General 4 + 1
    assert t.pos.winner == "holnists" and "postman1" not in t.pos.units
    assert "postman.victory" in t.broken("end_phase")
    t.play("AH", die=0)
    assert t.session.entries[-1].said.startswith("Luck: the Postman's die in the duel (it showed 3) is rolled again")
    assert t.pos.winner is None and "postman1" in t.pos.units and t.pos.due.kind == "duel"
    t.roll(6)  # 6 against 5: the Postman wins
    assert t.pos.winner == "postmen" and "general1" not in t.pos.units


def test_postman_card_discipline_saves_the_last_holnist_unit():
    """postman.card.discipline: Discipline can save a Holnist unit from any destruction."""
    t = Table(holnists=["10S"])
    t.move(["rider1", "rider2"], "mid1", "mid2", "hill")
    t.to_phase("holnists", "move")
    t.move("general1", "hill")  # the General alone against two Riders
    t.ok("stay")
    t.end_phase()
    t.ok("fight", town="hill")
    t.roll(1)  # the Militia of the hill stay out
    t.roll(6, 1, 1)  # rider1 hits the General
    t.play("10S")
    assert "general1" in t.pos.units and t.pos.winner is None


def test_narrow_escape_targets_are_the_retreats_the_rules_allow():
    """The towns a hand offers Narrow Escape to are one road away and free of Holnists
    (postman.move.retreat), as the rules then judge the card."""
    from companion.postman.play_options import card_targets

    t = Table(postmen=["KH"])
    t.move("rider1", "mid1", "mid2")
    t.to_phase("holnists", "move")
    t.move("patrol1", "mid2")
    s = t.session.state
    targets = card_targets(s, "postmen", "KH")
    assert targets and {x["to"] for x in targets} <= set(s.board.neighbours("mid2"))
    assert {"unit": "rider1", "to": "camp"} not in targets and {"unit": "rider1", "to": "post"} not in targets
    for args in targets:
        assert t.session.check(Input("play_card", {"card": "KH", "side": "postmen", **args})) == []
