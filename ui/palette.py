"""Every colour the window uses, in a light and a dark set.

A screen never writes a colour literal: it asks ``colour(name)`` (a QColor, read when it paints)
or ``rgb(name)`` (its "#rrggbb", for rich text), and marks a widget with a tone or a panel (``ui/looks.py``) that
the application's style sheet colours. A background always comes with its foreground, and every
text colour is paired in ``TEXT_PAIRS`` with the backgrounds it is read on; ``contrast`` of each
pair is at least 4.5 (WCAG AA) in both sets (tests/ui/test_looks.py).
"""

from __future__ import annotations

from PySide6.QtGui import QColor

SCHEMES = ("light", "dark")

#: The window's own colours (they become the application's QPalette) and its panels.
_UI = {
    #                    light      dark
    "window":          ("#f4f2ec", "#1f2023"),
    "window.text":     ("#1d1b16", "#e9e6e0"),
    "base":            ("#ffffff", "#17181b"),
    "base.alt":        ("#f0ede4", "#25272b"),
    "text":            ("#1d1b16", "#e9e6e0"),
    "button":          ("#e8e5dc", "#2e3035"),
    "button.text":     ("#1d1b16", "#e9e6e0"),
    "highlight":       ("#1f5fa8", "#3d74c4"),
    "highlight.text":  ("#ffffff", "#ffffff"),
    "link":            ("#1a56a0", "#8ab4f8"),
    "muted":           ("#5a5548", "#b3ada1"),
    "disabled":        ("#7a7568", "#85817a"),
    "tooltip":         ("#fffbe6", "#34363b"),
    "tooltip.text":    ("#1d1b16", "#e9e6e0"),
    "border":          ("#c8c2b2", "#4a4c52"),
    # an unchecked check box's or radio button's edge: 3:1 on the window, base and panels (WCAG
    # non-text contrast), so an empty box is seen as a box
    "indicator.border": ("#7a7464", "#8a8d95"),
    # phase bar: whose turn and what is owed
    "panel":           ("#f3efe4", "#2b2924"),
    "panel.border":    ("#cdbf9f", "#5e553f"),
    "panel.text":      ("#1d1b16", "#f1ece1"),
    # the resume box, a question waiting for the player
    "info":            ("#e8f0fd", "#1c2a40"),
    "info.border":     ("#9bb8e0", "#40608f"),
    "info.text":       ("#14213d", "#e3ecfb"),
    # a draw or a pause the table must attend to
    "notice":          ("#fff4d6", "#3a3012"),
    "notice.border":   ("#d9a520", "#a47f22"),
    "notice.text":     ("#3d2e00", "#fbecc2"),
    # a finished step's summary
    "good":            ("#e7f4e7", "#1b3321"),
    "good.border":     ("#97c597", "#3f7a4a"),
    "good.text":       ("#12361a", "#dcf2df"),
    # a flagged input
    "bad":             ("#fdecea", "#3d1f1f"),
    "bad.border":      ("#e0a19b", "#8a4a45"),
    "bad.text":        ("#5c1111", "#fbe0dd"),
    # text tones on the window, the base and the panels
    "danger":          ("#a11b1b", "#ff938a"),
    "success":         ("#1e6b2a", "#86d39a"),
    "warning":         ("#7a4a00", "#f0bb62"),
    "accent":          ("#1f4fa3", "#8ab4f8"),
    # the phase chips: the current phase is a dark (light) chip, the others quiet text
    "chip":            ("#2b2418", "#ece4d0"),
    "chip.text":       ("#ffffff", "#1d1b16"),
    "chip.idle":       ("#6b604c", "#a9a08c"),
    # a toggled choice (a card picked, a ball chosen)
    "chosen":          ("#ffe08a", "#4f3d06"),
    "chosen.border":   ("#b07d00", "#e0b84a"),
    "chosen.text":     ("#1d1b16", "#fff5d6"),
}

