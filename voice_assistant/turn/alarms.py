"""Alarms and reminders, kept in SQLite as local wall-clock times: a restart keeps them,
and ``alarm_dates.instant`` keeps 7:00 at 7:00 across a daylight-saving change.

``due`` lists those to ring now; ``finish`` records what happened (rang, stopped, missed)
and moves a repeating alarm to its next day. A reminder is not a memory: it lives here
only, so it never answers a question.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass

from voice_assistant.memory.sqlite import ensure_schema
from voice_assistant.turn import alarm_dates as dates
from voice_assistant.turn.wall_clock import When, clock_words, read_when

SCHEMA = """
CREATE TABLE IF NOT EXISTS alarms (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,                -- alarm | reminder
    text TEXT NOT NULL DEFAULT '',     -- a reminder's words
    on_date TEXT NOT NULL DEFAULT '',  -- local YYYY-MM-DD; '' for "in twenty minutes"
    hour INTEGER NOT NULL,
    minute INTEGER NOT NULL,
    at REAL NOT NULL DEFAULT 0,        -- the instant, when on_date is ''
    repeat TEXT NOT NULL DEFAULT '',
    room TEXT NOT NULL DEFAULT 'local',
    created REAL NOT NULL,
    state TEXT NOT NULL DEFAULT 'pending'  -- pending | cancelled | rang | stopped | missed
);
"""
LATE_LIMIT_S = 15 * 60
"""An alarm found this late (the daemon was down at its time) is recorded missed, not rung."""


@dataclass(frozen=True)
class Alarm:
    id: int
    kind: str
    text: str
    on_date: str
    hour: int
    minute: int
    at: float
    repeat: str
    room: str

    def due_at(self, tz: dt.tzinfo | None) -> float:
        if not self.on_date:
            return self.at
        return dates.instant(dt.date.fromisoformat(self.on_date), self.hour, self.minute, tz)

    def time_words(self) -> str:
        return clock_words(self.hour, self.minute)


def ring_words(alarm: Alarm) -> str | None:
    """What code says after the earcon: a reminder in the user's words; an alarm rings."""
    return f"Reminder: {alarm.text}." if alarm.kind == "reminder" else None


class AlarmBook:
    def __init__(
        self, db: sqlite3.Connection, now: Callable[[], float], tz: dt.tzinfo | None = None
    ) -> None:
        self.db = db
        self.now = now
        self.tz = tz
        """None: the system's zone; tests pass one to cross a daylight-saving change."""
        ensure_schema(db, SCHEMA)

    def pending(self, kind: str | None = None, by: str = "9999-12-31") -> list[Alarm]:
        """Those still to ring (of ``kind``), soonest first; ``by``: only those whose local
        date is that day or earlier."""
        rows = self.db.execute(
            "SELECT id, kind, text, on_date, hour, minute, at, repeat, room FROM alarms"
            " WHERE state='pending' AND (? IS NULL OR kind=?) AND on_date <= ?",
            (kind, kind, by),
        ).fetchall()
        return sorted((Alarm(*r) for r in rows), key=lambda a: a.due_at(self.tz))

    def due(self) -> list[Alarm]:
        """Those whose time has come (looked at every second: a later day is not read)."""
        now = self.now()
        today = dates.local(now, self.tz).date().isoformat()
        return [a for a in self.pending(by=today) if a.due_at(self.tz) <= now]

    def too_late(self, alarm: Alarm) -> bool:
        return self.now() - alarm.due_at(self.tz) > LATE_LIMIT_S

    def add(self, kind: str, text: str, when: When, room: str = "local") -> Alarm | str:
        """Store an alarm or reminder; a string says why it cannot be (nothing stored)."""
        now = self.now()
        today = dates.local(now, self.tz)
        if when.in_s is not None:
            at = now + when.in_s
            clock = dates.local(at, self.tz)
            return self._insert(kind, text, "", clock.hour, clock.minute, at, "", room)
        if when.hour is None:
            hour, minute = dates.PART_HOURS[when.part or "morning"], 0
        elif not when.meridiem:
            hour, minute = dates.open_hour(when, today), when.minute
        else:
            hour, minute = when.hour, when.minute
        day = dates.first_date(when, hour, minute, today)
        if day is None:
            return f"{clock_words(hour, minute)} today has already passed"
        return self._insert(kind, text, day.isoformat(), hour, minute, 0.0, when.repeat, room)

    def _insert(self, *values: str | int | float) -> Alarm:
        cur = self.db.execute(
            "INSERT INTO alarms(kind, text, on_date, hour, minute, at, repeat, room, created)"
            " VALUES (?,?,?,?,?,?,?,?,?)",
            (*values, self.now()),
        )
        return Alarm(int(cur.lastrowid or 0), *values)  # type: ignore[arg-type]

    def finish(self, alarm: Alarm, state: str) -> None:
        """After ringing (``rang``, ``stopped``, ``missed``): a repeating alarm moves on to
        its next day still to come; any other is done."""
        if not alarm.repeat:
            self.db.execute("UPDATE alarms SET state=? WHERE id=?", (state, alarm.id))
            return
        day = dt.date.fromisoformat(alarm.on_date)
        while dates.instant(day, alarm.hour, alarm.minute, self.tz) <= self.now():
            day = dates.next_date(alarm.repeat, day)
        self.db.execute("UPDATE alarms SET on_date=? WHERE id=?", (day.isoformat(), alarm.id))

    def cancel(self, kind: str, which: str) -> Alarm | str:
        """The one pending ``kind`` that ``which`` names (a time, or a reminder's words), or
        the only one; a string says why none was cancelled."""
        pending = self.pending(kind)
        chosen = [a for a in pending if self._names(a, which)] if which else pending
        if not chosen:
            return f"no {kind} is set" if not pending else f"no {kind} matches {which}"
        if len(chosen) > 1:
            times = " and ".join(self.describe(a) for a in chosen[:3])
            return f"you have {len(chosen)} {kind}s ({times}); say which"
        self.db.execute("UPDATE alarms SET state='cancelled' WHERE id=?", (chosen[0].id,))
        return chosen[0]

    def _names(self, alarm: Alarm, which: str) -> bool:
        when = read_when(which)
        if when is not None and when.hour is not None:
            return when.minute == alarm.minute and when.hour % 12 == alarm.hour % 12
        return which.lower() in alarm.text.lower()

    def describe(self, alarm: Alarm) -> str:
        """ "7:00, tomorrow, Wednesday", "7:00, every weekday", "call Rowan, 17:00 today"."""
        today = dates.local(self.now(), self.tz).date()
        if not alarm.on_date:
            day = dates.day_words(dates.local(alarm.at, self.tz).date(), today)
            when = f"{alarm.time_words()}, {day}"
        elif alarm.repeat:
            when = f"{alarm.time_words()}, {dates.repeat_words(alarm.repeat)}"
        else:
            day = dates.day_words(dt.date.fromisoformat(alarm.on_date), today)
            when = f"{alarm.time_words()}, {day}"
        return f"{alarm.text}, {when}" if alarm.kind == "reminder" else when
