"""Clock times and days as people (and whisper) say them, read by code."""

import pytest

from voice_assistant.turn.wall_clock import When, read_when, with_half


@pytest.mark.parametrize(
    ("said", "hour", "minute", "meridiem"),
    [
        ("at seven", 7, 0, False),
        ("at 7 a.m.", 7, 0, True),
        ("at 7am", 7, 0, True),
        ("for 6:30 pm", 18, 30, True),
        ("for 6.30", 6, 30, False),
        ("six thirty in the evening", 18, 30, True),
        ("half past six in the morning", 6, 30, True),
        ("quarter to eight", 7, 45, False),
        ("twenty five past seven", 7, 25, False),
        ("ten to twelve", 11, 50, False),
        ("seven oh five", 7, 5, False),
        ("at 7 o'clock", 7, 0, False),
        ("19:30", 19, 30, True),
        ("at noon", 12, 0, True),
        ("at midnight", 0, 0, True),
        ("twelve in the morning", 0, 0, True),
    ],
)
def test_clock_times(said, hour, minute, meridiem):
    when = read_when(said)
    assert when is not None and (when.hour, when.minute, when.meridiem) == (hour, minute, meridiem)


@pytest.mark.parametrize(
    ("said", "day", "repeat", "part"),
    [
        ("tomorrow at 7", "tomorrow", "", ""),
        ("on friday", "friday", "", ""),
        ("next monday at nine", "monday", "", ""),
        ("tomorrow morning", "tomorrow", "", "morning"),
        ("tonight", "today", "", "night"),
        ("every weekday at 7", "", "weekdays", ""),
        ("on weekdays", "", "weekdays", ""),
        ("every day", "", "daily", ""),
        ("every morning", "", "daily", "morning"),
        ("every monday and wednesday", "", "mon,wed", ""),
        ("on saturdays", "", "sat", ""),
    ],
)
def test_days_and_repeats(said, day, repeat, part):
    when = read_when(said)
    assert when is not None and (when.day, when.repeat, when.part) == (day, repeat, part)


def test_in_a_duration_is_seconds_from_now():
    assert read_when("in twenty minutes") == When(in_s=1200)
    assert read_when("in an hour and a half") == When(in_s=5400)


@pytest.mark.parametrize("said", ["at 25 o'clock", "at 7:75", "yesterday", "last friday"])
def test_impossible_and_past_times_are_a_problem_not_a_time(said):
    when = read_when(said)
    assert when is not None and when.problem and when.hour is None


@pytest.mark.parametrize("said", ["the dentist", "ten minutes", "for the pasta", "this", "up"])
def test_words_that_are_not_only_about_when_are_none(said):
    assert read_when(said) is None


def test_an_open_hour_settles_to_the_morning_or_evening():
    open_seven = read_when("at seven")
    assert open_seven is not None
    assert with_half(open_seven, morning=True).hour == 7
    assert with_half(open_seven, morning=False).hour == 19
