"""Running acts: each through a tool; state changes commit in one SQLite transaction
together with their receipts, so a turn's changes and its proof land (or vanish) together.

Timers persist in the database; ``due`` lists those to ring, whether or not a turn runs.
Alarms and reminders live in ``alarms.AlarmBook`` (``book``), which ``alarm_receipts`` runs.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass

from voice_assistant.memory.sqlite import ensure_schema
from voice_assistant.memory.store import MemoryStore
from voice_assistant.turn.acts import Act, speak_duration
from voice_assistant.turn.alarm_acts import ALARM_ACTS
from voice_assistant.turn.alarm_receipts import run_alarm_act
from voice_assistant.turn.alarms import AlarmBook
from voice_assistant.turn.outcome import NotDone, Receipt

SCHEMA = """
CREATE TABLE IF NOT EXISTS timers (
    id INTEGER PRIMARY KEY,
    label TEXT NOT NULL DEFAULT '',
    duration_s INTEGER NOT NULL,
    created REAL NOT NULL,
    due REAL NOT NULL,
    state TEXT NOT NULL DEFAULT 'running',  -- running | cancelled | rung
    room TEXT NOT NULL DEFAULT 'local'      -- where it was set, and rings
);
CREATE TABLE IF NOT EXISTS receipts (
    id INTEGER PRIMARY KEY,
    act TEXT NOT NULL,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    created REAL NOT NULL
);
"""


@dataclass(frozen=True)
class Timer:
    id: int
    label: str
    duration_s: int
    due: float
    room: str = "local"
    """The session's room it was set in (``local``, ``satellite:kitchen``): it rings there."""


def ring_text(timer: Timer) -> str:
    """The sentence code speaks (after the earcon) when a timer is due."""
    name = (
        f"{timer.label} timer"
        if timer.label
        else f"{speak_duration(timer.duration_s, adjective=True)} timer"
    )
    return f"Your {name} is done."


def clock_text(timestamp: float) -> str:
    return dt.datetime.fromtimestamp(timestamp).strftime("%H:%M")


class _Undo(Exception):
    """Raised inside ``Actions.preview``'s transaction: roll it back."""


class Actions:
    def __init__(
        self,
        store: MemoryStore,
        now: Callable[[], float] = time.time,
        tz: dt.tzinfo | None = None,
    ) -> None:
        self.store = store
        self.db: sqlite3.Connection = store.db
        self.now = now
        ensure_schema(self.db, SCHEMA)
        if "room" not in {row[1] for row in self.db.execute("PRAGMA table_info(timers)")}:
            with self.store.transaction():  # a database from before rooms: all rang here
                self.db.execute("ALTER TABLE timers ADD COLUMN room TEXT NOT NULL DEFAULT 'local'")
        self.book = AlarmBook(self.db, now, tz)

    def running_timers(self) -> list[Timer]:
        rows = self.db.execute(
            "SELECT id, label, duration_s, due, room FROM timers WHERE state='running' ORDER BY due"
        ).fetchall()
        return [Timer(*r) for r in rows]

    def due(self) -> list[Timer]:
        """Running timers whose time has come (the caller rings them, then ``mark_rung``)."""
        return [t for t in self.running_timers() if t.due <= self.now()]

    def states(self, ids: set[int]) -> dict[int, str]:
        """Each timer's state (running, cancelled, rung), for those of ``ids`` that exist."""
        marks = ",".join("?" * len(ids))
        rows = self.db.execute(f"SELECT id, state FROM timers WHERE id IN ({marks})", [*ids])
        return {r["id"]: r["state"] for r in rows}

    def mark_rung(self, timer_id: int) -> None:
        self.db.execute("UPDATE timers SET state='rung' WHERE id=?", (timer_id,))

    def _receipt(self, act: str, title: str, body: str) -> Receipt:
        cur = self.db.execute(
            "INSERT INTO receipts(act, title, body, created) VALUES (?,?,?,?)",
            (act, title, body, self.now()),
        )
        return Receipt(int(cur.lastrowid or 0), act, title, body)

    def run(self, acts: list[Act], room: str = "local") -> tuple[list[Receipt], list[NotDone]]:
        """Run the ready acts; acts missing a value are not run. One transaction. What
        they set (timers, alarms, reminders) carries ``room``, the session's: it rings there."""
        receipts: list[Receipt] = []
        not_done: list[NotDone] = []
        with self.store.transaction():
            for act in acts:
                if not act.ready:
                    not_done.append(NotDone(act, f"waiting for {act.missing[0]}"))
                    continue
                outcome = self._run_one(act, room)
                if isinstance(outcome, NotDone):
                    not_done.append(outcome)
                else:
                    receipts.append(outcome)
        return receipts, not_done

    def preview(
        self, acts: list[Act], room: str = "local"
    ) -> tuple[list[Receipt], list[NotDone]] | None:
        """What ``run`` would give now, with nothing kept (its transaction rolled back), so
        a receipt's words can be made before the turn may act. None inside a transaction
        already open (it could not be undone alone)."""
        if self.db.in_transaction:
            return None
        seen: tuple[list[Receipt], list[NotDone]] | None = None
        with contextlib.suppress(_Undo), self.store.transaction():
            seen = self.run(acts, room)
            raise _Undo
        return seen

    def _run_one(self, act: Act, room: str) -> Receipt | NotDone:
        now = self.now()
        if act.kind in ALARM_ACTS:
            return run_alarm_act(self.book, act, self._receipt, room)
        if act.kind == "set_timer":
            seconds = int(act.values["duration_s"])
            label = str(act.values.get("label", ""))
            self.db.execute(
                "INSERT INTO timers(label, duration_s, created, due, room) VALUES (?,?,?,?,?)",
                (label, seconds, now, now + seconds, room),
            )
            name = f"{label[:1].upper()}{label[1:]} timer" if label else "Timer"
            body = f"{speak_duration(seconds)}, rings at {clock_text(now + seconds)}"
            return self._receipt(act.kind, f"{name} set", body)
        if act.kind == "cancel_timer":
            running = self.running_timers()
            which = str(act.values.get("which", "")).lower()
            chosen = [t for t in running if which and which in t.label.lower()]
            if not chosen and len(running) == 1 and not (which and running[0].label):
                chosen = running  # the only timer, unless the user named another one
            if not chosen:
                if not running:
                    return NotDone(act, "no timer is running")
                return NotDone(
                    act, f"no {which} timer is running" if which else "I don't know which timer"
                )
            timer = chosen[0]
            self.db.execute("UPDATE timers SET state='cancelled' WHERE id=?", (timer.id,))
            return self._receipt(act.kind, "Timer cancelled", speak_duration(timer.duration_s))
        if act.kind == "remember":
            text = str(act.values["text"])
            self.store.add(text, title=" ".join(text.split()[:6]), source="voice", kind="note")
            return self._receipt(act.kind, "Remembered", text)
        if act.kind == "forget":
            hits = self.store.search(str(act.values["what"]), limit=1)
            if not hits:
                return NotDone(act, "no memory matches that")
            self.store.forget(hits[0].memory.id)
            return self._receipt(act.kind, "Forgotten", hits[0].memory.title or "a memory")
        if act.kind == "list_timers":
            running = [t for t in self.running_timers() if t.due > now]
            body = (
                "; ".join(f"{t.label or 'timer'} rings at {clock_text(t.due)}" for t in running)
                or "none running"
            )
            return Receipt(0, act.kind, "Timers", body)  # read-only: nothing committed
        return Receipt(
            0, act.kind, "Time", dt.datetime.fromtimestamp(now).strftime("%H:%M, %A %d %B %Y")
        )
