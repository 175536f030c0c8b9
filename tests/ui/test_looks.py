"""Colours that follow the theme, one text scale for the whole window, table mode."""

import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from ui import palette, settings
from ui.looks import LOOKS, TEXT_SCALES

UI = Path(__file__).resolve().parents[2] / "ui"


@pytest.mark.parametrize("scheme", palette.SCHEMES)
def test_every_text_colour_reads_on_its_backgrounds_at_wcag_aa(scheme):
    low = [(fg, bg, round(palette.contrast(palette.rgb(fg, scheme), palette.rgb(bg, scheme)), 2))
           for fg, bg in palette.TEXT_PAIRS
           if palette.contrast(palette.rgb(fg, scheme), palette.rgb(bg, scheme)) < 4.5]
    assert low == []


@pytest.mark.parametrize("scheme", palette.SCHEMES)
def test_a_disabled_button_reads_from_a_metre_and_still_looks_disabled(scheme):
    # a button waiting for its turn still names something a player reads (the Thurn and Taxis
    # display's cities, the Courier Desk's steps): its words at 3:1 on the button at least, and
    # plainly dimmer than an enabled button's
    grey, button, text = (palette.rgb(n, scheme) for n in ("disabled", "button", "button.text"))
    assert palette.contrast(grey, button) >= 3.0
    assert palette.contrast(grey, palette.rgb("window", scheme)) >= 3.0
    assert palette.contrast(grey, text) >= 2.5


def test_contrast_is_the_wcag_ratio():
    assert palette.contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert palette.contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)  # just under AA


def test_no_colour_is_written_outside_the_palette():
    literal = re.compile(r"""["']#[0-9a-fA-F]{3,8}\b|QColor\(\s*["']|QColor\(\s*\d|Qt\.GlobalColor\.(?!transparent)""")
    found = [f"{p.relative_to(UI)}:{n}: {line.strip()}"
             for p in sorted(UI.rglob("*.py")) if p.name != "palette.py"
             for n, line in enumerate(p.read_text().splitlines(), 1) if literal.search(line)]
    assert found == []


def _pixel(widget, x=4, y=4) -> str:
    return widget.grab().toImage().pixelColor(x, y).name()


