"""Table mode draws every game's board as large as fits (#14, ui/looks.py's board scale): the
Thurn and Taxis map's town names, Ab die Post!'s planes on the flight board and the Courier
Desk's commander and courier tables are drawn larger on the same window than outside table
mode, and the board keeps at least the room it had (the log is put away for it). Read on a
1920x1080 window and on a 1280x720 one at the normal and the larger text size; on each, in
table mode, the phase bar's words show whole and nothing of the screen lies outside the window."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QGraphicsSimpleTextItem, QGraphicsView, QWidget

import rules
from ui.looks import TABLE_BOARD, TEXT_SCALES

SAMPLES = Path(rules.__file__).parent
#: the window's size and text size each board is read at
LOOKS = [((1920, 1080), "normal"), ((1280, 720), "normal"), ((1280, 720), "larger")]
RECORDS = ["postman/samples/flagged_and_overridden.json", "thurn_and_taxis/samples/four_players_whole_game.json",
           "ab_die_post/samples/four_player_game.json", "couriers/samples/several_turns.json"]


def _ids(look) -> str:
    (w, h), size = look
    return f"{w}x{h}-{size}"


@pytest.fixture(params=LOOKS, ids=_ids)
def looks(request, window):
    screen, size = request.param
    window.set_text_size(size, remember=False)
    window.resize(*screen)
    yield screen, size
    window.set_table_mode(False, full_screen=False)
    window.set_text_size("normal", remember=False)


def _open(window, qtbot, record: str):
    assert window.open_record(str(SAMPLES / record))
    result = window.telling.result
    if result.isVisible():
        qtbot.mouseClick(result.buttons["back"], Qt.MouseButton.LeftButton)
    _settle()
    return window.screen_widget


def _settle():
    for _ in range(4):
        QApplication.processEvents()


def _both(window, measure):
    """What ``measure()`` reads outside table mode and in it (table mode left again after)."""
    before = measure()
    window.set_table_mode(True, full_screen=False)
    _settle()
    try:
        return before, measure()
    finally:
        window.set_table_mode(False, full_screen=False)
        _settle()


def _on_window(w: QWidget, window) -> QRect:
    return QRect(w.mapTo(window, QPoint(0, 0)), w.size())


def _what_does_not_show(window) -> list[str]:
    """In table mode: a phase bar word cut (wider or, wrapped, taller than its label), or a
    widget of the screen lying outside the window."""
    screen = window.screen_widget
    out = []
    for label in (screen.phase.where, screen.phase.next):
        if not label.isVisible() or not label.text():
            continue
        need = label.heightForWidth(label.contentsRect().width()) if label.wordWrap() else label.sizeHint().height()
        if need > label.contentsRect().height() + 1:
            out.append(f"phase bar {label.text()[:40]!r}: needs {need} px of height, has {label.contentsRect().height()}")
    button = screen.phase.button
    if button.isVisible():
        need = button.fontMetrics().horizontalAdvance(button.text()) + 12
        if need > button.width():
            out.append(f"phase bar button {button.text()!r}: needs {need} px, has {button.width()}")
    inside = window.rect()
    for w in [screen, *screen.findChildren(QWidget)]:
        # a widget inside a scroll area lies where its viewport shows it; the viewport must show
        if w.isVisible() and w.width() > 0 and not _scrolled(w, screen):
            where = _on_window(w, window)
            if not inside.contains(where):
                out.append(f"{type(w).__name__} {w.objectName() or getattr(w, 'text', lambda: '')()!r} "
                           f"lies at {where.getRect()}, outside the {window.width()}x{window.height()} window")
    return out


def _words_cut(view: QGraphicsView) -> list[str]:
    """A word drawn on a board (a town's name, a zone) that lies past the edge of what the view
    shows: the board drawn larger than its room."""
    shown = QRect(QPoint(0, 0), view.viewport().size()).adjusted(-1, -1, 1, 1)
    out = []
    for item in view.scene().items():
        if isinstance(item, QGraphicsSimpleTextItem) and item.isVisible() and item.text().strip():
            where = view.mapFromScene(item.sceneBoundingRect()).boundingRect()
            if not shown.contains(where):
                out.append(f"the board's word {item.text()!r} lies at {where.getRect()}, past the "
                           f"{shown.width()}x{shown.height()} view")
    return out


def _scrolled(w: QWidget, top: QWidget) -> bool:
    """Whether ``w`` is inside a scroll area's viewport (below ``top``): then only what the
    viewport shows counts, and the viewport itself is checked."""
    parent = w.parentWidget()
    while parent is not None and parent is not top:
        if parent.objectName() == "qt_scrollarea_viewport":
            return True
        parent = parent.parentWidget()
    return False


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r.split("/")[0])
def test_table_mode_shows_the_whole_screen_and_the_phase_bar_whole(window, looks, qtbot, record):
    _open(window, qtbot, record)
    # a board's room is its whole view: the T&T map's tile strip moves under the board when
    # that leaves it drawn larger (the tiles on offer are part of the board)
    boards = {v: v.height() for v in window.screen_widget.findChildren(QGraphicsView)
              if v.property("board") and v.isVisible()}
    window.set_table_mode(True, full_screen=False)
    _settle()
    found = _what_does_not_show(window)
    for view, room in boards.items():
        found += _words_cut(view)
        if view.height() < room:
            found.append(f"the board {type(view).__name__} has {view.height()} px of height, "
                         f"had {room} outside table mode")
    assert not found, "\n".join(found)
    assert window.size().toTuple() == looks[0]


def test_table_mode_draws_the_thurn_and_taxis_town_names_larger(window, looks, qtbot):
    screen = _open(window, qtbot, "thurn_and_taxis/samples/four_players_whole_game.json")
    view = screen.map

    def measure():
        # a name's height on screen: its type in the drawing times the drawing's zoom
        name = next(i for i in view.scene().items() if isinstance(i, QGraphicsSimpleTextItem)
                    and i.text() == "Augsburg")
        return (name.boundingRect().height() * view.transform().m22(), view.height())

    (name, room), (name_tm, room_tm) = _both(window, measure)
    # at 1280x720 in the larger type the view's height bounds the board in both, and table mode's
    # phase bar takes a third of the window: the names outside it grew when the legend and the
    # names round the edge stopped taking room (#14), table mode's had no more room to grow
    grows = 1.4 if looks == ((1280, 720), "larger") else 1.5
    assert name_tm >= grows * name, (name, name_tm)
    assert room_tm >= room


def test_table_mode_draws_ab_die_post_planes_larger(window, looks, qtbot):
    screen = _open(window, qtbot, "ab_die_post/samples/four_player_game.json")
    board = screen.flight_board

    def measure():
        disc = next(iter(board.plane_items.values()))
        return (board.mapFromScene(disc.sceneBoundingRect()).boundingRect().width(), board.viewport().height())

    (plane, room), (plane_tm, room_tm) = _both(window, measure)
    assert plane_tm >= 1.5 * plane, (plane, plane_tm)
    assert room_tm >= room


@pytest.mark.parametrize("view", ["commander_view", "courier_view"])
def test_table_mode_draws_the_courier_desk_tables_larger(window, looks, qtbot, view):
    """1.5 times the type, and rows that hold a line of it; at the larger text size the tables
    are already in the board type table mode asks for (``TABLE_BOARD``), so there they keep it."""
    desk = _open(window, qtbot, "couriers/samples/several_turns.json")
    table = getattr(desk, view)

    def measure():
        return (table.font().pointSizeF(), table.rowHeight(0), table.viewport().height(),
                QFontMetrics(table.font()).height())

    (points, row, room, _line), (points_tm, row_tm, room_tm, line_tm) = _both(window, measure)
    grows = min(1.5, TABLE_BOARD / TEXT_SCALES[looks[1]])
    assert points_tm >= grows * points - 0.1, (points, points_tm)
    assert row_tm > line_tm, (row, row_tm, line_tm)  # (a name that wrapped in the smaller type may not now)
    assert room_tm >= room * 0.9  # the phase bar grows too: the tables keep most of their room
