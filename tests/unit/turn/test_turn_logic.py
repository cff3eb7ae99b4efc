"""Seed 004's pure decisions: acts and durations, understanding, the ask, review checks."""

import json

import pytest

from voice_assistant.turn.acts import Act, parse_duration, speak_duration, validate
from voice_assistant.turn.outcome import (
    DISPUTED_ASK,
    Dispute,
    NotDone,
    OutcomeDocument,
    Receipt,
    choose_ask,
    code_reply,
)
from voice_assistant.turn.review import applicable_checks, findings, review_schema
from voice_assistant.turn.understand import interpret, schema


@pytest.mark.parametrize(
    ("text", "seconds"),
    [
        ("10 minutes", 600),
        ("ten minutes", 600),
        ("an hour and a half", 5400),
        ("1h 30m", 5400),
        ("90 seconds", 90),
        ("half an hour", 1800),
        ("a quarter of an hour", 900),
        ("2 mins", 120),
        ("twenty-five minutes", 1500),
        ("twenty five minutes", 1500),
        ("forty-five seconds", 45),
        ("five", None),
        ("", None),
        ("25 hours", None),
        ("soon", None),
    ],
)
def test_durations_are_parsed_by_code(text, seconds):
    assert parse_duration(text) == seconds


def test_durations_are_spoken_plainly():
    assert speak_duration(600) == "10 minutes"
    assert speak_duration(5400) == "1 hour and 30 minutes"
    assert speak_duration(3661) == "1 hour, 1 minute and 1 second"


def test_a_timer_without_a_usable_duration_waits_for_it():
    act = validate("set_timer", {"duration": "a while", "label": "tea"})
    assert act == Act("set_timer", {"label": "tea"}, ("duration_s",))
    assert not act.ready
    spoken = validate("set_timer", {"duration": "ten minutes"})
    assert spoken is not None
    assert spoken.values["duration_s"] == 600
    assert validate("launch_rocket", {}) is None


def understood(acts=(), questions=(), sure=True):
    return json.dumps({"acts": list(acts), "questions": list(questions), "sure": sure})


def test_understanding_splits_acts_and_verbatim_questions():
    said = "Set a timer for ten minutes and when is my dentist appointment?"
    out = interpret(
        understood(
            [{"act": "set_timer", "duration": "ten minutes"}], ["when is my dentist appointment?"]
        ),
        said,
    )
    assert not out.fallback
    assert out.acts[0].values["duration_s"] == 600
    assert out.questions == ("when is my dentist appointment?",)


def test_remind_me_when_is_a_question_whatever_the_model_reads():
    said = "Start at 10 minutes timer and remind me when the plumber is coming."
    acts = [
        {"act": "set_timer", "duration": "10 minutes"},
        {"act": "remember", "text": "the plumber is coming"},
    ]
    out = interpret(understood(acts), said)
    assert [a.kind for a in out.acts] == ["set_timer"]
    assert out.questions == ("When the plumber is coming?",)
    kept = "Remember that the plumber is coming on Friday."
    memory = interpret(
        understood([{"act": "remember", "text": "the plumber is coming on Friday"}]), kept
    )
    assert [a.kind for a in memory.acts] == ["remember"]


@pytest.mark.parametrize(
    "output",
    [
        "not json",
        understood(sure=False, questions=["when is it"]),
        understood(),  # nothing at all
        understood(questions=["what is the weather in Paris"]),  # not the user's words
        understood([{"act": "order_pizza"}]),  # not in the catalogue
        json.dumps({"acts": "x", "questions": [], "sure": True}),
    ],
)
def test_invalid_or_unsure_understanding_makes_one_question(output):
    said = "Set a timer and when is it?"
    out = interpret(output, said)
    assert out.fallback and out.acts == () and out.questions == (said,)


def test_the_understanding_schema_offers_only_the_catalogue():
    act = schema()["properties"]["acts"]["items"]["properties"]["act"]
    assert act["enum"] == [
        "remember",
        "forget",
        "set_timer",
        "cancel_timer",
        "list_timers",
        "what_time",
    ]


