"""Alarm and reminder turns through the real turn runner: read by code, no model call,
receipts, asks and their answers, a reminder that is not a memory."""

import datetime as dt
from pathlib import Path
from zoneinfo import ZoneInfo

from tests.fakes import turn_runner_over
from voice_assistant.memory.sqlite import connect
from voice_assistant.memory.store import MemoryStore
from voice_assistant.turn.actions import Actions
from voice_assistant.turn.session import Session

BERLIN = ZoneInfo("Europe/Berlin")


class NoModel:
    """Alarms and reminders are read by code: any model call fails the test."""

    def count_tokens(self, messages, task=""):
        return 0

    def complete(self, messages, **_):
        raise AssertionError(f"a model call: {messages[-1].content!r}")


def turns_at(year: int, month: int, day: int, hour: int, minute: int):
    now = dt.datetime(year, month, day, hour, minute, tzinfo=BERLIN).timestamp()
    store = MemoryStore(connect(Path(":memory:")), device="test")
    turns = turn_runner_over(NoModel(), store, acknowledge_by="code")
    turns.actions = Actions(store, now=lambda: now, tz=BERLIN)
    return turns


def test_wake_me_sets_an_alarm_with_a_receipt():
    turns = turns_at(2026, 12, 1, 21, 0)  # a Tuesday evening
    reply = turns.answer("Wake me up at half past six tomorrow.", "written")
    assert reply.text == "Alarm set: 6:30, tomorrow, Wednesday."
    assert reply.turn["understanding"] == "rule"


def test_an_alarm_without_morning_or_evening_asks_and_the_answer_sets_it():
    turns, session = turns_at(2026, 12, 1, 21, 0), Session()
    asked = turns.answer("Set an alarm for seven.", "written", session)
    assert asked.text == "7:00 in the morning or in the evening?"
    assert turns.actions.book.pending() == []
    reply = turns.answer("In the morning.", "written", session)
    assert reply.text == "Alarm set: 7:00, tomorrow, Wednesday."
    assert reply.turn["understanding"] == "answer to the ask"


def test_a_bad_time_is_said_back_and_nothing_is_stored():
    turns = turns_at(2026, 12, 1, 21, 0)
    reply = turns.answer("Set an alarm at 25 o'clock.", "written")
    assert reply.text == "There is no 25:00 on a clock. For what time?"
    reply = turns.answer("Remind me yesterday to call mom.", "written")
    assert reply.text == "That time has already passed. When should I remind you?"
    assert turns.actions.book.pending() == []


def test_a_reminder_is_set_listed_cancelled_and_never_remembered():
    turns = turns_at(2026, 12, 1, 14, 0)
    reply = turns.answer("Remind me to call Felix at five.", "written")
    assert reply.text == "Reminder set: call Felix, 17:00, today."
    listed = turns.answer("What alarms do I have?", "written")
    assert listed.text == "Alarms and reminders: reminder call Felix, 17:00, today."
    assert turns.actions.store.search("Felix", limit=3) == []  # a reminder is not a memory
    cancelled = turns.answer("Cancel the reminder to call Felix.", "written")
    assert cancelled.text == "Reminder cancelled: call Felix, 17:00, today."
    assert turns.actions.book.pending() == []


def test_a_reminder_and_a_timer_in_one_utterance():
    turns = turns_at(2026, 12, 1, 14, 12)
    reply = turns.answer(
        "Remind me in twenty minutes to take the bread out and set a timer for five minutes.",
        "written",
    )
    assert reply.text.startswith(
        "Reminder set: take the bread out, in 20 minutes, at 14:32. Timer set: 5 minutes"
    ), reply.text


def test_the_model_never_stands_a_timer_or_a_memory_in_for_an_alarm_or_reminder():
    from tests.unit.turn.test_turn_runner import ScriptedTasks, runner, understood

    timer = understood([{"act": "set_timer", "duration": "7 pm"}])
    llm = ScriptedTasks({"understand": [timer]})
    turns = runner(llm, acknowledge_by="code")
    reply = turns.answer("7 alarm for 7 pm", "spoken")
    assert reply.text.startswith("I'm not sure what you want me to do, so I changed nothing.")
    assert turns.actions.running_timers() == []
    memory = understood([{"act": "remember", "text": "the oven"}])
    llm.script["understand"] = [memory]
    reply = turns.answer("Remind me in the hour to check the oven.", "spoken")
    assert reply.text.startswith("I'm not sure what you want me to do")
    assert turns.actions.store.search("oven", limit=3) == []


def test_a_question_about_an_alarm_code_is_researched_and_needs_no_understanding_call():
    from tests.unit.turn.test_turn_runner import ScriptedTasks, runner

    llm = ScriptedTasks({"answer": ["The alarm code is 4917. (note 1)"]})
    turns = runner(llm, memories=[("Alarm", "The alarm code is 4917.")], acknowledge_by="code")
    reply = turns.answer("What is my alarm code?", "spoken")
    assert "4917" in reply.text, reply.text
    assert "understand" not in [task for task, _, _ in llm.calls]


def test_an_alarm_code_does_not_read_is_asked_again_without_a_model_call():
    turns = turns_at(2026, 12, 1, 21, 0)  # NoModel: any model call fails
    reply = turns.answer("The alarm should go off a bit earlier.", "spoken")
    assert reply.text.startswith("I'm not sure what you want me to do, so I changed nothing.")
