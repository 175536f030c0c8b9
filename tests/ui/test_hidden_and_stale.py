"""Hidden stays hidden, stale goes away: Thurn and Taxis' bonus tiles lie face down on the score
board until the end (or with the open-scores setting); a refused draw never says where a card
is; a hand cover after the end no longer asks for the next player."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.inputs import Input
from companion.core.violations import MalformedInput

RULES = Path(__file__).resolve().parents[2] / "rules"
TILES, SCORE = 3, 4


@pytest.fixture
def late_tt(window, monkeypatch, tmp_path):
    monkeypatch.setenv("POSTHORN_SETTINGS_DIR", str(tmp_path / "settings"))
    assert window.open_record(RULES / "thurn_and_taxis" / "samples" / "four_players_whole_game.json")
    while window.table.session.state.over:
        window.undo()
    return window


def cells(screen, col):
    """The score board's words in a column (the board joins a figure's words with no-break spaces)."""
    m = screen.scores
    return [m.data(m.index(r, col)).replace("\u00a0", " ") for r in range(m.rowCount())]


def test_bonus_tiles_are_face_down_until_the_end(late_tt, qtbot):
    screen = late_tt.screen_widget
    s = late_tt.table.session.state
    with_tiles = [i for i, p in enumerate(s.players) if p.tiles]
    assert with_tiles
    i = with_tiles[0]
    p = s.players[i]
    n = len(p.tiles)
    points = sum(v for _sid, v in p.tiles)
    assert cells(screen, TILES)[i] == str(n)  # how many, not their points
    public = screen.scores.rows[i]["carriage_points"] - s.houses_left(p)
    assert cells(screen, SCORE)[i] == f"{public} + {n} tile{'s' if n != 1 else ''}"
    tip = screen.scores.data(screen.scores.index(i, TILES), 3)
    assert "face down" in tip and str(points) not in tip.replace(p.name, "")
    screen.open_scores.setChecked(True)  # the open-scores setting: every score in full
    assert cells(screen, SCORE)[i] == str(public + points)
    screen.open_scores.setChecked(False)
    late_tt.redo()  # the last input ends the game: the full scores show
    assert late_tt.table.session.state.over
    assert cells(screen, SCORE)[i] == str(public + points)


def test_after_the_end_the_hand_cover_asks_for_nobody(late_tt):
    late_tt.redo()
    hand = late_tt.screen_widget.hand
    assert "next player" not in hand.cover_label.text() and "game is over" in hand.cover_label.text()


def test_a_refused_postman_draw_never_says_where_the_card_is(window):
    assert window.open_record(RULES / "postman" / "samples" / "short_game.json")
    s = window.table.session
    while s.entries and not s.state.pos.draws_owed:
        window.undo()
    held = next(c for side in ("postmen", "holnists") for c in s.state.hand(side))
    with pytest.raises(MalformedInput) as e:
        s.check(Input("draw", {"card": held}, "table"))
    text = str(e.value)
    assert "cannot be drawn now" in text and "hand" not in text and "deck" not in text


def test_a_hand_that_answered_with_a_card_is_covered_again(qtbot):
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from postman.play import game

    from companion.postman import view as q
    from ui.postman.cards_panel import CardsPanel

    s = game()
    panel = CardsPanel()
    qtbot.addWidget(panel)
    state = s.state
    for answering in (True, False):
        cards = q.hand_view(state, "holnists")
        panel.set_hand("holnists", cards, 20, answering=answering)
        panel.hands["holnists"].reveal()
        assert panel.hands["holnists"].is_revealed
        panel.set_hand("holnists", cards, 20, answering=answering)  # nothing played: stays open
        assert panel.hands["holnists"].is_revealed
        panel.set_hand("holnists", cards[1:], 20, answering=answering)  # a card left the hand
        assert panel.hands["holnists"].is_revealed is (not answering)
        assert cards[0].id not in [i.id for i in panel.hands["holnists"].items]  # the played card is gone


def test_after_the_postmen_win_no_battle_is_offered_that_the_rules_would_not_fight(window):
    """postman.victory: the short game ends in the Rule Number 7 duel in Riverford with Firwood still
    to fight; the Battle tab then shows no battle and offers no Fight (one input earlier, during
    the duel, it shows the duel to resolve)."""
    assert window.open_record(RULES / "postman" / "samples" / "short_game.json")
    s, screen = window.table.session, window.screen_widget
    assert s.result() is not None and s.state.pos.battles_left
    panel = screen.battle
    assert panel.town is None and not panel.fight_button.isVisibleTo(panel)
    assert "No battle now" in panel.title.text() and not screen.action_button.isVisibleTo(screen)
    window.undo()  # the duel's last die: the duel in Riverford is owed again, Firwood still to fight
    assert s.result() is None and s.state.pos.battle.step == "duel" and s.state.pos.battles_left == ["mid1"]
    assert panel.town == "mid2" and panel.resolve_button.isVisibleTo(panel)
