"""The Courier Desk's ranges come from its pack (``[ranges]`` in couriers.toml): a house copy with
other ranges is what the rules take, the new-game dialog, the ride panel and a phone's ride offer."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox, QDoubleSpinBox
from session_table import SessionTable as _Table

from companion.core.inputs import Input
from companion.core.violations import MalformedInput, PackError
from companion.couriers import view
from companion.couriers.rules import RULES
from companion.games import load_pack
from companion.phones.messages import seat_message
from ui.couriers.desk import CourierDesk
from ui.couriers.dialogs import ask_setup

BUNDLED = Path(__file__).resolve().parents[2] / "rules" / "couriers"
OFFICER = "officer_move = { min = 0.5, max = 1000.0 }"
ENEMY = "nearest_enemy = { min = 0.0, max = 10000.0, start = 18.0 }"


def house_pack(tmp_path, officer=OFFICER, enemy=ENEMY):
    dst = tmp_path / "house-couriers"
    shutil.copytree(BUNDLED, dst, ignore=shutil.ignore_patterns("samples", "__pycache__"))
    toml = dst / "couriers.toml"
    text = toml.read_text(encoding="utf-8")
    assert text.count(OFFICER) == 1 and text.count(ENEMY) == 1
    toml.write_text(text.replace(OFFICER, officer).replace(ENEMY, enemy), encoding="utf-8")
    return load_pack(dst)


def tight(tmp_path):
    return house_pack(tmp_path, "officer_move = { min = 6.0, max = 36.0 }",
                      "nearest_enemy = { min = 0.0, max = 48.0, start = 30.0 }")


def riding(make_desk, pack):
    desk = make_desk(pack=pack).roster().start()
    desk.ok("send_courier", sender="gibbon", recipient="meade", message="x")
    return desk.courier_step()


def test_the_rules_take_the_packs_officer_move_range(tmp_path, make_desk):
    pack = tight(tmp_path)
    assert make_desk({"settings": {"officer_move": 36}}, pack=pack).state.settings.officer_move == 36
    with pytest.raises(MalformedInput, match="setup.officer_move: expected inches from 6 to 36, got 40"):
        make_desk({"settings": {"officer_move": 40}}, pack=pack)
    assert make_desk({"settings": {"officer_move": 40}}).state.settings.officer_move == 40  # the bundled pack


def test_the_rules_take_the_packs_nearest_enemy_range(tmp_path, make_desk):
    desk = riding(make_desk, tight(tmp_path))
    far = Input("move_courier", {"courier": "C1", "speed": "officer", "nearest_enemy": 48.5})
    with pytest.raises(MalformedInput, match="move_courier.nearest_enemy: expected a number from 0 to 48, got 48.5"):
        desk.session.check(far)
    desk.ok("move_courier", courier="C1", speed="officer", nearest_enemy=48)
    bundled = riding(make_desk, None)
    bundled.ok("move_courier", courier="C1", speed="officer", nearest_enemy=48.5)


def test_a_pack_whose_officer_move_is_outside_its_range_is_refused(tmp_path):
    with pytest.raises(PackError, match="from 6 to 20, found 24"):
        RULES.validate_pack(house_pack(tmp_path, "officer_move = { min = 6.0, max = 20.0 }"))


def test_a_pack_whose_nearest_enemy_starts_outside_its_range_is_refused(tmp_path):
    def pack(start):
        where = tmp_path / f"pack{len(list(tmp_path.iterdir()))}"
        where.mkdir()
        return house_pack(where, enemy=f"nearest_enemy = {{ min = 0.0, max = 48.0{start} }}")

    with pytest.raises(PackError, match=r"ranges.nearest_enemy.start: expected a number from 0 to 48, found 50"):
        RULES.validate_pack(pack(", start = 50.0"))
    RULES.validate_pack(pack(", start = 48.0"))


def test_a_pack_made_before_the_nearest_enemy_start_still_loads_and_starts_beyond_the_widest_band(
        tmp_path, make_desk):
    """A house pack copied before ``ranges.nearest_enemy.start`` existed is still a pack (its games
    replay): the box starts half as far again as its widest band (12" bundled: 18"), within its range."""
    def settings(enemy):
        where = tmp_path / f"pack{len(list(tmp_path.iterdir()))}"
        where.mkdir()
        pack = house_pack(where, enemy=enemy)
        RULES.validate_pack(pack)
        return RULES.new_state(pack, {}).settings

    assert settings("nearest_enemy = { min = 0.0, max = 10000.0 }").nearest_enemy_start == 18.0
    assert settings("nearest_enemy = { min = 0.0, max = 10.0 }").nearest_enemy_start == 10.0  # within the range
    assert settings("nearest_enemy = { min = 20.0, max = 99.0 }").nearest_enemy_start == 20.0
    assert settings(ENEMY.replace("18.0", "7.0")).nearest_enemy_start == 7.0  # a start given is the start


def test_the_setup_dialog_offers_the_packs_officer_move_range(qtbot, tmp_path):
    seen = {}

    def answer():
        dlg = QApplication.activeModalWidget()
        assert isinstance(dlg, QDialog)
        box = dlg.findChild(QDoubleSpinBox)
        seen["range"] = (box.minimum(), box.maximum())
        box.setValue(99)  # beyond the house range: the box holds it at the most the rules take
        dlg.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()

    QTimer.singleShot(0, answer)
    setup = ask_setup(None, tight(tmp_path))
    assert seen["range"] == (6.0, 36.0)
    assert setup["settings"]["officer_move"] == 36.0


def test_the_ride_panel_and_a_phone_offer_the_packs_nearest_enemy_range(qtbot, tmp_path, make_desk):
    desk = riding(make_desk, tight(tmp_path))
    panel = CourierDesk(_Table(desk.session))
    qtbot.addWidget(panel)
    panel.select_courier("C1")
    assert (panel.distance.minimum(), panel.distance.maximum()) == (0.0, 48.0)
    # the box starts where the house pack says, for each courier chosen, and the ride and its
    # loss roll preview take that distance
    assert panel.distance.value() == 30.0
    panel.distance.setValue(3)
    panel.courier_view.clearSelection()
    panel.select_courier("C1")
    assert panel.distance.value() == 30.0
    assert panel._ride_args("C1")["nearest_enemy"] == 30.0
    bundled = CourierDesk(_Table(riding(make_desk, None).session))
    qtbot.addWidget(bundled)
    bundled.select_courier("C1")
    assert bundled.distance.value() == 18.0
    ride = next(a for a in seat_message(desk.session, "Blue")["offers"] if a["kind"] == "move_courier")
    enemy = next(f for f in ride["fields"] if f["key"] == "nearest_enemy")
    assert (enemy["min"], enemy["max"]) == (0.0, 48.0)


ORDER = 'order = ["army", "corps", "division", "brigade"]'


def ranked(tmp_path, order):
    pack = house_pack(tmp_path)
    toml = Path(pack.source) / "couriers.toml"
    text = toml.read_text(encoding="utf-8")
    assert text.count(ORDER) == 1
    toml.write_text(text.replace(ORDER, f"order = {order}"), encoding="utf-8")
    return load_pack(pack.source)


def test_the_chain_of_command_is_the_packs_rank_order(qtbot, tmp_path, make_desk):
    """A courier to a commander may ride to the units of those ranked below him
    (couriers.locate.contact): below by the pack's ranks.order, as the rules and the ride panel
    take it."""
    house = ranked(tmp_path, '["army", "brigade", "corps", "division"]')  # brigades above corps
    for pack, to_hancock, to_gibbon in ((None, ["hancock", "gibbon"], ["gibbon"]),
                                        (house, ["hancock"], ["gibbon", "hancock"])):
        desk = make_desk(pack=pack).roster().start()
        desk.ok("send_courier", sender="meade", recipient="hancock", message="x")
        desk.ok("send_courier", sender="meade", recipient="gibbon", message="y")
        desk.courier_step()
        s = desk.state
        assert list(view.open_targets(s, s.couriers["C1"])) == to_hancock
        assert list(view.open_targets(s, s.couriers["C2"])) == to_gibbon
        panel = CourierDesk(_Table(desk.session))
        qtbot.addWidget(panel)
        panel.select_courier("C2")
        assert [panel.towards.itemData(i) for i in range(panel.towards.count())] == to_gibbon
        # a ride to a unit the pack puts below him is taken; to one above, it is refused
        refused = Input("move_courier", {"courier": "C1", "speed": "officer", "towards": "gibbon"})
        if "gibbon" in to_hancock:
            assert not desk.session.check(refused)
        else:
            with pytest.raises(MalformedInput, match="towards"):
                desk.session.check(refused)


def test_a_rank_order_that_leaves_out_a_rank_is_refused(tmp_path):
    with pytest.raises(PackError, match=r"ranks.order: expected each of army, corps, division, brigade once"):
        RULES.validate_pack(ranked(tmp_path, '["army", "corps", "brigade"]'))
