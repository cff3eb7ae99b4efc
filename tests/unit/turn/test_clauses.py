"""Mixed requests keep every part: clauses, code's reading of act + question, coverage."""

import json

import pytest

from voice_assistant.turn.clauses import as_question, label_in_its_clause, split
from voice_assistant.turn.understand import cover, interpret, quick_acts


def test_an_utterance_splits_only_where_a_new_part_begins():
    assert split("Set a timer for five minutes and tell me when my car is being serviced.") == [
        "Set a timer for five minutes",
        "tell me when my car is being serviced.",
    ]
    assert split("Set a tea timer for four minutes, and who has our spare key?") == [
        "Set a tea timer for four minutes",
        "who has our spare key?",
    ]
    assert split("Remember that I need milk and eggs.") == ["Remember that I need milk and eggs."]
    assert split("What time is it? When is the dentist?") == [
        "What time is it",
        "When is the dentist?",
    ]
    # a quick "and" heard as "in" joins two parts; "in where we go" stays one
    assert split("What time is it in when is my dentist appointment?") == [
        "What time is it",
        "when is my dentist appointment?",
    ]
    assert split("Remember that Felix is interested in where we go") == [
        "Remember that Felix is interested in where we go"
    ]


def test_a_part_becomes_the_question_research_gets():
    assert as_question("tell me when my car is being serviced.") == "When my car is being serviced?"
    assert as_question("who has our spare key?") == "Who has our spare key?"


@pytest.mark.parametrize(
    ("said", "acts", "questions"),
    [
        (
            "Set a timer for five minutes and tell me when my car is being serviced.",
            [("set_timer", {"label": "", "duration_s": 300}, ())],
            ("When my car is being serviced?",),
        ),
        (
            "Set a timer and tell me who owns the transaction gateway.",
            [("set_timer", {"label": ""}, ("duration_s",))],  # asked for, never a label
            ("Who owns the transaction gateway?",),
        ),
        (
            "Remember that the bins go out on Monday and when is the craft fair?",
            [("remember", {"text": "the bins go out on Monday"}, ())],
            ("When is the craft fair?",),
        ),
        (
            "Jot down that the hedge trimmer is in Ingrid's shed, and where do I park?",
            [("remember", {"text": "the hedge trimmer is in Ingrid's shed"}, ())],
            ("Where do I park?",),
        ),
        (
            "What time is it and when is my dentist appointment?",
            [("what_time", {}, ())],
            ("When is my dentist appointment?",),
        ),
        (
            "make a 20 minute timer from the potatoes, and tell me what the plumber is fixing.",
            [("set_timer", {"label": "potatoes", "duration_s": 1200}, ())],
            ("What the plumber is fixing?",),
        ),
    ],
)
def test_act_and_question_forms_are_read_by_code(said, acts, questions):
    understood = quick_acts(said)
    assert understood is not None and understood.source == "rule"
    assert [(a.kind, a.values, a.missing) for a in understood.acts] == acts
    assert understood.questions == questions


def test_forms_that_are_not_whole_commands_and_questions_are_left_to_the_model():
    assert quick_acts("Buy milk and eggs and set a timer") is None
    assert quick_acts("When is the dentist?") is None  # no command: research alone
    assert quick_acts("Remember that the bins go out and are collected at seven") is None
    assert quick_acts("Forget it.") is None  # "never mind", not a memory to delete


def test_a_part_no_act_and_no_question_covers_becomes_a_question():
    said = "Set a timer for five minutes and tell me when my car is being serviced."
    model = json.dumps(
        {"acts": [{"act": "set_timer", "duration": "five minutes"}], "questions": []}
    )
    understood = cover(interpret(model, said), said)
    assert [a.kind for a in understood.acts] == ["set_timer"]
    assert understood.questions == ("When my car is being serviced?",)


def test_a_timer_label_comes_from_the_timer_s_own_part():
    said = "Set a timer and tell me who owns the transaction gateway."
    assert not label_in_its_clause("who owns the transaction gateway", said)
    assert label_in_its_clause("pasta", "Set a pasta timer and what is the time?")
    model = json.dumps(
        {
            "acts": [{"act": "set_timer", "label": "who owns the transaction gateway"}],
            "questions": [],
        }
    )
    understood = cover(interpret(model, said), said)
    assert understood.acts[0].values["label"] == "" and understood.acts[0].missing
    assert understood.questions == ("Who owns the transaction gateway?",)
