"""The entry point's own switches, run as a player or an installer would run them."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

SAMPLES = Path(__file__).resolve().parents[2] / "rules" / "couriers" / "samples"


def run(*args, tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", POSTHORN_DATA_DIR=str(tmp_path / "data"))
    return subprocess.run([sys.executable, "-m", "ui.app", *args], capture_output=True, text=True,
                          env=env, timeout=120)


def test_screenshot_of_start_page_and_of_a_record(tmp_path):
    shot = tmp_path / "start.png"
    assert run("--screenshot", str(shot), tmp_path=tmp_path).returncode == 0
    assert QImage(str(shot)).width() == 1280
    samples = sorted(SAMPLES.glob("*.json"))
    if samples:
        game = tmp_path / "game.png"
        r = run("--screenshot", str(game), str(samples[0]), "--size", "1366x768", tmp_path=tmp_path)
        assert r.returncode == 0, r.stderr
        img = QImage(str(game))
        assert (img.width(), img.height()) == (1366, 768)


def test_screenshot_of_a_broken_record_fails_with_the_reason(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    r = run("--screenshot", str(tmp_path / "x.png"), str(bad), tmp_path=tmp_path)
    assert r.returncode == 2
    assert "not valid JSON" in r.stderr and "line 1" in r.stderr


def test_self_test_passes(tmp_path):
    r = run("--self-test", tmp_path=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "pack couriers: OK" in r.stdout and "self-test passed" in r.stdout


def test_headless_commands_go_to_the_cli_without_qt(tmp_path):
    code = ("import sys; from ui.app import main; rc = main(['check-pack', sys.argv[1]]); "
            "assert 'PySide6' not in sys.modules, 'Qt was imported'; sys.exit(rc)")
    pack = Path(__file__).resolve().parents[2] / "rules" / "couriers"
    r = subprocess.run([sys.executable, "-c", code, str(pack)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert "OK" in r.stdout


def test_dice_tray_shows_a_big_roll_as_counts_and_keeps_its_width(qtbot):
    from ui.widgets.dice_tray import DiceTray

    tray = DiceTray()
    qtbot.addWidget(tray)
    tray.resize(330, 500)
    tray.show()
    tray.show_values([6, 5])
    assert tray.faces.text() == "\u2685 \u2684"
    tray.show_values([1] * 10 + [6] * 8)
    assert tray.faces.text() == "18 dice:  \u2680\u00d710   \u2685\u00d78"
    assert tray.sizeHint().width() < 400


def test_dice_tray_odds_of_dice_judged_one_by_one_are_per_die():
    """Review: a militia phase showed 2d6 '3+ 100%' (the chance of the sum), not each die's."""
    from companion.core.dice import Dice, Modifier, RollRequest
    from ui.widgets.dice_tray import odds_text

    r = RollRequest("militia rolls in 2 town(s)", Dice(2, 6), 3, "postman.militia.roll",
                    outcome_if_met="Militia appear", per_die=((3, 1, "River Town"), (3, -1, "Drain")),
                    stat="Militia appear on",
                    die_modifiers=((Modifier("large town", 1),), (Modifier("small town", -1),)))
    text = odds_text(r)
    # the face each die must show after its modifier, with the numbers behind it
    assert "River Town: 2+ = Militia appear on 3, large town +1 (83%)" in text
    assert "Drain: 4+ = Militia appear on 3, small town -1 (50%)" in text
    assert "Expected Militia appear: 1.3 of 2" in text
    assert "100" not in text


def test_dice_tray_shows_the_face_needed_after_modifiers_and_its_chance():
    """Review: "4+ means retreats" failed on a 4: the tray showed the target before Intercept's -1."""
    from companion.core.dice import Dice, Modifier, RollRequest
    from ui.widgets.dice_tray import odds_text

    r = RollRequest("retreat roll for Rider 2", Dice(1, 6), 4, "postman.move.retreat", stat="Sneak",
                    modifiers=(Modifier("Intercept", -1),), outcome_if_met="retreats")
    text = odds_text(r)
    assert text.startswith("1d6: retreats on 5+ = Sneak 4, Intercept -1 (33%)")
    assert "Retreats: 33%" in text and "Chance of" not in text  # never "Chance of retreats"
    sure = RollRequest("attack", Dice(1, 6), 2, "x", stat="Fight", modifiers=(Modifier("Ambush", 3),))
    assert odds_text(sure).startswith("1d6: success on any roll = Fight 2, Ambush +3 (100%)")


def test_roll_chart_shows_the_owed_roll_or_nothing(qtbot):
    """Review: the chart showed a 2d6 sum for dice judged one by one, and 2d6 with no roll owed."""
    from companion.core.dice import Dice, RollRequest
    from ui.widgets.roll_chart import RollChart

    chart = RollChart()
    qtbot.addWidget(chart)
    chart.set_request(None)
    assert chart.charts == [] and chart.isHidden()
    attack = RollRequest("attack", Dice(2, 6), 5, "x", outcome_if_met="hit", per_die=((5, 0, "A"), (3, 0, "B")))
    chart.set_request(attack)
    (hits,) = chart.charts
    assert [b.label for b in hits.bars] == ["0", "1", "2"]  # how many hit, not a sum of 2 to 12
    assert [b.chance for b in hits.bars] == pytest.approx([4 / 6 * 2 / 6, 2 / 6 * 2 / 6 + 4 / 6 * 4 / 6, 2 / 6 * 4 / 6])
    summed = RollRequest("loss", Dice(2, 6), 9, "x")
    chart.set_request(summed)
    (sums,) = chart.charts
    assert [b.met for b in sums.bars] == [t >= 9 for t in range(2, 13)]
    assert not chart.isHidden()


