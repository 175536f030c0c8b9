"""The game log model: a change appends the rows of the new journal lines and restyles the row an
undo or redo touched, never resetting, and it always shows what a fresh model of the same
journal shows."""

from PySide6.QtCore import Qt

from ui.widgets.game_log import GameLog, LogModel

ROLES = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.ForegroundRole)


def rows(model):
    out = []
    for r in range(model.rowCount()):
        idx = model.index(r)
        font = idx.data(Qt.ItemDataRole.FontRole)
        fg = idx.data(Qt.ItemDataRole.ForegroundRole)
        out.append((idx.data(), idx.data(Qt.ItemDataRole.ToolTipRole), fg.color().name() if fg else None,
                    bool(font and font.strikeOut())))
    return out


class Signals:
    def __init__(self, model):
        self.events = []
        model.modelReset.connect(lambda: self.events.append("reset"))
        model.rowsInserted.connect(lambda _p, a, b: self.events.append(("insert", a, b)))
        model.rowsRemoved.connect(lambda _p, a, b: self.events.append(("remove", a, b)))
        model.dataChanged.connect(lambda a, b, *_: self.events.append(("changed", a.row(), b.row())))

    def take(self):
        out, self.events = self.events, []
        return out


def test_changes_append_rows_and_restyle_one_without_a_reset(make_desk, qtmodeltester):
    desk = make_desk()
    s = desk.session
    model = LogModel()
    model.set_journal(s.journal)
    qtmodeltester.check(model)  # stays attached: every later signal is checked too
    seen = Signals(model)

    def step(fn, expected):
        fn()
        model.set_journal(s.journal)
        assert seen.take() == expected
        fresh = LogModel()
        fresh.set_journal(s.journal)
        assert rows(model) == rows(fresh)

    for n, (cid, name, side, rank) in enumerate((("meade", "Meade", "Blue", "army"),
                                                 ("lee", "Lee", "Grey", "army"))):
        step(lambda cid=cid, name=name, side=side, rank=rank: desk.ok(
            "add_commander", id=cid, name=name, side=side, rank=rank), [("insert", n, n)])
    step(lambda: s.undo(), [("insert", 2, 2), ("changed", 1, 1)])
    assert rows(model)[1][3] and "undone" in rows(model)[2][0]
    step(lambda: s.redo(), [("changed", 1, 1)])
    assert not rows(model)[1][3]
    step(lambda: s.undo(), [("insert", 3, 3), ("changed", 1, 1)])
    step(lambda: desk.ok("add_commander", id="hood", name="Hood", side="Grey", rank="division"),
         [("insert", 4, 4)])
    assert rows(model)[1][3] and not rows(model)[4][3]  # Lee stays undone: Hood took his number
    step(lambda: desk.ok("start_game"), [("insert", 5, 5)])


def test_another_journal_resets(make_desk, qtmodeltester):
    one, two = make_desk(), make_desk()
    one.roster()
    two.roster("meade")
    model = LogModel()
    model.set_journal(one.session.journal)
    qtmodeltester.check(model)
    seen = Signals(model)
    model.set_journal(two.session.journal)
    assert seen.take() == ["reset"] and model.rowCount() == 1


def test_a_long_line_wraps_at_the_logs_width_and_the_tip_has_the_whole_text(make_desk, qtbot):
    desk = make_desk()
    desk.roster().start()
    log = GameLog()
    qtbot.addWidget(log)
    log.resize(260, 300)
    log.show()
    log.set_journal(desk.session.journal)
    qtbot.wait(10)
    view = log.view
    assert view.horizontalScrollBar().maximum() == 0  # never sideways
    rows = [view.document().findBlockByNumber(r) for r in range(log.model.rowCount())]
    assert [b.text() for b in rows] == [log.model.index(r).data() for r in range(log.model.rowCount())]
    assert max(b.layout().lineCount() for b in rows) >= 2  # a line longer than the log wraps
    for block in rows:
        layout = block.layout()
        widest = max(layout.lineAt(i).naturalTextWidth() for i in range(layout.lineCount()))
        assert widest <= view.viewport().width(), block.text()
    last = log.model.index(log.model.rowCount() - 1)
    assert desk.session.entries[-1].text in last.data(Qt.ItemDataRole.ToolTipRole)
