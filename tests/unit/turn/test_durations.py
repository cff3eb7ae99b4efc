"""Durations read from a clause's words: digits, number words, fractions, glued units."""

import pytest

from voice_assistant.turn.acts import holds_duration, parse_duration


@pytest.mark.parametrize(
    ("said", "seconds"),
    [
        ("10m", 600),
        ("1h30m", 5400),
        ("90s", 90),
        ("1.5 hours", 5400),
        ("twenty-five minutes", 1500),
        ("an hour and a half", 5400),
        ("a quarter of an hour", 900),
        ("three quarters of an hour", 2700),
        ("half a minute", 30),
        ("ten minutes for the bread", 600),
    ],
)
def test_a_duration_as_people_say_and_write_it(said, seconds):
    assert parse_duration(said) == seconds and holds_duration(f"set it for {said} please")


@pytest.mark.parametrize("said", ["few minutes", "25 hours", "at 7 am", "half", "the minutes"])
def test_no_duration_or_one_no_timer_takes(said):
    assert parse_duration(said) is None


@pytest.mark.parametrize("said", ["1 2 seconds", "4-5 minutes", "four or five minutes"])
def test_two_counts_for_one_unit_are_a_range_and_asked_for_not_one_guessed(said):
    assert parse_duration(said) is None
    assert parse_duration("one hour and 30 minutes") == 5400  # a count of each unit
