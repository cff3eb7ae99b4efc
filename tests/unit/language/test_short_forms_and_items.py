"""Words as people jot them ("op", "/yr", "no.", "Wednesdays", "ISAs") read as the words
they stand for; list items that each name their own thing before its value; a line's
label over the items after it; a percentage as a rate; a side or a fraction said of one
item only ("(students £3)", "half dozen"); a sentence ending in a code; a sum someone
charges or owes; and a name written beside its value over one the notes only alias."""

from __future__ import annotations

import pytest

from tests.unit.language.matching import read_all, value_of

NOTES = [
    ("Gran", "Gran's hip op 14 Mar at the Royal, pre-op 2 Mar."),
    ("Swim club", "Swim club subs £60/yr (was £52), due 1 Apr."),
    ("School runs", "Drop-off 8:40, Wednesdays 9:30."),
    ("Hair prices", "Prices from May: wash and cut £40 (was £36), blow-dry £25, fringe trim £8."),
    ("Kelby regatta", "Regatta at Kelby 4 July. At Kelby: juniors race 10:15, open 13:30."),
    (
        "Maya's clubs",
        "Maya: Scouts Tue 7-8:30, subs £30 a term; violin with Mr Dunn Sat 10am, £22 a lesson.",
    ),
    ("Savings", "Savings ISA 3.9% now (was 3.2%), £4,000 in. Junior ISAs: Maya £1,200, Leo £950."),
    ("Bakery", "Scones: £3 half dozen, £5.50 a dozen."),
    ("Lockers", "My locker is 7, Sam is on 12, Ola on 14B. Bike lock combination 2-8-1-6."),
    ("Pool", "Swim passes £5 a session (students £3)."),
    ("Library", "Library card no. 55123, renew by June."),
    ("Physio", "Physio Ana Roe at Millbrook Clinic, Weds 9am, £52 a session (first visit £65)."),
    ("Owed", "Owed: Brook Farm £410 for May, Jo Tate £95."),
    (
        "Family",
        "My brother Tom and his wife Ann live in York with baby Lily; Ann's mum Pat lives "
        "with them, the kids call her Gigi.",
    ),
    ("Family birthdays", "Birthdays: Tom 14 Sept, Ann 30 Apr, Lily 2 Jul, Gigi 16 May."),
    (
        "Friends",
        "Kim & Raj Dutta, 3 Bell Lane - Kim bday 2 June, Raj 15 Oct. Ben Hale moved to Leeds, "
        "4 Oak Rise - was 9 Elm Road, Otley.",
    ),
]


@pytest.fixture(scope="module")
def candidates(parser):
    return read_all(parser, NOTES)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("When is Gran's hip operation?", "14 Mar"),  # "op": an operation
        ("What are the swim club subs?", "£60"),  # "subs": subscriptions, money
        ("What were the swim club subs last year?", "£52"),  # "(was £52)": the same subs
        ("What time is drop-off on a Wednesday?", "9:30"),  # "Wednesdays": that weekday
        ("What time is drop-off?", "8:40"),  # the usual row, not the one of a day
        ("How much is a fringe trim these days?", "£8"),  # "these days": when, not what
        ("How much is a wash and cut?", "£40"),  # not the blow-dry beside it
        ("What time's the open race at Kelby?", "13:30"),  # "open": the question's word
        ("How much is Maya's violin lesson?", "£22"),  # the label's person, past "with"
        ("How much is Leo's violin lesson?", None),  # Maya's, not Leo's
        ("How much is in Leo's junior ISA?", "£950"),  # "ISA" no one's name
        ("What rate is the savings ISA paying now?", "3.9%"),  # a rate, not a code
        ("How much is in the savings ISA?", "£4,000"),  # never the rate
        ("How much is a dozen scones?", "£5.50"),  # not the half dozen
        ("What's the combination for my bike lock?", "2-8-1-6"),  # a sentence after "14B."
        ("How much is a swim pass?", "£5"),  # the adult price, not the students'
        ("How much is a swim pass for students?", "£3"),
        ("What's my library card number?", "55123"),  # "no." before a number
        ("How much does Ana charge per session?", "£52"),  # she charges; "Physio Ana Roe"
        ("How much does Jo Tate owe me?", "£95"),
        ("When's Gigi's birthday?", "16 May"),  # her name beside it, over any alias
        ("When's Tom's birthday?", "14 Sept"),
        ("When's Kim's birthday?", "2 June"),  # "bday"
    ],
)
def test_jotted_words_and_items_answer_the_thing_asked(parser, candidates, text, value):
    assert value_of(parser, candidates, text) == value


def test_an_old_value_after_was_is_never_the_answer_now(parser, candidates):
    assert value_of(parser, candidates, "What's Ben's address now?") != "9 Elm Road"


GUARDED = [
    ("Rex", "Rex - rescue whippet, aged 5. Weight 14.2kg (was 12kg). Walks twice a day."),
    ("Bills", "Gym £29/month; Rex's pet insurance £18.40/month (was £16); phone £12."),
    (
        "Kids' clubs",
        "Ada: swim Mon 6pm, coach Mr Ball. Sam: judo Weds 5pm at the leisure centre. Sam "
        "also has piano Sat 10am (lesson £14, was £12).",
    ),
    ("Ada's driving lessons", "Instructor Jo Bell. £38 per hour (or a block of 10 for £350)."),
]


@pytest.mark.parametrize(
    ("text", "not_said"),
    [
        ("How much does Rex weigh now?", "£18.40"),  # a sum of his, not his weight
        ("How much is a single driving lesson for Ada?", "£14"),  # Sam's piano lesson
    ],
)
def test_a_value_of_another_thing_of_theirs_is_never_said(parser, text, not_said):
    assert value_of(parser, read_all(parser, GUARDED), text) != not_said
