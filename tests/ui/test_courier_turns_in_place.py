"""The commanders' "Turns in place" column says when a commander may set up his headquarters
(couriers.hq.establish) rather than a count past its need ("5 of 4")."""

from __future__ import annotations

from conftest import Desk  # tests/conftest.py: the rules-level desk (tests/ui's own is a window)
from PySide6.QtCore import Qt

from companion.couriers import view
from ui.couriers.models import CommanderModel


def _shown(desk, cid: str) -> str:
    model = CommanderModel()
    rows = list(desk.state.commanders.values())
    model.set_state(desk.state, rows)
    row = [c.id for c in rows].index(cid)
    return model.data(model.index(row, 4), Qt.ItemDataRole.DisplayRole)


def test_the_column_counts_to_four_then_says_he_may_set_up_hq(couriers_pack, qapp):
    desk = Desk(couriers_pack)
    desk.roster("meade", "gibbon", "lee").start()
    for _ in range(3):
        desk.courier_step().end_turn()
    assert _shown(desk, "meade") == "3 of 4"
    desk.courier_step().end_turn()
    assert view.may_establish(desk.state, "meade")
    assert _shown(desk, "meade") == "4, may set up HQ"
    desk.courier_step().end_turn()
    assert _shown(desk, "meade") == "5, may set up HQ"
    assert _shown(desk, "gibbon") == "5"  # a brigade commander: no headquarters, only the count
