"""The main window: a start page or one game's table, with the log, dice and rules docked.

The rules core, records and packs are imported when first needed, not at start: the first frame
must come as soon after a bare Qt window's as it can (bench/startup.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QEvent, QObject, QTimer
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QMainWindow,
    QMessageBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from companion.core.violations import PosthornError
from companion.core.words import counted

from . import collector, game_screens, settings
from .actions import bind_shortcuts, build_menus
from .looks import LOOKS, TEXT_SCALES
from .widgets.flag_banner import FlagBanner
from .widgets.layout_fence import LayoutFence
from .widgets.notices import CornerLine, NoticeSlot
from .widgets.start_page import StartPage

if TYPE_CHECKING:
    from .table import Table

#: the docks table mode puts away, so the board is as large as fits
TABLE_MODE_HIDES = ("log", "rules")
#: the dice dock's width with its whole tray (a roll owed, or outside table mode)
DICE_WIDTH = 330
QWIDGETSIZE_MAX = (1 << 24) - 1  # Qt's "no greatest size"


class MainWindow(QMainWindow):
    #: ``posthorn --seed N``: new games roll and deal reproducibly; None, the system's randomness
    seed_for_new_games: int | None = None

    def __init__(self, interactive: bool = True):
        """``interactive`` False (--screenshot): no keys to bind and no desktop to follow, only a
        picture to make (each would build every Qt enum, about 20 ms), and no autosave of the
        record it shows (each picture added a game to the player's Saved games)."""
        super().__init__()
        self.interactive = interactive
        self._resized = 0  # the program's own resizes (``resize``)
        #: the size a looks change keeps for a while, the resizes counted then, what to do after
        self._keeping: tuple | None = None
        self._keeps = 0
        self._keep_due = False
        self.setWindowTitle("Posthorn")
        self._place_on_screen()
        self.table: Table | None = None
        self.screen_widget: QWidget | None = None
        self.record_title = ""
        #: asks the player a yes/no question; tests replace it
        self.confirm = self._confirm_dialog
        #: tells the player something went wrong (a dialog; a line on stderr for --screenshot)
        self.warn = lambda title, text: QMessageBox.warning(self, title, text)
        self.ask_setup = game_screens.ask_setup
        #: asks for a line of text (None: cancelled); tests replace it
        self.ask_text = self._ask_text_dialog
        #: puts files in the platform's trash (raises where there is none); tests replace it
        self.trash = _send_to_trash
        #: picks the rule pack of a new game when house-rule copies exist; tests replace it
        self.choose_pack = self._choose_pack_dialog

        #: the file Save writes to, once the player has saved this game to a file of their own
        self.saved_to: Path | None = None
        #: what table mode changes, kept to be put back: full screen, the docks it put away
        #: (and every dock's room), the window's size and the screen they belong to
        self._before_table: tuple = (False, [], None, None, None)
        LOOKS.colours = settings.get("looks/colours")
        LOOKS.text_size = settings.get("looks/text_size")
        LOOKS.table_mode = False
        LOOKS.apply()

        self.start = StartPage()
        self.banner = FlagBanner()
        self.table_area = QWidget()
        self.table_layout = QVBoxLayout(self.table_area)
        self.table_layout.setContentsMargins(6, 6, 6, 6)
        # the banner, the announcement and a screen's summary share one slot of reserved height
        # under the table (the screen and the result screen go above it)
        self.notices = NoticeSlot()
        self.notices.add(self.banner, "body", 2)
        self.table_layout.addWidget(self.notices)
        self.statusBar().messageChanged.connect(self.notices.say_idle)  # the table's status line
        #: the announcement and the result screen, built with the first game (as the docks are)
        self.telling = None
        self.stack = QStackedWidget()
        self.stack.addWidget(self.start)
        # a screen's panels and the notices re-lay out themselves only (ui/widgets/layout_fence.py)
        self.table_fence = LayoutFence(self.table_area)
        self.stack.addWidget(self.table_fence)
        self.setCentralWidget(self.stack)

        # the docks are built with the first game: the start page is all the first frame shows
        self.log = self.dice = self.rules = None
        self.log_dock = self.dice_dock = self.rules_dock = None
        #: whether the dice dock was last given the slim tray's width, and the width it had before
        self._dice_slim_room = False
        self._dice_width = DICE_WIDTH
        #: the dice dock (and the Rules tabbed behind it) put away for a result screen, to come
        #: back with the board (#14)
        self._dice_put_by_result: list = []
        self.toolbar = None
        #: the autosave line in the menu bar's corner, shown in table mode (built with the docks)
        self.saved_line: CornerLine | None = None
        #: the toolbar's Undo and Redo buttons (built with the docks)
        self.step_buttons: dict = {}
        self.actions_, shortcuts = build_menus(self)
        self._sync_looks_actions()
        if interactive:
            self._after_first_frame(lambda: bind_shortcuts(shortcuts))
            self._after_first_frame(self._follow_system_colours)

        self.start.new_game.connect(self.new_game)
        self.start.resume.connect(self.resume)
        self.start.open_record.connect(self.open_dialog)
        self.start.open_saved.connect(self.open_saved)
        self.start.rename_saved.connect(self.rename_saved)
        self.start.delete_saved.connect(self.delete_saved)
        self.banner.override_clicked.connect(self._override)
        self.banner.rule_clicked.connect(self.show_rule)
        self._latest = None
        self._show_start(later=True)

    def _build_docks(self) -> None:
        if self.log_dock is not None:
            return
        from PySide6.QtCore import Qt  # its enums cost ~25 ms: not before the first frame

        # the announcement's accessibility enums, too, are built after the first frame
        from .telling import Telling
        from .widgets.columns import ScrollingColumn
        from .widgets.dice_tray import DiceTray
        from .widgets.game_log import GameLog
        from .widgets.rule_viewer import RuleViewer

        self.telling = Telling(self)

        self.log = GameLog()
        self.dice = DiceTray()
        self.rules = RuleViewer()
        # the log and the tray re-lay out themselves only, as the table does (LayoutFence)
        self.log_dock = self._dock("Game log", LayoutFence(self.log), Qt.DockWidgetArea.BottomDockWidgetArea)
        # the tray scrolls rather than make the window taller than 720 pixels at a large text size
        self.dice_dock = self._dock("Dice", LayoutFence(ScrollingColumn(self.dice)),
                                    Qt.DockWidgetArea.RightDockWidgetArea)
        self.rules_dock = self._dock("Rules", self.rules, Qt.DockWidgetArea.RightDockWidgetArea)
        self.tabifyDockWidget(self.dice_dock, self.rules_dock)
        self.resizeDocks([self.dice_dock], [DICE_WIDTH], Qt.Orientation.Horizontal)
        self._keep_five_log_lines()
        self.resizeDocks([self.log_dock], [self.log.minimumHeight() + 30], Qt.Orientation.Vertical)
        for dock in (self.log_dock, self.dice_dock, self.rules_dock):
            self.actions_["view_menu"].menu().addAction(dock.toggleViewAction())
        self._build_toolbar()
        self.log.rule_requested.connect(self.show_rule)
        self.dice.roll_app.connect(lambda: self.table and self.table.roll_app())
        self.dice.roll_table.connect(lambda v: self.table and self.table.roll_table(v))
        self.dice.problem.connect(self.banner.show_error)
        # the Rules brought back in table mode share the tray's dock area: the tray is whole then
        self.rules_dock.visibilityChanged.connect(lambda _shown: self._fit_dice_dock())
        self.dice.slim_width_changed.connect(self._hold_slim_width)
        # after the telling has shown the board again (its own slot runs first)
        self.telling.result.back.connect(self._dice_for_result)

    def _fit_dice_dock(self) -> None:
        """In table mode (with the Rules put away) the tray gives way while no roll is owed: a
        line, and its room to the board; a roll owed opens it whole. Its width changes only when
        the owed roll comes or goes (or table mode does), so the board re-fits then and never
        under the pointer otherwise (#14: nothing jumps)."""
        if self.dice is None:
            return
        from PySide6.QtCore import Qt

        # a screen says whether its board takes the room (``slim_dice``): the Courier Desk's
        # tables are laid out for the whole tray's width (tests/ui/test_table_mode_boards.py)
        wants = getattr(self.screen_widget, "slim_dice", False)
        self.dice.set_slim(wants and LOOKS.table_mode and not self.rules_dock.toggleViewAction().isChecked())
        slim = self.dice.is_slim()
        if slim == self._dice_slim_room or not self.dice_dock.isVisible():
            return
        self._dice_slim_room = slim
        if slim:  # held at the line's width: a later resize of the window gives the board the rest
            self._dice_width = max(self.dice_dock.width(), DICE_WIDTH)
            self._hold_slim_width()
        else:
            self.dice_dock.setMaximumWidth(QWIDGETSIZE_MAX)
            self.resizeDocks([self.dice_dock], [self._dice_width], Qt.Orientation.Horizontal)

    def _hold_slim_width(self) -> None:
        """The dice dock as wide as the slim tray's line (its type may change after)."""
        from PySide6.QtCore import Qt

        if self._dice_slim_room:
            column = self.dice_dock.widget().child  # the ScrollingColumn round the tray
            width = self.dice.slim_width() + column.verticalScrollBar().sizeHint().width() + 4
            self.dice_dock.setMaximumWidth(width)
            self.resizeDocks([self.dice_dock], [width], Qt.Orientation.Horizontal)
            QTimer.singleShot(0, self, self._no_overhang)

    def _no_overhang(self) -> None:
        """The dock area the tray shares with the Rules' tab has a least width of its own (its tab
        bar's, in the window's type): held narrower, the dock hangs over the window's right edge,
        so it is held at that width instead."""
        if self._dice_slim_room and self.dice_dock.width() > self.dice_dock.maximumWidth():
            from PySide6.QtCore import Qt

            self.dice_dock.setMaximumWidth(self.dice_dock.width())
            self.resizeDocks([self.dice_dock], [self.dice_dock.width()], Qt.Orientation.Horizontal)

    def _dice_for_result(self) -> None:
        """A game over owes no roll: its result screen has the dice dock's room, in table mode
        and out of it (#14: at 1280x720 the tray's "No roll owed" stood beside the result and the
        scores scrolled), with the Rules tabbed behind the tray (they would take the room else);
        "Look at the board" (or an undo) brings them back as they were."""
        if self.dice_dock is None or self.telling is None:
            return
        over = self.table is not None and not self.telling.result.isHidden()
        if over and self.dice_dock.toggleViewAction().isChecked():
            behind = [d for d in self.tabifiedDockWidgets(self.dice_dock)
                      if d.toggleViewAction().isChecked() and d.visibleRegion().isEmpty()]
            self._dice_put_by_result = [self.dice_dock, *behind]
            for dock in self._dice_put_by_result:
                dock.hide()
        elif not over and self._dice_put_by_result:
            docks, self._dice_put_by_result = self._dice_put_by_result, []
            for dock in docks:
                if LOOKS.table_mode and dock in self._put_away():  # back when table mode is left
                    self._before_table[1].append(dock)
                else:
                    dock.show()
            self.dice_dock.raise_()
            self._fit_dice_dock()

    def _place_on_screen(self) -> None:
        """Where the window was last time; the first time, as large as fits the screen it is on
        (at most 1280x800), so it is never taller than a 768-pixel screen."""
        saved = settings.get("window/geometry")
        if saved and self.restoreGeometry(QByteArray.fromBase64(saved.encode("ascii"))):
            return
        room = self.screen().availableGeometry()
        self.resize(min(1280, room.width()), min(800, room.height()))
        self.move(room.left() + (room.width() - self.width()) // 2, room.top() + (room.height() - self.height()) // 2)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self._keeping is not None and not self._keep_due:  # grown by a layout: back, soon
            self._keep_due = True
            QTimer.singleShot(0, self, self._keep_size)
        self.notices.window_resized(event.size().height())
        self._size_notice_room()

    def closeEvent(self, event) -> None:
        settings.put("window/geometry", bytes(self.saveGeometry().toBase64()).decode("ascii"))
        super().closeEvent(event)

    def _docks(self) -> tuple:
        return tuple(d for d in (self.log_dock, self.dice_dock, self.rules_dock) if d is not None)

    def _dock(self, title, widget, area) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(title)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    # -- start page -------------------------------------------------------------------------------
    def _show_start(self, later: bool = False) -> None:
        self.stack.setCurrentWidget(self.start)
        self.statusBar().show()
        for dock in self._docks():
            dock.hide()
        if self.toolbar is not None:
            self.toolbar.hide()
        if later:  # reading the autosaves waits until the window is on screen
            self._after_first_frame(self.refresh_resume)
        else:
            self.refresh_resume()
        self._update_actions()

    def _after_first_frame(self, fn) -> None:
        """Run ``fn`` once the window has painted (or after half a second if it is never shown)."""
        if getattr(self, "_first_frame_done", False):
            fn()
            return
        pending = self.__dict__.setdefault("_after_paint", [])
        pending.append(fn)
        if len(pending) > 1:
            return

        def run_pending():
            if self._first_frame_done:
                return
            self._first_frame_done = True
            self.removeEventFilter(watcher)
            for f in self._after_paint:
                f()
            self._after_paint.clear()

        class Painted(QObject):
            def eventFilter(self, obj, event):
                if event.type() == QEvent.Type.Paint:
                    QTimer.singleShot(0, self, run_pending)
                return False

        self._first_frame_done = False
        watcher = Painted(self)
        self.installEventFilter(watcher)
        QTimer.singleShot(500, self, run_pending)  # with the window as its context: never after it

    def refresh_resume(self) -> None:
        from companion.core.storage import autosave_dir

        try:
            empty = not any(autosave_dir().iterdir())
        except OSError:
            empty = False  # let the autosave code say what is wrong with the folder
        if empty:  # nothing saved yet: the rules core (30 ms to load) waits for the first game
            self._latest = None
            self.start.set_resume(None, None)
            self.start.set_saved([])
            return
        from companion.core.autosave import latest
        from companion.core.saved_games import list_saved
        from companion.games import rules_for

        saved, problem = latest()
        self._latest = saved
        self.start.set_resume(saved, problem)
        self.start.set_saved(list_saved(rules_for=rules_for))

    # -- saved games ------------------------------------------------------------------------------
    def open_saved(self, path: str) -> bool:
        return self.open_record(path, continue_file=True)

    def rename_saved(self, path: str) -> bool:
        from companion.core import saved_games

        row = saved_games.row(Path(path))
        if row.problem:
            return False
        title = self.ask_text("Rename the saved game", "Title:", row.title)
        if title is None or not title.strip():
            return False
        try:
            saved_games.rename(Path(path), title)
        except (PosthornError, OSError) as e:
            self.warn("Posthorn", f"Could not rename {path}: {e}")
            return False
        self.refresh_resume()
        return True

    def delete_saved(self, path: str) -> bool:
        """Put a saved game in the platform's trash; where there is none, delete it for good once
        the player has said yes."""
        from companion.core import saved_games

        files = saved_games.files_of(Path(path))
        row = saved_games.row(Path(path))
        name = row.title or Path(path).name
        try:
            self.trash(files)
        except Exception as e:  # no trash here (or it refused): ask before deleting for good
            if not self.confirm("Delete the saved game?", f"\u201c{name}\u201d cannot be put in the trash "
                                f"({e}).\n\nDelete it for good?"):
                return False
            try:
                for f in files:
                    f.unlink()
            except OSError as e2:
                self.warn("Posthorn", f"Could not delete {path}: {e2.strerror or e2}")
                return False
        self.statusBar().showMessage(f"\u201c{name}\u201d is in the trash", 5000)
        self.refresh_resume()
        return True

    def _ask_text_dialog(self, title: str, label: str, text: str) -> str | None:
        from PySide6.QtWidgets import QInputDialog

        value, ok = QInputDialog.getText(self, title, label, text=text)
        return value if ok else None

    # -- opening games ----------------------------------------------------------------------------
    def new_game(self, game_id: str, setup: dict | None = None, seed: int | None = None) -> bool:
        from companion.core.autosave import Autosaver
        from companion.core.session import Session
        from companion.games import packs_for_game

        try:
            packs, problems = packs_for_game(game_id)
        except PosthornError as e:
            self.warn("Posthorn", f"This game cannot start: {e}")
            return False
        pack = packs[0] if len(packs) == 1 and not problems else self.choose_pack(packs, problems)
        if pack is None:
            return False
        if setup is None:
            setup = self.ask_setup(self, game_id, pack)
            if setup is None:
                return False
        seed = self.seed_for_new_games if seed is None else seed
        try:
            session = Session(game_screens.rules(game_id), pack, setup, seed)
        except PosthornError as e:
            self.warn("Posthorn", f"This game cannot start with that setup: {e}")
            return False
        autosaver = Autosaver(session)
        autosaver(session)
        self._open(session, autosaver, "")
        return True

    def open_record(self, path, *, continue_file: bool = False) -> bool:
        """Open a record; its game continues in an autosave, never over the file opened."""
        from companion import games
        from companion.core import autosave
        from companion.core.autosave import Autosaver

        try:
            rec = autosave.read(Path(path))  # an autosave's journal folded in
            session, verdicts = games.restore(rec, str(path))
        except PosthornError as e:
            self.warn("Posthorn: cannot open this record", f"{e}\n\nThe file was left exactly as it was.")
            return False
        if session.pack.hash != rec.pack.get("hash"):
            self.warn("Posthorn", f"This game was played with another version of the rule pack "
                      f"'{rec.pack.get('id')}'. It is replayed with the one installed here, so a "
                      "verdict may differ from the one given at the table.")
        bad = [v for v in verdicts if v.verdict in ("flagged", "refused")]
        if bad:
            one = len(bad) == 1
            self.warn("Posthorn", f"{counted(len(bad), 'input')} of this record {'breaks' if one else 'break'} "
                                  f"a rule without an override or cannot apply, and {'was' if one else 'were'} "
                                  "left out:\n\n"
                                  + "\n".join(v.line() for v in bad[:10]))
            continue_file = False
        autosaver = Autosaver(session, Path(path) if continue_file else None, rec.title, rec.created)
        if not continue_file and self.interactive:
            autosaver(session)
        self._open(session, autosaver, rec.title)
        return True

    def resume(self) -> bool:
        if self._latest is None:
            self.refresh_resume()
        if self._latest is None:
            return False
        return self.open_record(self._latest.path, continue_file=True)

    def _open(self, session, autosaver, title: str) -> None:
        from .table import Table

        self.close_game()
        self._build_docks()
        self.table = Table(session, autosaver, self)
        self.record_title = title
        self.table.changed.connect(self.refresh)
        self.table.flagged.connect(self._flagged)
        self.table.cleared.connect(self.banner.hide)
        self.screen_widget = game_screens.create(session.rules.game_id, self.table)
        # the parts of the state a change touched cost a copy of the state per input: found only
        # for a screen that reads them (``reads_state_parts``)
        session.tell_parts = bool(getattr(self.screen_widget, "reads_state_parts", False))
        self.table_layout.insertWidget(self.table_layout.indexOf(self.notices), self.screen_widget, 1)
        for notice in getattr(self.screen_widget, "notices", ()):  # a screen's summary, say
            self.notices.add(notice)
        self._float_notices()  # over this screen's notice room in table mode
        self.rules.set_pack(session.pack)
        self.stack.setCurrentWidget(self.table_fence)
        self.statusBar().hide()  # the notices slot says its messages under the table
        # a screen may leave out docks it has no use for (a card game needs no dice tray)
        wanted = getattr(self.screen_widget, "docks", ("log", "dice", "rules"))
        self._dice_put_by_result = []
        for name, dock in (("log", self.log_dock), ("dice", self.dice_dock), ("rules", self.rules_dock)):
            dock.setVisible(name in wanted and not (LOOKS.table_mode and name in TABLE_MODE_HIDES))
        self.toolbar.show()
        self.saved_to = None
        if "dice" in wanted:
            self.dice_dock.raise_()
        self.refresh()
        collector.settle()  # the game's objects live until it closes: out of later collections

    def close_game(self) -> None:
        if self.table is None:
            return
        collector.release()
        self.banner.hide()
        self.notices.rest("")  # the next game has saved nothing yet
        if self.telling is not None:
            self.telling.reset()
        if self.screen_widget is not None:
            for notice in getattr(self.screen_widget, "notices", ()):
                self.notices.remove(notice)
                notice.setParent(self.screen_widget)  # deleted with its screen
            screen, self.screen_widget = self.screen_widget, None
            self._float_notices()  # out of the screen's notice room: the slot outlives the screen
            self.screen_widget = screen
            self.screen_widget.setParent(None)
            self.screen_widget.deleteLater()
        self.screen_widget = None
        if self.table.autosaver is not None:  # the journal folded into the record
            self.table.autosaver.close(self.table.session)
        self.table.deleteLater()
        self.table = None
        if self.rules is not None:
            self.rules.set_pack(None)
        self._show_start()

    # -- redraw -----------------------------------------------------------------------------------
    def refresh(self, change=None) -> None:
        """Redraw after ``change`` (a session Change record; None redraws everything)."""
        t = self.table
        if t is None:
            return
        s = t.session
        self.log.set_journal(s.journal)
        if change is None or change.touches("roll"):
            request = s.pending_roll()
            self.dice.set_request(request, s.entries)
            self._fit_dice_dock()
            if request is not None and self.dice_dock.isVisible():
                self.dice_dock.raise_()
            last = s.entries[-1] if s.entries else None
            if last and last.input.kind == "roll":
                self.dice.show_values(last.input.args.get("values", []))
        # the announcement and the notices first: the screen lays the window out before the
        # first paint (PostmanTable._lay_out_now), and a line set after it was laid out and
        # painted a second time (#12)
        if self.telling is not None:
            self.telling.after(change)
            self._dice_for_result()
        title = self.record_title or s.rules.title
        self.setWindowTitle(f"{title} \u2014 Posthorn")
        if t.autosaver and t.autosaver.error:
            self.notices.rest(t.autosaver.error)
            self.statusBar().showMessage(t.autosaver.error)
        elif t.autosaver:
            self.notices.rest(f"Saved automatically after input {len(s.entries)}")
            self.statusBar().showMessage(f"Saved automatically after input {len(s.entries)}", 4000)
        self._update_actions()
        if self.screen_widget is not None:
            self.screen_widget.refresh(change)

    def _update_actions(self) -> None:
        s = self.table.session if self.table else None
        undo, redo = self.actions_["undo"], self.actions_["redo"]
        undo.setEnabled(bool(s and s.can_undo))
        redo.setEnabled(bool(s and s.can_redo))
        undo.setText(f"&Undo {_short(s.undo_name)}" if s and s.can_undo else "&Undo")
        redo.setText(f"&Redo {_short(s.redo_name)}" if s and s.can_redo else "&Redo")
        # the toolbar's buttons say the word, the step in their tip: a button given new words
        # would lay out the menu bar and then the whole window again, every input
        steps = {"undo": s.undo_name if s else None, "redo": s.redo_name if s else None}
        for key, button in self.step_buttons.items():
            action = self.actions_[key]
            tip = f"{key.title()} {steps[key]}" if steps[key] and action.isEnabled() else key.title()
            if button.toolTip() != tip:
                button.setToolTip(tip)
            if button.isEnabled() != action.isEnabled():
                button.setEnabled(action.isEnabled())
        for key in ("save", "save_as", "export", "close"):
            self.actions_[key].setEnabled(s is not None)

    # -- flags and rules ----------------------------------------------------------------------------
    def _flagged(self, inp, violations, message) -> None:
        if violations:
            titles = {v.rule: (r.title if (r := self.table.rule_text(v.rule)) else v.rule) for v in violations}
            self.banner.show_violations(violations, titles)
        else:
            self.banner.show_error(message)

    def _override(self) -> None:
        if self.table is not None:
            self.table.override_last()

    def show_rule(self, rule_id: str) -> None:
        self._build_docks()
        self.rules_dock.show()
        self.rules_dock.raise_()
        self.rules.show_rule(rule_id)

    def phones_dialog(self) -> None:
        from .phones_dialog import open_for

        open_for(self)

    def show_rules(self) -> None:
        self._build_docks()
        self.rules_dock.show()
        self.rules_dock.raise_()

    # -- edit -------------------------------------------------------------------------------------
    def undo(self) -> None:
        t = self.table
        if t is None or not t.session.can_undo:
            return
        what = "roll" if t.session.entries[-1].input.kind == "roll" else "draw"
        if t.session.undo_crosses_chance and not self.confirm(
                f"Undo a {what}?",
                f"Undo \u201c{t.session.undo_name}\u201d?\n\nThe {what} stays in the log, marked as undone, "
                f"and the next {what} will be a new one."):
            return
        t.undo()

    def redo(self) -> None:
        if self.table is not None:
            self.table.redo()

    def _choose_pack_dialog(self, packs, problems):
        from PySide6.QtWidgets import QInputDialog

        names = [f"{p.title} ({p.id}{', bundled' if p.bundled else ''})" for p in packs]
        note = "".join(f"\n\nNot usable: {e}" for e in problems[:3])
        name, ok = QInputDialog.getItem(self, "Rule pack", "Play with which rules?" + note, names, 0, False)
        return packs[names.index(name)] if ok else None

    def _confirm_dialog(self, title: str, text: str) -> bool:
        return QMessageBox.question(self, title, text) == QMessageBox.StandardButton.Yes

    # -- files ------------------------------------------------------------------------------------
    def open_dialog(self) -> None:
        from companion.core.storage import autosave_dir

        path, _ = QFileDialog.getOpenFileName(self, "Open a game record", str(autosave_dir()),
                                              "Posthorn records (*.json);;All files (*)")
        if path:
            self.open_record(path)

    def save_as(self, path) -> bool:
        if self.table is None:
            return False
        from companion.core import records

        try:
            records.save(self.table.session, Path(path), self.record_title, self.table.autosaver.created)
        except OSError as e:
            self.warn("Posthorn", f"Could not save to {path}: {e.strerror or e}")
            return False
        self.saved_to = Path(path)
        self.statusBar().showMessage(f"Saved to {path}", 5000)
        return True

    def save(self) -> None:
        """Save to the file this game was last saved to; the first time, ask where."""
        if self.table is None:
            return
        if self.saved_to is not None:
            self.save_as(self.saved_to)
        else:
            self.save_as_dialog()

    def save_as_dialog(self) -> None:
        if self.table is None:
            return
        path, _ = QFileDialog.getSaveFileName(self, "Save the game record", "game.json",
                                              "Posthorn records (*.json)")
        if path:
            self.save_as(path)

    def export_log(self, path) -> bool:
        if self.table is None:
            return False
        from companion.core.export import log_markdown
        from companion.core.storage import atomic_write

        try:
            session = self.table.session
            atomic_write(Path(path), log_markdown(session, self.record_title, game_screens.final_report(session)))
        except OSError as e:
            self.warn("Posthorn", f"Could not write {path}: {e.strerror or e}")
            return False
        return True

    def export_dialog(self) -> None:
        if self.table is None:
            return
        path, _ = QFileDialog.getSaveFileName(self, "Export the game log", "game-log.md", "Markdown (*.md)")
        if path:
            self.export_log(path)

    # -- view and help ----------------------------------------------------------------------------
    def _build_toolbar(self) -> None:
        """Undo and Redo on screen (the same actions as the Edit menu, so they read the same), at
        the menu bar's end: a row of their own would take the board's height at 720 pixels."""
        from PySide6.QtCore import Qt
        from PySide6.QtWidgets import QToolBar, QToolButton

        self.toolbar = QToolBar("Undo and redo")
        self.menuBar().setCornerWidget(self.toolbar, Qt.Corner.TopRightCorner)
        self.toolbar.setObjectName("undoRedo")
        self.toolbar.setMovable(False)
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        # in table mode the autosave line is said here: its slot under the table is the board's
        self.saved_line = CornerLine()
        self._saved_line_action = self.toolbar.addWidget(self.saved_line)
        self._saved_line_action.setVisible(self.notices.floating)
        self.notices.say_in(self.saved_line)
        for key, word in (("undo", "Undo"), ("redo", "Redo")):
            # a button of its own, not the Edit menu's action: the action's words change every
            # input, and an action's button is laid out again whenever its action changes
            button = QToolButton()
            button.setObjectName(f"{key}Button")
            button.setText(word)
            button.setAutoRaise(True)
            button.clicked.connect(self.actions_[key].trigger)
            self.toolbar.addWidget(button)
            self.step_buttons[key] = button
        self.toolbar.addSeparator()
        self.toolbar.addAction(self.actions_["table_mode"])

    def set_colours(self, choice: str, remember: bool = True) -> None:
        LOOKS.colours = choice
        if remember:
            settings.put("looks/colours", choice)
        self._looks_changed(sized=False)

    def set_text_size(self, size: str, remember: bool = True) -> None:
        LOOKS.text_size = size
        if remember:
            settings.put("looks/text_size", size)
        self._looks_changed()

    def step_text_size(self, step: int) -> None:
        sizes = list(TEXT_SCALES)
        i = min(max(sizes.index(LOOKS.text_size) + step, 0), len(sizes) - 1)
        if sizes[i] != LOOKS.text_size:
            self.set_text_size(sizes[i])

    def set_table_mode(self, on: bool, full_screen: bool = True) -> None:
        """Table mode: the whole screen, the phase bar in type readable from two metres, the log and
        the rules put away until asked for (View brings them back). Left again, the window has the
        size and the docks the room they had before."""
        on = bool(on)
        if on != LOOKS.table_mode:
            LOOKS.table_mode = on
            if on:
                self._before_table = (self.isFullScreen(), [d for d in self._put_away() if d.isVisible()],
                                      self.size(), self.saveState(), self.screen_widget)
                for dock in self._put_away():
                    dock.hide()
                if full_screen:
                    self.showFullScreen()
                self._looks_changed()
                self._fit_dice_dock()
            else:
                was_full, shown, size, docks, screen = self._before_table
                if full_screen and not was_full:
                    self.showNormal()
                for dock in shown if self.table is not None else ():
                    dock.show()
                self._fit_dice_dock()  # the whole tray again, before the docks get their room back
                # the same game: its docks as large as they were, once the window has its size
                # again (their room is shared within it)
                same = self.table is not None and screen is self.screen_widget
                self._looks_changed(keep=size if not was_full else None,
                                    then=(lambda: self._docks_room_again(docks)) if same else None)
        self.actions_["table_mode"].setChecked(on)

    def _docks_room_again(self, docks) -> None:
        """The docks' room as before table mode; the dice dock stays as it is now (put away for a
        result screen come since, or back with the board since: ``_dice_for_result``)."""
        dice = self.dice_dock.toggleViewAction().isChecked()
        self.restoreState(docks)
        for dock in self._dice_put_by_result:
            dock.hide()
        if not self._dice_put_by_result and self.dice_dock.toggleViewAction().isChecked() != dice:
            self.dice_dock.setVisible(dice)

    def _put_away(self) -> list:
        """The docks table mode hides, to give the board the room (View brings either back)."""
        return [d for d in (self.log_dock, self.rules_dock) if d is not None]

    def _keep_five_log_lines(self) -> None:
        """The log keeps five lines of its type however the board pushes (newest at the bottom),
        the board the rest; at every text size."""
        if self.log is not None:
            self.log.keep_rows(5)

    def _looks_changed(self, keep=None, sized: bool = True, then=None) -> None:
        """Colours, text size or table mode changed. After a text size or table mode (``sized``)
        the window keeps the size it had (``keep``: the size to go back to): a larger type asks
        the layouts for more for a moment, and a window that grew then would never shrink back,
        past the screen's room. Colours change no size. ``then`` runs once it has its size."""
        if sized and keep is None and not (self.isFullScreen() or self.isMaximized()):
            keep = self.size()
        LOOKS.apply()
        self._float_notices()
        self.notices.reserve()  # table mode changes the named sizes, not the body's: no FontChange
        self._size_notice_room()
        self._keep_five_log_lines()
        self._sync_looks_actions()
        if self.screen_widget is not None:
            self.screen_widget.refresh()  # boards drawn in the palette's colours redraw in the new ones
        if keep is not None:
            self._keep_for_a_while(keep, then)
        elif then is not None:
            then()

    #: how long after a looks change the window's size is kept: the layouts' passes (the maps
    #: fitting, the tables sharing their width) come within it, a player's drag after it
    KEEP_MS = 500

    def _keep_for_a_while(self, size, then=None) -> None:
        """Give the window ``size`` again whenever a layout grows it (a top-level layout grows its
        window to a least size it asks for a moment), for KEEP_MS or until the program resizes it."""
        self._keeping = (size, self._resized, then)
        self._keeps += 1
        keeps = self._keeps
        QTimer.singleShot(0, self, self._keep_size)
        QTimer.singleShot(self.KEEP_MS, self, lambda: self._keeps == keeps and self._stop_keeping())

    def _stop_keeping(self) -> None:
        self._keeping = None

    def resize(self, *size) -> None:  # type: ignore[override]
        """Resized by the program (a picture's size, a test, the first placing): counted, so the
        size a looks change keeps never undoes it."""
        self._resized += 1
        super().resize(*size)

    def _keep_size(self) -> None:
        self._keep_due = False
        if self._keeping is None:
            return
        size, asked, then = self._keeping
        if self._resized != asked:  # the program gave it another size since: that one stays
            self._keeping = None
            return
        if not (self.isFullScreen() or self.isMaximized()) and self.size() != size:
            # the fence round the table passes on only a least size that grew: the window's
            # layout counts its least size again, now that the type may be smaller
            from PySide6.QtCore import QCoreApplication

            self.table_fence.updateGeometry()
            for _ in range(3):  # the stack's layout, then the window's
                QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
            self.resize(size)
            if self.size() != size and not self._keep_due:  # the table's words still step down
                self._keep_due = True
                QTimer.singleShot(30, self, self._keep_size)
        self._keeping = (size, self._resized, None)
        if then is not None:
            then()

    def _float_notices(self) -> None:
        """In table mode the notices float over the table's bottom edge: the board takes the rows
        their slot kept, the autosave line goes to the menu bar's corner (ui/widgets/notices.py).
        A screen with a ``notice_room`` (the Postman's, under its side tabs) has them float over
        that room's column instead, on the room, so they never cover its board (#14)."""
        on = LOOKS.table_mode
        over = self._notices_over()
        if on == self.notices.floating and self.notices.parentWidget() is over:
            self._size_notice_room()
            return
        if self.notices.floating:
            self.notices.set_floating(False)  # its watch on the widget it floated over ends
        else:
            self.table_layout.removeWidget(self.notices)
        if self.notices.parentWidget() is not over:
            self.notices.setParent(over)
            self.notices.show()
        if on:
            self.notices.set_floating(True)
        else:
            self.table_layout.addWidget(self.notices)
        self._size_notice_room()
        if self.saved_line is not None and self._saved_line_action.isVisible() != on:
            from PySide6.QtCore import Qt

            self._saved_line_action.setVisible(on)
            self.toolbar.adjustSize()  # the menu bar gives its corner room once, when it is set
            self.menuBar().setCornerWidget(self.toolbar, Qt.Corner.TopRightCorner)

    def _notices_over(self) -> QWidget:
        """What the notices float over in table mode (or stand in, out of it)."""
        room = getattr(self.screen_widget, "notice_room", None) if LOOKS.table_mode else None
        # the room's column, not the room: a risen announcement covers the side's page above it
        return room.parentWidget() if room is not None else self.table_area

    def _size_notice_room(self) -> None:
        """The screen's notice room as tall as the slot's reserved height while they float in it,
        else none: kept whether a notice shows or not, so nothing moves when one comes (#14);
        the side's page over it scrolls (a battle's Resolve button at 1280x720 larger)."""
        room = getattr(self.screen_widget, "notice_room", None)
        if room is not None:
            high = self.notices.need if self.notices.parentWidget() is room.parentWidget() else 0
            if room.height() != high or room.minimumHeight() != high:
                room.setFixedHeight(high)

    def _sync_looks_actions(self) -> None:
        self.actions_[f"colours:{LOOKS.colours}"].setChecked(True)
        self.actions_[f"text:{LOOKS.text_size}"].setChecked(True)
        self.actions_["table_mode"].setChecked(LOOKS.table_mode)

    def _follow_system_colours(self) -> None:
        before = LOOKS.scheme
        LOOKS.follow_system()
        if LOOKS.scheme != before and self.screen_widget is not None:
            self.screen_widget.refresh()

    # -- keys of the table ------------------------------------------------------------------------
    def step_owed(self) -> None:
        """Space: the phase bar's button, the step the game is waiting for; but a control the
        player reached with Tab takes its Space as ever (a check box ticks, a button clicks)."""
        if self._space_for_focus():
            return
        bar = getattr(self.screen_widget, "phase", None)
        button = getattr(bar, "button", None)
        if button is not None and button.isVisible() and button.isEnabled():
            button.click()

    def _space_for_focus(self) -> bool:
        """Qt marks the window while its focus last moved by the keyboard (the style draws the
        focus frame then); a control focused by a click does not keep Space from the table."""
        from PySide6.QtCore import Qt
        from PySide6.QtWidgets import QAbstractButton, QApplication, QComboBox

        focus = QApplication.focusWidget()
        if not self.testAttribute(Qt.WidgetAttribute.WA_KeyboardFocusChange) or focus is None:
            return False
        if isinstance(focus, QAbstractButton) and focus.isEnabled():
            focus.animateClick()
            return True
        if isinstance(focus, QComboBox) and focus.isEnabled():
            focus.showPopup()
            return True
        return False

    def roll(self) -> None:
        if self.dice is not None and self.dice.roll_button.isEnabled() and self.dice.isVisible():
            self.dice.roll_button.click()

    def type_die(self, digit: int) -> None:
        """A digit key starts typing the table's dice into the dice tray."""
        if self.dice is None or not self.dice.typed.isEnabled() or not self.dice.isVisible():
            return
        self.dice_dock.raise_()
        self.dice.typed.setFocus()
        self.dice.typed.insert(str(digit))

    def show_shortcuts(self) -> None:
        from PySide6.QtCore import Qt

        from .actions import shortcut_list
        from .widgets.shortcuts_dialog import ShortcutsDialog

        self.shortcuts_dialog = ShortcutsDialog(shortcut_list(self.actions_), self)
        self.shortcuts_dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.shortcuts_dialog.open()

    def about(self) -> None:
        QMessageBox.about(self, "About Posthorn",
                          f"Posthorn {version()}: a companion for tabletop games of mail, couriers "
                          "and messengers.")


def _send_to_trash(files) -> None:
    from send2trash import send2trash

    for f in files:
        send2trash(str(f))


def version() -> str:
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("posthorn")
    except PackageNotFoundError:
        return "(version unknown: not installed)"


def _short(text: str | None, limit: int = 48) -> str:
    if not text:
        return ""
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"
