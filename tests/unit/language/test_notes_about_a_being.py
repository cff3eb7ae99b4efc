"""A note titled with a word WordNet knows may still be about someone of that name: a pet
called after a thing. The note opens with the name and says "he" or "she", so its values
are that being's; a note about a thing, which says "it", is not."""

from __future__ import annotations

import pytest

from tests.unit.language.matching import read_all, value_of

NOTES = [
    (
        "Biscuit",
        "Biscuit (our old tabby, 12) is on Metacam twice a day for her hips. 3.9 kg at her "
        "last weigh-in. She sees Ms Okoro at Hillside Cat Clinic. Next check-up 12 February "
        "at 9:15.",
    ),
    (
        "Boiler",
        "Boiler is a combi, fitted 2019. It gets serviced every October. Next service 4 October.",
    ),
]


@pytest.fixture(scope="module")
def candidates(parser):
    return read_all(parser, NOTES)


def test_the_pets_values_are_the_pets(parser, candidates):
    assert value_of(parser, candidates, "When is Biscuit's next check-up?") == "12 February at 9:15"


def test_a_thing_named_by_its_title_is_still_answered(parser, candidates):
    assert value_of(parser, candidates, "When is the boiler's next service?") == "4 October"


def test_the_note_is_read_as_the_pets_and_the_boilers_as_nobodys(candidates):
    biscuit, boiler = (c.reading for c in candidates)
    assert biscuit.owner == {"biscuit"}
    assert all("biscuit" in unit.owner for unit in biscuit.units)
    assert boiler.owner == frozenset()
