"""Thurn and Taxis plays by its pack's numbers: a house copy that cuts the hand to two after a
route is closed asks for the cut where the bundled pack (three) does not
(thurn_and_taxis.hand.limit)."""

from __future__ import annotations

import shutil
from pathlib import Path

from companion.core.inputs import Input
from companion.games import load_pack

from .conftest import Game
from .test_rules import ready

BUNDLED = Path(__file__).resolve().parents[2] / "rules" / "thurn_and_taxis"


def close_with_three_in_hand(pack) -> Game:
    game = Game(pack)
    ready(game, ["mannheim", "carlsruhe"], ["freiburg", "lodz", "linz"]).play("freiburg")
    game.close(["mannheim", "carlsruhe", "freiburg"], option="one_province", province="baden")
    assert len(game.state.hand()) == 3
    return game


def test_the_hand_cut_after_closing_comes_from_the_pack(tmp_path, tt_pack):
    game = close_with_three_in_hand(tt_pack)
    assert not game.state.turn.cut_due and game.session.why_not(Input("end_turn")) == []
    dst = tmp_path / "house-taxis"
    shutil.copytree(BUNDLED, dst, ignore=shutil.ignore_patterns("samples", "__pycache__"))
    pieces = dst / "pieces.toml"
    text = pieces.read_text(encoding="utf-8")
    assert text.count("hand_after_closing = 3 ") == 1
    pieces.write_text(text.replace("hand_after_closing = 3 ", "hand_after_closing = 2 "), encoding="utf-8")
    game = close_with_three_in_hand(load_pack(dst))
    assert game.state.turn.cut_due
    assert [v.rule for v in game.session.why_not(Input("end_turn"))] == ["thurn_and_taxis.hand.limit"]
    cuts = [i for i in game.session.legal_inputs() if i.kind == "cut_hand"]
    assert cuts and all(len(i.args["cards"]) == 1 for i in cuts)
