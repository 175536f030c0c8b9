"""Every number The Postman plays by comes from its pack: a house copy with Intercept at -2,
Organization at +4, Forced March at +2, Resupply drawing 3, Confusion taking 1, Rumors' window moved
or a Militia cap changed plays by the copy, with no Python copy of the number left to disagree
(postman.card.window, postman.militia.cap, postman.card.forced_march, postman.card.resupply)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from companion.core.violations import PackError
from companion.games import load_pack
from companion.postman import town_view

from . import kit
from .kit import Table
from .test_cards import holnists_to_hill, rules_of, sneak_through_camp

BUNDLED = Path(__file__).resolve().parents[2] / "rules" / "postman"


def house(tmp_path, file: str, old: str, new: str):
    dst = tmp_path / "house-postman"
    shutil.copytree(BUNDLED, dst, ignore=shutil.ignore_patterns("samples", "__pycache__"))
    path = dst / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")
    return load_pack(dst)


@pytest.fixture
def playing_with(monkeypatch):
    def use(pack):
        monkeypatch.setattr(kit, "pack", lambda: pack)
    return use


def test_intercept_takes_what_the_pack_says(tmp_path, playing_with):
    t = sneak_through_camp(Table(holnists=["2S"]))
    t.play("2S")
    t.roll(3)  # the Postman sneaks on 2: 3 - 1 gets through
    assert t.town_of("postman1") == "hill"
    playing_with(house(tmp_path, "cards.toml", 'window = "sneak"\nmodifier = -1', 'window = "sneak"\nmodifier = -2'))
    t = sneak_through_camp(Table(holnists=["2S"]))
    t.play("2S")
    assert ("Intercept", -2) in [tuple(m) for m in t.pos.due.info["mods"]]
    t.roll(3)  # 3 - 2 does not
    assert t.town_of("postman1") == "camp"


def test_organization_adds_what_the_pack_says(tmp_path, playing_with):
    def type_roll_with_organization(die: int) -> list[str]:
        t = holnists_to_hill(Table(holnists=["JS"]), "regiment1")
        t.roll(1)
        t.end_phase()
        t.ok("recruit", unit="regiment1")
        t.roll(6)
        t.play("JS")
        t.roll(die)
        return t.units_at("hill")

    assert type_roll_with_organization(3) == ["patrol2", "regiment1"]  # 3 - 1 + 3 = 5: a Patrol
    playing_with(house(tmp_path, "cards.toml", 'window = "own_type"\nmodifier = 3', 'window = "own_type"\nmodifier = 4'))
    assert type_roll_with_organization(3) == ["regiment1", "regiment4"]  # 3 - 1 + 4 = 6: a Regiment


def test_a_card_is_played_in_the_window_the_pack_gives_it(tmp_path, playing_with):
    # Rumors (2H) is played in the own Militia phase; the house copy opens it all the own turn
    assert "postman.card.window" in rules_of(Table(postmen=["2H"]), "2H")
    playing_with(house(tmp_path, "cards.toml", 'effect = "rumors"\nwindow = "own_militia"',
                       'effect = "rumors"\nwindow = "own_turn"'))
    t = Table(postmen=["2H"])
    assert t.pos.phase == "move"
    t.play("2H")
    assert t.pos.effects["rumors"] is True


def test_a_militia_cap_from_the_pack(tmp_path, playing_with):
    def militia_phase() -> tuple[list[str], str]:
        t = Table()
        t.end_phase()  # Move
        t.end_phase()  # Fight
        t.end_phase()  # Recruit: on to the Postmen's Militia phase
        t.ok("militia_phase")
        return t.pos.due.info["towns"], town_view.town_lines(t.s, "mid2")[-1]

    towns, words = militia_phase()
    assert words.endswith(" of 2") and "mid2" in towns  # Riverford (medium) may gain Militia
    playing_with(house(tmp_path, "tables.toml", "[towns.medium]\nmodifier = 0\nmilitia_cap = 2",
                       "[towns.medium]\nmodifier = 0\nmilitia_cap = 0"))
    fewer, words = militia_phase()
    assert words.endswith(" of 0") and "mid2" not in fewer
    assert set(fewer) == {x for x in towns if x != "mid2"}


def test_forced_march_gives_the_move_the_pack_says(tmp_path, playing_with):
    def march_to(*path: str) -> list[str]:
        t = Table(holnists=["2C"])
        t.to_phase("holnists", "move")
        t.play("2C", town="camp")
        t.move(["regiment1", "regiment2"], *path)
        return t.units_at(path[-1])

    three = ("hill", "mid2", "mid1")
    t = Table(holnists=["2C"])
    t.to_phase("holnists", "move")
    t.play("2C", town="camp")
    assert "postman.move.limit" in t.broken("move", units=["regiment1", "regiment2"], path=list(three))
    playing_with(house(tmp_path, "cards.toml", 'window = "own_move"\nmodifier = 1\ntext = "Stack',
                       'window = "own_move"\nmodifier = 2\ntext = "Stack'))
    assert march_to(*three) == ["regiment1", "regiment2"]


def test_pony_express_gives_the_move_the_pack_says(tmp_path, playing_with):
    far = ["side", "mid1", "mid2", "hill", "camp"]
    t = Table(postmen=["3D"])
    t.play("3D", unit="rider1")
    assert "postman.move.limit" in t.broken("move", units=["rider1"], path=far)
    playing_with(house(tmp_path, "cards.toml", 'window = "own_move"\nmodifier = 1\ntext = "Unit',
                       'window = "own_move"\nmodifier = 2\ntext = "Unit'))
    t = Table(postmen=["3D"])
    t.play("3D", unit="rider1")
    assert t.submit("move", units=["rider1"], path=far).accepted  # Move 3 + 2 reaches the camp


def test_resupply_draws_what_the_pack_says(tmp_path, playing_with):
    def draws() -> int:
        t = Table(holnists=["AC"])
        t.to_phase("holnists", "move")
        before = len(t.hand("holnists"))
        t.play("AC")
        while t.session.pending_draw() is not None:
            t.draw()
        return len(t.hand("holnists")) - before + 1  # the Resupply card itself is gone

    assert draws() == 2
    playing_with(house(tmp_path, "cards.toml", 'count = 2\ntext = "Draw 2', 'count = 3\ntext = "Draw 3'))
    assert draws() == 3


def test_confusion_discards_what_the_pack_says(tmp_path, playing_with):
    def discards() -> int:
        t = Table(postmen=["2D"])
        held = t.hand("holnists")
        t.play("2D")
        while t.session.pending_draw() is not None:
            t.draw(t.step().draw.choices[0])
        return len(held) - len(t.hand("holnists"))

    assert discards() == 2
    playing_with(house(tmp_path, "cards.toml", 'count = 2\ntext = "Opponent must discard 2',
                       'count = 1\ntext = "Opponent must discard 1'))
    assert discards() == 1


def test_a_numbered_card_without_its_number_names_the_key(tmp_path):
    with pytest.raises(PackError, match=r"card\[14\]\.count: missing: Resupply"):
        house(tmp_path, "cards.toml", 'window = "own_turn"\ncount = 2\ntext = "Draw 2', 'window = "own_turn"\ntext = "Draw 2')


def test_the_militia_and_rule7_rolls_are_worded_with_the_packs_numbers(tmp_path, playing_with):
    """postman.fight.militia, postman.fight.rule7: a house pack whose Militia join on 5 and whose
    duel is called on 5 is asked, charted and noted on 5+, never the printed 6 and 4."""
    from companion.postman import view

    text = (BUNDLED / "tables.toml").read_text(encoding="utf-8")
    assert "fights_holnists_on = 6" in text and "trigger_on = 4" in text
    dst = tmp_path / "house-postman"
    shutil.copytree(BUNDLED, dst, ignore=shutil.ignore_patterns("samples", "__pycache__"))
    (dst / "tables.toml").write_text(text.replace("fights_holnists_on = 6", "fights_holnists_on = 5")
                                     .replace("trigger_on = 4", "trigger_on = 5"), encoding="utf-8")
    playing_with(load_pack(dst))
    t = holnists_to_hill(Table())
    assert t.session.pending_roll().purpose == "will the Militia fight? (5+)"
    shown = view.battle_odds_now(t.s)
    assert shown.militia_roll.needs_text() == "5+" and shown.militia_join == pytest.approx(2 / 6)
    t = Table()
    t.move("postman1", "mid1", "mid2", "camp")
    t.ok("stay")
    t.end_phase()
    assert view.battle_odds_now(t.s).rule7_roll.needs_text() == "5+"
    t.ok("fight", town="camp")
    assert t.session.pending_roll().purpose == "Rule Number 7: a duel on 5+"
    t.roll(4)
    assert t.pos.due.kind == "round"  # 4 calls no duel in this house
