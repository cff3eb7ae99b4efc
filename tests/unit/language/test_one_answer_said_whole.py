"""A value read twice, once inside the other ("Our neighbour Holly" and "Holly"), is one
answer, said whole: not two answers the question cannot tell apart."""

from __future__ import annotations

import pytest

from tests.unit.language.matching import read_all, value_of

NOTES = [
    (
        "Neighbours",
        "Our neighbour Holly at number 12 has the spare key. Her phone is 07700 900 412.",
    ),
    ("Garage", "The garage door code is 5521; the side gate has a padlock, code 0904."),
]


@pytest.fixture(scope="module")
def candidates(parser):
    return read_all(parser, NOTES)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Who has the spare key?", "Our neighbour Holly"),
        ("What's Holly's phone number?", "07700 900 412"),
        ("What's the code?", None),  # two codes, and the question names no door
    ],
)
def test_a_value_inside_another_is_one_answer(parser, candidates, text, value):
    assert value_of(parser, candidates, text) == value
