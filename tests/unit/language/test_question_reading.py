"""A question read once: the kind of value asked, its focus, its owner and qualifiers."""

from __future__ import annotations

import pytest

from voice_assistant.language.question import read_question
from voice_assistant.language.reading import USER


@pytest.mark.parametrize(
    ("text", "kinds", "head", "owner"),
    [
        ("When is Zuzana's birthday?", ("date", "time"), "birthday", {"zuzana"}),
        ("What time does our flight back from Tallinn leave?", ("time",), "flight", {USER}),
        ("Who is my dentist?", ("person",), "dentist", {USER}),
        ("How much is the wholesale price of the honey?", ("money",), "price", None),
        ("What's the password for the guest wifi?", ("code",), "password", None),
    ],
)
def test_kind_focus_and_owner(parser, text, kinds, head, owner):
    question = read_question(parser, text)
    assert question.kinds == kinds
    assert question.head == head
    assert (question.owner if owner is None else question.owner & owner) == owner
    assert question.single


def test_qualifiers_are_the_words_that_pick_one_of_two(parser):
    assert read_question(parser, "What's the wholesale price of the mugs?").qualifiers == {
        "wholesale"
    }
    assert read_question(parser, "Who is second on call this week?").qualifiers == {"second"}
    back = read_question(parser, "What time does our flight back leave?")
    assert {"back", "leave"} <= back.qualifiers
    # a particle is no qualifier: "get the car back" asks for no "back" side
    assert "back" not in read_question(parser, "When do I get the car back?").qualifiers


def test_a_person_asked_about_is_the_owner(parser):
    question = read_question(parser, "Where does my brother live?")
    assert question.kinds == ("place",) and "brother" in (question.owner or set())
    assert "mum" in (read_question(parser, "How old is my mom?").owner or set())  # WordNet


def test_what_colour_asks_for_a_kind_of_colour(parser):
    question = read_question(parser, "What colour are the bathroom tiles?")
    assert question.asked == "colour" and {"tile", "bathroom"} <= question.focus


def test_what_as_an_object_asks_for_what_the_verb_takes(parser):
    assert read_question(parser, "What did Radu lend me?").governor == ("lend", "dobj")
    assert read_question(parser, "What am I allergic to?").governor == ("allergic", "to")


@pytest.mark.parametrize(
    "text",
    [
        "What did we decide about the new boiler?",
        "Is the fair on Saturday?",
        "How do I reset the router?",
        "Tell me about the trip.",
    ],
)
def test_accounts_and_yes_or_no_are_open(parser, text):
    assert not read_question(parser, text).single


def test_a_day_the_question_names_is_kept(parser):
    assert read_question(parser, "Who is on call on Saturday?").days == (frozenset({"wd:5"}),)
