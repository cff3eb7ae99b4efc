"""Builds each engine once, on first use, from the backend its settings name, and
remembers how long loading took.

The CLI, the batch harness and the daemon share one ``Engines``; a command that stops
after STT never loads the LLM or the voice. Tests and benchmarks pass engines of their
own (``Engines(settings, llm=FakeLLM())``): the rest is built as usual around them.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from voice_assistant import backends, modelstore
from voice_assistant.config import Settings
from voice_assistant.llm.base import LanguageModel, prepare
from voice_assistant.model_watch import ModelWatch
from voice_assistant.pipeline import Pipeline
from voice_assistant.research.base import Researcher
from voice_assistant.stt.base import SpeechToText
from voice_assistant.tts.base import TextToSpeech
from voice_assistant.turn.session import Session
from voice_assistant.vad import VoiceActivity

if TYPE_CHECKING:
    from voice_assistant.memory.conversation import Conversations
    from voice_assistant.memory.store import Embedder, MemoryStore
    from voice_assistant.research.core import MemoryResearch
    from voice_assistant.turn.actions import Actions
    from voice_assistant.wake.base import WakeWordModel

T = TypeVar("T")


class Engines:
    def __init__(
        self,
        settings: Settings,
        *,
        vad: VoiceActivity | None = None,
        stt: SpeechToText | None = None,
        llm: LanguageModel | None = None,
        tts: TextToSpeech | None = None,
        wake: WakeWordModel | None = None,
        embedder: Embedder | None = None,
        turns: Researcher[Session] | None = None,
    ) -> None:
        self.settings = settings
        self.load_s: dict[str, float] = {}
        given = dict(vad=vad, stt=stt, llm=llm, tts=tts, wake=wake, embed=embedder, turns=turns)
        self._cache: dict[str, Any] = {k: v for k, v in given.items() if v is not None}
        self.model_watch = ModelWatch(settings)
        """The model files loaded, so the daemon notices one changing on disk."""

    def model(self, key: str, name: str | None = None) -> Path:
        """The verified path of a model setting (``models.stt``, or ``tasks.X.model`` with
        its ``name``), remembered as loaded."""
        if name is None:
            name = str(getattr(self.settings.models, key.split(".")[-1]))
        path = modelstore.resolve(self.settings, key, name)
        self.model_watch.record(key, name, path)
        return path

    def _once(self, name: str, build: Callable[[], T], timed: bool = True) -> T:
        if name not in self._cache:
            started = time.monotonic()
            self._cache[name] = build()
            if timed:
                self.load_s[name] = time.monotonic() - started
        return self._cache[name]

    def backend(self, kind: str) -> str:
        """The backend configured for ``stt``, ``tts``, ``llm`` or ``wake``."""
        return str(getattr(self.settings, kind).backend)

    def preload(self, keys: list[str]) -> None:
        """Load (and prepare) engines up front, so the first turn's timings hold no loading."""
        self.vad()
        for key in keys:
            getattr(self, key)()
        if "llm" in keys:
            started = time.monotonic()
            prepare(self.llm(), self.turns().prefixes(self.settings.mode))
            self.load_s["warm"] = time.monotonic() - started

    def check_models(self, keys: list[str]) -> None:
        """Fail before any work if a model a command needs is missing or damaged (models of
        engines given ready-made, or of fake backends, are not needed)."""
        for key in keys:
            if key in self._cache or not self._reads_files(key):
                continue
            modelstore.resolve(self.settings, f"models.{key}")

    def _reads_files(self, key: str) -> bool:
        """Whether a backend of ``key`` in use reads its model file here."""
        if key not in backends.REGISTRY:
            return True
        names = {self.backend(key)}
        if key == "llm":
            names |= set(self.settings.tasks.backends().values())
        return any(backends.uses_model_files(key, name) for name in names)

    def vad(self) -> VoiceActivity:
        from voice_assistant.vad import SileroVAD

        return self._once("vad", SileroVAD)

    def stt(self) -> SpeechToText:
        return self._once("stt", lambda: backends.STT[self.backend("stt")](self))

    def vocabulary(self) -> str:
        """The names in the memories, for whisper; worked out again only when they change."""
        from voice_assistant.stt.vocabulary import vocabulary

        store = self.memories()
        state = store.state()
        cached = self._cache.get("vocabulary")
        if cached is None or cached[0] != state:
            cached = (state, vocabulary(store.titles_and_texts()))
            self._cache["vocabulary"] = cached
        return str(cached[1])

    def llm(self) -> LanguageModel:
        """The language model; every call names its task, and the backend decides where each
        task runs (llama.cpp: a context per task family, a task's own model). Tasks whose
        profile names another backend (``tasks.X.backend``) run on it."""
        return self._once("llm", self._build_llm)

    def _build_llm(self) -> LanguageModel:
        from voice_assistant.llm.router import TaskRouter

        default = self.backend("llm")
        main = backends.LLM[default](self)
        named = {t: name for t, name in self.settings.tasks.backends().items() if name != default}
        if not named:
            return main
        built = {name: backends.LLM[name](self) for name in set(named.values())}
        return TaskRouter(main, {task: built[name] for task, name in named.items()})

    def database(self) -> sqlite3.Connection:
        from voice_assistant.memory.sqlite import connect

        return self._once("db", lambda: connect(self.settings.paths.database), timed=False)

    def memories(self) -> MemoryStore:
        from voice_assistant.memory.store import MemoryStore

        embedder = self.embedder() if self.settings.research.semantic_search else None
        return self._once(
            "memories", lambda: MemoryStore(self.database(), embedder=embedder), timed=False
        )

    def embedder(self) -> Embedder:
        from voice_assistant.memory.embed import MiniLMEmbedder

        return self._once("embed", lambda: MiniLMEmbedder(self.model("models.embed")))

    def turns(self) -> Researcher[Session]:
        """A turn: acts and questions, each question answered by the research core."""
        return self._once("turns", self._build_turns, timed=False)

    def _build_turns(self) -> Researcher[Session]:
        from voice_assistant.turn.runner import TurnRunner

        tasks = self.settings.tasks
        profiles = {
            "understand": tasks.understand,
            "acknowledge": tasks.acknowledge,
            "review": tasks.review,
        }
        return TurnRunner(
            self.llm(),
            self.research_core(),
            self.actions(),
            profiles,
            tasks.acknowledge.review,
            tasks.acknowledge_by,
        )

    def actions(self) -> Actions:
        """The act tools (timers, memories) and their receipts; the daemon rings timers."""
        from voice_assistant.turn.actions import Actions

        return self._once("actions", lambda: Actions(self.memories()), timed=False)

    def wake(self) -> WakeWordModel:
        """The wake word; openWakeWord is gated by voice activity unless ``wake.gate`` is off."""
        return self._once("wake", lambda: backends.WAKE[self.backend("wake")](self))

    def another_wake(self) -> WakeWordModel:
        """A wake word of its own (its own stream state), for a satellite's audio."""
        return backends.WAKE[self.backend("wake")](self)

    def conversations(self) -> Conversations:
        from voice_assistant.memory.conversation import Conversations

        s = self.settings.research
        return self._once(
            "conversations",
            lambda: Conversations(self.database(), s.conversation_idle_s),
            timed=False,
        )

    def research_core(self) -> MemoryResearch:
        """The research and notes core alone (questions only; ``replay`` uses it)."""
        return self._once("research_core", self._build_research, timed=False)

    def _build_research(self) -> MemoryResearch:
        from voice_assistant.research.core import MemoryResearch
        from voice_assistant.research.tools import Tools

        s = self.settings
        tasks = s.tasks
        profiles = {
            "research": tasks.research,
            "answer_spoken": tasks.answer_spoken,
            "answer_written": tasks.answer_written,
            "answer_general": tasks.answer_general,
            "review": tasks.review,
        }
        return MemoryResearch(
            self.llm(),
            Tools(self.memories(), limit=s.research.search_limit),
            self.conversations(),
            s.research,
            profiles,
            n_ctx=s.llm.n_ctx,
        )

    def tts(self) -> TextToSpeech:
        return self._once("tts", lambda: backends.TTS[self.backend("tts")](self))

    def pipeline(self) -> Pipeline:
        return Pipeline(
            vad=self.vad,
            stt=self.stt,
            research=self.turns,
            tts=self.tts,
            endpoint=self.settings.endpoint,
            mode=self.settings.mode,
        )
