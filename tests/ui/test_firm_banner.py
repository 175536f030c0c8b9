"""The flag banner offers no Override for a firm violation and says why; a plain one keeps it.

The Postman's owed retreat roll (postman.roll.pending): answering the retreat offer again before
it is rolled is firm, ending the phase is not."""

from __future__ import annotations

from PySide6.QtCore import Qt

from companion.core import records
from companion.core.inputs import Input
from companion.core.violations import Violation


def owed_retreat_window(window, tmp_path):
    from core.test_firm_violations import offered

    kit = offered()
    kit.ok("retreat", unit="rider2", to="post")  # Rider 2's retreat roll is owed
    path = tmp_path / "owed.json"
    records.save(kit.session, path)
    assert window.open_record(path)
    return window


def test_the_banner_offers_no_override_for_a_firm_violation(window, qtbot, tmp_path):
    owed_retreat_window(window, tmp_path)
    table, banner = window.table, window.banner
    before = (table.session.rules.state_json(table.state), len(table.session.entries))
    table.submit(Input("stay"))
    assert banner.isVisible() and "postman.roll.pending" in banner.text.text()
    assert not banner.override_button.isVisible()
    assert "Not allowed, and no Override for it: first: Rider 2's retreat roll" in banner.text.text()
    assert banner.rule_button.isVisible()  # the rule is still one click away
    assert table.override_last() is None  # a caller that tries anyway is refused
    assert banner.isVisible() and "Refused:" in banner.text.text()
    assert (table.session.rules.state_json(table.state), len(table.session.entries)) == before

    table.submit(Input("end_phase"))  # the same rule, not firm: Override is offered
    assert banner.isVisible() and banner.override_button.isVisible()
    assert "no Override" not in banner.text.text()
    qtbot.mouseClick(banner.override_button, Qt.MouseButton.LeftButton)
    assert table.session.entries[-1].input.override == ("postman.roll.pending",)


def test_a_firm_and_a_plain_violation_together_offer_no_override(qtbot):
    from ui.widgets.flag_banner import FlagBanner

    banner = FlagBanner()
    qtbot.addWidget(banner)
    banner.show_violations([Violation("g.plain", "a plain one")], {})
    assert banner.override_button.isVisibleTo(banner)
    banner.show_violations([Violation("g.plain", "a plain one"), Violation("g.firm", "a firm one", firm=True)], {})
    assert not banner.override_button.isVisibleTo(banner)
    assert banner.text.text().splitlines() == [
        "Not allowed: a plain one.  Rule: g.plain (g.plain)",
        "Not allowed, and no Override for it: a firm one.  Rule: g.firm (g.firm)"]
