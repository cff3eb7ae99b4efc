"""Notes written the American way, each with invented notes: slash dates read in the
order the note or the locale shows, "6:30p" a clock time, "(312) 555-0199" one number,
and the short forms and shapes that come with them ("b-day", "conf #", "dep 7:10a",
"10am-4pm", "2nd half", "$8)", "What night is bowling?"), and a contact's line with his
address and two numbers; a note titled by a name is not her husband's; an address is the
street's."""

from __future__ import annotations

import pytest

from tests.paths import PARSER_MODEL
from tests.unit.language.matching import read_all, value_of
from tests.unit.language.test_answers_from_structure import said
from voice_assistant.language import written
from voice_assistant.language.notes import read_note
from voice_assistant.language.parser import Parser
from voice_assistant.language.written import in_full, rewritten

NOTES = [
    ("Eye exams", "Nora's eye exam Wed 4/8 @ 2:15p; Theo's is 4/29 at 11:40a. Dr. Vance."),
    ("Family b-days", "Nora's b-day 6/3 (turns 10); Theo 12/14; Gran Feb 9th."),
    ("Sam", "Sam cell (312) 555-0199; office 312-555-0144 ext 31."),
    ("Darts", "Darts league Tuesdays 8p @ the Anchor; $15/wk."),
    (
        "Denver trip",
        "Flight UA 622 ORD to DEN Thu 10/15 dep 7:10a; return UA 623 Mon 10/19 arr 5:50p. "
        "Conf # QK7P2Z.",
    ),
    ("Water bill", "Water bill 1st half $310 due 2/15; 2nd half due 8/15."),
    ("Yard sale", "Yard sale Sat 5/23 9a-1p; flyers up by Thu."),
    ("Inhaler", "Inhaler refill ready Fri 3/6 at Main St pharmacy; copay $15 (was $10)."),
    ("Lake house", "Check-in 3p Fri 7/10, check-out 11a Fri 7/17. Gate code 6024."),
    (
        "Uncle Ed",
        "Uncle Ed: 77 Oak Blvd, Apt 2D, Mesa AZ 85201; home 480.555.0110, cell 480-555-0123.",
    ),
    (
        "Greta",
        "sister Greta in Fargo ND; new cell (701) 555-0133 (old: 701-555-0188); husband Lars",
    ),
    ("Cabin", "Otter Pond cabin, owner Jo Lind 218-555-0101; 12 Fernwood Trl, Ely MN 55731"),
]


@pytest.fixture(scope="module")
def us_parser() -> Parser:
    return Parser(PARSER_MODEL, "month_first")


@pytest.fixture(scope="module")
def candidates(us_parser):
    return read_all(us_parser, NOTES)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("When is Nora's eye exam?", "Wed April 8 at 2:15pm"),  # "4/8", never "4"
        ("What time is Theo's eye exam?", "11:40am"),  # "Theo's is …": Theo's
        ("When's Theo's birthday?", "December 14"),  # a name opening a list's item
        ("What's Sam's cell number?", "312-555-0199"),  # the area code in brackets
        ("What night is darts?", "Tuesdays at 8pm"),  # "darts" read as the verb "dart"
        ("When does our flight to Denver leave?", "Thu October 15 at 7:10am"),  # "dep", not "arr"
        ("What's the confirmation number for the Denver trip?", "QK7P2Z"),  # "Conf #"
        ("When is the second half of the water bill due?", "August 15"),  # "2nd half"
        ("How much is the second half of the water bill?", None),  # only the 1st's sum
        ("What time does the yard sale start?", "9am"),  # "9a-1p": two times
        ("What's the copay for the inhaler now?", "$15"),  # "(was $10)" no smiley
        ("What time is check-in at the lake house?", "3pm"),  # not check-out's 11am
        ("What's Uncle Ed's address?", "77 Oak Blvd"),  # an American street word
        ("What's Uncle Ed's home number?", "480-555-0110"),  # his, as "Apt 2D" is: "home"
        ("What's Uncle Ed's cell?", "480-555-0123"),
        ("What's Greta's cell number?", "701-555-0133"),
        ("What's Lars's cell number?", None),  # her husband, named after her number
        ("What's the address of the cabin?", "12 Fernwood Trl"),  # the street, not the pond
    ],
)
def test_american_notes_answer_the_thing_asked(us_parser, candidates, text, value):
    assert value_of(us_parser, candidates, text) == value


def test_a_slash_date_is_said_with_its_months_name(us_parser, candidates):
    assert said(us_parser, candidates, "When is Nora's eye exam?") == (
        "Nora's eye exam is on Wed April 8 at 2:15pm."
    )


@pytest.mark.parametrize(
    ("text", "order", "read"),
    [
        ("Tue 3/10 @ 6:30p", "month_first", "Tue March 10 @ 6:30pm"),
        ("Tue 3/10 @ 6:30p", "day_first", "Tue 3 October @ 6:30pm"),
        ("3/10 and 3/24", "day_first", "March 10 and March 24"),  # the note shows its order
        ("10/3 and 24/3", "month_first", "10 March and 24 March"),
        ("due 8/19/2027", "auto", "due August 19 2027"),
        ("open 24/7; 3/4 cup flour; 1/2 price; card exp 11/28", "month_first", None),
        ("Flat 4a; 10p each; 7p.m.", "month_first", None),  # a flat, pence, written whole
        ("9a-5p, 8-11a, 5:30-7p", "month_first", "9am-5pm, 8-11am, 5:30-7pm"),
        ("call (312) 555-0199", "month_first", "call 312-555-0199"),
    ],
)
def test_shorthand_is_rewritten_into_the_readers_forms(text, order, read):
    assert rewritten(text, order) == (read or text)


@pytest.mark.parametrize(
    ("lang", "month_first"),
    [("en_US.UTF-8", True), ("en_GB.UTF-8", False), ("C.UTF-8", True), ("de_DE", False)],
)
def test_the_locale_says_the_order_a_note_does_not(monkeypatch, lang, month_first):
    for name in ("LC_ALL", "LC_TIME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", lang)
    written.locale_month_first.cache_clear()
    try:
        assert written.locale_month_first() is month_first
    finally:
        written.locale_month_first.cache_clear()


def test_a_day_is_said_in_full():
    assert in_full("Tue Mar 10") == "Tuesday March 10"
    assert in_full("Sat, Weds.") == "Saturday, Wednesday"
    assert in_full("Fri 22 Jan 2027") == "Friday 22 January 2027"


def test_the_order_is_part_of_what_a_reading_was_made_with():
    assert Parser(PARSER_MODEL, "month_first").version != Parser(PARSER_MODEL, "day_first").version


def test_a_slash_date_in_a_note_is_a_date(us_parser):
    note = read_note(us_parser, "Dentist", "Cleaning 11/12 at 8:30a.")
    values = {(v.kind, v.text) for u in note.units for p in u.parts for v in p.values}
    assert ("date", "November 12") in values and ("time", "8:30am") in values
