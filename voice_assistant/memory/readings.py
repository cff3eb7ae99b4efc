"""Each note's reading, kept beside it: made once, when the note is written, per content
and parser version, so research never parses a note (``language.notes``)."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from typing import Any, Protocol

from voice_assistant.memory.sqlite import transaction


class NoteReader(Protocol):
    """Reads a note once, when it is written (``language.notes``), as JSON to keep."""

    @property
    def version(self) -> str:
        """What the readings are made with: a reading of another version is made again."""
        ...

    def read(self, title: str, text: str, fields: dict[str, str]) -> dict[str, Any]: ...

    def read_many(self, notes: list[tuple[str, str, dict[str, str]]]) -> list[dict[str, Any]]:
        """Many notes at once (an import): the same readings, in one pass of the parser."""
        ...


def reading_key(title: str, text: str, fields: dict[str, str]) -> str:
    """What a note's reading depends on: its words, and the kind and project it lends."""
    lent = "|".join(fields.get(k, "") for k in ("kind", "project"))
    return hashlib.sha256(f"{title}\n{text}\n{lent}".encode()).hexdigest()[:16]


class NoteReadings:
    """The ``note_readings`` table over the store's connection."""

    def __init__(self, db: sqlite3.Connection, reader: NoteReader | None) -> None:
        self.db = db
        self.reader = reader
        self._ready: dict[str, dict[str, Any]] = {}
        """Readings made ahead (``prepare``), by ``reading_key``, until they are stored."""

    def prepare(self, notes: list[tuple[str, str, dict[str, str]]]) -> None:
        """Read the notes an import is about to write, in one pass of the parser."""
        if self.reader is None or not notes:
            return
        for note, reading in zip(notes, self.reader.read_many(notes), strict=True):
            self._ready[reading_key(*note)] = reading

    def store(self, memory_id: int, title: str, text: str, fields: dict[str, str]) -> None:
        """The note's reading, kept beside it (``note_readings``): made once per content
        and parser version, so research never parses a note."""
        if self.reader is None:
            return
        digest = reading_key(title, text, fields)
        row = self.db.execute(
            "SELECT content_hash, version FROM note_readings WHERE memory_id=?", (memory_id,)
        ).fetchone()
        if row is not None and tuple(row) == (digest, self.reader.version):
            return
        made = self._ready.pop(digest, None)
        if made is None:
            made = self.reader.read(title, text, fields)
        reading = json.dumps(made, ensure_ascii=False)
        self.db.execute(
            "INSERT OR REPLACE INTO note_readings(memory_id, content_hash, version, reading)"
            " VALUES (?, ?, ?, ?)",
            (memory_id, digest, self.reader.version, reading),
        )

    def of(
        self, memory_id: int, title: str, text: str, fields: dict[str, str]
    ) -> dict[str, Any] | None:
        """The note's stored reading (read now, and kept, if it has none of this version:
        a database from before, or a new parser)."""
        if self.reader is None:
            return None
        row = self.db.execute(
            "SELECT content_hash, version, reading FROM note_readings WHERE memory_id=?",
            (memory_id,),
        ).fetchone()
        key = reading_key(title, text, fields)
        if row is None or (row[0], row[1]) != (key, self.reader.version):
            with transaction(self.db):
                self.store(memory_id, title, text, fields)
            row = self.db.execute(
                "SELECT content_hash, version, reading FROM note_readings WHERE memory_id=?",
                (memory_id,),
            ).fetchone()
        data: dict[str, Any] = json.loads(row[2])
        return data
