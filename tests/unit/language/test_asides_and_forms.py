"""What is said in brackets is an aside: its subject owns nothing outside and its verbs
pick no side ("Party from 3pm (Ruben and the kids arrive at 2:30)"). "3pm" is a time, not
a code; "ninetieth" and "90th" are one word; a name that is an English plural ("Gramps's")
finds the note's "Gramps"; and of two values, the one said beside the person asked of is
theirs ("£3 a night (£2 for juniors, so Obi pays £2)")."""

from __future__ import annotations

import pytest

from tests.unit.language.matching import read_all, value_of
from voice_assistant.language.match import Candidate, best, matches
from voice_assistant.language.notes import read_note
from voice_assistant.language.question import read_question

NOTES = [
    (
        "Gramps's 80th",
        "Gramps turns 80 on Sunday 6 June. Party in the club lounge from 3pm "
        "(Ruben and the kids arrive at 2:30 to set up).",
    ),
    ("Darts", "Subs £30 a season, then £4 a match night (£2 for juniors, so Obi pays £2)."),
    ("Tutor", "Ada teaches Obi on Mondays: £14 for an hour, £9 for half an hour."),
    ("Family", "Obi is 14. Gramps lives in Hull."),
]


@pytest.fixture(scope="module")
def candidates(parser):
    return read_all(parser, NOTES)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("What time does Gramps's eightieth party start?", "3pm"),
        ("What time is the party?", "3pm"),
        ("How much does Obi pay on match nights?", "£2"),
        ("How much does Ada charge for half an hour?", "£9"),  # all of the sentence is hers
    ],
)
def test_the_value_of_the_thing_asked(parser, candidates, text, value):
    assert value_of(parser, candidates, text) == value


def test_3pm_is_a_time(parser):
    reading = read_note(parser, "Party", "Drinks from 3pm.")
    kinds = {v.kind for part in reading.units[0].parts for v in part.values}
    assert "time" in kinds and "code" not in kinds


def test_a_phone_number_written_in_groups_is_one_value(parser):
    note = read_note(
        parser,
        "Ren's new number",
        "Ren has changed her mobile. New number: 07831 402 196. "
        "The old one (07700 918 552) is cut off on 1 October.",
    )
    assert value_of(parser, [Candidate(0, note)], "What's Ren's mobile number?") == "07831 402 196"


def test_a_full_day_names_no_day(parser):
    note = read_note(parser, "Nursery", "Mornings 8:00–13:00 are £58 a session, a full day is £96.")
    question = read_question(parser, "How much is a full day at the nursery?")
    assert question.days == ()
    found = best(question, matches(question, [Candidate(0, note)]))
    assert found and found[0].text == "£96"


def test_an_undertaking_named_by_its_thing_moves_its_date(parser):
    older = read_note(parser, "Garage conversion", "Builders: Fenwick. Start date 3 March.")
    newer = read_note(parser, "Garage start moved", "The garage now starts on Monday 16 March.")
    candidates = [Candidate(0, older, "2026-01-10"), Candidate(1, newer, "2026-02-01")]
    assert (
        value_of(parser, candidates, "When does the garage conversion start?") == "Monday 16 March"
    )
