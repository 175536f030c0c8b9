"""Whenever a battle is on, the button of the step it owes (fight, resolve, casualties, retreat)
shows whole: the Battle page's own words scroll, its step never goes under the page's edge
(#14: at 1280x720 larger Resolve sat under it, and at cut 34 the last retreat button was cut by
8 px once table mode was taken after the record opened, as the screenshot does)."""

from pathlib import Path

import pytest

import rules

from .cuts import open_cut, settle

SHORT = Path(rules.__file__).parent / "postman" / "samples" / "short_game.json"


def steps_cut_off(panel) -> list[str]:
    """The step buttons shown but not whole: what shows of each is its visible region."""
    buttons = [panel.fight_button, panel.resolve_button, *panel.choose_buttons.values(), *panel.retreat_buttons]
    return [f"{b.text()!r}: {b.visibleRegion().boundingRect().getRect()} of {b.rect().getRect()}"
            for b in buttons if b.isVisibleTo(panel) and b.visibleRegion().boundingRect() != b.rect()]


@pytest.mark.parametrize(("kept", "size", "text", "table"), [
    (34, (1280, 720), "normal", True), (34, (1280, 720), "large", True), (34, (1280, 720), "larger", True),
    (34, (1366, 768), "larger", True), (34, (1280, 720), "larger", False), (34, (1366, 768), "large", False),
    (31, (1280, 720), "larger", False), (32, (1280, 720), "larger", False), (32, (1366, 768), "larger", True),
    (36, (1280, 720), "larger", True), (38, (1280, 720), "larger", False), (57, (1366, 768), "larger", False)])
def test_the_step_a_battle_owes_shows_whole(window, tmp_path, looks_back, kept, size, text, table):
    screen = open_cut(window, tmp_path, SHORT, kept, size, text)
    if table:  # taken after the record opened
        window.set_table_mode(True, full_screen=False)
        settle()
    assert screen.tabs.currentWidget() is screen.battle
    panel = screen.battle
    assert any(not b.isHidden() for b in (panel.fight_button, panel.resolve_button, *panel.retreat_buttons,
                                          *panel.choose_buttons.values()))
    assert not steps_cut_off(panel), "\n".join(steps_cut_off(panel))
