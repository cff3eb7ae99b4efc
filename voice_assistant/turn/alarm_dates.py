"""When a ``When`` comes round on the local wall clock. Pure: ``now`` and the zone are
inputs (``tz`` None: the system's own zone rules, through naive local times).

An alarm is stored as a date and a wall-clock time, and its instant is worked out from
the zone's rules for that date (``instant``), so 7:00 stays 7:00 across a
daylight-saving change and across a restart.
"""

from __future__ import annotations

import datetime as dt

from voice_assistant.language.lexicon import LEXICON, WEEK
from voice_assistant.turn.wall_clock import When

DAY_SETS = {"daily": range(7), "weekdays": range(5), "weekends": (5, 6)}
PART_HOURS: dict[str, int] = LEXICON["times"]["part_hours"]
"""A reminder for "tomorrow morning" with no clock time rings at 8:00 (the receipt says so)."""
REPEAT_WORDS: dict[str, str] = LEXICON["times"]["repeats_said"]


def local(timestamp: float, tz: dt.tzinfo | None) -> dt.datetime:
    return dt.datetime.fromtimestamp(timestamp, tz)


def instant(day: dt.date, hour: int, minute: int, tz: dt.tzinfo | None) -> float:
    """The moment the local clock shows ``hour:minute`` on ``day``."""
    return dt.datetime(day.year, day.month, day.day, hour, minute, tzinfo=tz).timestamp()


def repeat_days(repeat: str) -> frozenset[int]:
    """Weekday numbers (Monday 0) of a repeat ("weekdays", "mon,wed")."""
    if repeat in DAY_SETS:
        return frozenset(DAY_SETS[repeat])
    short = [d[:3] for d in WEEK]
    return frozenset(short.index(d) for d in repeat.split(",") if d in short)


def first_date(when: When, hour: int, minute: int, now: dt.datetime) -> dt.date | None:
    """The first day on which ``hour:minute`` is still to come and the words allow; None
    when the day they name has already gone by ("today at 6" at 8 o'clock)."""
    today = now.date()
    ahead = (hour, minute) > (now.hour, now.minute)
    if when.day == "today":
        return today if ahead else None
    if when.day == "tomorrow":
        return today + dt.timedelta(days=1)
    if when.day in WEEK:
        offset = (WEEK.index(when.day) - today.weekday()) % 7
        return today + dt.timedelta(days=offset if offset or ahead else 7)
    days = repeat_days(when.repeat) if when.repeat else frozenset(range(7))
    for k in range(8):
        day = today + dt.timedelta(days=k)
        if day.weekday() in days and (k or ahead):
            return day
    return None


def next_date(repeat: str, after: dt.date) -> dt.date:
    """The next day of a repeating alarm after the one that rang."""
    days = repeat_days(repeat) or frozenset(range(7))
    day = after + dt.timedelta(days=1)
    while day.weekday() not in days:
        day += dt.timedelta(days=1)
    return day


def open_hour(when: When, now: dt.datetime) -> int:
    """A reminder's "at five" with no morning or evening said: with a day named, the
    daytime reading (1-6 afternoon, 7-12 morning or noon); else the next time the clock
    shows it."""
    assert when.hour is not None
    if when.day or when.repeat:
        return when.hour + 12 if when.hour <= 6 else when.hour
    am, pm = when.hour % 12, when.hour % 12 + 12
    return am if (am, when.minute) > (now.hour, now.minute) else pm


def day_words(day: dt.date, today: dt.date) -> str:
    """ "today", "tomorrow, Wednesday", "Friday", "Friday 12 December"."""
    name = WEEK[day.weekday()].capitalize()
    if day == today:
        return "today"
    if day == today + dt.timedelta(days=1):
        return f"tomorrow, {name}"
    if day < today + dt.timedelta(days=7):
        return name
    return f"{name} {day.day} {day.strftime('%B')}"


def repeat_words(repeat: str) -> str:
    if repeat in REPEAT_WORDS:
        return REPEAT_WORDS[repeat]
    names = [d.capitalize() for d in WEEK if d[:3] in repeat.split(",")]
    return "every " + (" and ".join(names) if len(names) <= 2 else ", ".join(names))
