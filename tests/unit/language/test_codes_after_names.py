"""A code written after a place's name is a code, though the recogniser takes it into the
name ("main gate on Northfield Lane 5932"): each item of the list keeps its own code."""

from __future__ import annotations

import pytest

from tests.unit.language.matching import read_all, value_of

NOTES = [
    (
        "Garden codes",
        "Garden codes: front gate on Northfield Lane 5932, side gate by the brook 7710. "
        "Tool shed padlock 2468.",
    ),
]


@pytest.fixture(scope="module")
def candidates(parser):
    return read_all(parser, NOTES)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("What's the front gate code?", "5932"),
        ("What's the code for the side gate?", "7710"),
        ("What's the code for the tool shed padlock?", "2468"),
    ],
)
def test_each_gate_gets_the_code_written_beside_it(parser, candidates, text, value):
    assert value_of(parser, candidates, text) == value
