"""Alarms and reminders ringing on the daemon's speaker, with a fake clock and sink."""

import datetime as dt
import threading
from pathlib import Path
from zoneinfo import ZoneInfo

from voice_assistant.daemon.ringing import beat_outcome, ring_once
from voice_assistant.memory.sqlite import connect
from voice_assistant.pipeline.speak import RecordingSink
from voice_assistant.tts.fake import FakeTTS
from voice_assistant.turn.alarms import AlarmBook
from voice_assistant.turn.wall_clock import read_when

BERLIN = ZoneInfo("Europe/Berlin")


class Clock:
    def __init__(self, start=0.0):
        self.t = start

    def __call__(self):
        return self.t


def test_an_alarm_rings_on_until_stopped_or_its_time_runs_out():
    assert beat_outcome(hushed=False, now=10.0, ends_at=60.0) is None  # one more ring
    assert beat_outcome(hushed=True, now=10.0, ends_at=60.0) == "stopped"
    assert beat_outcome(hushed=False, now=60.0, ends_at=60.0) == "missed"
    assert beat_outcome(hushed=True, now=61.0, ends_at=60.0) == "stopped"  # said in time


def book_at(hour, minute):
    now = Clock(dt.datetime(2026, 12, 3, hour, minute, tzinfo=BERLIN).timestamp())
    return AlarmBook(connect(Path(":memory:")), now, BERLIN), now


def states(book):
    return [tuple(r) for r in book.db.execute("SELECT kind, state FROM alarms ORDER BY id")]


def test_a_due_reminder_is_said_once_in_the_users_words():
    book, now = book_at(14, 0)
    when = read_when("in twenty minutes")
    assert when is not None
    book.add("reminder", "take the bread out", when)
    tts, sink, hush = FakeTTS(), RecordingSink(), threading.Event()
    assert book.due() == []
    now.t += 20 * 60
    (due,) = book.due()
    assert ring_once(book, due, sink, tts, hush)
    assert states(book) == [("reminder", "rang")]
    assert book.due() == []  # once
    assert tts.spoken == ["Reminder: take the bread out."] and len(sink.chunks) >= 2


def test_an_alarm_found_hours_late_is_recorded_missed_unrung():
    book, now = book_at(6, 0)
    when = read_when("at 6:30 am")
    assert when is not None
    book.add("alarm", "", when)
    now.t += 4 * 3600
    sink = RecordingSink()
    (due,) = book.due()
    assert not ring_once(book, due, sink, FakeTTS(), threading.Event())
    assert states(book) == [("alarm", "missed")] and sink.chunks == []
