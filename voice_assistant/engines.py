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
    from voice_assistant.llm.llama import LlamaCppLLM
    from voice_assistant.memory.conversation import Conversations
    from voice_assistant.memory.store import Embedder, MemoryStore
    from voice_assistant.research.core import MemoryResearch
    from voice_assistant.turn.actions import Actions
    from voice_assistant.wake.base import WakeWordModel

T = TypeVar("T")
ANSWER_TASKS = ("answer_spoken", "answer_written", "answer_general", "review")
"""Tasks of the final answer that may name a model of their own."""


class Engines:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.load_s: dict[str, float] = {}
        self._cache: dict[str, Any] = {}
        self._llama_weights: dict[Path, LlamaCppLLM] = {}
        """The first context on each GGUF: later contexts share its loaded weights."""
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
                hotwords=self.vocabulary if s.stt.vocabulary else None,
            ),
        )

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

    def llm(self, context: str = "llm", task: str = "") -> LanguageModel:
        """The LLM; ``context="research"`` or ``"understand"`` is another llama.cpp context
        on the same weights; ``task`` uses the model its profile names (``tasks.X.model``),
        when it names one other than ``models.llm``.

        Research, understanding and answer prompts start differently, so on one context
        each evicts the other's KV cache; a context per task family keeps every fixed
        prefix warm. The contexts share one loaded copy of the weights.
        """
        from voice_assistant.llm.llama import LlamaCppLLM

        s = self.settings
        named = getattr(s.tasks, task).model if task else ""
        if named and named != s.models.llm:
            key = f"tasks.{task}.model"
            context = f"{context}@{named}"

            def path() -> Path:
                found = modelstore.resolve(s, key, named)
                self.model_watch.record(key, named, found)
                return found
        else:

            def path() -> Path:
                return self.model("models.llm")

        def build() -> LanguageModel:
            found = path()
            loaded = self._llama_weights.get(found)
            if loaded is not None:  # another context on the weights already in memory
                return LlamaCppLLM.sharing(loaded)
            llm = LlamaCppLLM(
                found,
                n_ctx=s.llm.n_ctx,
                threads=s.llm.threads,
                seed=s.llm.seed,
                temperature=s.llm.temperature,
            )
            self._llama_weights[found] = llm
            return llm

        return self._once(context, build)

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
        own_context = self.settings.llm.research_context or tasks.understand.model
        return TurnRunner(
            self.llm(task="acknowledge"),
            self.research_core(),
            self.actions(),
            profiles,
            tasks.acknowledge.review,
            tasks.acknowledge_by,
            self.llm("understand", "understand") if own_context else None,
        )

    def actions(self) -> Actions:
        """The act tools (timers, memories) and their receipts; the daemon rings timers."""
        from voice_assistant.turn.actions import Actions

        return self._once("actions", lambda: Actions(self.memories()), timed=False)

    def wake(self) -> WakeWordModel:
        """The wake word; gated by voice activity unless ``wake.gate`` is off."""
        return self._once("wake", self._build_wake)

    def _build_wake(self) -> WakeWordModel:
        from voice_assistant.vad import StreamingSilero
        from voice_assistant.wake.gate import GatedWake
        from voice_assistant.wake.openwakeword import OpenWakeWord

        w = self.settings.wake
        model = OpenWakeWord(self.model("models.wake"), w.models)
        return GatedWake(model, StreamingSilero(), w.pre_roll_s) if w.gate else model

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
        own_context = s.llm.research_context or tasks.research.model
        research_llm = self.llm("research", "research") if own_context else self.llm()
        task_llms = {task: self.llm(task=task) for task in ANSWER_TASKS}
        if own_context:  # a general question makes no research call: its context is free,
            # and the answers' fixed prefix stays cached for the next memory question
            task_llms["answer_general"] = self.llm("research", "answer_general")
        return MemoryResearch(
            self.llm(),
            research_llm,
            Tools(self.memories(), limit=s.research.search_limit),
            self.conversations(),
            s.research,
            profiles,
            n_ctx=s.llm.n_ctx,
            task_llms=task_llms,
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
