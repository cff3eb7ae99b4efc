"""Read-only research tools with structured (pydantic) results, and their text rendering.

Notes are built from these structures, never by parsing text; the text rendering is what
the model sees during research, laid out as a real search tool's output (ids, scores,
hashes, devices, paths and headers), and a test pins it.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import asdict
from typing import Literal

from pydantic import BaseModel

from voice_assistant.memory.metadata import written_day
from voice_assistant.memory.store import Memory, MemoryStore

EXCERPT_CHARS = 700
RENDER_CHARS = 400
"""How much of each hit the research model sees (notes keep up to EXCERPT_CHARS)."""


class ToolCall(BaseModel):
    tool: str
    argument: str = ""

    def key(self) -> tuple[str, str]:
        """Normalised identity: the same tool with the same words is the same call."""
        words = re.findall(r"\w+", self.argument.lower())
        return self.tool, " ".join(words)


class MemoryRecord(BaseModel):
    id: int
    title: str
    text: str
    source: str
    kind: str
    project: str
    updated: float
    content_hash: str
    device: str
    path: str | None
    fields: dict[str, str] = {}
    """Metadata of the imported file (``project``, ``written``, …)."""

    @classmethod
    def of(cls, memory: Memory) -> MemoryRecord:
        """The store's row as a tool result (creation time and section key are not shown)."""
        return cls.model_validate(asdict(memory))

    @property
    def day(self) -> str:
        """When it was written, if its metadata says, else when it was last updated."""
        written = written_day(self.fields)
        return written.isoformat() if written else format_day(self.updated)


class SearchHit(BaseModel):
    memory: MemoryRecord
    score: float


class SearchResult(BaseModel):
    tool: Literal["search_memories"] = "search_memories"
    query: str
    hits: list[SearchHit]


class ReadResult(BaseModel):
    tool: Literal["read_memory"] = "read_memory"
    id: int
    memory: MemoryRecord | None


class ClockResult(BaseModel):
    tool: Literal["clock"] = "clock"
    iso: str
    spoken: str


class ToolFailure(BaseModel):
    tool: str
    argument: str
    error: str


ToolResult = SearchResult | ReadResult | ClockResult | ToolFailure


def format_day(timestamp: float) -> str:
    return dt.datetime.fromtimestamp(timestamp).strftime("%Y-%m-%d")


class Tools:
    """The research tools over one memory store; ``now`` is injected for tests."""

    names = ("search_memories", "read_memory", "clock")

    def __init__(
        self, store: MemoryStore, now: Callable[[], dt.datetime] = dt.datetime.now, limit: int = 5
    ) -> None:
        self.store = store
        self.now = now
        self.limit = limit

    def run(self, call: ToolCall) -> ToolResult:
        if call.tool == "search_memories":
            hits = self.store.search(call.argument, self.limit)
            return SearchResult(
                query=call.argument,
                hits=[SearchHit(memory=MemoryRecord.of(h.memory), score=h.score) for h in hits],
            )
        if call.tool == "read_memory":
            digits = re.findall(r"\d+", call.argument)
            if not digits:
                return ToolFailure(tool=call.tool, argument=call.argument, error="no memory id")
            memory = self.store.get(int(digits[0]))
            return ReadResult(id=int(digits[0]), memory=MemoryRecord.of(memory) if memory else None)
        if call.tool == "clock":
            now = self.now()
            return ClockResult(
                iso=now.isoformat(timespec="minutes"), spoken=now.strftime("%A %d %B %Y, %H:%M")
            )
        return ToolFailure(tool=call.tool, argument=call.argument, error="unknown tool")


def excerpt(text: str, limit: int = EXCERPT_CHARS) -> str:
    """Whitespace collapsed; at most ``limit`` characters, ending at a whole word."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: limit + 1]
    return cut[: cut.rfind(" ")].rstrip(" ,;:-") if " " in cut else text[:limit]


def render(result: ToolResult) -> str:
    """The tool output as the research model reads it."""
    if isinstance(result, SearchResult):
        lines = [f'search_memories("{result.query}") -> {len(result.hits)} hit(s)']
        for rank, hit in enumerate(result.hits, 1):
            m = hit.memory
            lines.append(
                f"--- hit {rank} | memory_id={m.id} | score={hit.score:.3f} | "
                f"hash={m.content_hash} | device={m.device} | path={m.path or '-'}"
            )
            lines.append(f"# {m.title} ({m.source}, {m.kind}, {m.project or '-'}; updated {m.day})")
            lines.append(f"<excerpt>{excerpt(m.text, RENDER_CHARS)}</excerpt>")
        return "\n".join(lines)
    if isinstance(result, ReadResult):
        if result.memory is None:
            return f"read_memory({result.id}) -> no such memory"
        m = result.memory
        return (
            f"read_memory({m.id}) -> hash={m.content_hash} | device={m.device} | "
            f"path={m.path or '-'}\n# {m.title}\n<excerpt>{excerpt(m.text)}</excerpt>"
        )
    if isinstance(result, ClockResult):
        return f"clock() -> {result.iso} ({result.spoken})"
    return f"{result.tool}({result.argument}) -> error: {result.error}"
