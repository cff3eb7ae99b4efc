"""Notes as people jot them: an old value in an aside ("(was Mon 13 Oct)"), a list of
things each with its own date ("MOT due 3 Nov, service due January"), a name followed by
its number, a "next" one beside the last, a label over each person's own value, a label
over alternatives the note has not chosen between, a weekday written short, codes
written with hyphens, and a line labelled with its own place after a list of places."""

from __future__ import annotations

import pytest

from tests.unit.language.matching import read_all, value_of

NOTES = [
    ("Dentist", "Dentist Tue 14 Oct 3:40pm (was Mon 13 Oct). Dr Okafor at Bridge Street surgery."),
    ("Shoe sizes", "Kids' shoe sizes: Amy 13, Ben 2. Amy's wellies are a 12."),
    ("Car jobs", "MOT due 3 Nov, service due January, tax paid to August."),
    (
        "Tom and Jess",
        "Tom's number 07700 900111, his wife Jess 07700 900222. They live at 8 Orchard Row.",
    ),
    (
        "Boiler",
        "Boiler serviced 5 March by Keith (Keith's Heating), £85; next service due March 2027.",
    ),
    ("Roof", "Quotes for the roof: Ace Roofing £4,200, Skyline £3,850. Start 2 June."),
    ("Gym", "Gym locker 212. Spin class Wed 6:30pm with Kirsty."),
    ("Bank", "Joint account sort code 20-45-77, acc 10442871."),
    ("Work", "Payroll number 55-2301. Annual leave 25 days, 7 left."),
    ("Birthdays", "Grandad 3 Mar; Nico 9 Sept; me 21 Jan."),
    ("Rates", "New rates from 1 Feb: standard clean £60 (was £55); deep clean +£25 on top."),
    (
        "Regattas",
        "Regattas: Padstow 11 Apr, Mevagissey 13 June, Porthleven 8 Aug. At Mevagissey: vets "
        "race 11:20, mixed 14:40.",  # "Aug." ends a sentence the parser runs on
    ),
    ("Mooring", "Harbour gate 3391, shower block 0727."),
    ("House codes", "Alarm 7319 (changed from 5506 in Jan)."),
    ("Gas forge", "Gas forge runs on propane. Swap at Ridley Agri: £58.50 a bottle now, was £52."),
]


@pytest.fixture(scope="module")
def candidates(parser):
    return read_all(parser, NOTES)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("When is my dentist appointment?", "Tue 14 Oct at 3:40pm"),  # not the old Monday
        ("When was my old dentist appointment?", "Mon 13 Oct"),
        ("What shoe size is Ben?", None),  # never "Amy 13, Ben 2"
        ("When is the MOT due?", "3 Nov"),
        ("When is the car service due?", "January"),
        ("What's Jess's number?", "07700 900222"),  # not her husband's
        ("What's Tom's number?", "07700 900111"),
        ("When is the next boiler service?", "March 2027"),  # not when it was serviced
        ("How much was the boiler service?", "£85"),
        ("How much is the roof going to cost?", None),  # two quotes, none chosen
        ("When is spin class?", "Wed at 6:30pm"),  # "Wed" is no "We'd"
        ("What's the sort code for the joint account?", "20-45-77"),  # no day: 45 is no month
        ("What's the account number of the joint account?", None),  # never the sort code
        ("What's my payroll number?", "55-2301"),  # the whole number, not "2301"
        ("When's my brother-in-law's birthday?", None),  # not the user's own
        ("When's my birthday?", "21 Jan"),
        ("How much do I charge for a deep clean?", "£25"),
        ("What time's the vets race at Mevagissey?", "11:20"),
        ("What time's the vets race at Porthleven?", None),  # another regatta's race
        ("What's the shower block code at the harbour?", "0727"),  # not the harbour gate's
        ("What's the alarm code?", "7319"),  # 5506 is the old one
        ("How much is a propane bottle for the forge now?", "£58.50"),
    ],
)
def test_jotted_notes_answer_the_thing_asked(parser, candidates, text, value):
    assert value_of(parser, candidates, text) == value
