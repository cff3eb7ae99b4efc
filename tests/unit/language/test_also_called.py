"""A thing a note names two ways ("Tub A (the oak one)") is found by either name, and a
line about the other thing beside it is not its answer."""

from __future__ import annotations

import pytest

from voice_assistant.language.also_called import also_called
from voice_assistant.language.frame import answer, decline
from voice_assistant.language.match import Candidate, best, matches
from voice_assistant.language.notes import read_note
from voice_assistant.language.question import read_question
from voice_assistant.language.tokens import tokens_of

NOTES = [
    ("Tubs", "Tub A (the oak one) holds the mint. Tub C (the clay tub) holds the thyme."),
    ("Harvest", "September: 4 kg from Tub A, 2 kg from Tub C, all dried in the shed."),
]


@pytest.fixture(scope="module")
def candidates(parser):
    return [Candidate(i, read_note(parser, title, text)) for i, (title, text) in enumerate(NOTES)]


def said(parser, candidates, text: str) -> str:
    question = read_question(parser, text)
    chosen = best(question, matches(question, candidates))
    if not chosen:
        return decline(question)
    return answer(question, chosen[0].text, chosen[0].values[0].kind)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Tub A (the oak one) holds the mint.", [{"tub a", "oak tub"}]),
        ("Tub C (the clay tub) holds the thyme.", [{"tub c", "clay tub"}]),
        ("Thistle (the cat, 11) sleeps upstairs.", []),  # what a name is, not another name
        ("The shed (see the photo) leaks.", []),
    ],
)
def test_a_bracket_of_the_same_noun_is_another_name(parser, text, names):
    assert [set(g) for g in also_called(tokens_of(parser(text)[:]))] == names


def test_the_other_name_finds_the_line_of_that_thing(parser, candidates):
    reply = said(parser, candidates, "How much did the oak tub give in September?")
    assert "4 kg" in reply
    assert "2 kg" not in reply


def test_a_name_no_note_gives_is_not_matched_by_its_noun_alone(parser, candidates):
    assert "nothing" in said(parser, candidates, "How much did the copper tub give in September?")
