"""Readings of stop 56, each with invented notes:
- the person named after a role label ("Locksmith: Ivo Brand …") is the role's;
- a year after its month, a sum and a day's ordinal are no codes; "no. 9" is a number;
- a kind asked ("which berth") named in a note under another word for it;
- an address said by "moved to", up to the aside saying the old one; "moved out of" is
  the old side; a person opening the clause after the value's comma is not its owner;
- the day by which another deed is done is that deed's; a person's number is no answer
  to a question asked of a thing;
- a number that tells items apart ("size 4 …, size 6 …");
- a flight said only by its number and its leaving;
- "Weds", "Thursdays", "Mon 6-7.30pm" and "9-13 Mar";
- a note opening with a name alone ("Harwood!") is about it;
- a building of another kind answers no "which hotel"."""

from __future__ import annotations

import pytest

from tests.unit.language.matching import read_all, value_of
from tests.unit.language.test_answers_from_structure import said
from voice_assistant.language.notes import read_note

NOTES = [
    (
        "Tradespeople",
        "Locksmith: Ivo Brand 07700 900555. Glazier: Peg Moss 07700 900666. Gutters cleared "
        "3 Feb by Ivo (£60; next due Feb 2028).",
    ),
    ("Codes", "Garage 5182 (changed from 3307 in May). Smoke alarms checked 1st of the month."),
    ("Barge mooring", "Our barge Heron, 60ft. Pell Marina - berth D9 now (was A3 until June)."),
    (
        "Friends",
        "Nell Price moved to Hull, 8 Ash Rise - was 2 Elm Street, Selby. Bea Lowe moved out of "
        "6 Mill Lane on 2 May. Her new address: 9 Oak Court, Leyburn.",
    ),
    (
        "Doctor and repeats",
        "Valley Surgery, Dr Ann Cole. Repeat: inhaler - order by the 25th each month.",
    ),
    ("Boiler and sweep", "Boiler serviced 3 Sept. Sweep Rob Dale 07700 900777, booked 9 Oct."),
    (
        "Porto trip",
        "Out Sat 4 May Leeds to Porto, KT2291 dep 06:55. Back Sat 11 May, KT2292 dep 19:10.",
    ),
    ("Ferry", "Ferry to Arran ref AB1234, dep 08:30."),
    ("Choir trip", "Coach leaves the Corn Hall Fri 5pm, back Sun 8pm. £120 incl. hotel."),
    (
        "Kids' clubs",
        "Ada: judo Mon 6-7.30pm in the main hall. Sam: chess club Weds 4.15-5pm (was Tues).",
    ),
    ("Home codes", "Side door keypad 5521; shed 7730."),
    ("Rota", "Lates 6-8 Mar, 20-22 Mar. Annual leave 9-13 Mar (school trip)."),
    (
        "New flat",
        "Harwood! Flat 2, 12 Ash Court. Completion moved from Fri 8 Jan to Fri 22 Jan 2027, "
        "buyer's chain slipped.",
    ),
    (
        "Clinics",
        "My clinics: diet clinic Tuesdays 2 to 4pm, puppy class Thursdays 6:30pm (moving "
        "from Wednesdays in May).",
    ),
    ("Tackle", "Bought fishing hooks, size 4 £2.10 a pack, size 6 £2.70. Line 10lb £5."),
]


@pytest.fixture(scope="module")
def candidates(parser):
    return read_all(parser, NOTES)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("What's the locksmith's number?", "07700 900555"),  # "Locksmith: Ivo Brand …"
        ("What's the glazier's number?", "07700 900666"),  # never "2028" of "Feb 2028"
        ("What's the garage code?", "5182"),  # "1st" is a day, not a code
        ("Which berth is the barge on now?", "berth D9"),  # "berth" under "mooring"
        ("What's Nell's address now?", "8 Ash Rise"),  # "moved to", up to "- was"
        ("What's Bea's new address?", "9 Oak Court, Leyburn"),  # not "moved out of"
        ("When's my next surgery appointment?", None),  # the 25th is the order's
        ("What's the serial number on the boiler?", None),  # the sweep's number
        ("What do size six hooks cost a pack?", "£2.70"),  # "size 6", not "size 4 … a pack"
        ("How much are size four hooks?", "£2.10"),
        ("What time does my flight out to Porto leave?", "06:55"),  # a flight by its parts
        ("What time's my flight to Arran?", None),  # a ferry's booking ref is no flight
        ("Which hotel are we staying at on the choir trip?", None),  # a hall is no hotel
        ("What time does Ada's judo start?", "6pm"),  # "6-7.30pm", not the 6th of a month
        ("What's the side door code?", "5521"),  # "keypad 5521", read as a date by the model
        ("When am I on annual leave?", "9-13 Mar"),  # one date, not a count "9-" and "13 Mar"
        ("When is completion now?", "Fri 22 Jan 2027"),  # ours, not the buyer's after ","
        ("When's the completion on the Harwood flat?", "Fri 22 Jan 2027"),  # "Harwood!"
    ],
)
def test_roles_deeds_and_ordinals_answer_the_thing_asked(parser, candidates, text, value):
    assert value_of(parser, candidates, text) == value


def test_when_to_do_the_deed_is_still_answered(parser, candidates):
    assert value_of(parser, candidates, "When do I order my inhaler by?") == "the 25th each month"


def test_a_house_number_and_a_year_are_read_whole(parser):
    note = read_note(
        parser, "Sitter", "While we're away: Jo Pike at no. 14 feeds Mog, due May 2027."
    )
    said = {(v.kind, v.text) for u in note.units for p in u.parts for v in p.values}
    assert ("place", "at no. 14") in said
    assert ("code", "2027") not in said


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("What night is Sam's chess club on now?", "Weds"),  # "Weds 4.15-5pm"
        ("What night is puppy class on now?", "Thursdays"),  # every Thursday, at 6:30pm
    ],
)
def test_a_short_or_plural_weekday_answers_what_night(parser, candidates, text, day):
    said = value_of(parser, candidates, text)
    assert said is not None and said.startswith(day)


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("What night is Sam's chess club on now?", "Sam's chess club is on Weds at 4.15 now."),
        ("What time does Ada's judo start?", "Ada's judo starts at 6pm."),
    ],
)
def test_code_says_the_day_or_time_once(parser, candidates, text, reply):
    assert said(parser, candidates, text) == reply
