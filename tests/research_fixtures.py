"""Builders for research tests: memory records, search results, exchanges."""

from __future__ import annotations

from voice_assistant.research.notes import Exchange
from voice_assistant.research.tools import (
    ClockResult,
    MemoryRecord,
    ReadResult,
    SearchHit,
    SearchResult,
    ToolCall,
    ToolFailure,
)

DAY = 1_764_460_800.0  # 2025-11-30, a fixed time for stable renderings


def record(memory_id: int, title: str, text: str, project: str = "home") -> MemoryRecord:
    return MemoryRecord(
        id=memory_id,
        title=title,
        text=text,
        source="file",
        kind="markdown",
        project=project,
        updated=DAY,
        content_hash=f"h{memory_id:04d}",
        device="laptop",
        path=f"/home/u/notes/{title.lower()}.md",
    )


def search(query: str, *records: MemoryRecord) -> Exchange:
    hits = [SearchHit(memory=r, score=2.0 - i * 0.1) for i, r in enumerate(records)]
    return Exchange(
        ToolCall(tool="search_memories", argument=query), SearchResult(query=query, hits=hits)
    )


def read(memory: MemoryRecord | None, memory_id: int = 0) -> Exchange:
    mid = memory.id if memory else memory_id
    return Exchange(
        ToolCall(tool="read_memory", argument=str(mid)), ReadResult(id=mid, memory=memory)
    )


def clock() -> Exchange:
    return Exchange(
        ToolCall(tool="clock"),
        ClockResult(iso="2026-11-30T10:00", spoken="Monday 30 November 2026, 10:00"),
    )


def failure() -> Exchange:
    return Exchange(
        ToolCall(tool="read_memory", argument="x"),
        ToolFailure(tool="read_memory", argument="x", error="no memory id"),
    )


def not_run(query: str) -> Exchange:
    return Exchange(ToolCall(tool="search_memories", argument=query), None)
