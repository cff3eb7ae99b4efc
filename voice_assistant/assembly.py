"""What one configuration assembles over its engines: the store (one SQLite connection
holding the memories, conversations, timers and receipts), the act tools, the research
core, the turn runner and the pipeline, built once by ``assemble``.

``Engines`` only loads and holds the models; the command that runs (``batch``, ``ask``,
``run``, ``serve``, ``replay``, the benchmarks) assembles what it uses over them, and
hands each part to what uses it. The turn service holds the assembly in force and gives
it to every job it runs; a reload assembles anew and the service switches between jobs.
The research core and the turn runner are built at the first question (they load the
language model: ``batch --until stt`` never does). Tests pass engines of their own
(``assemble(settings, Engines(settings, llm=FakeLLM()))``) or a whole turn
(``turn_runner=``): the rest is assembled as usual around them.
"""

from __future__ import annotations

import functools
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

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


@dataclass(frozen=True, eq=False)
class Assembly:
    settings: Settings
    engines: Engines
    database: sqlite3.Connection
    memories: MemoryStore
    conversations: Conversations
    actions: Actions
    """The act tools (timers, alarms, reminders, memories) and their receipts."""
    research_core: Callable[[], MemoryResearch]
    """The research and notes core alone (questions only; ``replay`` uses it)."""
    turn_runner: Callable[[], Researcher[Session]]
    """A turn: acts and questions, each question answered by the research core."""
    pipeline: Pipeline

    def preload(self, keys: list[str]) -> None:
        """Load (and prepare) engines up front, so the first turn's timings hold no
        loading: MiniLM is loaded, the LLM's fixed prompt prefixes are evaluated once here,
        and a large store's vectors are indexed (a small store's load with the first
        question)."""
        engines = self.engines
        engines.preload(keys)
        if "llm" not in keys:
            return
        if self.settings.research.semantic_search:
            engines.embedder()
        started = time.monotonic()
        prepare(engines.llm(), self.turn_runner().prefixes(self.settings.mode))
        engines.load_s["warm"] = time.monotonic() - started
        started = time.monotonic()
        warm(engines.parser())
        engines.load_s["language"] = time.monotonic() - started
        if self.settings.research.semantic_search and self._indexed_store():
            started = time.monotonic()
            self.memories.load_vectors()  # its index is built here, not at a question
            engines.load_s["vectors"] = time.monotonic() - started

    def _indexed_store(self) -> bool:
        """The memories hold enough vectors to be searched through an index."""
        try:
            (stored,) = self.database.execute("SELECT count(*) FROM memory_vectors").fetchone()
        except sqlite3.OperationalError:  # no memories yet
            return False
        return int(stored) >= INDEXED_FROM


class Hotwords:
    """Whisper's hotwords: the names in the memories, worked out again only when they
    change (the engines are made before the store they read)."""

    def __init__(self) -> None:
        self.store: MemoryStore | None = None
        self._made: tuple[object, str] | None = None

    def __call__(self) -> str:
        if self.store is None:
            return ""
        state = self.store.state()
        if self._made is None or self._made[0] != state:
            self._made = (state, vocabulary(self.store.titles_and_texts()))
        return self._made[1]


class EmbedderOnUse:
    """The engines' embedder, loaded when the store first embeds (or by ``preload``), not
    when the store is assembled: a command that embeds nothing needs no MiniLM."""

    def __init__(self, engines: Engines) -> None:
        self.engines = engines

    def embed(self, texts: list[str]) -> npt.NDArray[np.float32]:
        return self.engines.embedder().embed(texts)


def open_store(settings: Settings, engines: Engines) -> MemoryStore:
    """The memories alone, over their database (the ``memories`` commands)."""
    semantic = settings.research.semantic_search
    return MemoryStore(
        connect(settings.paths.database),
        embedder=EmbedderOnUse(engines) if semantic else None,
        reader=NoteReader(engines.parser),
    )


def assemble(
    settings: Settings,
    engines: Engines | None = None,
    turn_runner: Researcher[Session] | None = None,
) -> Assembly:
    hotwords = Hotwords()
    engines = engines or Engines(settings, hotwords=hotwords)
    memories = open_store(settings, engines)
    hotwords.store = memories
    conversations = Conversations(memories.db, settings.research.conversation_idle_s)
    actions = Actions(memories, tz=settings.alarms.zone())

    @functools.cache
    def research_core() -> MemoryResearch:
        s = settings
        return MemoryResearch(
            engines.llm(),
            Tools(memories, limit=s.research.search_limit),
            conversations,
            s.research,
            s.tasks.research_profiles(),
            n_ctx=s.llm.context_tokens(s.tasks.backends().get("research", s.llm.backend)),
            structured=StructuredAnswers(engines.parser(), memories),
        )

    @functools.cache
    def built_turn_runner() -> Researcher[Session]:
        tasks = settings.tasks
        return TurnRunner(
            engines.llm(),
            research_core(),
            actions,
            tasks.turn_profiles(),
            tasks.acknowledge.review,
            tasks.acknowledge_by,
            conversations,
        )

    turns = built_turn_runner if turn_runner is None else lambda: turn_runner
    pipeline = Pipeline(
        vad=engines.vad,
        stt=engines.stt,
        research=turns,
        tts=engines.tts,
        endpoint=settings.endpoint,
        mode=settings.mode,
    )
    return Assembly(
        settings,
        engines,
        memories.db,
        memories,
        conversations,
        actions,
        research_core,
        turns,
        pipeline,
    )
