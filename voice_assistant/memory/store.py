"""Memories in SQLite (WAL): one row per memory, an FTS5 index kept by triggers.

Search is BM25 over title and text (title weighted double). The same database holds
conversations and turns (``conversation.py``), so a turn and what it read commit together.
"""

from __future__ import annotations

import hashlib
import json
import socket
import sqlite3
import time
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from voice_assistant.memory.ranking import fuse
from voice_assistant.memory.readings import NoteReader, NoteReadings
from voice_assistant.memory.schema import SCHEMA
from voice_assistant.memory.sqlite import ensure_schema, storage_error, transaction
from voice_assistant.memory.terms import content_terms, rarer
from voice_assistant.memory.vector_index import INDEXED_FROM, VectorIndex

CANDIDATES = 20
"""How deep each ranking (lexical, semantic) goes before fusion."""
Nearest = tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]
"""Memory ids, nearest first, and their cosine similarity to a query."""
MIN_SIMILARITY = 0.3
"""Cosine below this is no match (unrelated MiniLM pairs score about 0.0-0.15)."""


class Embedder(Protocol):
    def embed(self, texts: list[str]) -> npt.NDArray[np.float32]: ...


@dataclass(frozen=True)
class Memory:
    id: int
    title: str
    text: str
    source: str
    kind: str
    project: str
    created: float
    updated: float
    content_hash: str
    device: str
    path: str | None
    section: str | None
    fields: dict[str, str] = field(default_factory=dict)
    """Metadata from the imported file (``project``, ``written``, …), never part of the text."""

    @classmethod
    def of_row(cls, row: sqlite3.Row) -> Memory:
        data = dict(row)
        try:
            fields = json.loads(data.get("fields") or "{}")
        except ValueError:
            fields = {}
        data["fields"] = (
            {str(k): str(v) for k, v in fields.items()} if isinstance(fields, dict) else {}
        )
        return cls(**data)


@dataclass(frozen=True)
class Hit:
    memory: Memory
    score: float
    """BM25 relevance, larger is better."""


def content_hash(title: str, text: str) -> str:
    return hashlib.sha256(f"{title}\n{text}".encode()).hexdigest()[:16]


def embedding_text(title: str, text: str) -> str:
    return f"{title}. {text}" if title else text


