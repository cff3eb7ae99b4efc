"""A semicolon ends a list's item: each item is its own thing's ("5 Sept Ashby Ridge, 30
miles; 19 Sept Kelso Vale, 42 miles, Dev leading; …"). A value of one item is never the
answer for the thing another item names, and a value beside the thing asked in its own
item is that thing's. A change inside such a list is the change of its own item's people.
"""

from __future__ import annotations

import pytest

from tests.unit.language.matching import read_all, value_of

NOTES = [
    (
        "Rides",
        "Saturday rides, meet 8am at the bridge. 5 Sept Ashby Ridge, 30 miles; 19 Sept Kelso "
        "Vale, 42 miles, Dev leading; 3 Oct Marlow Hill, 25 miles.",
    ),
    (
        "Festival trip",
        "Messiah, Town Hall, Sat 4 Dec 19:30, £25; Elijah Sun 5 Dec, £20.",
    ),
    ("Physio", "Six sessions were prescribed; four are left."),
    (
        "Fell runs",
        "Sunday fell runs, meet 8am at the green. 6 Sept Brantwick Edge, 9 miles; 20 Sept "
        "Hollin Crag, 12 miles, Ines leading; 4 Oct Skelbrae, 7 miles.",
    ),  # "the Skelbrae run": a name the question reader may take for whose
]


@pytest.fixture(scope="module")
def candidates(parser):
    return read_all(parser, NOTES)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("How long is the Marlow Hill ride?", "25 miles"),  # not the item before's 42
        ("How long is the Kelso Vale ride?", "42 miles"),
        ("Who's leading the Marlow Hill ride?", None),  # Dev leads another item's ride
        ("Who is leading the Kelso Vale ride?", "Dev"),
        ("Who's leading the Skelbrae run?", None),  # Ines leads another item's run
        ("What time is the Messiah?", "19:30"),
        ("What time is Elijah?", None),  # the item before's time is not Elijah's
        ("How many physio sessions are left?", "four"),  # an item naming no thing of its own
    ],
)
def test_each_item_is_its_own_things(parser, candidates, text, value):
    assert value_of(parser, candidates, text) == value
