"""Ab die Post!'s numbers come from its pack: a house copy with a target score of 100 plays to
100 (ab_die_post.game.end), and the new-game dialog offers the range the pack schema allows."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtWidgets import QSpinBox

from companion.ab_die_post.state import SETTING_RANGES
from companion.games import load_pack
from ui.ab_die_post.dialogs import setup_dialog

from .conftest import Race
from .test_ab_die_post_rules import finish

BUNDLED = Path(__file__).resolve().parents[2] / "rules" / "ab_die_post"


def house_pack(tmp_path, target: int):
    dst = tmp_path / "house-post"
    shutil.copytree(BUNDLED, dst, ignore=shutil.ignore_patterns("samples", "__pycache__"))
    toml = dst / "ab_die_post.toml"
    text = toml.read_text(encoding="utf-8")
    assert text.count("target_score = 15") == 1
    toml.write_text(text.replace("target_score = 15", f"target_score = {target}"), encoding="utf-8")
    return load_pack(dst)


def test_the_game_ends_at_the_packs_target_score(tmp_path):
    low = Race(house_pack(tmp_path / "low", 7))
    finish(low)
    assert low.state.phase == "over" and low.session.result().winners == ("Anna",)
    high = Race(house_pack(tmp_path / "high", 100))
    finish(high)  # the same flight: 100 is far off
    assert high.state.phase != "over" and high.session.result() is None
    assert high.state.settings.target_score == 100


def test_the_dialog_offers_the_schemas_range_and_the_packs_target(qtbot, tmp_path):
    dlg, read = setup_dialog(None, house_pack(tmp_path, 100))
    qtbot.addWidget(dlg)
    boxes = {box.value(): box for box in dlg.findChildren(QSpinBox)}
    assert 100 in boxes  # the house copy's target is the default
    assert (boxes[100].minimum(), boxes[100].maximum()) == SETTING_RANGES["target_score"] == (1, 200)
    boxes[100].setValue(150)
    assert read()["settings"]["target_score"] == 150


def test_the_state_shows_the_balls_loaded_for_the_number_of_players(post_pack):
    mix = post_pack.data["ab_die_post"]["ball_mix"]
    for players in (("A", "B", "C"), ("A", "B", "C", "D", "E")):
        shown = Race(post_pack, players=players).session.rules.state_json(Race(post_pack, players=players).state)
        loaded = {k: v for k, v in mix[str(len(players))].items() if k != "house_rule"}
        assert shown["indicator"] == loaded and sum(shown["indicator"].values()) > 0


def test_the_result_says_who_reached_what_in_words_for_people(tmp_path):
    """Review: the export's result read "Anna reach 21 points"."""
    low = Race(house_pack(tmp_path / "low", 7))
    finish(low)
    ended = low.session.result()
    assert ended.reason.startswith("Anna reaches ")
