"""A chain of possessives in a note ("Lida's brother's wife") is read, not a crash that
stops the whole import, and the person it ends on is the one the line is about."""

from __future__ import annotations

import pytest

from voice_assistant.language.match import Candidate, best, matches
from voice_assistant.language.notes import read_note
from voice_assistant.language.question import read_question


@pytest.mark.parametrize(
    "text",
    [
        "My brother's son Kwame turns 9 on 3 May.",
        "Dad's sister's husband Olek rang about the boat.",
        "Lida's brother's wife Zora is 40 this year.",
    ],
)
def test_a_chain_of_possessives_is_read(parser, text):
    reading = read_note(parser, "Family", text)
    assert reading.units and any(part.values for part in reading.units[0].parts)


def test_the_person_a_chain_ends_on_is_the_one_asked_of(parser):
    note = read_note(
        parser,
        "Birthdays",
        "Kwame's birthday is 9 June. Kwame's sister's son Obi was born on 3 May.",
    )
    question = read_question(parser, "When is Obi's birthday?")
    found = best(question, matches(question, [Candidate(0, note)]))
    assert found and "3 May" in found[0].text
