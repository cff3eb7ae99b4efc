""" "How do you know?": code says where the last answer came from, without a model call."""

import datetime as dt

import pytest

from tests.unit.turn.test_turn_runner import DENTIST, SAID_DENTIST, ScriptedTasks, runner
from voice_assistant.turn.session import Session
from voice_assistant.turn.where_from import (
    GENERAL,
    NOTHING_YET,
    Support,
    asks_where_from,
    support_of,
    where_from_reply,
)

TODAY = dt.date(2026, 12, 3)


@pytest.mark.parametrize(
    "said",
    [
        "How do you know?",
        "Where did you get that?",
        "Where did you get that from?",
        "Where does that come from?",
        "Where's that from?",
        "What's your source?",
        "And how do you know that?",
        "Says who?",
    ],
)
def test_the_ways_people_ask(said):
    assert asks_where_from(said)


@pytest.mark.parametrize(
    "said", ["Where did I put my keys?", "How do you know Priya?", "Where is the dentist?"]
)
def test_other_questions_are_not_it(said):
    assert not asks_where_from(said)


def test_a_note_is_named_by_its_title_and_day_never_a_path_or_id():
    one = Support("notes", (("Dentist appointment changed", "2026-03-04"),))
    assert where_from_reply(one, TODAY) == (
        "From your note 'Dentist appointment changed', written on 4 March."
    )
    two = Support("notes", (("Bike", "2025-10-02"), ("Gateway › Decision", "")))
    assert where_from_reply(two, TODAY) == (
        "From your notes 'Bike', written on 2 October 2025, and 'Gateway, Decision'."
    )


def test_general_knowledge_declines_and_nothing_yet():
    assert where_from_reply(support_of({"kind": "general"}), TODAY) == GENERAL
    assert support_of({"kind": "personal", "reply": "code: no note found"}) == Support("none")
    assert where_from_reply(None, TODAY) == NOTHING_YET


def test_after_an_answer_from_a_note_the_follow_up_names_that_note():
    llm = ScriptedTasks({"answer": [SAID_DENTIST]})
    turns, session = runner(llm, memories=[DENTIST]), Session()
    assert turns.answer("When is my dentist appointment?", "spoken", session).text == (
        "The dentist is on Thursday."
    )
    calls = len(llm.calls)
    reply = turns.answer("Where did you get that?", "spoken", session)
    assert reply.text.startswith("From your note 'Dentist', written on "), reply.text
    assert len(llm.calls) == calls  # no model call
    kitchen = Session(room="satellite:kitchen")  # another room never tells this one's source
    assert turns.answer("How do you know?", "spoken", kitchen).text == NOTHING_YET


def test_a_new_process_in_the_same_conversation_reads_the_stored_answer_s_support():
    llm = ScriptedTasks({"answer": [SAID_DENTIST]})
    turns = runner(llm, memories=[DENTIST])
    turns.answer("When is my dentist appointment?", "spoken", Session())
    later = Session()  # a new `ask`: it continues the room's open conversation
    reply = turns.answer("How do you know?", "spoken", later)
    assert reply.text.startswith("From your note 'Dentist', written on "), reply.text
    independent = Session.independent()  # a batch file: a conversation of its own
    assert turns.answer("How do you know?", "spoken", independent).text == NOTHING_YET