def _brightness(img: QImage, x: int, y: int) -> int:
    return img.pixelColor(x, y).lightness()


def test_screenshots_of_every_look_print_no_qt_warnings(tmp_path):
    sample = SAMPLES / "several_turns.json"  # a clean record: the flagged one warns, rightly
    looks = [(), ("--theme", "dark"), ("--theme", "light", "--text-size", "larger"),
             ("--theme", "dark", "--text-size", "large", "--table-mode")]
    for n, look in enumerate(looks):
        # a game's screen at the largest text needs more than 1280x720 until its layouts fit
        # (the clip test's business); the start page scrolls instead
        for record in ((), (str(sample),)) if "larger" not in look else ((),):
            shot = tmp_path / f"look{n}-{len(record)}.png"
            r = run("--screenshot", str(shot), *record, "--size", "1280x720", *look, tmp_path=tmp_path)
            assert r.returncode == 0, r.stderr
            assert r.stderr == "" and r.stdout == "", (look, record, r.stderr)
            img = QImage(str(shot))
            assert (img.width(), img.height()) == (1280, 720)
            dark = "dark" in look
            # the window's own background, below the start page's cards or the table's docks
            assert (_brightness(img, 1270, 700) < 90) == dark, (look, record)


def test_a_screenshot_look_is_for_that_picture_only(tmp_path):
    run("--screenshot", str(tmp_path / "d.png"), "--theme", "dark", tmp_path=tmp_path)
    light = tmp_path / "l.png"
    assert run("--screenshot", str(light), tmp_path=tmp_path).returncode == 0
    assert _brightness(QImage(str(light)), 1270, 790) > 160


def test_look_options_belong_to_screenshots(tmp_path):
    r = run("--theme", "dark", tmp_path=tmp_path)
    assert r.returncode == 2 and "--screenshot" in r.stderr
    r = run("--screenshot", str(tmp_path / "x.png"), "--theme", "purple", tmp_path=tmp_path)
    assert r.returncode == 2 and "light" in r.stderr and "dark" in r.stderr


def test_without_a_display_the_window_says_so_plainly(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["POSTHORN_DATA_DIR"] = str(tmp_path / "data")
    r = subprocess.run([sys.executable, "-m", "ui.app"], capture_output=True, text=True, env=env, timeout=60)
    assert r.returncode == 2
    assert "no display" in r.stderr and "xvfb-run" in r.stderr and "ssh -X" in r.stderr
    assert "xcb-cursor" not in r.stderr  # Qt's misleading abort never comes
    shot = tmp_path / "s.png"  # a picture needs no display
    r = subprocess.run([sys.executable, "-m", "ui.app", "--screenshot", str(shot)], capture_output=True,
                       text=True, env=env, timeout=60)
    assert r.returncode == 0 and shot.exists(), r.stderr
    env["QT_QPA_PLATFORM"] = ""  # set but empty: Qt's own default (xcb) aborted without a display
    r = subprocess.run([sys.executable, "-m", "ui.app", "--screenshot", str(shot)], capture_output=True,
                       text=True, env=env, timeout=60)
    assert r.returncode == 0 and "xcb" not in r.stderr, r.stderr


def test_a_screenshot_of_a_record_adds_no_saved_game(tmp_path):
    shot = tmp_path / "game.png"
    for _ in range(2):
        r = run("--screenshot", str(shot), str(SAMPLES / "several_turns.json"), tmp_path=tmp_path)
        assert r.returncode == 0, r.stderr
    folder = tmp_path / "data" / "autosave"
    assert not folder.exists() or not list(folder.iterdir())


def test_an_error_in_a_slot_while_taking_a_screenshot_exits_3_with_a_report(tmp_path):
    """Qt hands a slot's exception to sys.excepthook, past the command's own guard: screenshot
    mode must still fail (status 3) with a crash report, not print a traceback and exit 0."""
    code = ("import sys; from companion.core import autosave\n"
            "def broken(): raise RecursionError('a save nobody checked')\n"
            "autosave.latest = broken\n"
            "from ui import app; sys.exit(app.main(sys.argv[1:]))")
    (tmp_path / "data" / "autosave").mkdir(parents=True)
    (tmp_path / "data" / "autosave" / "game.json").write_text("{}")  # so the start page asks
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", POSTHORN_DATA_DIR=str(tmp_path / "data"))
    r = subprocess.run([sys.executable, "-c", code, "--screenshot", str(tmp_path / "s.png")],
                       capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 3, r.stderr
    assert "Traceback" not in r.stderr
    reports = list((tmp_path / "data" / "crash-reports").glob("crash-*.txt"))
    assert len(reports) == 1 and "a save nobody checked" in reports[0].read_text()


def test_dice_tray_counts_each_sides_attack_dice_apart():
    """Review: a round's tray said "Expected hit: 1.0 of 2" over both sides' dice, and "1 dice"."""
    from companion.core.dice import Dice, RollRequest
    from companion.core.roll_targets import odds_charts
    from ui.widgets.dice_tray import odds_text

    r = RollRequest("attack dice", Dice(3, 6), 6, "postman.fight.round", outcome_if_met="hit",
                    per_die=((6, 0, "Rider 2"), (2, 0, "The General"), (5, 0, "Regiment 1")),
                    die_groups=("the Postmen", "the Holnists", "the Holnists"))
    assert odds_text(r).endswith("Expected hit: the Postmen 0.2 of 1, the Holnists 1.2 of 2")
    assert [c.title for c in odds_charts(r)] == ["The Postmen: how many of 1 die hit",
                                                "The Holnists: how many of 2 dice hit"]
