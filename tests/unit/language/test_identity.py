"""Names a note says are one person, read from the parse: a subject and what "be" says it
is, the names a naming verb's object holds, a nickname in quotes in brackets; and never
the possessor of a person beside them ("Aurel (Mum's dad)" is not Mum)."""

from __future__ import annotations

import pytest

from tests.unit.language.matching import read_all, value_of
from voice_assistant.language.match import Candidate
from voice_assistant.language.notes import read_note

NOTES = [
    ("Birthdays", "Ynys: 30 April. Tamsin: 2 May. Aurel: 5 June. Ruben: 9 July."),
    (
        "Family",
        'Ruben is my partner. Tamsin is the baby. Mum is Halina, "Granny Jo" to the kids. '
        'Ruben\'s parents live in Hull (the kids call Ynys "Nain"). '
        'Aurel (Mum\'s dad, "Gramps") lives in Leeds.',
    ),
]


@pytest.fixture(scope="module")
def candidates(parser):
    return read_all(parser, NOTES)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("When is Nain's birthday?", "30 April"),  # the kids call Ynys "Nain"
        ("When's the baby's birthday?", "2 May"),  # Tamsin is the baby
        ("When is my partner's birthday?", "9 July"),  # Ruben is my partner
        ("When is Gramps's birthday?", "5 June"),  # a nickname in quotes in brackets
        ("When is Mum's birthday?", None),  # not Aurel's: he is Mum's dad
        ("When is Granny Jo's birthday?", None),  # Halina has none noted
    ],
)
def test_one_person_by_the_names_the_notes_give(parser, candidates, text, value):
    assert value_of(parser, candidates, text) == value


def test_a_name_english_does_not_know_keeps_its_s(parser):
    reading = read_note(parser, "Birthdays", "Ynys: 30 April.")
    assert "ynys" in reading.names


def test_a_line_naming_nobody_after_a_relation_is_the_notes_persons(parser):
    note = read_note(parser, "Tova", "Tova is our hamster. Her vet is Dr Amsel. Jab due 12 May.")
    assert value_of(parser, [Candidate(0, note)], "When is Tova's jab due?") == "12 May"


def test_what_someone_is_is_not_another_name(parser):
    note = read_note(parser, "Family", "Mum is a nurse. Ruben is my partner.")
    assert frozenset({"ruben", "partner"}) in note.aliases
    assert not any("nurse" in group for group in note.aliases)
