"""Alarms and reminders ringing on the daemon's speaker, with a fake clock and sink."""

import datetime as dt
import threading
from pathlib import Path
from zoneinfo import ZoneInfo

from voice_assistant.daemon.ringing import ring_alarms, ring_until_stopped
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


class StoppedAfter(RecordingSink):
    """A speaker on which someone stops the alarm after ``rings`` rings."""

    def __init__(self, hush, rings):
        super().__init__()
        self.hush, self.rings = hush, rings

    def play(self, samples, rate):
        super().play(samples, rate)
        if len(self.chunks) >= self.rings:
            self.hush.set()

    def stop(self):
        pass


class Silent(RecordingSink):
    """Nobody stops it; each ring moves the fake clock on."""

    def __init__(self, clock):
        super().__init__()
        self.clock = clock

    def play(self, samples, rate):
        super().play(samples, rate)
        self.clock.t += 1.0

    def stop(self):
        pass


def test_an_alarm_rings_until_stopped():
    hush = threading.Event()
    sink = StoppedAfter(hush, rings=3)
    assert ring_until_stopped(sink, hush, ring_for_s=60) == "stopped"
    assert len(sink.chunks) == 3


def test_an_alarm_nobody_stops_rings_for_a_bounded_time_and_is_missed():
    clock = Clock()
    sink = Silent(clock)
    assert ring_until_stopped(sink, threading.Event(), 5.0, clock=clock) == "missed"
    assert len(sink.chunks) == 5


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
    tts, sink, hush = FakeTTS(), StoppedAfter(threading.Event(), 99), threading.Event()
    assert book.due() == []
    now.t += 20 * 60
    assert ring_alarms(book, book.due(), sink, tts, hush, threading.Event(), 60) == 1
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
    stop = threading.Event()
    assert ring_alarms(book, book.due(), sink, FakeTTS(), stop, threading.Event(), 60) == 0
    assert states(book) == [("alarm", "missed")] and sink.chunks == []
