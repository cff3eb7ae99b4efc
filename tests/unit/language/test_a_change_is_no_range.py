"""The from and to of a change ("moved from Monday 3 March to Wednesday 5 March") are
the old and the new day of one thing, not a range's start and end nor another thing's
day: "now", or nothing, asks for the new one."""

from __future__ import annotations

import pytest

from tests.unit.language.matching import read_all, value_of

NOTES = [
    (
        "Book club",
        "Riverside book club moved from Monday 3 March to Wednesday 5 March, 7pm at the library.",
    ),
    (
        "Concert",
        "The choir concert moved from Friday 6 June to Saturday 7 June 2027, 7:30pm at "
        "the town hall.",  # the parser hangs this "to" on "from"
    ),
    (
        "Weddings this year",
        "Playing for three weddings: Ann Hale & Rob Day on Sat 8 Aug, 1pm; Kate Byrne & "
        "Tom Reid moved from Sat 5 Sept to Sat 12 Sept, 2pm; Lucy Marsh & Sam Cole on Sat "
        "3 Oct, 11am.",  # a change inside a list: the parser hangs "to" on the from's day
    ),
    (
        "Sofa",
        "Sofa delivery moved from Fri 9 May to Tue 20 May because of the floor.",
    ),  # the recogniser's "Tue 20" without its month
    (
        "Christenings",
        "Sun 4 May - Ada Roe, 11am; Eve Lamb & Ian Pike moved from Sun 1 June to Sun 8 "
        "June, 12 noon, hymns tbc.",  # "to" hung on the from's month
    ),
]


@pytest.fixture(scope="module")
def candidates(parser):
    return read_all(parser, NOTES)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("When's the book club now?", "Wednesday 5 March at 7pm"),
        ("When is the book club?", "Wednesday 5 March at 7pm"),
        ("When's the choir concert now?", "Saturday 7 June 2027 at 7:30pm"),
        ("When is the choir concert?", "Saturday 7 June 2027 at 7:30pm"),
        ("When is Kate and Tom's wedding now?", "Sat 12 Sept at 2pm"),
        ("When is Kate Byrne's wedding?", "Sat 12 Sept at 2pm"),
        ("When is Ann and Rob's wedding?", "Sat 8 Aug at 1pm"),
        ("When is Lucy and Sam's wedding?", "Sat 3 Oct at 11am"),
        ("When is the sofa delivery?", "Tue 20 May"),
        ("When is Eve and Ian's christening now?", "Sun 8 June at noon"),
    ],
)
def test_the_new_day_is_the_answer(parser, candidates, text, value):
    assert value_of(parser, candidates, text) == value
