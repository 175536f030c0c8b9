"""Ab die Post! redraws what an input changed and nothing else, and never shows a stale piece:
the flight board is drawn again only when a plane or the passenger moved (and then only its
pieces: the track under them stays, and the whole looks as a board drawn afresh), the score track paints its strip again only when a score changed, and the players' table redraws
only the rows that changed. Counted in builds, paints and rows, not in time."""

from pathlib import Path

from PySide6.QtCore import Qt

import rules
from companion.ab_die_post.view import plane_text
from ui.ab_die_post.board_view import FlightBoard

SAMPLE = Path(rules.__file__).parent / "ab_die_post" / "samples" / "four_player_game.json"
BACK = 60  # inputs undone, then redone one by one


def _open(window, qtbot):
    assert window.open_record(str(SAMPLE))
    qtbot.mouseClick(window.telling.result.buttons["back"], Qt.MouseButton.LeftButton)
    for _ in range(BACK):
        window.undo()
    return window.screen_widget


def _pieces(board) -> dict:
    """Each plane shown: where its disc is and what its tip says."""
    return {p: (disc.scenePos().toTuple(), disc.toolTip()) for p, disc in board.plane_items.items()}


def _drawing(board) -> list:
    """Everything on the board as plain values: each item's kind, place, colours, words and tip."""
    out = []
    for item in board.scene().items():
        rect = item.sceneBoundingRect()
        brush = item.brush().color().name() if hasattr(item, "brush") else ""
        pen = item.pen().color().name() if hasattr(item, "pen") else ""
        text = item.toPlainText() if hasattr(item, "toPlainText") else ""
        out.append((type(item).__name__, tuple(round(v, 2) for v in rect.getRect()), brush, pen, text,
                    item.toolTip(), item.zValue()))
    return sorted(out)


def _fresh(state) -> FlightBoard:
    board = FlightBoard()
    board.show_flight(state)
    return board


def test_the_flight_board_is_drawn_again_only_when_a_plane_or_the_passenger_moved(window, qtbot):
    screen = _open(window, qtbot)
    board = screen.flight_board
    moves = quiet = 0
    for _ in range(BACK):
        s = window.table.state
        before = ({p: plane_text(s, p) for p in s.players}, s.passenger)
        builds, grounds = board.builds, board.grounds
        window.redo()
        s = window.table.state
        if ({p: plane_text(s, p) for p in s.players}, s.passenger) == before:
            quiet += board.builds == builds
        else:
            assert board.builds == builds + 1
            moves += 1
        assert board.grounds == grounds  # the pieces moved; the track under them stayed
        fresh = _fresh(s)
        assert _pieces(board) == _pieces(fresh)  # never stale: as a board drawn anew from the state
        assert _drawing(board) == _drawing(fresh)
        fresh.deleteLater()
    assert moves and quiet  # both kinds of input were seen


def test_a_new_colour_set_draws_the_board_again(window, qtbot):
    screen = _open(window, qtbot)
    board = screen.flight_board
    builds, grounds = board.builds, board.grounds
    window.set_colours("dark", remember=False)
    assert board.builds == builds + 1 and board.grounds == grounds + 1
    assert _pieces(board) == _pieces(_fresh(window.table.state))
    assert _drawing(board) == _drawing(_fresh(window.table.state))
    window.set_colours("light", remember=False)


def test_the_score_track_paints_its_strip_only_when_a_score_changed(window, qtbot):
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