#: The games' own colours: boards, pieces, cards, charts.
_GAME = {
    # sides and players as text on the window
    "side.postmen":    ("#1f4fa3", "#8ab4f8"),
    "side.holnists":   ("#7a1c1c", "#f28b82"),
    "card.red":        ("#b3261e", "#ff8a80"),
    "card.black":      ("#222222", "#e9e6e0"),
    # a board on paper: the paper, its roads and its names
    "map.paper":       ("#efe8d6", "#2a2722"),
    "map.road":        ("#9c8760", "#8d7b5a"),
    "map.ink":         ("#231d12", "#efe6d2"),
    "map.halo":        ("#efe8d6", "#2a2722"),
    "map.town":        ("#fffaf0", "#4a4436"),
    "map.town.border": ("#3b3325", "#cbbf9f"),
    "map.post":        ("#cfe0ff", "#2f4e86"),
    "map.camp":        ("#f4c7c3", "#7a3a34"),
    "map.selected":    ("#f2b705", "#f2c94c"),
    "map.counter":     ("#d9d2c0", "#5a5446"),
    "map.counter.text": ("#222222", "#f1ece1"),
    "map.outline":     ("#111111", "#0b0b0b"),
    "map.leader":      ("#ffd54a", "#ffd54a"),
    "piece.postmen":   ("#1f4fa3", "#1f4fa3"),
    "piece.holnists":  ("#7a1c1c", "#8a2424"),
    "piece.text":      ("#ffffff", "#ffffff"),
    # a card drawn as the card in the box: the same face in both sets
    "card.face":       ("#fbfaf5", "#fbfaf5"),
    "card.face.red":   ("#fdecea", "#fdecea"),
    "card.edge":       ("#5d5d5d", "#9a9a9a"),
    "card.edge.red":   ("#8a1c1c", "#ff938a"),
    "card.ink":        ("#222222", "#222222"),
    "card.ink.red":    ("#c62828", "#c62828"),
    "card.idle":       ("#eeeeee", "#34363b"),
    "card.idle.text":  ("#666666", "#b0b0b0"),
    # a hand behind its privacy screen
    "cover":           ("#34495e", "#34495e"),
    "cover.text":      ("#ffffff", "#ffffff"),
    # players' colours as text on the window (their pieces keep PLAYER_COLOURS)
    "player.red":      ("#b3261e", "#ff8a80"),
    "player.yellow":   ("#7a5c00", "#f2c94c"),
    "player.blue":     ("#1d4ed8", "#8ab4f8"),
    "player.green":    ("#1e6b2a", "#86d39a"),
    "map.route":       ("#2b2418", "#efe6d2"),
    "mark.reach":      ("#2e9d4a", "#5cc878"),
    "mark.target":     ("#8e24aa", "#ce7ee0"),
    "mark.retreat":    ("#d98a00", "#f0a830"),
    "mark.battle":     ("#c62828", "#ff6b60"),
    "mark.flag":       ("#9e9e9e", "#a8a8a8"),
    "terrain.forest":  ("#2e7d32", "#6cc070"),
    "terrain.water":   ("#1f6fb5", "#6aaee8"),
    "terrain.mountains": ("#7b5a3a", "#c8a07a"),
    # the Ab die Post! track and board
    "board.paper":     ("#fbfaf5", "#26241f"),
    "track.free":      ("#efe9da", "#3a362e"),
    "track.zone":      ("#e2d9c2", "#4a4538"),
    "track.past":      ("#f7e3b5", "#5a4a22"),
    "track.reach":     ("#ffe08a", "#5e4a10"),
    "track.taken":     ("#f4c7c3", "#6a3430"),
    "track.edge":      ("#b8ad92", "#6e6656"),
    "track.line":      ("#c9bfa5", "#5e5749"),
    "track.ink":       ("#333333", "#ece6d8"),
    "track.note":      ("#8a5a00", "#f0bb62"),
    "track.river":     ("#5b9bd5", "#5b9bd5"),
    "track.river.text": ("#33628f", "#8ab4f8"),
    "track.stop":      ("#6d4c41", "#d7b8a8"),
    "track.stop.fill": ("#ffffff", "#2e2a25"),
    "track.stop.taken": ("#d7ccc8", "#5a4a44"),
    "track.path":      ("#8a7f66", "#9a907a"),
    "track.path.reach": ("#b07d00", "#e0b84a"),
    "track.path.blocked": ("#8a1c1c", "#ff6b60"),
    "track.current":   ("#1b1b1b", "#f4f2ec"),
    "track.passenger": ("#4a3b00", "#f5dc7a"),
    "piece.edge":      ("#222222", "#0b0b0b"),
    "indicator.rim":   ("#6d6d6d", "#9a9a9a"),
    "indicator.face":  ("#e9e6dc", "#3a3a3a"),
    "ball.edge":       ("#555555", "#bbbbbb"),
    # Thurn and Taxis' board
    "tt.paper":        ("#f4efe1", "#2a2722"),
    "tt.road":         ("#8d7b5a", "#8d7b5a"),
    "tt.city.border":  ("#3b3325", "#1a1a1a"),
    "tt.ink":          ("#2b2418", "#efe6d2"),
    "tt.piece.edge":   ("#1a1a1a", "#0b0b0b"),
    "tt.no.card":      ("#cccccc", "#5a5a5a"),
    # the odds bar and the roll chart
    "odds.win":        ("#2e7d32", "#2e7d32"),
    "odds.retreat":    ("#c9a227", "#c9a227"),
    "odds.surrender":  ("#d9822b", "#d9822b"),
    "odds.lose":       ("#b3261e", "#c62828"),
    "odds.none":       ("#9e9e9e", "#9e9e9e"),
    "odds.text":       ("#ffffff", "#ffffff"),
    "odds.text.dark":  ("#1d1b16", "#1d1b16"),
    "odds.edge":       ("#888888", "#777777"),
    "chart.count":     ("#3b7dd8", "#6aa3f0"),
    # the courier statuses as text on the base
    "status.delivered": ("#27702d", "#86d39a"),
    "status.lost":     ("#8a1c1c", "#ff938a"),
    "status.captured": ("#8a1c1c", "#ff938a"),
    "status.searching": ("#8a5200", "#f0bb62"),
    "status.located":  ("#1f5fa8", "#8ab4f8"),
}

