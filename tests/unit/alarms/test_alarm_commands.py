"""Alarm and reminder commands read by code: values, asks, problems, and what is not one."""

import pytest

from voice_assistant.turn.alarm_acts import fill_alarm, when_of
from voice_assistant.turn.whole_commands import read_command


def only(said):
    found = read_command(said)
    assert found is not None and len(found) == 1, found
    return found[0]


def test_wake_me_is_the_morning_and_ready():
    act = only("Wake me at seven.")
    assert act.kind == "set_alarm" and act.ready and when_of(act.values).hour == 7


def test_an_alarm_with_its_day_and_half_of_the_day():
    act = only("Could you please set an alarm for 6:30 a.m. tomorrow")
    when = when_of(act.values)
    assert act.ready and (when.hour, when.minute, when.day) == (6, 30, "tomorrow")


def test_a_repeat():
    act = only("Set an alarm every weekday at 7 am.")
    assert act.ready and act.values["repeat"] == "weekdays"


@pytest.mark.parametrize(
    ("said", "ask"),
    [
        ("Set an alarm.", "For what time?"),
        ("Set an alarm for seven.", "7:00 in the morning or in the evening?"),
        ("Set an alarm at 25 o'clock.", "There is no 25:00 on a clock. For what time?"),
        ("Remind me to call Felix.", "When should I remind you?"),
        (
            "Remind me yesterday to call mom.",
            "That time has already passed. When should I remind you?",
        ),
        ("Remind me at five.", "What should I remind you of?"),
    ],
)
def test_a_missing_or_bad_time_is_asked_for(said, ask):
    act = only(said)
    assert not act.ready and act.values["ask"] == ask


@pytest.mark.parametrize(
    ("said", "text", "hour", "in_s"),
    [
        ("Remind me to call Felix at five.", "call Felix", 5, None),
        ("Remind me in twenty minutes to take the bread out.", "take the bread out", None, 1200),
        (
            "Remind me tomorrow morning to bring the insurance card.",
            "bring the insurance card",
            None,
            None,
        ),
        ("Remind me at 5 to water the plants", "water the plants", 5, None),
        ("Please remind me to take my pills every day at 9 pm", "take my pills", 21, None),
    ],
)
def test_a_reminder_keeps_the_users_words(said, text, hour, in_s):
    act = only(said)
    when = when_of(act.values)
    assert act.kind == "set_reminder" and act.ready
    assert (act.values["text"], when.hour, when.in_s) == (text, hour, in_s)


@pytest.mark.parametrize(
    ("said", "kind", "which"),
    [
        ("Cancel my alarm.", "alarm", ""),
        ("Cancel the seven o'clock alarm", "alarm", "seven o'clock"),
        ("Turn off my alarms", "alarm", ""),
        ("Cancel the reminder to call Felix", "reminder", "call felix"),
    ],
)
def test_cancelling(said, kind, which):
    act = only(said)
    assert act.kind == "cancel_alarm" and (act.values["kind"], act.values["which"]) == (kind, which)


@pytest.mark.parametrize(
    "said", ["What alarms do I have?", "List my reminders", "Do I have any alarms set?"]
)
def test_listing(said):
    assert only(said).kind == "list_alarms"


@pytest.mark.parametrize(
    "said",
    [
        "Remind me what the plumber said.",
        "Remind me when the dentist is.",
        "Set an alarm for the plumber",
    ],
)
def test_not_an_alarm_command(said):
    found = read_command(said)
    assert not found or all(a.kind not in ("set_alarm", "set_reminder") for a in found)


def test_answers_to_the_asks_fill_the_waiting_act():
    open_seven = only("Set an alarm for seven tomorrow.")
    evening = fill_alarm(open_seven, "In the evening.")
    assert evening is not None and evening.ready and when_of(evening.values).hour == 19
    assert when_of(evening.values).day == "tomorrow"
    no_time = only("Wake me up tomorrow.")
    timed = fill_alarm(no_time, "Half past six.")
    assert timed is not None and timed.ready  # a wake-up: the morning, the day kept
    assert (when_of(timed.values).hour, when_of(timed.values).day) == (6, "tomorrow")
    when_asked = only("Remind me to call Felix.")
    filled = fill_alarm(when_asked, "In an hour.")
    assert filled is not None and filled.ready and filled.values["text"] == "call Felix"
    assert fill_alarm(when_asked, "When is the dentist?") is None


@pytest.mark.parametrize(
    ("said", "hour", "minute"),
    [("Set alarm for 545 in the morning.", 5, 45), ("Wake me at 1130.", 11, 30)],
)
def test_whisper_writes_a_time_as_digits_alone(said, hour, minute):
    when = when_of(only(said).values)
    assert (when.hour, when.minute) == (hour, minute)


def test_everyday_in_one_word_is_a_repeat():
    act = only("Remind me to take my pills everyday at 9pm")
    assert act.values["repeat"] == "daily" and act.values["text"] == "take my pills"


@pytest.mark.parametrize("said", ["At an alarm for 7 am.", "An alarm for 7 am.", "Alarm for 7 am."])
def test_set_an_alarm_as_whisper_may_hear_it(said):
    act = only(said)
    assert act.kind == "set_alarm" and when_of(act.values).hour == 7


def test_am_and_pm_are_no_durations():
    from voice_assistant.turn.acts import holds_duration, parse_duration

    assert parse_duration("7am") is None and not holds_duration("wake me at 7 am")
    assert parse_duration("1h 30m") == 5400 and parse_duration("ten minutes") == 600


def test_a_timer_without_a_verb_but_with_its_duration():
    act = only("A pasta timer for 8 minutes.")
    assert act.kind == "set_timer" and act.values == {"label": "pasta", "duration_s": 480}


@pytest.mark.parametrize(
    "said", ["Wait me up at half past six tomorrow.", "Set in the alarm for 6:30 am tomorrow."]
)
def test_wake_me_up_and_set_an_alarm_as_whisper_mishears_them(said):
    from voice_assistant.turn.runner import may_hold_acts

    act = only(said)
    assert may_hold_acts(said) and act.ready and when_of(act.values).hour == 6


def test_the_phrasings_an_earlier_held_out_part_found_unread():
    from voice_assistant.turn.understand import quick_acts

    def acts(said):
        understood = quick_acts(said)
        assert understood is not None, said
        return [(a.kind, a.values, a.missing) for a in understood.acts]

    [(kind, values, missing)] = acts("Hey, remind me to water the plants.")
    assert (kind, values["text"], missing) == ("set_reminder", "water the plants", ("when",))
    [(kind, values, _)] = acts("In an hour, remind me to move the car.")
    assert (kind, values["text"], values["in_s"]) == ("set_reminder", "move the car", 3600)
    [(_, values, _)] = acts("Tomorrow, remind me to call the bank at 9.")
    assert (values["text"], values["day"], values["hour"]) == ("call the bank", "tomorrow", 9)
    [(kind, _, missing)] = acts("I need an alarm, please.")
    assert (kind, missing) == ("set_alarm", ("time",))
    [(_, values, _)] = acts("Set an alarm for 10 a.m. on weekends.")
    assert (values["hour"], values["repeat"]) == (10, "weekends")
    [(kind, values, _)] = acts("Set a timer called laundry for 45 minutes.")
    assert (kind, values) == ("set_timer", {"label": "laundry", "duration_s": 2700})
    assert quick_acts("Tomorrow, remind me what the plumber said.") is None