RECEIPT = Receipt(7, "set_timer", "Timer set", "10 minutes, rings at 14:05")


def test_the_ask_prefers_a_dispute_then_a_missing_value_then_an_obligation():
    waiting = Act("set_timer", {}, ("duration_s",))
    dispute = Dispute(RECEIPT, "no, twenty minutes")
    assert choose_ask([dispute], [waiting], ["Which room?"]) == DISPUTED_ASK
    assert choose_ask([], [Act("what_time"), waiting], ["Which room?"]) == (
        "How long should the timer be?"
    )
    assert choose_ask([], [Act("what_time")], ["Which room?"]) == "Which room?"
    assert choose_ask([], [Act("what_time")]) is None


def test_code_reply_gives_receipts_answers_in_order_and_the_ask():
    document = OutcomeDocument(
        done=(RECEIPT,),
        not_done=(NotDone(Act("cancel_timer"), "no timer is running"),),
        ask="How long should the timer be?",
    )
    assert code_reply(document, ["It is Thursday.", "", "Canberra."]) == (
        "Timer set: 10 minutes, rings at 14:05. I didn't cancel timer: no timer is running. "
        "It is Thursday. Canberra. How long should the timer be?"
    )


def test_a_review_asks_only_the_checks_that_apply():
    plain = OutcomeDocument()
    assert applicable_checks(plain, "Canberra is the capital.") == ["claims_beyond_material"]
    assert applicable_checks(plain, "Canberra. Anything else?") == [
        "asks_anything_else",
        "claims_beyond_material",
    ]
    asking = OutcomeDocument(done=(RECEIPT,), ask="Which room?", shown=("card",))
    assert applicable_checks(asking, "Done.") == [
        "asks_the_ask",
        "asks_anything_else",
        "claims_beyond_material",
        "contradicts_shown",
        "leaves_something_out",
    ]
    assert review_schema(["claims_beyond_material"])["required"] == ["claims_beyond_material"]


def test_review_findings():
    checks = ["asks_the_ask", "claims_beyond_material"]
    assert findings('{"asks_the_ask": true, "claims_beyond_material": false}', checks) == []
    assert findings('{"asks_the_ask": false, "claims_beyond_material": true}', checks) == checks
    assert findings('{"asks_the_ask": true}', checks) is None  # not exactly those keys
    assert findings("garbage", checks) is None


def test_whole_read_only_commands_need_no_model():
    from voice_assistant.turn.understand import quick_acts

    def acts(text: str):
        understanding = quick_acts(text)
        assert understanding is not None, text
        return understanding.acts

    assert acts("What time is it?")[0].kind == "what_time"
    assert acts("What's the date today?")[0].kind == "what_time"
    assert acts("List my timers.")[0].kind == "list_timers"
    assert quick_acts("What time is my dentist appointment?") is None
    (timer,) = acts("Set a pasta timer for ten minutes.")
    assert timer.values == {"label": "pasta", "duration_s": 600}
    assert acts("Set a timer.")[0].missing == ("duration_s",)  # asked, not guessed
    mixed = quick_acts("Set a timer for ten minutes and when is the dentist?")
    assert mixed is not None and mixed.questions == ("When is the dentist?",)
    assert quick_acts("Set a timer for tomorrow") is None  # not a duration: the model decides
    (added,) = acts("Add a timer for five minutes.")
    assert added.values == {"label": "", "duration_s": 300}
    heard = quick_acts("At a timer for five minutes, and tell me when my car is being serviced.")
    assert heard is not None and heard.acts[0].values["duration_s"] == 300  # "set", as heard
    assert heard.questions == ("When my car is being serviced?",)
    reminded = quick_acts("Set a timer for 8 minutes and remind me how old Pepperpot is.")
    assert reminded is not None and reminded.questions == ("How old Pepperpot is?",)


def test_holds_duration_finds_a_duration_inside_a_sentence():
    from voice_assistant.turn.acts import holds_duration

    assert holds_duration("set a timer for 5 minutes when is the dentist")
    assert holds_duration("a tea timer for half an hour please")
    assert not holds_duration("set a timer when is it")