def test_dark_colours_give_the_phase_bar_a_dark_panel_with_light_type(desk, window):
    window.actions_["colours:dark"].trigger()
    bar = desk.phase
    bar.set_phase("Turn 1 \u00b7 set-up", ["Add your commanders"], "Start the game")
    QApplication.processEvents()
    back = _pixel(bar, bar.width() // 2, 3)
    text = bar.where.palette().color(QPalette.ColorRole.WindowText).name()
    assert QColor(back).lightness() < 80, back
    assert palette.contrast(text, back) >= 4.5
    assert QApplication.palette().color(QPalette.ColorRole.Window).name() == palette.rgb("window", "dark")
    window.actions_["colours:light"].trigger()
    QApplication.processEvents()
    back = _pixel(bar, bar.width() // 2, 3)
    text = bar.where.palette().color(QPalette.ColorRole.WindowText).name()
    assert QColor(back).lightness() > 200, back
    assert palette.contrast(text, back) >= 4.5


def test_the_colour_choice_is_remembered_in_a_private_settings_file(window, tmp_path):
    window.actions_["colours:dark"].trigger()
    assert settings.get("looks/colours") == "dark"
    assert (tmp_path / "settings" / "posthorn.ini").exists()  # never the player's own settings
    from ui.main_window import MainWindow

    again = MainWindow()
    assert again.actions_["colours:dark"].isChecked()
    assert LOOKS.scheme == "dark"
    again.deleteLater()


def test_following_the_system_takes_qt_colour_scheme_hint(window, monkeypatch):
    window.actions_["colours:system"].trigger()
    hints = QApplication.styleHints()
    monkeypatch.setattr(hints, "colorScheme", lambda: Qt.ColorScheme.Dark, raising=False)
    monkeypatch.setattr(LOOKS, "system_scheme", "light")  # and back to what it was after the test
    LOOKS.follow_system()
    assert LOOKS.scheme == "dark" and palette.scheme() == "dark"
    assert QApplication.palette().color(QPalette.ColorRole.Window).name() == palette.rgb("window", "dark")
    hints.colorSchemeChanged.emit(Qt.ColorScheme.Light)  # the desktop switched while Posthorn runs
    assert LOOKS.scheme == "light" and palette.scheme() == "light"
    window.actions_["colours:dark"].trigger()  # a choice of the player's wins over the desktop's
    hints.colorSchemeChanged.emit(Qt.ColorScheme.Light)
    assert LOOKS.scheme == "dark"
    window.actions_["colours:light"].trigger()


def test_a_setting_of_the_wrong_kind_reads_as_its_default(window):
    settings.store().setValue("looks/text_size", "enormous")
    settings.store().setValue("looks/colours", 7)
    assert settings.get("looks/text_size") == "normal"
    assert settings.get("looks/colours") == "system"
    with pytest.raises(ValueError):
        settings.put("looks/colours", "purple")


def test_text_size_scales_every_font_phase_bar_first(desk, window):
    app_before = QApplication.font().pointSizeF()
    where_before = desk.phase.where.font().pointSizeF()
    button_before = desk.phase.button.minimumHeight()
    window.actions_["text:larger"].trigger()
    QApplication.processEvents()
    assert QApplication.font().pointSizeF() == pytest.approx(app_before * TEXT_SCALES["larger"], abs=0.11)
    assert desk.phase.where.font().pointSizeF() >= where_before * 1.6
    assert desk.phase.where.font().pointSizeF() > QApplication.font().pointSizeF()  # still the largest
    assert desk.phase.button.minimumHeight() > button_before
    assert settings.get("looks/text_size") == "larger"
    window.step_text_size(1)  # Ctrl++ at the largest stays there
    assert LOOKS.text_size == "larger"
    window.actions_["text_smaller"].trigger()
    window.actions_["text_smaller"].trigger()
    window.actions_["text_smaller"].trigger()
    assert LOOKS.text_size == "normal"
    assert QApplication.font().pointSizeF() == pytest.approx(app_before, abs=0.11)


def test_there_is_one_text_size_and_the_map_has_a_zoom(window):
    texts = [a.text().replace("&", "") for a in window.findChildren(type(window.actions_["undo"]))]
    assert not any("Large type" in t for t in texts)
    sizes = window.actions_["text:normal"].actionGroup().actions()
    assert [a.text().replace("&", "") for a in sizes] == ["Normal", "Large", "Larger"]


def test_table_mode_puts_the_log_away_and_makes_the_phase_readable_across_the_table(desk, window):
    window.resize(1280, 720)  # a laptop's screen: on a shorter window the bar's words step down
    assert window.log_dock.isVisible()
    normal = desk.phase.where.font().pointSizeF()
    window.set_table_mode(True, full_screen=False)
    QApplication.processEvents()
    assert not window.log_dock.isVisible()
    assert desk.phase.where.font().pointSizeF() >= 2 * normal
    assert desk.phase.next.font().pointSizeF() >= 1.8 * QApplication.font().pointSizeF()
    assert window.actions_["table_mode"].isChecked()
    window.log_dock.show()  # asked for: it comes back
    assert window.log_dock.isVisible()
    window.set_table_mode(False, full_screen=False)
    QApplication.processEvents()
    assert desk.phase.where.font().pointSizeF() == pytest.approx(normal, abs=0.11)
    assert window.log_dock.isVisible()


def test_table_mode_from_the_menu_fills_the_screen(desk, window):
    window.actions_["table_mode"].trigger()
    assert window.isFullScreen()
    window.actions_["table_mode"].trigger()
    assert not window.isFullScreen()


@pytest.mark.parametrize("scheme", palette.SCHEMES)
def test_thurn_and_taxis_names_players_in_their_colour_readably(window, scheme):
    from ui.thurn_and_taxis.models import ScoreModel

    record = Path(__file__).resolve().parents[2] / "rules" / "thurn_and_taxis" / "samples" / "four_players_whole_game.json"
    assert window.open_record(str(record))
    window.actions_[f"colours:{scheme}"].trigger()
    model = next(m for m in window.screen_widget.findChildren(ScoreModel))
    base = palette.rgb("base", scheme)
    for row in range(model.rowCount()):
        brush = model.data(model.index(row, 0), Qt.ItemDataRole.ForegroundRole)
        assert palette.contrast(brush.color().name(), base) >= 4.5, (row, brush.color().name())


def test_table_mode_draws_the_postman_board_larger(window, qtbot):
    record = Path(__file__).resolve().parents[2] / "rules" / "postman" / "samples" / "short_game.json"
    assert window.open_record(str(record))
    town = next(iter(window.screen_widget.map.town_items))
    before = window.screen_widget.map.town_items[town].scale_
    window.set_table_mode(True, full_screen=False)
    assert window.screen_widget.map.town_items[town].scale_ >= 1.5 * before
    window.set_table_mode(False, full_screen=False)
    assert window.screen_widget.map.town_items[town].scale_ == pytest.approx(before)


def test_the_announcement_is_as_large_as_the_phase_bar_in_table_mode_too(desk, window):
    window.resize(1280, 720)
    for on in (False, True):
        window.set_table_mode(on, full_screen=False)
        QApplication.processEvents()
        said = window.telling.announcement.text.font().pointSizeF()
        assert said == pytest.approx(desk.phase.where.font().pointSizeF())
        assert said >= (3 if on else 1.4) * QApplication.font().pointSizeF()
    window.set_table_mode(False, full_screen=False)


def test_the_phase_bar_steps_its_words_down_on_a_short_window_and_back_up(desk, window):
    """Table mode at the larger text size on a 720-pixel screen: the two-metre type of the turn and
    of what is owed next would take most of the window (and clip); it steps down until the bar
    takes at most a third of the window's height, never under the heading size, and grows back
    to its full size on a taller window."""
    from ui.looks import LOOKS
    from ui.widgets.phase_bar import PhaseBar

    window.resize(1280, 720)
    window.set_text_size("larger", remember=False)
    window.set_table_mode(True, full_screen=False)
    try:
        # the rules' whole sentence (the desk's own words are one short line, which fits)
        desk.phase.set_phase("Before the game", ["Add commanders and declare headquarters, then begin the game"],
                             "Begin the game", "start_game")
        QApplication.processEvents()
        short = desk.phase.next.font().pointSizeF()
        assert LOOKS.points("heading") - 0.11 <= short < LOOKS.points("phase.next")
        assert desk.phase.height() <= PhaseBar.SHARE * window.height() + 2
        window.resize(1920, 1080)
        QApplication.processEvents()
        assert desk.phase.next.font().pointSizeF() == pytest.approx(LOOKS.points("phase.next"), abs=0.11)
    finally:
        window.set_table_mode(False, full_screen=False)
        window.set_text_size("normal", remember=False)


@pytest.mark.parametrize("scheme", palette.SCHEMES)
@pytest.mark.parametrize("enabled", [True, False], ids=["enabled", "disabled"])
def test_an_unchecked_box_or_round_button_shows_its_edge(window, scheme, enabled):
    """An empty check box or radio button is drawn with an edge of at least 3:1 against the
    window it sits on (WCAG non-text contrast), in both colour sets: on the dark window Fusion's
    own edge, a shade darker than the window, was all but invisible."""
    from PySide6.QtWidgets import (
        QCheckBox,
        QRadioButton,
        QStyle,
        QStyleOptionButton,
        QVBoxLayout,
        QWidget,
    )

    window.set_colours(scheme, remember=False)
    holder = QWidget()
    lay = QVBoxLayout(holder)
    boxes = [QCheckBox("Arrives this move"), QRadioButton("Double speed: 48\", lost on 6 (1d6)")]
    for box in boxes:
        box.setEnabled(enabled)
        lay.addWidget(box)
    holder.setAutoFillBackground(True)
    holder.resize(400, 100)
    holder.show()
    QApplication.processEvents()
    image = holder.grab().toImage()
    paper = palette.rgb("window", scheme)
    for box in boxes:
        opt = QStyleOptionButton()
        box.initStyleOption(opt)
        kind = QStyle.SubElement.SE_CheckBoxIndicator if isinstance(box, QCheckBox) else QStyle.SubElement.SE_RadioButtonIndicator
        edge = box.style().subElementRect(kind, opt, box).translated(box.pos())
        inks = {image.pixelColor(x, y).name() for x in range(edge.left(), edge.right() + 1)
                for y in range(edge.top(), edge.bottom() + 1)}
        best = max(palette.contrast(ink, paper) for ink in inks)
        assert best >= 3.0, f"{box.text()!r}: its edge is {best:.2f}:1 on {paper}"
    holder.deleteLater()
    window.set_colours("light", remember=False)
