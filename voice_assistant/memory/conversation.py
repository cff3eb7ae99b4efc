"""Conversations and stored turns, in the memory database.

A conversation ends after an idle timeout. Every turn keeps its question, research calls
and results (as JSON of the structured results), notes, final request, reply and timings,
so ``voice-assistant replay`` can rerun the final pass on exactly what was researched.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from typing import Any

from voice_assistant.llm.base import Message
from voice_assistant.memory.sqlite import ensure_schema, transaction

SCHEMA = """
CREATE TABLE IF NOT EXISTS conversations (
    id INTEGER PRIMARY KEY,
    started REAL NOT NULL,
    last_active REAL NOT NULL,
    room TEXT NOT NULL DEFAULT 'local'
);
CREATE TABLE IF NOT EXISTS messages (
    id INTEGER PRIMARY KEY,
    conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
    role TEXT NOT NULL,
    text TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS turns (
    id INTEGER PRIMARY KEY,
    conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
    created REAL NOT NULL,
    mode TEXT NOT NULL,
    question TEXT NOT NULL,
    stop_reason TEXT NOT NULL,
    exchanges TEXT NOT NULL,
    notes TEXT NOT NULL,
    final_request TEXT NOT NULL,
    reply TEXT NOT NULL,
    model_calls TEXT NOT NULL,
    timings TEXT NOT NULL,
    review TEXT NOT NULL DEFAULT '{}'
);
"""


@dataclass(frozen=True)
class StoredTurn:
    id: int
    conversation_id: int
    mode: str
    question: str
    stop_reason: str
    exchanges: list[dict[str, Any]]
    notes: list[dict[str, Any]]
    final_request: list[dict[str, str]]
    reply: str
    model_calls: list[dict[str, Any]]
    timings: dict[str, float]
    review: dict[str, Any]
    """The final answer's review: drafts, what failed, which reply was given."""


class Conversations:
    def __init__(self, db: sqlite3.Connection, idle_timeout_s: float = 300.0) -> None:
        self.db = db
        self.idle_timeout_s = idle_timeout_s
        ensure_schema(self.db, SCHEMA)
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(turns)")}
        if "review" not in columns:  # a database from before answers were reviewed
            with transaction(self.db):
                self.db.execute("ALTER TABLE turns ADD COLUMN review TEXT NOT NULL DEFAULT '{}'")
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(conversations)")}
        if "room" not in columns:  # a database from before satellites: all were this room's
            with transaction(self.db):
                self.db.execute(
                    "ALTER TABLE conversations ADD COLUMN room TEXT NOT NULL DEFAULT 'local'"
                )

    def current(self, now: float | None = None, room: str = "local") -> int:
        """The room's open conversation, or a new one after the idle timeout: another
        room's conversation is never continued."""
        now = time.time() if now is None else now
        row = self.db.execute(
            "SELECT id, last_active FROM conversations WHERE room=? ORDER BY id DESC LIMIT 1",
            (room,),
        ).fetchone()
        if row and now - row["last_active"] <= self.idle_timeout_s:
            return int(row["id"])
        return self.start(now, room)

    def last_review(
        self, room: str, conversation: int | None = None, now: float | None = None
    ) -> dict[str, Any] | None:
        """The review of the last stored turn of ``conversation``, or else of ``room``'s
        open one (within the idle timeout): where the last answer came from, after a
        restart or in a new ``ask``."""
        if conversation is None:
            now = time.time() if now is None else now
            row = self.db.execute(
                "SELECT id, last_active FROM conversations WHERE room=? ORDER BY id DESC LIMIT 1",
                (room,),
            ).fetchone()
            if not row or now - row["last_active"] > self.idle_timeout_s:
                return None
            conversation = int(row["id"])
        turn = self.db.execute(
            "SELECT review FROM turns WHERE conversation_id=? ORDER BY id DESC LIMIT 1",
            (conversation,),
        ).fetchone()
        return dict(json.loads(turn["review"])) if turn else None

    def resume(self, conversation_id: int, now: float | None = None, room: str = "local") -> int:
        """``conversation_id`` while it is open, or a new one after the idle timeout."""
        now = time.time() if now is None else now
        row = self.db.execute(
            "SELECT last_active FROM conversations WHERE id=?", (conversation_id,)
        ).fetchone()
        if row and now - row["last_active"] <= self.idle_timeout_s:
            return conversation_id
        return self.start(now, room)

    def start(self, now: float | None = None, room: str = "local") -> int:
        """A new conversation: later turns see none of the earlier messages."""
        now = time.time() if now is None else now
        cur = self.db.execute(
            "INSERT INTO conversations(started, last_active, room) VALUES (?, ?, ?)",
            (now, now, room),
        )
        return int(cur.lastrowid or 0)

    def history(self, conversation_id: int, limit: int = 6) -> list[Message]:
        rows = self.db.execute(
            "SELECT role, text FROM messages WHERE conversation_id=? ORDER BY id DESC LIMIT ?",
            (conversation_id, limit),
        ).fetchall()
        return [Message(row["role"], row["text"]) for row in reversed(rows)]

    def record(
        self,
        conversation_id: int,
        turn: dict[str, Any],
        now: float | None = None,
    ) -> int:
        """Store a finished turn and its two messages in one transaction."""
        now = time.time() if now is None else now
        with transaction(self.db):
            cur = self.db.execute(
                "INSERT INTO turns(conversation_id, created, mode, question, stop_reason,"
                " exchanges, notes, final_request, reply, model_calls, timings, review)"
                " VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    conversation_id,
                    now,
                    turn["mode"],
                    turn["question"],
                    turn["stop_reason"],
                    json.dumps(turn["exchanges"]),
                    json.dumps(turn["notes"]),
                    json.dumps(turn["final_request"]),
                    turn["reply"],
                    json.dumps(turn["model_calls"]),
                    json.dumps(turn["timings"]),
                    json.dumps(turn.get("review") or {}),
                ),
            )
            for role, text in (("user", turn["question"]), ("assistant", turn["reply"])):
                self.db.execute(
                    "INSERT INTO messages(conversation_id, role, text, created) VALUES (?,?,?,?)",
                    (conversation_id, role, text, now),
                )
            self.db.execute(
                "UPDATE conversations SET last_active=? WHERE id=?", (now, conversation_id)
            )
        return int(cur.lastrowid or 0)

    def heard(self, turn_id: int, text: str) -> None:
        """A stop or barge-in cut the reply: the conversation keeps what the user heard
        (the turn keeps what was published)."""
        row = self.db.execute(
            "SELECT conversation_id, created FROM turns WHERE id=?", (turn_id,)
        ).fetchone()
        if row is None:
            return
        self.db.execute(
            "UPDATE messages SET text=? WHERE conversation_id=? AND role='assistant' AND created=?",
            (text or "(interrupted before anything was said)", row[0], row[1]),
        )

    def turn(self, turn_id: int) -> StoredTurn | None:
        row = self.db.execute("SELECT * FROM turns WHERE id=?", (turn_id,)).fetchone()
        if row is None:
            return None
        data = dict(row)
        data.pop("created")
        for key in ("exchanges", "notes", "final_request", "model_calls", "timings", "review"):
            data[key] = json.loads(data[key])
        return StoredTurn(**data)
