"""Code checks the model's answers by the matching of its own: a value an answer states
stands only when a note about what was asked holds it, of the question's owner and on
the side asked; a one-value question must get a value of the kind asked."""

from __future__ import annotations

import pytest

from voice_assistant.language.grounding import lacks_kind, unheld
from voice_assistant.language.notes import read_note
from voice_assistant.language.question import read_question
from voice_assistant.language.tokens import tokens_of

NOTES = [
    ("Birthdays", "Wilhelmina: 14 February\nBarnaby: 29 August"),
    (
        "Courier gateway",
        "We keep the courier gateway on the old queue until the June release. Retries move "
        "to the gateway, with at most three attempts and a 2 second backoff.",
    ),
    ("Wifi", "Main: Heron, password slate-owl-52\nGuest: Heron-Guest, password finch17"),
    ("Running", "Training for the 10k: long run on Saturdays. Race day is 12 September."),
]


@pytest.fixture(scope="module")
def notes(parser):
    return [read_note(parser, title, text) for title, text in NOTES]


def failed(parser, notes, question: str, answer: str) -> list[str]:
    said = [tokens_of(s) for s in parser(answer).sents]
    asked = read_question(parser, question)
    missing = lacks_kind(asked, said)
    return [f.value for f in unheld(asked, said, notes)] + ([missing] if missing else [])


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("When's Wilhelmina's birthday?", "Wilhelmina's birthday is on 14 February."),
        ("When's Wilhelmina's birthday?", "It is on the 14th of February."),
        (
            "What did we decide about the courier gateway?",
            "The gateway stays on the old queue until the June release, with three attempts "
            "and a 2 second backoff [2].",
        ),
        ("Tell me about the guest wifi.", "The guest wifi is Heron-Guest, password finch17."),
        ("Tell me about Wilhelmina's birthday.", "Wilhelmina was born on 14 February."),
    ],
)
def test_an_answer_the_notes_hold_stands(parser, notes, question, answer):
    assert failed(parser, notes, question, answer) == []


@pytest.mark.parametrize(
    ("question", "answer", "value"),
    [
        # another person's date, said as theirs (asked with and without a question word)
        ("When's Wilhelmina's birthday?", "Wilhelmina's birthday is on 29 August.", "29 August"),
        ("Wilhelmina's birthday.", "Her birthday is on 29 August.", "29 August"),
        # the main network's password for the guest one
        ("Tell me about the guest wifi.", "The guest password is slate-owl-52.", "slate-owl-52"),
        # a number no note holds, and a colour
        ("What did we decide about the courier gateway?", "It gets five attempts.", "five"),
        ("Tell me about the guest wifi.", "The guest wifi router is red.", "red"),
    ],
)
def test_a_value_no_note_about_the_question_holds_fails(parser, notes, question, answer, value):
    assert value in failed(parser, notes, question, answer)


def test_a_one_value_question_must_get_the_kind_asked(parser, notes):
    assert failed(parser, notes, "When is my 10k?", "Your 10k needs long runs.") == [
        "it does not give the date asked"
    ]
    assert failed(parser, notes, "When is my 10k?", "Race day is 12 September.") == []
