"""The Ab die Post! page of the current choice at 1280x720, at the normal and the larger text
size, in and out of table mode: every button and line of words the player needs (the draw, the
table's own cards, Stop or Fly and the odds of a flight; the indicator's shake, the device's
balls and its odds; where the plane came down: lane, zone, flank spaces, Move here, the goal
airport and a taken space, #14), and in table mode the players' table and the hurricane's costs, lie
wholly inside what the window shows, none cut at a scroll edge. The odds of a flight, the page's last line, lay under
its scroll edge at the larger size, and the page stacked every button under the last; the
move page without a board put its last row 44 px under the scroll edge in table mode."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QWidget

import rules

from .test_no_clipping import _on_top, _seen

SAMPLE = Path(rules.__file__).parent / "ab_die_post" / "samples" / "four_player_game.json"
#: inputs kept of the four-player game, and the page each moment shows
MOMENTS = {84: "turn_page", 150: "turn_page", 85: "indicator", 32: "move_page", 148: "move_page"}
WORDS = {84: "draw or fly", 150: "drawing spare parts", 85: "the indicator", 32: "where it came down",
         148: "where it came down, in the air"}


def _settle():
    for _ in range(8):
        QApplication.processEvents()


def _open(window, tmp_path: Path, kept: int):
    record = json.loads(SAMPLE.read_text())
    record["inputs"], record["undone"] = record["inputs"][:kept], []
    path = tmp_path / f"adp-{kept}.json"
    path.write_text(json.dumps(record))
    assert window.open_record(str(path))
    _settle()
    return window.screen_widget


def _needed(screen, page: QWidget, table_mode: bool) -> list[QWidget]:
    """What the player reads and clicks: the page's shown buttons and words, and in table mode
    the players' table and the hurricane's costs (outside it their column scrolls over the
    flight board at the larger size, which keeps its share of the height: BoardUnder)."""
    shown = [w for w in page.findChildren(QWidget) if isinstance(w, (QAbstractButton, QLabel))
             and w.isVisible() and (not isinstance(w, QLabel) or w.text().strip())]
    return [*shown, screen.player_view, screen.costs] if table_mode else shown


def _out_of_sight(window, widgets: list[QWidget]) -> list[str]:
    out = []
    for w in widgets:
        whole = _on_top(w, window)
        seen, _fixed = _seen(w, window)
        if not seen.adjusted(-1, -1, 1, 1).contains(whole):
            words = w.text() if hasattr(w, "text") else type(w).__name__
            out.append(f"{words!r} lies at y {whole.top()}..{whole.bottom()}, x {whole.left()}..{whole.right()}; "
                       f"only y {seen.top()}..{seen.bottom()}, x {seen.left()}..{seen.right()} shows")
    return out


@pytest.mark.parametrize("table_mode", [False, True], ids=["window", "table mode"])
@pytest.mark.parametrize("size", ["normal", "larger"])
@pytest.mark.parametrize("kept", list(MOMENTS), ids=[WORDS[k] for k in MOMENTS])
def test_every_control_and_line_of_the_page_is_in_sight(window, tmp_path, kept, size, table_mode):
    window.set_text_size(size, remember=False)
    window.resize(1280, 720)
    window.set_table_mode(table_mode, full_screen=False)
    screen = _open(window, tmp_path, kept)
    page = getattr(screen, MOMENTS[kept])
    assert screen.pages.currentWidget() is page
    found = _out_of_sight(window, _needed(screen, page, table_mode))
    bar = screen.pages.parentWidget().parentWidget().verticalScrollBar()
    if bar.maximum() > 0:
        found.append(f"the page scrolls ({bar.maximum()} px) though it is all in sight")
    assert window.size().toTuple() == (1280, 720)
    window.set_table_mode(False, full_screen=False)
    window.set_text_size("normal", remember=False)
    assert not found, "\n".join(found)


def test_in_table_mode_the_turn_page_puts_its_buttons_on_one_line(window, tmp_path):
    """Draw, the table's cards and Fly side by side in table mode; outside it the table's cards
    go under the draw with their words."""
    window.resize(1280, 720)
    screen = _open(window, tmp_path, 84)
    tp = screen.turn_page

    def beside() -> bool:
        """Whether the table's cards and Fly stand on the draw button's line."""
        draw = _on_top(tp.draw_button, window)
        return all(draw.top() <= _on_top(w, window).center().y() <= draw.bottom()
                   for w in (tp.fly_button, *tp.table_cards.values()))

    assert not beside() and tp.table_words.isVisible()
    assert _on_top(tp.fly_button, window).center().y() == _on_top(tp.draw_button, window).center().y()
    window.set_table_mode(True, full_screen=False)
    _settle()
    assert beside() and not tp.table_words.isVisible()
    assert not screen.indicator.title.isVisibleTo(screen.indicator)
    window.set_table_mode(False, full_screen=False)
    _settle()
    assert not beside() and screen.indicator.title.isVisibleTo(screen.indicator)
