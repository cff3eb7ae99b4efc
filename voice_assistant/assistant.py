"""The assistant assembled over its engines: the store (one SQLite connection holding the
memories, conversations, timers and receipts), the research core, the turn runner and the
pipeline, each built once, on first use.

``Engines`` only loads and holds the models; what is made of them is assembled here, by
the command that uses it (``batch``, ``ask``, ``run``, ``serve``, ``replay``, the
benchmarks). Tests pass engines of their own (``Assistant(settings, Engines(settings,
llm=FakeLLM()))``) or a whole turn (``turn_runner=``): the rest is built as usual around
them.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from typing import Any, TypeVar

from voice_assistant.config import Settings
from voice_assistant.engines import Engines
from voice_assistant.language.notes import NoteReader
from voice_assistant.language.warm import warm
from voice_assistant.llm.base import prepare
from voice_assistant.memory.conversation import Conversations
from voice_assistant.memory.sqlite import connect
from voice_assistant.memory.store import MemoryStore
from voice_assistant.memory.vector_index import INDEXED_FROM
from voice_assistant.pipeline.stages import Pipeline
from voice_assistant.research.base import Researcher
from voice_assistant.research.core import MemoryResearch
from voice_assistant.research.structured import StructuredAnswers
from voice_assistant.research.tools import Tools
from voice_assistant.stt.vocabulary import vocabulary
from voice_assistant.turn.actions import Actions
from voice_assistant.turn.runner import TurnRunner
from voice_assistant.turn.session import Session

T = TypeVar("T")


class Assistant:
    def __init__(
        self,
        settings: Settings,
        engines: Engines | None = None,
        turn_runner: Researcher[Session] | None = None,
    ) -> None:
        self.settings = settings
        self.engines = engines or Engines(settings, hotwords=self.vocabulary)
        """The models, loaded once (whisper's hotwords are the memories' names)."""
        given = {} if turn_runner is None else {"turn_runner": turn_runner}
        self._built: dict[str, Any] = given

    def _once(self, name: str, build: Callable[[], T]) -> T:
        if name not in self._built:
            self._built[name] = build()
        return self._built[name]

    def preload(self, keys: list[str]) -> None:
        """Load (and prepare) engines up front, so the first turn's timings hold no
        loading: the LLM's fixed prompt prefixes are evaluated once here, and a large
        store's vectors are indexed (a small store's load with the first question, and so
        does MiniLM)."""
        self.engines.preload(keys)
        if "llm" in keys:
            started = time.monotonic()
            prepare(self.engines.llm(), self.turn_runner().prefixes(self.settings.mode))
            self.engines.load_s["warm"] = time.monotonic() - started
            started = time.monotonic()
            warm(self.engines.parser())
            self.engines.load_s["language"] = time.monotonic() - started
            if self.settings.research.semantic_search and self._indexed_store():
                started = time.monotonic()
                self.memories().load_vectors()  # its index is built here, not at a question
                self.engines.load_s["vectors"] = time.monotonic() - started

    def _indexed_store(self) -> bool:
        """The memories hold enough vectors to be searched through an index."""
        try:
            (stored,) = self.database().execute("SELECT count(*) FROM memory_vectors").fetchone()
        except sqlite3.OperationalError:  # no memories yet
            return False
        return int(stored) >= INDEXED_FROM

    def database(self) -> sqlite3.Connection:
        return self._once("db", lambda: connect(self.settings.paths.database))

    def memories(self) -> MemoryStore:
        semantic = self.settings.research.semantic_search
        embedder = self.engines.embedder() if semantic else None
        return self._once(
            "memories",
            lambda: MemoryStore(
                self.database(), embedder=embedder, reader=NoteReader(self.engines.parser())
            ),
        )

    def vocabulary(self) -> str:
        """The names in the memories, for whisper; worked out again only when they change."""
        store = self.memories()
        state = store.state()
        cached = self._built.get("vocabulary")
        if cached is None or cached[0] != state:
            cached = (state, vocabulary(store.titles_and_texts()))
            self._built["vocabulary"] = cached
        return str(cached[1])

    def conversations(self) -> Conversations:
        idle_s = self.settings.research.conversation_idle_s
        return self._once("conversations", lambda: Conversations(self.database(), idle_s))

    def actions(self) -> Actions:
        """The act tools (timers, alarms, reminders, memories) and their receipts; the
        daemon rings what is due."""
        zone = self.settings.alarms.zone()
        return self._once("actions", lambda: Actions(self.memories(), tz=zone))

    def research_core(self) -> MemoryResearch:
        """The research and notes core alone (questions only; ``replay`` uses it)."""
        return self._once("research_core", self._build_research)

    def _build_research(self) -> MemoryResearch:
        s = self.settings
        return MemoryResearch(
            self.engines.llm(),
            Tools(self.memories(), limit=s.research.search_limit),
            self.conversations(),
            s.research,
            s.tasks.research_profiles(),
            n_ctx=s.llm.context_tokens(s.tasks.backends().get("research", s.llm.backend)),
            structured=StructuredAnswers(self.engines.parser(), self.memories()),
        )

    def turn_runner(self) -> Researcher[Session]:
        """A turn: acts and questions, each question answered by the research core."""
        return self._once("turn_runner", self._build_turn_runner)

    def _build_turn_runner(self) -> Researcher[Session]:
        tasks = self.settings.tasks
        return TurnRunner(
            self.engines.llm(),
            self.research_core(),
            self.actions(),
            tasks.turn_profiles(),
            tasks.acknowledge.review,
            tasks.acknowledge_by,
            self.research_core().conversations,
        )

    def pipeline(self) -> Pipeline:
        e = self.engines
        return Pipeline(
            vad=e.vad,
            stt=e.stt,
            research=self.turn_runner,
            tts=e.tts,
            endpoint=self.settings.endpoint,
            mode=self.settings.mode,
        )
