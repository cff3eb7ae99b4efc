"""Turns with acts, end to end with the real models (demo/acts, spoken by piper)."""

import re

import pytest

from tests.paths import CHECKOUT
from voice_assistant.cli.batch import expand_inputs, run_batch

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def rows(real_assembly, tmp_path_factory):
    files = expand_inputs([CHECKOUT / "demo" / "acts"])
    out = run_batch(files, real_assembly, tmp_path_factory.mktemp("acts"))
    return {row["file"].rsplit("/", 1)[-1].removesuffix(".wav"): row for row in out}


def test_a_timer_is_set_with_a_receipt_and_acknowledged(rows):
    row = rows["timer"]
    assert row["error"] is None and row["stop_reason"] == "acted"
    (receipt,) = row["turn"]["document"]["done"]
    assert receipt["title"] == "Timer set" and receipt["body"].startswith("10 minutes")
    assert row["reply"].startswith("Timer set: 10 minutes, rings at") and row["reply_wav"]
    assert row["model_calls"] == []  # a whole timer command is read by code, and code acknowledges
    assert row["turn"]["understanding"] == "rule"


def test_a_model_written_acknowledgement_is_reviewed(real_assembly, tmp_path):
    turns = real_assembly.turn_runner()
    turns.acknowledge_by = "model"
    try:
        files = expand_inputs([CHECKOUT / "demo" / "acts" / "timer.wav"])
        (row,) = run_batch(files, real_assembly, tmp_path)
    finally:
        turns.acknowledge_by = "code"
    tasks = [call["task"] for call in row["model_calls"]]
    assert tasks[:2] == ["acknowledge", "review"], tasks
    how = row["turn"]["acknowledgement"]
    assert how in ("model, reviewed", "code (review failed twice)"), how
    assert row["reply"]


def test_a_missing_duration_ends_on_the_question(rows):
    row = rows["timer_no_duration"]
    assert not row["turn"]["document"]["done"]
    assert row["reply"].endswith("How long should the timer be?")


def test_an_act_and_a_question_in_one_utterance(rows):
    row = rows["timer_and_question"]
    (receipt,) = row["turn"]["document"]["done"]
    assert receipt["body"].startswith("5 minutes")
    assert row["model_calls"] == []  # the timer read by code, the one value matched by code
    assert len(re.findall(r"[.!?](\s|$)", row["reply"])) >= 2, row["reply"]


def test_a_spoken_wake_up_sets_an_alarm_for_tomorrow_morning(rows):
    row = rows["alarm"]  # "Wake me up at half past six tomorrow."
    assert row["error"] is None and row["stop_reason"] == "acted"
    (receipt,) = row["turn"]["document"]["done"]
    assert receipt["title"] == "Alarm set" and receipt["body"].startswith("6:30, tomorrow, ")
    assert row["model_calls"] == [] and row["turn"]["understanding"] == "rule"


def test_a_spoken_alarm_without_a_time_asks_for_one(rows):
    row = rows["alarm_no_time"]  # "Set an alarm."
    assert not row["turn"]["document"]["done"]
    assert row["reply"].endswith("For what time?")


def test_spoken_reminders_keep_the_users_words_and_say_when(rows):
    (at_five,) = rows["reminder"]["turn"]["document"]["done"]  # "… to call Felix at five."
    assert at_five["title"] == "Reminder set"
    assert at_five["body"].startswith("call Felix, ") and (
        ", 5:00, " in at_five["body"] or ", 17:00, " in at_five["body"]
    ), at_five
    (later,) = rows["reminder_in"]["turn"]["document"]["done"]  # "… in twenty minutes to …"
    assert later["body"].startswith("take the bread out, in 20 minutes, at "), later