class MemoryStore:
    """Memories with BM25 search, and semantic search fused in when given an embedder."""

    def __init__(
        self,
        db: sqlite3.Connection,
        device: str | None = None,
        embedder: Embedder | None = None,
        reader: NoteReader | None = None,
    ) -> None:
        self.db = db
        self.device = device or socket.gethostname()
        self.embedder = embedder
        self.readings = NoteReadings(db, reader)
        """Each note's reading, made when it is written (none without a reader)."""
        self._vectors: tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]] | None = None
        self._index: VectorIndex | None = None
        """A large store's vectors, indexed (``vector_index``); None: the exact product."""
        self._rewritten: set[int] = set()
        """Memories whose vector was written again since the vectors were loaded."""
        self._query: tuple[tuple[str, int], Nearest] | None = None
        """The last query's nearest, until the vectors are loaded again."""
        ensure_schema(self.db, SCHEMA)
        self._add_fields_column()

    def _add_fields_column(self) -> None:
        """A database from before memories had fields gets the column (empty fields)."""
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(memories)")}
        if "fields" not in columns:
            try:
                self.db.execute("ALTER TABLE memories ADD COLUMN fields TEXT NOT NULL DEFAULT '{}'")
            except sqlite3.OperationalError as exc:
                raise storage_error(self.db, exc) from exc

    def _store_vector(self, memory_id: int, title: str, text: str) -> None:
        if self.embedder is not None:
            vector = self.embedder.embed([embedding_text(title, text)])[0]
            self.db.execute(
                "INSERT OR REPLACE INTO memory_vectors(memory_id, vector) VALUES (?, ?)",
                (memory_id, vector.astype(np.float32).tobytes()),
            )
            self._rewritten.add(memory_id)
        self._vectors = None

    def backfill_vectors(self, batch: int = 64) -> int:
        """Embed memories that have no vector yet (stored before semantic search was on)."""
        if self.embedder is None:
            return 0
        rows = self.db.execute(
            "SELECT id, title, text FROM memories WHERE id NOT IN"
            " (SELECT memory_id FROM memory_vectors)"
        ).fetchall()
        for start in range(0, len(rows), batch):
            chunk = rows[start : start + batch]
            vectors = self.embedder.embed([embedding_text(r["title"], r["text"]) for r in chunk])
            with self.transaction():
                self.db.executemany(
                    "INSERT OR REPLACE INTO memory_vectors(memory_id, vector) VALUES (?, ?)",
                    [(r["id"], v.tobytes()) for r, v in zip(chunk, vectors, strict=True)],
                )
        self._vectors = None
        return len(rows)

    def _vector_matrix(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
        if self._vectors is None:
            self.backfill_vectors()
            rows = self.db.execute("SELECT memory_id, vector FROM memory_vectors").fetchall()
            ids = np.array([r["memory_id"] for r in rows], dtype=np.int64)
            matrix = (
                np.frombuffer(b"".join(r["vector"] for r in rows), dtype=np.float32).reshape(
                    len(rows), -1
                )
                if rows
                else np.zeros((0, 1), dtype=np.float32)
            )
            if len(ids) >= INDEXED_FROM:
                self._index = self._index or VectorIndex(matrix.shape[1])
                self._index.sync(ids, matrix, self._rewritten)
            else:
                self._index = None
            self._vectors, self._query = (ids, matrix), None
            self._rewritten.clear()
        return self._vectors

    def load_vectors(self) -> int:
        """Load the vectors (and index a large store's) now, not at the first search."""
        return len(self._vector_matrix()[0]) if self.embedder else 0

    def nearest(self, query: str, k: int = CANDIDATES) -> Nearest:
        """The ``k`` memories nearest ``query``, nearest first, with their cosine similarity
        (none without an embedder); kept for the next call with the same query (a question
        is routed, then searched)."""
        ids, matrix = self._vector_matrix() if self.embedder else (np.zeros(0, np.int64), None)
        if matrix is None or len(ids) == 0 or self.embedder is None:
            return np.zeros(0, np.int64), np.zeros(0, dtype=np.float32)
        key = (query, k)
        if self._query is None or self._query[0] != key:
            vector = self.embedder.embed([query])[0]
            if self._index is not None:
                self._query = (key, self._index.nearest(vector, k))
            else:
                similarity = matrix @ vector
                first = np.argpartition(-similarity, k)[:k] if len(ids) > k else np.arange(len(ids))
                order = first[np.argsort(-similarity[first])]
                self._query = (key, (ids[order], similarity[order]))
        return self._query[1]

    def closeness(self, query: str) -> float:
        """How close the nearest memory comes to ``query`` (cosine; 0.0 when unknown)."""
        return float(self.nearest(query)[1].max(initial=0.0))

    def semantic_ids(self, query: str, limit: int = CANDIDATES) -> list[int]:
        ids, similarity = self.nearest(query, limit)
        return [int(i) for i, s in zip(ids, similarity, strict=True) if s >= MIN_SIMILARITY]

    def reading(self, memory: Memory) -> dict[str, Any] | None:
        return self.readings.of(memory.id, memory.title, memory.text, memory.fields)

    def transaction(self) -> AbstractContextManager[sqlite3.Connection]:
        return transaction(self.db)

    def add(
        self,
        text: str,
        title: str = "",
        source: str = "cli",
        kind: str = "note",
        project: str = "",
        path: str | None = None,
        section: str | None = None,
        now: float | None = None,
        fields: dict[str, str] | None = None,
    ) -> int:
        now = time.time() if now is None else now
        with self.transaction():
            return self._insert(
                text, title, source, kind, project, path, section, now, fields or {}
            )

    def _insert(
        self,
        text: str,
        title: str,
        source: str,
        kind: str,
        project: str,
        path: str | None,
        section: str | None,
        now: float,
        fields: dict[str, str],
    ) -> int:
        cur = self.db.execute(
            "INSERT INTO memories(title, text, source, kind, project, created, updated,"
            " content_hash, device, path, section, fields) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
            (
                title,
                text,
                source,
                kind,
                project,
                now,
                now,
                content_hash(title, text),
                self.device,
                path,
                section,
                json.dumps(fields, sort_keys=True),
            ),
        )
        memory_id = int(cur.lastrowid or 0)
        self._store_vector(memory_id, title, text)
        self.readings.store(memory_id, title, text, fields)
        return memory_id

    def update(
        self,
        memory_id: int,
        title: str,
        text: str,
        now: float | None = None,
        fields: dict[str, str] | None = None,
        project: str | None = None,
    ) -> None:
        """New text (and, when given, new fields or project) for a memory."""
        now = time.time() if now is None else now
        with self.transaction():
            self.db.execute(
                "UPDATE memories SET title=?, text=?, updated=?, content_hash=? WHERE id=?",
                (title, text, now, content_hash(title, text), memory_id),
            )
            if fields is not None:
                self.db.execute(
                    "UPDATE memories SET fields=? WHERE id=?",
                    (json.dumps(fields, sort_keys=True), memory_id),
                )
            if project is not None:
                self.db.execute("UPDATE memories SET project=? WHERE id=?", (project, memory_id))
            self._store_vector(memory_id, title, text)
            memory = self.get(memory_id)
            self.readings.store(memory_id, title, text, memory.fields if memory else {})

    def forget(self, memory_id: int) -> bool:
        self._vectors = None
        with self.transaction():
            return self.db.execute("DELETE FROM memories WHERE id=?", (memory_id,)).rowcount > 0

    def get(self, memory_id: int) -> Memory | None:
        row = self.db.execute("SELECT * FROM memories WHERE id=?", (memory_id,)).fetchone()
        return Memory.of_row(row) if row else None

    def by_origin(self, path: str) -> dict[str | None, Memory]:
        rows = self.db.execute("SELECT * FROM memories WHERE path=?", (path,)).fetchall()
        return {row["section"]: Memory.of_row(row) for row in rows}

    def recent(self, limit: int = 50, offset: int = 0) -> list[Memory]:
        rows = self.db.execute(
            "SELECT * FROM memories ORDER BY updated DESC, id DESC LIMIT ? OFFSET ?",
            (limit, offset),
        ).fetchall()
        return [Memory.of_row(row) for row in rows]

    def state(self) -> int:
        """A number that moves whenever a memory is added, changed or removed: a cheap test
        of "anything new?" (a counter kept by triggers, one row read however many memories
        there are; counting them took 15 ms at 50,000, on every turn)."""
        row = self.db.execute("SELECT changes FROM memories_changes WHERE id = 0").fetchone()
        return int(row[0]) if row else 0

    def titles_and_texts(self) -> list[tuple[str, str]]:
        return [(r[0], r[1]) for r in self.db.execute("SELECT title, text FROM memories")]

    def count(self) -> int:
        return int(self.db.execute("SELECT count(*) FROM memories").fetchone()[0])

    def lexical(self, query: str, limit: int = CANDIDATES) -> list[tuple[int, float]]:
        """BM25 over title (weighted 2x) and text: (id, score), best first; over the
        query's rarer words when it has some (``terms.rarer``)."""
        terms = rarer(self.db, content_terms(query))
        if not terms:
            return []
        match = " OR ".join(f'"{w}"' for w in terms)  # quoted: nothing is FTS5 syntax
        rows = self.db.execute(
            "SELECT m.id, -bm25(memories_fts, 2.0, 1.0) AS score FROM memories_fts"
            " JOIN memories m ON m.id = memories_fts.rowid"
            " WHERE memories_fts MATCH ? ORDER BY score DESC, m.updated DESC LIMIT ?",
            (match, limit),
        ).fetchall()
        return [(int(row["id"]), round(float(row["score"]), 3)) for row in rows]

    def search(self, query: str, limit: int = 5) -> list[Hit]:
        """BM25 alone, or BM25 and semantic similarity fused by reciprocal rank."""
        lexical = self.lexical(query, CANDIDATES if self.embedder else limit)
        if self.embedder is None:
            ranked = lexical[:limit]
        else:
            ranked = fuse([[i for i, _ in lexical], self.semantic_ids(query)], limit)
        hits = []
        for memory_id, score in ranked:
            memory = self.get(memory_id)
            if memory is not None:
                hits.append(Hit(memory, score))
        return hits
