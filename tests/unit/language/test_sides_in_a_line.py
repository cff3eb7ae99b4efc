"""A qualifier holds up to a semicolon: "downstairs 20°C from 6:30 to 22:00; upstairs 18°C"
gives the times to downstairs, and none to upstairs; a word the lemmatiser shortens
("downstairs") is still its side."""

from __future__ import annotations

import pytest

from tests.unit.language.matching import read_all, value_of
from voice_assistant.language.match import Candidate
from voice_assistant.language.notes import read_note

NOTES = [
    ("Heating", "Thermostat: downstairs 21°C from 7:00 to 23:00; upstairs 17°C."),
    ("Car parts", "Nearside rear light: £38. Offside mirror glass: £12."),
]


@pytest.fixture(scope="module")
def candidates(parser):
    return read_all(parser, NOTES)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("What time does the downstairs heating come on?", "from 7:00 to 23:00"),
        ("What time does the upstairs heating come on?", None),
        ("How much is an offside rear light?", None),  # only the nearside one is priced
    ],
)
def test_a_qualifier_says_whose_value_up_to_a_semicolon(parser, candidates, text, value):
    assert value_of(parser, candidates, text) == value


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Who's our vice-captain at darts?", "Ines Varga"),
        ("Who's our captain at darts?", "Tom Ebbe"),
    ],
)
def test_each_label_of_a_line_names_its_own(parser, text, value):
    note = read_note(parser, "Darts", "Captain: Tom Ebbe; vice-captain: Ines Varga.")
    assert value_of(parser, [Candidate(0, note)], text) == value


def test_a_city_the_recogniser_calls_a_firm_is_nobody(parser):
    note = read_note(
        parser,
        "Trip flights",
        "Out: Friday 4 June, Bristol to Seville, departs 07:10. "
        "Back: Monday 7 June, Seville to Bristol, departs 18:00.",
    )
    assert (
        value_of(parser, [Candidate(0, note)], "Which day do we fly out for the trip?")
        == "Friday 4 June"
    )