#: Pieces keep their colour in both sets: they stand for the plastic on the table.
PLANE_COLOURS = ("#c62828", "#1565c0", "#2e7d32", "#f9a825", "#6a1b9a", "#424242")
PLAYER_COLOURS = {"red": "#d62828", "yellow": "#e0a800", "blue": "#1d4ed8", "green": "#2a9d3f"}
BALL_COLOURS = {"green": "#2e9d44", "blue": "#1e63c6", "red": "#d0312d", "yellow": "#f2c318",
                "black": "#1b1b1b"}

#: Text colours and the backgrounds each is read on (checked >= 4.5:1 in both sets).
TEXT_PAIRS = (
    ("window.text", "window"), ("text", "base"), ("text", "base.alt"), ("button.text", "button"),
    ("highlight.text", "highlight"), ("link", "base"), ("link", "window"),
    ("muted", "window"), ("muted", "base"), ("muted", "panel"), ("tooltip.text", "tooltip"),
    ("panel.text", "panel"), ("info.text", "info"), ("notice.text", "notice"),
    ("good.text", "good"), ("bad.text", "bad"), ("chip.text", "chip"), ("chip.idle", "panel"),
    ("chosen.text", "chosen"), ("card.red", "chosen"),
    *((tone, bg) for tone in ("danger", "success", "warning", "accent", "side.postmen",
                              "side.holnists", "card.red", "card.black")
      for bg in ("window", "base", "panel", "base.alt")),
    *((s, bg) for s in ("status.delivered", "status.lost", "status.captured",
                        "status.searching", "status.located") for bg in ("base", "base.alt")),
    ("map.ink", "map.halo"), ("map.ink", "map.paper"), ("map.counter.text", "map.counter"),
    ("track.ink", "track.free"), ("track.ink", "track.zone"), ("track.ink", "track.reach"),
    ("track.note", "window"), ("track.passenger", "track.reach"), ("track.ink", "board.paper"),
    ("danger", "board.paper"), ("track.river.text", "board.paper"), ("track.river.text", "map.paper"), ("tt.ink", "tt.paper"),
    ("odds.text", "odds.win"), ("odds.text", "odds.lose"), ("odds.text.dark", "odds.retreat"),
    ("odds.text.dark", "odds.surrender"), ("odds.text.dark", "odds.none"),
    ("piece.text", "piece.postmen"), ("piece.text", "piece.holnists"),
    ("card.ink", "card.face"), ("card.ink.red", "card.face.red"), ("card.idle.text", "card.idle"),
    ("cover.text", "cover"), ("card.ink.red", "card.face"),
    *((f"player.{p}", bg) for p in ("red", "yellow", "blue", "green") for bg in ("window", "base")),
)

_ALL = {**_UI, **_GAME}
_scheme = "light"


def set_scheme(scheme: str) -> None:
    global _scheme
    if scheme not in SCHEMES:
        raise ValueError(f"colour scheme must be one of {', '.join(SCHEMES)}, not {scheme!r}")
    _scheme = scheme


def scheme() -> str:
    return _scheme


def rgb(name: str, scheme: str | None = None) -> str:
    light, dark = _ALL[name]
    return dark if (scheme or _scheme) == "dark" else light


def colour(name: str, scheme: str | None = None) -> QColor:
    return QColor(rgb(name, scheme))


def names() -> list[str]:
    return list(_ALL)


def luminance(code: str) -> float:
    """Relative luminance of an sRGB colour (WCAG 2.x)."""
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    c = QColor(code)
    return 0.2126 * channel(c.red()) + 0.7152 * channel(c.green()) + 0.0722 * channel(c.blue())


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)
