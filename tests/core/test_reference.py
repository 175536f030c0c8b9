"""The rule reference: one Markdown section per rule id."""

from __future__ import annotations

from companion.core.reference import parse_reference
from companion.couriers.rules import RULE_IDS

TEXT = """\
# Title, no id

Intro text that belongs to no rule.

## The turn

### Turn order {#x.turn.order}
First line.

- a list item
#### A sub-heading inside the rule
still turn order

### Rolls first {#x.roll.pending}
Roll first.
## Another part
Not part of any rule.
# {#x.top}
Top-level body.
"""


def test_sections_by_id():
    ref = parse_reference(TEXT)
    assert set(ref) == {"x.turn.order", "x.roll.pending", "x.top"}
    order = ref["x.turn.order"]
    assert order.title == "Turn order" and order.level == 3
    assert order.body == "First line.\n\n- a list item\n#### A sub-heading inside the rule\nstill turn order"
    assert ref["x.roll.pending"].body == "Roll first."  # ends at the higher-level heading
    assert ref["x.top"].body == "Top-level body."
    assert ref["x.roll.pending"].markdown() == "### Rolls first\n\nRoll first.\n"


def test_no_sections():
    assert parse_reference("") == {}
    assert parse_reference("# Just a title\ntext\n") == {}


def test_bundled_reference_explains_every_courier_rule(couriers_pack):
    assert RULE_IDS <= set(couriers_pack.reference)
    for rid in RULE_IDS:
        rule = couriers_pack.rule(rid)
        assert rule.title and len(rule.body) > 40, rid
    assert couriers_pack.rule("couriers.nope") is None
    assert "9 or better" in couriers_pack.rule("couriers.locate.roll").body
