"""Alarms and reminders stored as local wall-clock times, with a fake clock and zone."""

import datetime as dt
from pathlib import Path
from zoneinfo import ZoneInfo

from voice_assistant.memory.sqlite import connect
from voice_assistant.turn.alarms import AlarmBook, ring_words
from voice_assistant.turn.wall_clock import read_when

BERLIN = ZoneInfo("Europe/Berlin")


class Clock:
    def __init__(self, year: int, month: int, day: int, hour: int, minute: int) -> None:
        self.t = dt.datetime(year, month, day, hour, minute, tzinfo=BERLIN).timestamp()

    def __call__(self):
        return self.t

    def local(self):
        return dt.datetime.fromtimestamp(self.t, BERLIN)


def book_at(clock, path=":memory:"):
    return AlarmBook(connect(Path(path)), clock, BERLIN)


def when(words):
    found = read_when(words)
    assert found is not None
    return found


def test_an_alarm_keeps_seven_oclock_across_a_daylight_saving_change_and_a_restart(tmp_path):
    clock = Clock(2026, 3, 28, 22, 0)  # Saturday night; clocks go forward at 2:00 on Sunday
    db = tmp_path / "m.sqlite3"
    alarm = book_at(clock, db).add("alarm", "", when("tomorrow at 7 am"))
    assert not isinstance(alarm, str) and alarm.on_date == "2026-03-29"
    clock.t += 7 * 3600  # 6:00 on Sunday's clock (5:00 + the hour lost): still to come
    restarted = book_at(clock, db)
    assert restarted.due() == []
    clock.t += 3600
    (due,) = restarted.due()
    assert due.id == alarm.id and clock.local().strftime("%H:%M") == "07:00"


def test_a_repeating_alarm_moves_to_its_next_day_after_ringing():
    clock = Clock(2026, 12, 4, 6, 0)  # a Friday
    book = book_at(clock)
    alarm = book.add("alarm", "", when("every weekday at 7 am"))
    assert not isinstance(alarm, str) and alarm.on_date == "2026-12-04"
    assert book.describe(alarm) == "7:00, every weekday"
    clock.t += 3600
    (due,) = book.due()
    book.finish(due, "stopped")
    (pending,) = book.pending()
    assert pending.on_date == "2026-12-07"  # Monday: the weekend is skipped


def test_a_one_off_alarm_is_done_after_ringing_and_a_missed_one_is_recorded():
    clock = Clock(2026, 12, 3, 6, 0)
    book = book_at(clock)
    alarm = book.add("alarm", "", when("at 6:30 am"))
    assert not isinstance(alarm, str) and book.describe(alarm) == "6:30, today"
    clock.t += 31 * 60
    (due,) = book.due()
    assert not book.too_late(due)
    book.finish(due, "missed")
    assert book.pending() == []
    state = book.db.execute("SELECT state FROM alarms WHERE id=?", (alarm.id,)).fetchone()[0]
    assert state == "missed"


def test_an_alarm_found_long_after_its_time_is_too_late_to_ring():
    clock = Clock(2026, 12, 3, 6, 0)
    book = book_at(clock)
    book.add("alarm", "", when("at 6:30 am"))
    clock.t += 4 * 3600  # the daemon was down
    (due,) = book.due()
    assert book.too_late(due)


def test_a_reminder_in_twenty_minutes_and_its_words():
    clock = Clock(2026, 12, 3, 14, 12)
    book = book_at(clock)
    reminder = book.add("reminder", "take the bread out", when("in twenty minutes"))
    assert not isinstance(reminder, str) and reminder.time_words() == "14:32"
    assert ring_words(reminder) == "Reminder: take the bread out."
    assert book.describe(reminder) == "take the bread out, 14:32, today"


def test_an_open_hour_for_a_reminder_is_the_next_time_the_clock_shows_it():
    clock = Clock(2026, 12, 3, 14, 0)
    book = book_at(clock)
    five = book.add("reminder", "call Felix", when("at five"))
    assert not isinstance(five, str) and (five.hour, five.on_date) == (17, "2026-12-03")
    morning = book.add("reminder", "bring the card", when("tomorrow morning"))
    assert not isinstance(morning, str) and book.describe(morning).endswith(
        "8:00, tomorrow, Friday"
    )


def test_today_at_a_time_gone_by_is_refused_and_nothing_stored():
    clock = Clock(2026, 12, 3, 9, 0)
    book = book_at(clock)
    assert book.add("alarm", "", when("today at 6 am")) == "6:00 today has already passed"
    assert book.pending() == []


def test_cancelling_names_one_alarm_or_asks_which():
    clock = Clock(2026, 12, 3, 5, 0)
    book = book_at(clock)
    book.add("alarm", "", when("at 7 am"))
    book.add("alarm", "", when("at 8:30 am"))
    book.add("reminder", "call Felix", when("at 5 pm"))
    assert book.cancel("alarm", "").startswith("you have 2 alarms")
    seven = book.cancel("alarm", "seven")
    assert not isinstance(seven, str) and seven.hour == 7
    assert book.cancel("alarm", "nine") == "no alarm matches nine"
    felix = book.cancel("reminder", "call felix")
    assert not isinstance(felix, str) and felix.text == "call Felix"
    assert [a.hour for a in book.pending()] == [8]
