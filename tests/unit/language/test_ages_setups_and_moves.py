"""An age is no day of the month ("turns 80" is not the 80th); a verb and particle joined
by a hyphen is the noun English has ("set-up"); the thing a change moves carries the
change ("moved my check-up to Friday", the "to" read on the check-up), and its possessor,
not the sentence's subject, owns it."""

from __future__ import annotations

import pytest

from tests.unit.language.matching import read_all, value_of
from voice_assistant.language.days import date_key
from voice_assistant.language.question import read_question
from voice_assistant.language.tokens import tokens_of

NOTES = [
    ("Parents", "Dad turns 80 on 12 March and wants no fuss; Mum's birthday is 3 July."),
    ("Holidays", "Easter at Mum and Dad's in Leeds."),
    ("Fair stall", "Set-up starts at 8:15 and the fair opens at 10:00."),
    ("Optician", "Eye test with Dr Obi on Monday 7 June at 11:20."),
    ("Optician moved", "The optician moved my eye test to Thursday 10 June at 9:05."),
]


@pytest.fixture(scope="module")
def candidates(parser):
    return read_all(parser, NOTES)


def test_an_age_is_no_day_of_the_month(parser):
    tokens = tokens_of(parser("Dad turns 80 on his birthday.")[:])
    assert date_key(tokens, 2, 3) == frozenset()
    assert "d:12" in date_key(tokens_of(parser("on 12 March")[:]), 1, 3)


def test_when_someone_turns_an_age_is_that_sentences_day(parser, candidates):
    assert value_of(parser, candidates, "When does Dad turn 80?") == "12 March"


def test_a_hyphened_verb_and_particle_is_the_noun(parser, candidates):
    question = read_question(parser, "What time does set-up start at the fair?")
    assert "setup" in question.focus
    assert value_of(parser, candidates, "What time does set-up start at the fair?") == "8:15"


def test_the_moved_thing_is_its_possessors_and_the_newer_day_wins(parser, candidates):
    assert value_of(parser, candidates, "When is my eye test?") == "Thursday 10 June at 9:05"
