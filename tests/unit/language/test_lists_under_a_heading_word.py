"""A list that opens with a word telling two prices apart ("Trade £2.40/m for Red Oak
and White Ash, £3.10/m for Black Walnut; we sell to members at …") holds that word for
each of its items up to the semicolon, and no word said after it reaches back; the
prices said together after it name no item. A price per measure is money, and digits
joined by hyphens are one combination."""

from __future__ import annotations

import pytest

from tests.unit.language.matching import read_all, value_of

NOTES = [
    (
        "Timber order",
        "Trade £2.40/m for Red Oak and White Ash, £3.10/m for Black Walnut; we sell to "
        "members at £4.00/m and £5.50/m.",
    ),
    ("Bike lock", "Bike lock combination 4-1-9-2, the spare key is in the drawer."),
]


@pytest.fixture(scope="module")
def candidates(parser):
    return read_all(parser, NOTES)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("What's the trade price of white ash?", "£2.40"),
        ("What's the trade price of black walnut?", "£3.10"),
        ("What do members pay for black walnut?", None),  # not the trade £3.10
        ("What's the combination of the bike lock?", "4-1-9-2"),
    ],
)
def test_each_item_keeps_its_lists_word(parser, candidates, text, value):
    assert value_of(parser, candidates, text) == value
