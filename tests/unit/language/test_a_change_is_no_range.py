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
]


@pytest.fixture(scope="module")
def candidates(parser):
    return read_all(parser, NOTES)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("When's the book club now?", "Wednesday 5 March at 7pm"),
        ("When is the book club?", "Wednesday 5 March at 7pm"),
        ("When's the choir concert now?", "Saturday 7 June at 7:30pm"),
        ("When is the choir concert?", "Saturday 7 June at 7:30pm"),
    ],
)
def test_the_new_day_is_the_answer(parser, candidates, text, value):
    assert value_of(parser, candidates, text) == value
