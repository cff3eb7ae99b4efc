"""Builds each real engine once, on first use, and remembers how long loading took.

The CLI, the batch harness and (later) the daemon share one ``Engines``; a command that
stops after STT never loads the LLM or the voice.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from voice_assistant import modelstore
from voice_assistant.config import Settings
from voice_assistant.llm.base import LanguageModel
from voice_assistant.model_watch import ModelWatch
from voice_assistant.pipeline import Pipeline
from voice_assistant.research.base import Researcher
from voice_assistant.stt.base import SpeechToText
from voice_assistant.tts.base import TextToSpeech
from voice_assistant.vad import VoiceActivity

if TYPE_CHECKING:
    from voice_assistant.memory.conversation import Conversations
    from voice_assistant.memory.store import Embedder, MemoryStore
    from voice_assistant.research.core import MemoryResearch
    from voice_assistant.turn.actions import Actions
    from voice_assistant.wake.base import WakeWordModel

T = TypeVar("T")


class Engines:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.load_s: dict[str, float] = {}
        self._cache: dict[str, Any] = {}
        self.model_watch = ModelWatch(settings)
        """The model files loaded, so the daemon notices one changing on disk."""

    def model(self, key: str) -> Path:
        """The verified path of a ``models.*`` setting, remembered as loaded."""
        path = modelstore.resolve(self.settings, key)
        self.model_watch.record(key, str(getattr(self.settings.models, key.split(".")[-1])), path)
        return path

    def _once(self, name: str, build: Callable[[], T], timed: bool = True) -> T:
        if name not in self._cache:
            started = time.monotonic()
            self._cache[name] = build()
            if timed:
                self.load_s[name] = time.monotonic() - started
        return self._cache[name]

    def preload(self, keys: list[str]) -> None:
        """Load (and warm) engines up front, so the first turn's timings hold no loading."""
        self.vad()
        for key in keys:
            getattr(self, key)()
        if "llm" in keys:
            started = time.monotonic()
            self.turns().warm(self.settings.mode)
            self.load_s["warm"] = time.monotonic() - started

    def check_models(self, keys: list[str]) -> None:
        """Fail before any work if a model a command needs is missing or damaged."""
        for key in keys:
            modelstore.resolve(self.settings, f"models.{key}")

    def vad(self) -> VoiceActivity:
        from voice_assistant.vad import SileroVAD

        return self._once("vad", SileroVAD)

    def stt(self) -> SpeechToText:
        from voice_assistant.stt.whisper import WhisperSTT

        s = self.settings
        return self._once(
            "stt",
            lambda: WhisperSTT(
                self.model("models.stt"),
                language=s.stt.language,
                beam_size=s.stt.beam_size,
                threads=s.stt.threads,
                min_window_s=s.stt.min_window_s,
                window_margin_s=s.stt.window_margin_s,
            ),
        )

    def llm(self, context: str = "llm") -> LanguageModel:
        """The LLM; ``context="research"`` or ``"understand"`` is another llama.cpp context
        on the same weights.

        Research, understanding and answer prompts start differently, so on one context
        each evicts the other's KV cache; a context per task family keeps every fixed
        prefix warm (the weights are memory-mapped once and shared).
        """
        from voice_assistant.llm.llama import LlamaCppLLM

        s = self.settings
        return self._once(
            context,
            lambda: LlamaCppLLM(
                self.model("models.llm"),
                n_ctx=s.llm.n_ctx,
                threads=s.llm.threads,
                seed=s.llm.seed,
                temperature=s.llm.temperature,
            ),
        )

    def database(self) -> sqlite3.Connection:
        from voice_assistant.memory.store import connect

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

    def turns(self) -> Researcher:
        """A turn: acts and questions, each question answered by the research core."""
        return self._once("turns", self._build_turns, timed=False)

    def _build_turns(self) -> Researcher:
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
            self.llm("understand") if self.settings.llm.research_context else None,
        )

    def actions(self) -> Actions:
        """The act tools (timers, memories) and their receipts; the daemon rings timers."""
        from voice_assistant.turn.actions import Actions

        return self._once("actions", lambda: Actions(self.memories()), timed=False)

    def wake(self) -> WakeWordModel:
        from voice_assistant.wake.openwakeword import OpenWakeWord

        return self._once(
            "wake", lambda: OpenWakeWord(self.model("models.wake"), self.settings.wake.models)
        )

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
        return self._once("research", self._build_research, timed=False)

    def _build_research(self) -> MemoryResearch:
        from voice_assistant.research.core import MemoryResearch
        from voice_assistant.research.tools import Tools

        s = self.settings
        tasks = s.tasks
        profiles = {
            "research": tasks.research,
            "answer_spoken": tasks.answer_spoken,
            "answer_written": tasks.answer_written,
        }
        research_llm = self.llm("research") if s.llm.research_context else self.llm()
        return MemoryResearch(
            self.llm(),
            research_llm,
            Tools(self.memories(), limit=s.research.search_limit),
            self.conversations(),
            s.research,
            profiles,
            n_ctx=s.llm.n_ctx,
        )

    def tts(self) -> TextToSpeech:
        from voice_assistant.tts.piper import PiperTTS

        s = self.settings
        return self._once("tts", lambda: PiperTTS(self.model("models.tts"), s.tts.length_scale))

    def pipeline(self) -> Pipeline:
        return Pipeline(
            vad=self.vad,
            stt=self.stt,
            research=self.turns,
            tts=self.tts,
            endpoint=self.settings.endpoint,
            mode=self.settings.mode,
        )
