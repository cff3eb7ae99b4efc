"""Personal or general, and what was asked: decided by code."""

import pytest

from voice_assistant.research.notes import Note
from voice_assistant.research.questions import (
    is_personal,
    possessed,
    role_words,
    subject_words,
)

ALERTING = Note(
    "Settlement alerting",
    "file, work",
    "Nobody owns the alerting for failed settlements yet.",
    day="2026-11-03",
)
WIFI = Note("Guest wifi", "file, home", "The guest network is called Garden.", day="2026-08-20")
NEIGHBOUR = Note(
    "Neighbour", "file", "Our neighbour Ingrid keeps our 12 spare keys.", day="2026-09-14"
)


@pytest.mark.parametrize(
    "question",
    [
        "What is my passport number?",
        "When is our next holiday?",
        "What am I allergic to?",
        "Who owns the alerting for failed settlements?",  # most of its words in one note
        "Who wants to learn for failed settlements?",  # as heard: half of them
        "What is the guest wifi called?",
        "What is Ingrid's phone number?",  # a name a note holds
    ],
)
def test_questions_about_the_user_are_personal(question):
    assert is_personal(question, [ALERTING, WIFI, NEIGHBOUR])


@pytest.mark.parametrize(
    "question",
    [
        "What is the capital of Australia?",
        "Who wrote Pride and Prejudice?",
        "How long should I boil an egg?",  # first person, but asking how things are done
        "How many minutes are there in a day?",
        "What is 15 times 12?",  # numbers are no words of a note's subject
    ],
)
def test_general_knowledge_questions_the_notes_do_not_cover_are_general(question):
    assert not is_personal(question, [ALERTING, WIFI, NEIGHBOUR])


def test_the_subject_is_what_the_question_is_about_not_the_kind_of_value():
    assert subject_words("What is my sister's name?") == ["sister"]
    assert subject_words("What's the wholesale price of my oatmeal mugs?") == [
        "wholesale",
        "oatmeal",
        "mug",
    ]
    assert role_words("When is my dad's birthday?") == ["dad"]
    # a pronoun's short verb is no word of the subject ("she'd" was read as "shed")
    assert subject_words("What did Mum say she'd like for her seventieth?") == [
        "mum",
        "like",
        "70",
    ]


def test_a_month_named_in_a_question_is_no_name_of_the_user_s():
    from voice_assistant.research.questions import names_noted

    notes = [Note("Boiler", "file, home", "The boiler is serviced in September.", day="1")]
    assert not names_noted("How many days has September got?", notes)
    kofi = Note("Kofi", "file, people", "Kofi's wedding is in June.", day="1")
    assert names_noted("When is Kofi's wedding?", [kofi])
    lessons = Note("Spanish lessons", "file", "Spanish lessons with Lucía are online.", day="1")
    assert names_noted("What's Lucía's surname?", [lessons])  # the notes never say "Lucía's"


def test_a_possessive_asks_about_what_is_owned_not_the_owner():
    assert possessed("Where is my brother's birthday?") == ["birthday"]
    assert possessed("What colour is Felix's camping stove?") == ["camping", "stove"]
    assert possessed("Where is Biscuit's lead kept?") == ["lead"]
    assert possessed("What is Felix's phone number?") == []  # the kind of value asked
    assert possessed("What's the wholesale price?") == []  # "what's": a verb, no owner
    assert possessed("It's late, where's my charger?") == []
