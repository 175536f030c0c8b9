"""The window's looks: the colour set, the one text scale and table mode, applied to the whole app.

A widget never sets its own colours or font sizes. It says what it is (``tone(label, "muted")``,
``panel(frame, "panel")``, ``text_size(label, "title")``, or ``sheet(w, template)`` with palette
names in the template); this module gives it the palette's colours and a size on the one text
scale, and gives them again to every widget that said so whenever the colours, the text size or
table mode change. The rest of the window follows the application's QPalette and font.

No application-wide style sheet: it would send every widget of the first frame through Qt's
style-sheet style, a cost the start-up budget has no room for (bench/startup.py).
"""

from __future__ import annotations

import re

from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QWidget

from . import palette

TEXT_SCALES = {"normal": 1.0, "large": 1.3, "larger": 1.65}
#: Named sizes relative to the body text; table mode makes the phase bar readable from two metres.
SIZES = {"small": 0.9, "heading": 1.15, "title": 1.3, "phase": 1.45, "big": 1.6, "display": 2.2,
         "dice": 3.3, "board": 1.0, "figures": 1.0}
#: "figures", the result screen's figures and buttons: body type, but read across the table in
#: table mode like the scores above them
TABLE_SIZES = {**SIZES, "heading": 1.4, "title": 1.8, "phase": 3.2, "phase.next": 2.2, "big": 2.4, "display": 3.6,
               "figures": 1.4}
#: "board", a game's board drawn as tables (the Courier Desk's): in table mode at least this
#: many times the body type, as the drawn boards grow (Looks.board_scale), but never past the
#: larger text size's own: wider, its columns would push the window past a 1280-pixel screen
TABLE_BOARD = 1.6
WEIGHTS = {"heading": 600, "title": 600, "phase": 600, "big": 600, "display": 700}
TONES = ("muted", "danger", "success", "warning", "accent", "side.postmen", "side.holnists",
         "card.red", "card.black", "map.ink")
PANELS = ("panel", "info", "notice", "good", "bad")


class Looks:
    """What the player chose (colours, text size, table mode) and what it resolves to."""

    def __init__(self):
        self.colours = "system"
        self.text_size = "normal"
        self.table_mode = False
        self.system_scheme = "light"
        self.base_points = 0.0
        self._started = False
        self._following = False

    @property
    def scheme(self) -> str:
        return self.system_scheme if self.colours == "system" else self.colours

    @property
    def scale(self) -> float:
        return TEXT_SCALES[self.text_size]

    @property
    def board_scale(self) -> float:
        """How much larger a board's pieces and names are drawn: the text size, and more in table mode."""
        return self.scale * (1.6 if self.table_mode else 1.0)

    def points(self, size: str = "body") -> float:
        if size == "board" and self.table_mode:
            return round(self.base_points * max(self.scale, TABLE_BOARD), 1)
        sizes = TABLE_SIZES if self.table_mode else SIZES
        return round(self.base_points * self.scale * sizes.get(size, 1.0), 1)

    def apply(self, app: QApplication | None = None) -> None:
        app = app or QApplication.instance()
        if not self._started:
            self._start(app)
        palette.set_scheme(self.scheme)
        app.setPalette(qpalette(self.scheme))
        for kind in ("QCheckBox", "QRadioButton"):  # every one, made now or later
            app.setPalette(indicator_palette(self.scheme), kind)
        font = QFont(app.font())
        font.setPointSizeF(self.points())
        app.setFont(font)
        for w in app.allWidgets():
            # a Python wrapper of a layout item, freed in C++, can be handed back for a new
            # widget at its address: only widgets are restyled
            if isinstance(w, QWidget):
                restyle(w, self)

    def _start(self, app: QApplication) -> None:
        """Before the first change: the platform's own body size and a first guess at its scheme
        from its palette (asking Qt's colour-scheme hint builds every Qt enum, too slow for the
        first frame; ``follow_system`` asks it once the window is up)."""
        self._started = True
        self.base_points = app.font().pointSizeF() if app.font().pointSizeF() > 0 else 10.0
        self.system_scheme = "dark" if app.palette().color(QPalette.ColorRole.Window).lightness() < 128 else "light"

    def follow_system(self, app: QApplication | None = None) -> None:
        """Ask Qt's colour-scheme hint, and keep following it while the choice is "system"."""
        from PySide6.QtCore import Qt

        app = app or QApplication.instance()
        hints = app.styleHints()

        def changed(value=None) -> None:
            value = hints.colorScheme() if value is None else value
            found = {Qt.ColorScheme.Dark: "dark", Qt.ColorScheme.Light: "light"}.get(value)
            if found and found != self.system_scheme:
                self.system_scheme = found
                if self.colours == "system":
                    self.apply(app)

        if not self._following:  # one connection for the app's lifetime, however many windows
            self._following = True
            hints.colorSchemeChanged.connect(changed)
        changed()


