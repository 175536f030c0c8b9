"""The shared row model (ui/widgets/row_model.py) tells a view as little as it can: a redraw of
the rows whose signature changed, one block inserted or removed, one row moved; a reset only for
a change it cannot read as one of those. Every signal is checked by qtmodeltester."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from PySide6.QtCore import Qt

from ui.palette import colour, scheme, set_scheme
from ui.widgets.row_model import RowTableModel


@dataclass
class Piece:
    id: str
    text: str


class Pieces(RowTableModel):
    headers = ("Piece", "Text")

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        row = self.row_at(index)
        if row is None or role != Qt.ItemDataRole.DisplayRole:
            return None
        return row.id if index.column() == 0 else row.text


class SignedPieces(Pieces):
    def signature(self, row):
        return row.text


def _told(model):
    """Every signal the model sends, as short tuples."""
    got = []
    model.dataChanged.connect(lambda a, b, *_r: got.append(("changed", a.row(), b.row())))
    model.rowsInserted.connect(lambda _p, a, b: got.append(("inserted", a, b)))
    model.rowsRemoved.connect(lambda _p, a, b: got.append(("removed", a, b)))
    model.rowsMoved.connect(lambda _p, a, b, _d, to: got.append(("moved", a, b, to)))
    model.modelReset.connect(lambda: got.append(("reset",)))
    return got


def _pieces(*names):
    return [Piece(n, n.lower()) for n in names]


@pytest.fixture
def signed(qtmodeltester):
    model = SignedPieces()
    model.set_rows(None, _pieces("A", "B", "C", "D"))
    qtmodeltester.check(model)  # stays attached: every later signal is checked too
    return model


def test_only_the_rows_whose_signature_changed_are_redrawn(signed):
    got = _told(signed)
    rows = list(signed.rows)
    rows[2] = Piece("C", "c, moved")
    signed.set_rows(None, rows)
    assert got == [("changed", 2, 2)]
    assert signed.index(2, 1).data() == "c, moved"
    got.clear()
    signed.set_rows(None, list(signed.rows))
    assert got == []  # nothing shown changed: nothing redrawn


def test_neighbouring_changed_rows_are_one_redraw(signed):
    got = _told(signed)
    signed.set_rows(None, [Piece("A", "a"), Piece("B", "b2"), Piece("C", "c2"), Piece("D", "d2")])
    assert got == [("changed", 1, 3)]


def test_a_row_moved_down_is_a_move_and_is_redrawn(signed):
    got = _told(signed)
    signed.set_rows(None, [Piece("B", "b"), Piece("C", "c"), Piece("A", "a, finished"), Piece("D", "d")])
    assert got == [("moved", 0, 0, 3), ("changed", 2, 2)]
    assert [signed.index(r, 0).data() for r in range(4)] == ["B", "C", "A", "D"]
    assert signed.row_of("A") == 2 and signed.row_of("D") == 3


def test_a_row_moved_up_is_a_move(signed):
    got = _told(signed)
    signed.set_rows(None, _pieces("A", "D", "B", "C"))
    assert got == [("moved", 3, 3, 1)]
    assert [signed.index(r, 0).data() for r in range(4)] == ["A", "D", "B", "C"]


def test_rows_inserted_and_removed_in_one_place(signed):
    got = _told(signed)
    signed.set_rows(None, _pieces("A", "B", "X", "Y", "C", "D"))
    assert got == [("inserted", 2, 3)]
    assert signed.row_of("C") == 4
    got.clear()
    signed.set_rows(None, _pieces("A", "D"))
    assert got == [("removed", 1, 4)]
    assert signed.row_of("B") == -1 and signed.row_of("D") == 1


def test_a_shuffle_is_a_reset(signed):
    got = _told(signed)
    signed.set_rows(None, _pieces("D", "C", "B", "A"))
    assert got == [("reset",)]
    assert signed.row_of("A") == 3


def test_without_a_signature_every_row_is_redrawn(qtmodeltester):
    model = Pieces()
    model.set_rows(None, _pieces("A", "B", "C"))
    qtmodeltester.check(model)
    got = _told(model)
    model.set_rows(None, list(model.rows))
    assert got == [("changed", 0, 2)]


class KeptPieces(RowTableModel):
    """Answers through ``answer``, so its answers are kept while a row's signature holds."""

    headers = ("Piece", "Text")

    def __init__(self):
        super().__init__()
        self.asked = 0

    def signature(self, row):
        return row.text

    def answer(self, row, index, role):
        self.asked += 1
        if role == Qt.ItemDataRole.DisplayRole:
            return row.id if index.column() == 0 else row.text
        if role == Qt.ItemDataRole.ForegroundRole:
            return colour("danger")
        return None


def _shown(model):
    return [model.index(r, 1).data() for r in range(model.rowCount())]


def test_kept_answers_are_asked_once_and_again_only_for_a_changed_row(qtmodeltester):
    model = KeptPieces()
    model.set_rows(None, _pieces("A", "B", "C"))
    qtmodeltester.check(model)
    _shown(model)
    asked = model.asked
    assert _shown(model) == ["a", "b", "c"] and model.asked == asked  # the view asking again
    rows = _pieces("A", "B", "C")
    rows[1].text = "b2"
    model.set_rows(None, rows)
    assert _shown(model) == ["a", "b2", "c"]
    assert model.asked == asked + 1  # only the changed row's cell was asked again
    model.set_rows(None, _pieces("C", "A", "B"))  # rows moved: no answer kept in the wrong row
    assert _shown(model) == ["c", "a", "b"]
    assert model.index(5, 1).data() is None and model.index(0, 2).data() is None


def test_kept_answers_follow_the_colours(qtmodeltester):
    model = KeptPieces()
    model.set_rows(None, _pieces("A"))
    before = scheme()
    try:
        set_scheme("light")
        model.set_rows(None, _pieces("A"))
        light = model.index(0, 1).data(Qt.ItemDataRole.ForegroundRole)
        set_scheme("dark")
        model.set_rows(None, _pieces("A"))  # the screen's redraw after the looks changed
        dark = model.index(0, 1).data(Qt.ItemDataRole.ForegroundRole)
    finally:
        set_scheme(before)
    assert light == colour("danger", "light") and dark == colour("danger", "dark") != light
