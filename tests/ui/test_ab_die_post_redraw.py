"""Ab die Post! redraws what an input changed and nothing else, and never shows a stale piece:
a panel is drawn again when the change record says a part of the state it shows changed, and
left when none did (``RaceTable.redraws`` counts them), and a panel left shows what a table
built afresh shows; the flight board is drawn again only when a plane or the passenger moved (and then only its
pieces: the track under them stays, and the whole looks as a board drawn afresh), the score track paints its strip again only when a score changed, and the players' table redraws
only the rows that changed. Counted in builds, paints and rows, not in time."""

import random
from collections import Counter
from pathlib import Path

import pytest
from playout import Playout
from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QLabel, QPushButton

import rules
from companion.ab_die_post.view import plane_text
from companion.core.parts import EVERY
from ui.ab_die_post.board_view import WORDS_ALONG, WORDS_RANK, FlightBoard
from ui.ab_die_post.models import CardsRole
from ui.ab_die_post.table import PANEL_PARTS, RaceTable
from ui.ab_die_post.track import ScoreTrack
from ui.palette import colour

SAMPLE = Path(rules.__file__).parent / "ab_die_post" / "samples" / "four_player_game.json"
BACK = 60  # inputs undone, then redone one by one
SETUP_PLAIN = {"players": ["Anna", "Ben", "Cleo"], "settings": {"river_zones": 4, "first_half_zones": 2}}
SETUP_BOARD = {"players": ["Anna", "Ben", "Cleo", "Dora"], "board": "illustrative"}


def _open(window, qtbot):
    assert window.open_record(str(SAMPLE))
    qtbot.mouseClick(window.telling.result.buttons["back"], Qt.MouseButton.LeftButton)
    for _ in range(BACK):
        window.undo()
    return window.screen_widget


def _pieces(board) -> dict:
    """Each plane shown: where its disc is and what its tip says."""
    return {p: (disc.scenePos().toTuple(), disc.toolTip()) for p, disc in board.plane_items.items()}


def _drawing(board, words_placed: bool = True) -> list:
    """Everything on the board as plain values: each item's kind, place, colours, words and tip.
    ``words_placed``: also where the words in the window's type sit (they make room for each
    other at the view's size, so a table not shown in a window places them otherwise); a zone's
    word by its words only (it slides along its zone to where the view has room)."""
    out = []
    for item in board.scene().items():
        if not words_placed and item.data(WORDS_RANK) is not None:
            out.append(("words", item.toPlainText()))
            continue
        rect = item.sceneBoundingRect() if item.data(WORDS_ALONG) is None else QRectF()
        brush = item.brush().color().name() if hasattr(item, "brush") else ""
        pen = item.pen().color().name() if hasattr(item, "pen") else ""
        text = item.toPlainText() if hasattr(item, "toPlainText") else ""
        out.append((type(item).__name__, tuple(round(v, 2) for v in rect.getRect()), brush, pen, text,
                    item.toolTip(), item.zValue()))
    return sorted(out)


def _fresh(state, like: FlightBoard) -> FlightBoard:
    board = FlightBoard()
    board.show_flight(state)
    board.stretch(like.straight)  # the track as long as the view it is drawn in leaves room for
    return board


def test_the_flight_board_is_drawn_again_only_when_a_plane_or_the_passenger_moved(window, qtbot):
    screen = _open(window, qtbot)
    board = screen.flight_board
    moves = quiet = resized = 0
    for _ in range(BACK):
        s = window.table.state
        before = ({p: plane_text(s, p) for p in s.players}, s.passenger)
        builds, grounds, size = board.builds, board.grounds, board.size()
        discs = dict(board.plane_items)
        window.redo()
        s = window.table.state
        if ({p: plane_text(s, p) for p in s.players}, s.passenger) == before:
            quiet += board.builds == builds
        else:
            assert board.builds == builds + 1
            moves += 1
        # the pieces moved; the track under them stayed, unless the board's size changed: the
        # column over it holds the most height it has needed at the window's size (arrangement.py),
        # so that happens once at the most, when the players' rows first wrap another way
        if board.size() == size:
            assert board.grounds == grounds
            assert all(board.plane_items[p] is discs[p] for p in s.players)  # moved, not drawn again
        else:
            resized += 1
        fresh = _fresh(s, board)
        assert _pieces(board) == _pieces(fresh)  # never stale: as a board drawn anew from the state
        assert _drawing(board) == _drawing(fresh)
        fresh.deleteLater()
    assert moves and quiet  # both kinds of input were seen
    assert resized <= 1


def test_a_new_colour_set_draws_the_board_again(window, qtbot):
    screen = _open(window, qtbot)
    board = screen.flight_board
    builds, grounds = board.builds, board.grounds
    window.set_colours("dark", remember=False)
    assert board.builds == builds + 1 and board.grounds == grounds + 1
    assert _pieces(board) == _pieces(_fresh(window.table.state, board))
    assert _drawing(board) == _drawing(_fresh(window.table.state, board))
    window.set_colours("light", remember=False)


