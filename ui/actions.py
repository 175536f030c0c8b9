"""Menus and shortcuts, built from one table so the main window stays layout and wiring."""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence

from companion.games import GAMES

from .game_screens import SCREENS


def build_menus(win) -> tuple[dict[str, QAction], list]:
    """The menus, and the shortcuts to bind once the window is on screen: turning a shortcut into
    a QKeySequence makes PySide6 build every Qt.* enum (about 25 ms), too slow for the first frame."""
    acts: dict[str, QAction] = {}
    shortcuts: list = []
    bar = win.menuBar()

    def add(menu, key, text, slot, shortcut=None, tip=None):
        a = QAction(text, win)
        if shortcut is not None:
            shortcuts.append((a, shortcut))
        if tip:
            a.setStatusTip(tip)
        a.triggered.connect(slot)
        menu.addAction(a)
        acts[key] = a
        return a

    file = bar.addMenu("&File")
    new = file.addMenu("&New game")
    for info in GAMES.values():
        playable = info.id in SCREENS
        a = add(new, f"new:{info.id}", info.title if playable else f"{info.title} (coming)",
                lambda _=False, g=info.id: win.new_game(g))
        a.setEnabled(playable)
    add(file, "open", "&Open record\u2026", win.open_dialog, QKeySequence.StandardKey.Open)
    add(file, "save_as", "Save &As\u2026", win.save_as_dialog, QKeySequence.StandardKey.SaveAs)
    add(file, "export", "&Export log (Markdown)\u2026", win.export_dialog, "Ctrl+E")
    file.addSeparator()
    add(file, "close", "&Close game", win.close_game, QKeySequence.StandardKey.Close)
    add(file, "quit", "&Quit", win.close, QKeySequence.StandardKey.Quit)

    edit = bar.addMenu("&Edit")
    add(edit, "undo", "&Undo", win.undo, QKeySequence.StandardKey.Undo)
    add(edit, "redo", "&Redo", win.redo, QKeySequence.StandardKey.Redo)

    view = bar.addMenu("&View")
    acts["view_menu"] = view.menuAction()
    large = add(view, "large", "&Large type", win.set_large_type, "Ctrl+L",
                "Bigger text, for reading across the table")
    large.setCheckable(True)

    help_ = bar.addMenu("&Help")
    add(help_, "rules", "&Rule reference", win.show_rules, QKeySequence.StandardKey.HelpContents)
    add(help_, "about", "&About Posthorn", win.about)
    return acts, shortcuts


def bind_shortcuts(shortcuts) -> None:
    for action, key in shortcuts:
        action.setShortcut(key)
