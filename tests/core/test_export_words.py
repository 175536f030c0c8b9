"""The exported log is for people: names instead of ids, whose dice said once, and the result."""

from __future__ import annotations

import re
from pathlib import Path

from companion import games
from companion.core import records
from companion.core.export import log_markdown

SAMPLES = Path(__file__).resolve().parents[2] / "rules"


def test_the_postman_export_names_units_cards_and_sides_and_ends_on_the_result():
    session, _v = games.restore(records.read(SAMPLES / "postman" / "samples" / "short_game.json"))
    text = log_markdown(session)
    assert "(table dice) *(table dice)*" not in text and "*(table dice)*" not in text
    assert "The Postman's sneak roll: 3 (table dice)" in text
    assert "The Postmen play A\u2665 Luck" in text
    assert not re.search(r"\b(rider|postman|general|regiment|patrol|cavalry)\d\b", text)  # no unit ids
    assert "Holnists's" not in text and "holnists" not in text
    assert text.rstrip().endswith("The Postmen win: the General has fallen (`postman.victory`).")
    assert "What the table must do next" not in text


def test_an_export_before_the_end_says_what_comes_next():
    session, _v = games.restore(records.read(SAMPLES / "postman" / "samples" / "short_game.json"))
    session.undo()
    text = log_markdown(session)
    assert "## Result" not in text and "## What the table must do next" in text
