"""The registry of engines: each loaded once, on first use, from the backend its settings
name, with how long loading took and which model files were read.

It holds models only; the store, the research core, the turn runner and the pipeline are
assembled over it where they are used (``assembly.assemble``). A command that stops
after STT never loads the LLM or the voice. Tests and benchmarks pass engines of their
own (``Engines(settings, llm=FakeLLM())``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from voice_assistant import backends, heap, modelstore
from voice_assistant.config import Settings
from voice_assistant.llm.base import LanguageModel, rest
from voice_assistant.model_watch import ModelWatch
from voice_assistant.stt.base import SpeechToText
from voice_assistant.tts.base import TextToSpeech
from voice_assistant.vad import VoiceActivity

if TYPE_CHECKING:
    from voice_assistant.end_of_turn.base import EndOfTurn
    from voice_assistant.language.parser import Parser
    from voice_assistant.memory.store import Embedder
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
        turn_end: EndOfTurn | None = None,
        parser: Parser | None = None,
        hotwords: Callable[[], str] | None = None,
    ) -> None:
        self.settings = settings
        self.hotwords = hotwords
        """Where whisper's hotwords come from (the memories' names); None: none."""
        self.load_s: dict[str, float] = {}
        given = dict(
            vad=vad,
            stt=stt,
            llm=llm,
            tts=tts,
            wake=wake,
            embed=embedder,
            turn_end=turn_end,
            parser=parser,
        )
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

    def rest(self) -> bool:
        """While the daemon is idle: release a task's own model gone unused, and give the
        heap's free pages back; True while a later rest has more to release."""
        llm = self._cache.get("llm")
        more = rest(llm) if llm is not None else False
        heap.give_back()
        return more

    def backend(self, kind: str) -> str:
        """The backend configured for ``stt``, ``tts``, ``llm`` or ``wake``."""
        return str(getattr(self.settings, kind).backend)

    def preload(self, keys: list[str]) -> None:
        """Load engines up front, so the first turn's timings hold no loading."""
        self.vad()
        for key in keys:
            getattr(self, key)()

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
        """Whisper's hotwords: the memories' names ('' when nothing gives them)."""
        return self.hotwords() if self.hotwords is not None else ""

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

    def embedder(self) -> Embedder:
        from voice_assistant.memory.embed import MiniLMEmbedder

        return self._once("embed", lambda: MiniLMEmbedder(self.model("models.embed")))

    def parser(self) -> Parser:
        """spaCy's English pipeline: every utterance and note is read with it."""
        from voice_assistant.language.parser import Parser

        return self._once(
            "parser",
            lambda: Parser(self.model("models.parser"), self.settings.research.date_order),
        )

    def wake(self) -> WakeWordModel:
        """The wake word; openWakeWord is gated by voice activity unless ``wake.gate`` is off."""
        return self._once("wake", lambda: backends.WAKE[self.backend("wake")](self))

    def another_wake(self) -> WakeWordModel:
        """A wake word of its own (its own stream state), for a satellite's audio."""
        return backends.WAKE[self.backend("wake")](self)

    def turn_end(self) -> EndOfTurn:
        """The end-of-turn model (Smart Turn v3.2: a file of ONNX weights)."""
        from voice_assistant.end_of_turn.smart_turn import SmartTurn

        return self._once("turn_end", lambda: SmartTurn(self.model("models.turn_end")))

    def tts(self) -> TextToSpeech:
        return self._once("tts", lambda: backends.TTS[self.backend("tts")](self))
