"""Research notes (docs/decisions/0002): what the final answer is written from.

Pure functions over structured tool results. Hits are split by memory; provenance (ids,
scores, hashes, devices, paths, markers, headers) is dropped; a memory found by several
calls is one note and ranks first; other tools give one note each, named by tool and
subject; empty reads, failures and calls that were not run add nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from voice_assistant.research.spoken import split_sentences
from voice_assistant.research.tools import (
    ClockResult,
    MemoryRecord,
    ReadResult,
    SearchResult,
    ToolCall,
    ToolResult,
    excerpt,
    format_day,
)

DIGEST_CHARS = 6000


@dataclass(frozen=True)
class Exchange:
    """One research call and its result; ``result`` is None when the call was not run."""

    call: ToolCall
    result: ToolResult | None


@dataclass(frozen=True)
class Note:
    subject: str
    label: str
    excerpt: str
    found: int = 1
    """How many calls returned it (several -> ranks first)."""
    best: float = 0.0
    day: str = ""
    """When the memory was written (its metadata) or last updated, ISO; '' for tools."""
    text: str = ""
    """The memory's whole text (``excerpt`` is its start): spoken answers pick passages."""
    memory_id: int = 0
    """The memory it is (0 for a tool's note): code checks an answer against its reading."""

    def render(self, number: int) -> str:
        head = f"{self.subject} ({self.label})" if self.label else self.subject
        return f"[{number}] {head}: {self.excerpt}"

    @property
    def first_sentence(self) -> str:
        return next(iter(split_sentences(self.excerpt)), self.excerpt)


@dataclass
class _Seen:
    memory: MemoryRecord
    found: int
    best: float


def _memory_note(seen: _Seen) -> Note:
    m = seen.memory
    kind = m.fields.get("kind") or m.kind
    label = ", ".join(part for part in (m.source, kind, m.project) if part)
    written = "written" if m.day != format_day(m.updated) else "updated"
    return Note(
        subject=m.title or "untitled memory",
        label=f"{label}; {written} {m.day}",
        excerpt=excerpt(m.text),
        found=seen.found,
        best=seen.best,
        day=m.day,
        text=m.text,
        memory_id=m.id,
    )


def build_notes(exchanges: list[Exchange]) -> list[Note]:
    seen: dict[int, _Seen] = {}  # insertion order = the order research met them
    others: list[Note] = []
    for exchange in exchanges:
        result = exchange.result
        found: list[tuple[MemoryRecord, float]] = []
        if isinstance(result, SearchResult):
            found = [(hit.memory, hit.score) for hit in result.hits]
        elif isinstance(result, ReadResult) and result.memory is not None:
            found = [(result.memory, 0.0)]
        elif isinstance(result, ClockResult):
            others.append(Note("clock: the current date and time", "tool clock", result.spoken))
        for memory, score in found:
            entry = seen.get(memory.id)
            if entry is None:
                seen[memory.id] = _Seen(memory, 1, score)
                continue
            entry.found += 1
            entry.best = max(entry.best, score)
            if len(memory.text) > len(entry.memory.text):  # a read has the whole text
                entry.memory = memory
    notes = [_memory_note(entry) for entry in seen.values()]
    notes.sort(key=lambda note: 0 if note.found > 1 else 1)  # stable sort
    return notes + others


def digest(notes: list[Note], limit: int = DIGEST_CHARS) -> list[Note]:
    """The leading notes that fit whole within ``limit`` characters of rendering."""
    kept: list[Note] = []
    used = 0
    for note in notes:
        size = len(note.render(len(kept) + 1)) + 1
        if used + size > limit:
            break
        kept.append(note)
        used += size
    return kept


def render_digest(notes: list[Note]) -> str:
    return "\n".join(note.render(n) for n, note in enumerate(notes, 1))