def qpalette(scheme: str) -> QPalette:
    c = palette.colour
    p = QPalette()
    R = QPalette.ColorRole
    roles = {R.Window: "window", R.WindowText: "window.text", R.Base: "base",
             R.AlternateBase: "base.alt", R.Text: "text", R.Button: "button",
             R.ButtonText: "button.text", R.Highlight: "highlight",
             R.HighlightedText: "highlight.text", R.Link: "link", R.LinkVisited: "link",
             R.ToolTipBase: "tooltip", R.ToolTipText: "tooltip.text", R.PlaceholderText: "muted",
             R.BrightText: "highlight.text"}
    for role, name in roles.items():
        p.setColor(role, c(name, scheme))
    button = c("button", scheme)
    for role, factor in ((R.Light, 150), (R.Midlight, 120), (R.Mid, 80), (R.Dark, 50), (R.Shadow, 30)):
        p.setColor(role, button.lighter(factor) if factor > 100 else button.darker(100 * 100 // factor))
    G = QPalette.ColorGroup.Disabled
    for role in (R.WindowText, R.Text, R.ButtonText):
        p.setColor(G, role, c("disabled", scheme))
    return p


def indicator_palette(scheme: str) -> QPalette:
    """The window's palette for check boxes and radio buttons, but for the colour Fusion draws
    their edge from: it draws it a shade darker than the Window role (140 for a box, 150 for a
    round button), which on the dark window is all but invisible. They paint no background of
    their own, so the role only sets the edge: ``indicator.border`` once darkened."""
    p = qpalette(scheme)
    edge = palette.colour("indicator.border", scheme).lighter(145)
    for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive, QPalette.ColorGroup.Disabled):
        p.setColor(group, QPalette.ColorRole.Window, edge)
    return p


_PLACEHOLDER = re.compile(r"\{(size:)?([a-z][a-z.]*)\}")


def fill(template: str, looks: Looks | None = None) -> str:
    """A style sheet with ``{palette.name}`` made a colour and ``{size:name}`` a point size."""
    looks = looks or LOOKS

    def one(m: re.Match) -> str:
        if m.group(1):
            return f"{looks.points(m.group(2))}pt"
        return palette.rgb(m.group(2), looks.scheme)

    return _PLACEHOLDER.sub(one, template)


def sheet(w: QWidget, template: str) -> QWidget:
    """A widget's own style sheet in palette colours and named sizes, filled again whenever the
    colours or the text size change: ``sheet(b, "QPushButton { border: 2px solid {chosen.border};
    font-size: {size:title}; }")``."""
    filled = fill(template) if template else ""
    if w.property("paletteSheet") == (template or None) and w.styleSheet() == filled:
        return w  # the same sheet again: setting it would polish the widget and ask for a layout
    w.setProperty("paletteSheet", template or None)
    w.setStyleSheet(filled)
    return w


def restyle(w: QWidget, looks: Looks | None = None) -> None:
    """Give ``w`` again the tone, size and palette-filled sheet it asked for."""
    looks = looks or LOOKS
    name = w.property("tone")
    if name is not None:
        _apply_tone(w, name, looks)
    size = w.property("textsize")
    if size is not None:
        _apply_size(w, size, looks)
    template = w.property("paletteSheet")
    if template:
        if size is None and isinstance(w, QLabel | QAbstractButton):
            # its own style sheet pinned the type it was first drawn in: the window's again
            w.setStyleSheet("")
            w.setFont(QApplication.font())
        w.setStyleSheet(fill(template, looks))


def _apply_tone(w: QWidget, name: str, looks: Looks) -> None:
    pal = w.palette()
    R = QPalette.ColorRole
    for role, default in ((R.WindowText, "window.text"), (R.Text, "text"), (R.ButtonText, "button.text")):
        pal.setColor(role, palette.colour(name or default, looks.scheme))
    w.setPalette(pal)


def _apply_size(w: QWidget, size: str, looks: Looks) -> None:
    font = QFont(w.font())
    font.setPointSizeF(looks.points(size or "body"))
    if size in WEIGHTS:
        font.setWeight(QFont.Weight(WEIGHTS[size]))
    w.setFont(font)


def tone(w: QWidget, name: str | None) -> QWidget:
    """Colour a widget's text with a palette tone (None: the usual text colour again)."""
    if name is not None and name not in TONES:
        raise ValueError(f"unknown tone {name!r}")
    w.setProperty("tone", name or "")
    _apply_tone(w, name or "", LOOKS)
    return w


def text_size(w: QWidget, name: str | None) -> QWidget:
    """Size a widget's text on the window's one text scale (None: body text again)."""
    if name is not None and name not in TABLE_SIZES:
        raise ValueError(f"unknown text size {name!r}")
    w.setProperty("textsize", name or "")
    _apply_size(w, name or "", LOOKS)
    return w


def bold(w: QWidget) -> QWidget:
    """Bold words in the window's type: only the weight is the widget's own, so its size and
    colours follow the text size and the colour set (a ``font-weight`` style sheet pins both)."""
    font = QFont()
    font.setWeight(QFont.Weight.DemiBold)
    w.setFont(font)
    return w


def panel(w: QWidget, name: str) -> QWidget:
    """Give a frame (or a label) a panel's background, border and text colour together; the
    labels inside take the panel's text colour, or their own tone."""
    if name not in PANELS:
        raise ValueError(f"unknown panel {name!r}")
    w.setProperty("panel", name)
    tones = " ".join(f'QLabel[tone="{t}"] {{ color: {{{t}}}; }}' for t in TONES)
    return sheet(w, f'*[panel="{name}"] {{ background: {{{name}}}; border: 1px solid {{{name}.border}}; '
                    f'border-radius: 6px; }} QLabel {{ color: {{{name}.text}}; }} {tones} '
                    'QLabel[panel] { border-radius: 4px; padding: 4px; }')


def choice(w: QWidget) -> QWidget:
    """A checkable button that shows its checked state in the palette's chosen colours."""
    return sheet(w, "QPushButton:checked { background: {chosen}; color: {chosen.text}; "
                    "border: 1px solid {chosen.border}; }")


#: The application's one Looks (the main window sets it up from the settings).
LOOKS = Looks()
