"""How often a thing happens is a value of its own ("every evening", "twice a month",
"annually"), picked for "how often" over a day said beside it; and code's reply keeps the
question's own words: the counted noun phrase whole ("two library books"), a question
word's "of" phrase ("what time of day") out of the subject, a verb's complement with it
("needs feeding")."""

from __future__ import annotations

import pytest

from voice_assistant.language.frame import answer, decline
from voice_assistant.language.match import Candidate, best, matches
from voice_assistant.language.notes import read_note
from voice_assistant.language.question import read_question
from voice_assistant.language.values import values

NOTES = [
    (
        "Kombucha",
        "Feed the kombucha every evening with sugar. It sits in the larder over the weekend.",
    ),
    ("Bins", "The green bin goes out twice a month."),
    ("Boiler", "The boiler is serviced annually."),
    ("Window cleaner", "The window cleaner is coming on Tuesday in the afternoon."),
    ("Library", "Two library books are due back on 9 May."),
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
    ("text", "kind"),
    [
        ("Feed it every evening.", "frequency"),
        ("It goes out twice a month.", "frequency"),
        ("It is serviced annually.", "frequency"),
        ("It goes out on Friday.", "date"),
    ],
)
def test_how_often_is_a_kind_of_value(parser, text, kind):
    from voice_assistant.language.tokens import tokens_of

    found = [v for v in values(tokens_of(parser(text)[:])) if v.kind in ("date", "frequency")]
    assert [v.kind for v in found] == [kind]


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("How often does the kombucha need feeding?", "The kombucha needs feeding every evening."),
        ("How often does the green bin go out?", "twice a month"),
        ("How often is the boiler serviced?", "annually"),
        (
            "What time of day is the window cleaner coming?",
            "The window cleaner is coming in the afternoon.",
        ),
        ("How many library books have I got out?", "two library books"),
    ],
)
def test_the_reply_keeps_the_questions_words(parser, candidates, text, reply):
    assert reply in said(parser, candidates, text)


def test_a_day_said_beside_it_is_no_answer_to_how_often(parser, candidates):
    assert "weekend" not in said(parser, candidates, "How often does the kombucha need feeding?")


@pytest.mark.parametrize(
    ("text", "value", "reply"),
    [
        ("How many roof lights are going in the back?", "two", "Two roof lights are going in"),
        ("How many pianos are there at the school?", "six", "There are six pianos at the school."),
    ],
)
def test_counted_things_that_are_the_subject_open_the_reply(parser, text, value, reply):
    assert answer(read_question(parser, text), value, "count").startswith(reply)
