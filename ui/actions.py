"""Menus and shortcuts, built from one table so the main window stays layout and wiring."""

from __future__ import annotations

import sys

from PySide6.QtGui import QAction, QActionGroup, QKeySequence

from companion.games import GAMES

from .game_screens import SCREENS

K = QKeySequence.StandardKey
COLOURS = (("system", "Follow the &system"), ("light", "&Light"), ("dark", "&Dark"))
TEXT_SIZES = (("normal", "&Normal"), ("large", "&Large"), ("larger", "La&rger"))
#: Keys with no menu entry of their own, for the shortcut list.
TABLE_KEYS = (("Space", "Do the step owed next (the phase bar's button)"),
              ("R", "Roll the dice that are due"),
              ("0\u20139", "Type what the table's dice show (Enter uses them)"))


def build_menus(win) -> tuple[dict[str, QAction], list]:
    """The menus, and the shortcuts to bind once the window is on screen: turning a shortcut into
    a QKeySequence makes PySide6 build every Qt.* enum (about 25 ms), too slow for the first frame."""
    acts: dict[str, QAction] = {}
    shortcuts: list = []
    bar = win.menuBar()

    def add(menu, key, text, slot, *keys, tip=None, group=None):
        a = QAction(text, win)
        a.setData(text.replace("&", ""))  # the plain name, for the shortcut list
        if keys:
            shortcuts.append((a, keys))
        if tip:
            a.setStatusTip(tip)
        if group is not None:
            a.setCheckable(True)
            group.addAction(a)
        a.triggered.connect(slot)
        if menu is not None:
            menu.addAction(a)
        else:
            win.addAction(a)  # a key of the table with no menu entry
        acts[key] = a
        return a

    file = bar.addMenu("&File")
    new = file.addMenu("&New game")
    for info in GAMES.values():
        playable = info.id in SCREENS
        a = add(new, f"new:{info.id}", info.title if playable else f"{info.title} (coming)",
                lambda _=False, g=info.id: win.new_game(g))
        a.setEnabled(playable)
    add(file, "open", "&Open record\u2026", win.open_dialog, K.Open)
    add(file, "save", "&Save", win.save, K.Save, tip="Save the game record to a file of your own")
    add(file, "save_as", "Save &As\u2026", win.save_as_dialog, K.SaveAs)
    add(file, "export", "&Export log (Markdown)\u2026", win.export_dialog, "Ctrl+E")
    file.addSeparator()
    add(file, "close", "&Close game", win.close_game, K.Close)
    add(file, "quit", "&Quit", win.close, K.Quit)

    edit = bar.addMenu("&Edit")
    redo_keys = (K.Redo,) if sys.platform == "darwin" else (K.Redo, "Ctrl+Y", "Ctrl+Shift+Z")
    add(edit, "undo", "&Undo", win.undo, K.Undo)
    add(edit, "redo", "&Redo", win.redo, *redo_keys)

    view = bar.addMenu("&View")
    acts["view_menu"] = view.menuAction()
    colours = view.addMenu("&Colours")
    group = QActionGroup(win)
    for choice, text in COLOURS:
        add(colours, f"colours:{choice}", text, lambda _=False, c=choice: win.set_colours(c), group=group)
    sizes = view.addMenu("&Text size")
    group = QActionGroup(win)
    for size, text in TEXT_SIZES:
        add(sizes, f"text:{size}", text, lambda _=False, s=size: win.set_text_size(s), group=group)
    sizes.addSeparator()
    add(sizes, "text_bigger", "&Bigger text", lambda: win.step_text_size(1), K.ZoomIn, "Ctrl+=")
    add(sizes, "text_smaller", "&Smaller text", lambda: win.step_text_size(-1), K.ZoomOut)
    table = add(view, "table_mode", "Ta&ble mode", win.set_table_mode, K.FullScreen, "F11",
                tip="Full screen, the turn and what is owed in type readable across the table")
    table.setCheckable(True)
    view.addSeparator()

    game = bar.addMenu("&Game")
    add(game, "phones", "&Phones at the table\u2026", win.phones_dialog,
        tip="Each player's own hand and choices on their own phone")

    help_ = bar.addMenu("&Help")
    add(help_, "rules", "&Rule reference", win.show_rules, K.HelpContents)
    add(help_, "keys", "&Keyboard shortcuts", win.show_shortcuts)
    add(help_, "about", "&About Posthorn", win.about)

    def table_keys() -> None:
        """Keys with no menu entry, made with the shortcuts (after the first frame)."""
        add(None, "step", "Step owed next", win.step_owed, "Space")
        add(None, "roll", "Roll", win.roll, "R")
        for d in range(10):
            add(None, f"digit:{d}", f"Type {d}", lambda _=False, d=d: win.type_die(d), str(d))

    shortcuts.append(table_keys)
    return acts, shortcuts


def bind_shortcuts(shortcuts) -> None:
    made = [item for item in shortcuts if callable(item)]
    for make in made:
        shortcuts.remove(make)
        make()  # adds its actions' keys to ``shortcuts``
    for action, keys in shortcuts:
        seqs: list[QKeySequence] = []
        for key in keys:
            for seq in QKeySequence.keyBindings(key) if isinstance(key, K) else [QKeySequence(key)]:
                if not seq.isEmpty() and seq not in seqs:
                    seqs.append(seq)
        action.setShortcuts(seqs)


def shortcut_list(acts: dict[str, QAction]) -> list[tuple[tuple[str, ...], str]]:
    """(the keys, what they do) for Help > Keyboard shortcuts, in menu order: the keys a player
    presses on an ordinary keyboard (a platform's standard key also binds the media keys some
    keyboards have, "Open" or "Zoom In", which read as menu words in a list)."""
    rows = []
    for key, a in acts.items():
        if key.startswith(("digit:", "new:")) or key in ("step", "roll", "view_menu"):
            continue
        keys = tuple(s.toString(QKeySequence.SequenceFormat.NativeText) for s in a.shortcuts() if _typed(s))
        if keys:
            rows.append((keys, a.data()))
    return rows + [((k,), what) for k, what in TABLE_KEYS]


def _typed(seq: QKeySequence) -> bool:
    """A sequence an ordinary keyboard types: none of the special keys past the function keys
    (Qt numbers them from Key_Help on: Help, Back, Open, Save, Zoom In...)."""
    from PySide6.QtCore import Qt

    return seq.count() > 0 and seq[0].key().value < Qt.Key.Key_Help.value
