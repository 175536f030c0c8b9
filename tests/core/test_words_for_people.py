"""Words for people: over random playouts of every game (tests/playout.py), no line a person
reads names a thing by its id where it has a name: unit ids ("rider1"), card ids ("9D"), side ids
("holnists"), city and commander ids. Ids stay in records and in ``posthorn replay --json``.

The lines read are the log's (and so the announcements, which are its outcome words), what the
table must do next, the roll and draw owed (the dice tray's title and odds), the reasons a
refused input is given (the banner), the end of the game and the export. Each game's ids with
their names come from its playout hooks (``raw_ids`` in tests/<game>/playout_hooks.py).
"""

from __future__ import annotations

import importlib
import random
import re

import pytest
from playout import GAMES, HOOKS, Playout, setup_of

from companion.core.dice import Dice
from companion.core.export import log_markdown
from companion.core.session import Session
from companion.core.violations import MalformedInput
from companion.core.words import counted, on_dice, ordinal, percent, possessive
from companion.games import bundled_pack, rules_for
from ui.widgets.dice_tray import odds_text


def lines_read(session: Session, reasons: bool) -> list[tuple[str, str]]:
    """(where, line) for every line a person may read now."""
    out = [("next step", st.text) for st in session.next_steps()]
    roll, draw = session.pending_roll(), session.pending_draw()
    if roll is not None:
        out += [("dice tray", roll.purpose), ("dice tray", roll.describe())]
        out += [("dice tray", line) for line in odds_text(roll).splitlines()]
    if draw is not None:
        out.append(("draw", draw.purpose))
    ended = session.result()
    if ended is not None:
        out.append(("result", ended.reason))
        report = importlib.import_module(f"companion.{session.rules.game_id}.view").final_report(session)
        if report is not None:  # the result screen
            out += [("result screen", line) for line in (report.headline, report.why)]
            out += [("result screen", f"{name}: {value}") for name, value in report.figures]
    if reasons:  # what the banner says of a refused input (a sample of the candidates)
        for inp in list(session.rules.candidates(session.state))[:40]:
            try:
                out += [("banner", v.reason) for v in session.why_not(inp)]
            except MalformedInput as e:
                out.append(("banner", str(e)))
    return out


def raw_id_in(line: str, ids: dict[str, str]) -> str | None:
    for rid in ids:
        if re.search(r"(?<![\w-])" + re.escape(rid) + r"(?![\w-])", line):
            return rid
    return None


#: words a person stumbles on: "card(s)", "1 points", "(1 dice)", "the Postmen' hand", "Roll:
#: retreat roll for ...", a Leader's "The" inside a line ("roll for The Postman"), "lost on 12 on
#: 2d6" (a table says "12 (2d6)"), "Chance of slips through" (a verb after "of")
CLUMSY = re.compile(r"\w\(s\)|(?<![\d.])\b1 (points|cards|houses|towns|units|spaces|dice|rolls|tiles)\b"
                    r"|Postmen'(?!s)|\bRoll: \S+ roll\b|\b(for|on|of|to|by|with) The\b"
                    r"|\bon \d+\+? on \d*d\d+|\bChance of (slips|retreats|stops|stays|hit|miss|the Militia|courier)\b")


@pytest.mark.parametrize("game", GAMES)
def test_no_line_a_person_reads_names_an_id_where_a_name_exists(game):
    raw_ids = getattr(HOOKS.get(game), "raw_ids", None)
    checked = 0
    for seed in range(8):  # short games (a Courier Desk table may end it at once) play on
        if checked > 600:
            break
        rng = random.Random(seed)
        session = Session(rules_for(game), bundled_pack(game), setup_of(game, rng), seed)
        player = Playout(session, rng)
        for n in range(200):
            read = lines_read(session, reasons=n % 10 == 0)
            if not player.step():
                break
            entry = session.entries[-1]
            read += [("log", entry.text), ("announcement", entry.said)]
            ids = raw_ids(session.state) if raw_ids is not None else {}
            for where, line in read:
                rid = raw_id_in(line, ids)
                assert rid is None, f"{game}: the {where} says '{rid}' for {ids[rid]!r}: {line!r}"
                assert not CLUMSY.search(line), f"{game}: the {where} reads badly: {line!r}"
                checked += 1
        ids = raw_ids(session.state) if raw_ids is not None else {}
        for line in log_markdown(session).splitlines() + [line for _w, line in lines_read(session, True)]:
            rid = raw_id_in(line, ids)
            assert rid is None, f"{game}: the export says '{rid}' for {ids[rid]!r}: {line!r}"
            assert not CLUMSY.search(line), f"{game}: the export reads badly: {line!r}"
    assert checked > 100


def test_the_words_helpers():
    assert counted(1, "card") == "1 card" and counted(3, "house") == "3 houses"
    assert possessive("Anna") == "Anna's" and possessive("the Postmen", plural=True) == "the Postmen's"
    assert possessive("the Holnists", plural=True) == "the Holnists'"
    # one rounding everywhere: whole percents in the middle, a decimal near the ends
    assert [percent(x) for x in (0, 0.0278, 0.0996, 0.5, 2 / 3, 0.904, 0.972, 0.9996, 1)] == \
        ["0%", "2.8%", "10%", "50%", "67%", "90%", "97.2%", "99.9%", "100%"]
    assert percent(1 / 36) == "2.8%" and percent(0.0004) == "0.1%"
    # a number to roll as a table says it: only the highest total, or that and more
    assert on_dice(12, Dice(2, 6)) == "12 (2d6)" and on_dice(10, Dice(2, 6)) == "10+ (2d6)"
    assert on_dice(6, Dice(1, 6)) == "6 (1d6)"
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == \
        ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"]


def test_the_result_screens_luck_line_counts_one_success_as_one_success():
    """The luck figure under the result: "1 success of 2", never "1 successes"."""
    from companion.core.final_report import Luck

    assert Luck(met=1, judged=2, expected=0.5).words().startswith("1 success of 2 ")
    assert Luck(met=2, judged=2, expected=0.5).words().startswith("2 successes of 2 ")
    assert not CLUMSY.search(Luck(met=1, judged=1, expected=1.0).words())