def test_the_score_track_paints_its_strip_only_when_a_score_changed(window, qtbot):
    # a window wide enough that the players' column is wider than its words: in a narrow one the
    # column (and the track in it) is as wide as the longest words side by side, which change
    # with the words (and a strip of another size is painted anew)
    window.resize(1366, 768)
    screen = _open(window, qtbot)
    track = screen.track
    track.grab()
    scored = unscored = 0
    for _ in range(BACK):
        scores, paints = list(track.scores), track.paints
        window.redo()
        track.grab()
        if [n for _p, n in track.scores] == [n for _p, n in scores]:
            assert track.paints == paints
            unscored += 1
        else:
            assert track.paints == paints + 1
            scored += 1
    assert scored and unscored
    assert track.scores == [(p, window.table.state.scores[p]) for p in window.table.state.players]


def test_the_players_table_redraws_only_the_rows_that_changed(window, qtbot):
    screen = _open(window, qtbot)
    model = screen.players
    rows = []
    model.dataChanged.connect(lambda a, b, *_r: rows.extend(range(a.row(), b.row() + 1)))
    for _ in range(BACK):
        shown = [[model.index(r, c).data() for c in range(model.columnCount())] for r in range(model.rowCount())]
        rows.clear()
        window.redo()
        now = [[model.index(r, c).data() for c in range(model.columnCount())] for r in range(model.rowCount())]
        assert set(rows) == {r for r in range(len(now)) if now[r] != shown[r]}


def shown(screen) -> dict:
    """Everything a player reads on the table: the phase bar, every cell of the players' table,
    the score track, the flight board, the results, the hurricane costs, and the action page."""
    model = screen.players
    roles = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole, CardsRole)
    cells = [[tuple(str(model.index(r, c).data(role)) for role in roles)
              + (bool(f and f.bold()) if (f := model.index(r, c).data(Qt.ItemDataRole.FontRole)) else False,
                 str(model.index(r, c).data(Qt.ItemDataRole.ForegroundRole) is not None))
              for c in range(model.columnCount())] for r in range(model.rowCount())]
    page = screen.pages.currentWidget()
    words = [(w.text(), w.isEnabled()) for kind in (QLabel, QPushButton) for w in page.findChildren(kind)
             if w.isVisibleTo(page)]
    return {
        "phase": (screen.phase.where.text(), screen.phase.next.text()),
        "players": cells,
        "track": (screen.track.scores, screen.track.target, screen.track.toolTip()),
        "board": (_pieces(screen.flight_board), _drawing(screen.flight_board, words_placed=False)),
        "result": screen.result.text(),
        "costs": (screen.costs.text(), screen.costs.isVisibleTo(screen)),
        "page": (screen.action_box.title(), type(page).__name__, words,
                 _drawing(screen.move_page.board_view) if page is screen.move_page else None),
    }


@pytest.mark.parametrize("setup", [SETUP_PLAIN, SETUP_BOARD], ids=["without a board", "on a board"])
def test_a_panel_is_redrawn_when_a_part_it_shows_changed_and_left_when_none_did(window, qtbot, setup):
    window.ask_setup = lambda parent, game, pack: setup
    qtbot.mouseClick(window.start.cards["ab_die_post"].button, Qt.MouseButton.LeftButton)
    screen, table = window.screen_widget, window.table
    assert table.session.tell_parts and screen.reads_state_parts
    player = Playout(table.session, random.Random(12), table_dice=0.5, undo=0.2, via=table)
    steps, skipped = 0, Counter()
    while steps < 90:
        before = screen.redraws.copy()
        if not player.step():
            break
        steps += 1
        change = table.last_change
        assert EVERY not in change.state_parts
        redrawn = {k for k in screen.redraws if screen.redraws[k] != before[k]}
        fresh = RaceTable(table)
        fresh.flight_board.stretch(screen.flight_board.straight)  # as long as the view shown leaves room for
        for panel, parts in PANEL_PARTS.items():  # a part it shows changed: drawn again; none: left
            assert (panel in redrawn) == change.changed(*parts), (steps, change.event, change.kinds, panel)
            skipped[panel] += panel not in redrawn
        # ... and a panel left as it was shows what a table built afresh on this state shows
        assert shown(screen) == shown(fresh), (steps, change.event, change.kinds, change.state_parts)
        fresh.deleteLater()
    assert steps == 90
    assert all(skipped[panel] for panel in PANEL_PARTS)  # every panel was left alone on the way


def _inked(image, box, tone: str) -> int:
    """Pixels in ``box`` drawn in about the palette's ``tone``."""
    want = colour(tone)
    n = 0
    for x in range(int(box.left()), int(box.right())):
        for y in range(int(box.top()), int(box.bottom())):
            got = image.pixelColor(x, y)
            n += abs(got.red() - want.red()) + abs(got.green() - want.green()) + abs(got.blue() - want.blue()) < 60
    return n


@pytest.mark.parametrize("target", [15, 21])
def test_the_score_tracks_target_stands_out_and_its_numbers_are_muted(qtbot, target):
    track = ScoreTrack()
    qtbot.addWidget(track)
    track.resize(420, track.sizeHint().height())
    track.set_scores([("Anna", 3), ("Ben", 12)], target)
    image = track.grab().toImage()
    boxes = {text: box for box, text, _font, _flags in track.text_boxes()}
    assert set(boxes) == {f"{target} wins", "0", "5", "10"} | ({"15"} if target > 15 else set())
    assert _inked(image, boxes[f"{target} wins"], "track.note") > 5  # the score the game ends at
    assert _inked(image, boxes[f"{target} wins"], "muted") == 0
    assert _inked(image, boxes["10"], "muted") > 5 and _inked(image, boxes["10"], "track.note") == 0
