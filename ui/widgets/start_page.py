"""The start page: a new game of each system, the last game to resume, a record to open."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from companion.core.words import counted
from companion.games import GAMES

from .. import looks
from ..game_screens import SCREENS


class GameCard(QFrame):
    def __init__(self, info, on_new, playable: bool, parent=None):
        super().__init__(parent)
        self.setObjectName("gameCard")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        looks.sheet(self, "#gameCard { border: 1px solid {border}; border-radius: 6px; }")
        lay = QVBoxLayout(self)
        title = looks.text_size(QLabel(info.title), "title")
        blurb = QLabel(info.blurb)
        blurb.setWordWrap(True)
        lay.addWidget(title)
        lay.addWidget(blurb, 1)
        if playable:
            self.button = QPushButton(f"New {info.title.removeprefix('The ')} game")  # not "New The Postman game"
            self.button.clicked.connect(lambda: on_new(info.id))
            lay.addWidget(self.button)
        else:
            self.button = None
            coming = QLabel("Rules engine ready (posthorn replay); the table screen is coming"
                            if info.ready else "Coming in a later version")
            coming.setWordWrap(True)
            looks.tone(coming, "muted")
            lay.addWidget(coming)


class StartPage(QWidget):
    new_game = Signal(str)
    resume = Signal()
    open_record = Signal()
    #: the saved-games list's requests, with the record's path
    open_saved = Signal(str)
    rename_saved = Signal(str)
    delete_saved = Signal(str)

    def __init__(self, parent=None):
        super().__init__(parent)
        # the page scrolls rather than make the window taller than the screen at a large text size
        page = QWidget()
        scroll = QScrollArea()
        scroll.setWidget(page)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        whole = QVBoxLayout(self)
        whole.setContentsMargins(0, 0, 0, 0)
        whole.addWidget(scroll)
        outer = QVBoxLayout(page)
        outer.setContentsMargins(40, 30, 40, 30)
        head = looks.text_size(QLabel("Posthorn"), "display")
        sub = QLabel("A companion for the table: it keeps the books, rolls the dice and knows the rules.")
        sub.setWordWrap(True)
        outer.addWidget(head)
        outer.addWidget(sub)
        self.resume_box = QFrame()
        self.resume_box.setObjectName("resumeBox")
        looks.panel(self.resume_box, "info")
        rl = QHBoxLayout(self.resume_box)
        self.resume_label = QLabel("")
        self.resume_label.setWordWrap(True)
        self.resume_button = QPushButton("Resume")
        self.resume_button.clicked.connect(self.resume)
        rl.addWidget(self.resume_label, 1)
        rl.addWidget(self.resume_button)
        outer.addSpacing(12)
        outer.addWidget(self.resume_box)
        self.problem = QLabel("")
        self.problem.setWordWrap(True)
        looks.tone(self.problem, "danger")
        outer.addWidget(self.problem)
        outer.addSpacing(12)
        self._grid = QGridLayout()
        self._grid.setSpacing(14)
        self.cards = {}
        for info in GAMES.values():
            self.cards[info.id] = GameCard(info, self.new_game.emit, info.id in SCREENS)
        self._columns = 0
        self._lay_cards(2)
        outer.addLayout(self._grid)
        row = QHBoxLayout()
        self.open_button = QPushButton("Open a game record\u2026")
        self.open_button.clicked.connect(self.open_record)
        row.addWidget(self.open_button)
        row.addStretch(1)
        outer.addSpacing(8)
        outer.addLayout(row)
        outer.addSpacing(8)
        self.saved_games = None  # the list, made with its first rows (after the first frame)
        self._saved_slot = outer
        outer.addStretch(1)
        self.set_resume(None, None)

    def _lay_cards(self, columns: int) -> None:
        if columns == self._columns:
            return
        self._columns = columns
        for i, card in enumerate(self.cards.values()):
            self._grid.addWidget(card, i // columns, i % columns)
        for c in range(4):
            self._grid.setColumnStretch(c, 1 if c < columns else 0)

    def resizeEvent(self, event) -> None:
        """The game cards in one row where four fit side by side, else two rows of two: on a short
        laptop screen one row leaves the saved games in sight without scrolling."""
        super().resizeEvent(event)
        m = self._grid.parentWidget().layout().contentsMargins() if self._grid.parentWidget() else None
        room = event.size().width() - (m.left() + m.right() if m else 80) - 20  # (a scroll bar)
        least = sum(card.minimumSizeHint().width() for card in self.cards.values()) + 3 * self._grid.spacing()
        self._lay_cards(4 if least <= room else 2)

    def set_saved(self, rows) -> None:
        if self.saved_games is None and not rows:
            return  # nothing to list: the list (and Qt's enums it needs) waits for a first save
        if self.saved_games is None:
            from .saved_games import SavedGames

            self.saved_games = SavedGames()
            self._saved_slot.insertWidget(self._saved_slot.count() - 1, self.saved_games, 10)
            for mine, theirs in ((self.open_saved, "open_saved"), (self.rename_saved, "rename_saved"),
                                 (self.delete_saved, "delete_saved")):
                getattr(self.saved_games, theirs).connect(mine)
        self.saved_games.set_rows(rows)

    def set_resume(self, saved, problem: str | None) -> None:
        if saved is None:
            self.resume_box.hide()
        else:
            from companion.core.saved_games import local_time

            info = GAMES.get(saved.game)
            name = saved.title or (info.title if info else saved.game)
            self.resume_label.setText(f"Last game: {name}, {counted(saved.inputs, 'input')}, saved {local_time(saved.saved)}")
            self.resume_box.show()
        if problem:  # selectable, so the path can be copied; Qt's enums load only when needed
            from PySide6.QtCore import Qt

            self.problem.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.problem.setText(f"An autosave could not be read and was left untouched: {problem}" if problem else "")
        self.problem.setVisible(bool(problem))
