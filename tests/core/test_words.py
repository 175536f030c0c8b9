"""A count reads as people say it: "1 card goes", "2 houses", never "card(s)" (#13 words for people)."""

from companion.core.words import counted


def test_one_and_many():
    assert counted(1, "house") == "1 house"
    assert counted(0, "house") == "0 houses"
    assert counted(2, "bonus tile") == "2 bonus tiles"
    assert counted(3, "Militia", "Militia") == "3 Militia"
