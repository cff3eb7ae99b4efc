"""A pet asked of by its kind ("the dog's vet check") is the note's being when the note
says it is one, by that word or a narrower one ("rescue whippet": a whippet is a dog);
another kind ("the cat's") is not hers."""

from __future__ import annotations

import pytest

from tests.unit.language.matching import read_all, value_of

NOTES = [
    (
        "Juniper",
        "Juniper (retired racer, rescue whippet, 4) eats 150 g of kibble in the morning. "
        "She goes to Dr Moss at Elm Vets. Vet check due 9 April 2027.",
    ),
]


@pytest.fixture(scope="module")
def candidates(parser):
    return read_all(parser, NOTES)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("When's the dog's vet check due?", "9 April 2027"),
        ("When's the cat's vet check due?", None),
    ],
)
def test_the_kind_said_in_her_note(parser, candidates, text, value):
    assert value_of(parser, candidates, text) == value
