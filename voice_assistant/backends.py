"""Which engine serves each part: the ``backend`` key of ``stt``, ``tts``, ``llm`` and ``wake``.

A factory takes the ``Engines`` being built (its settings; ``model`` for a verified model
file) and returns the engine. An engine's module is imported only when its backend is
chosen, so this registry stays cheap to import (the config validates names against it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from voice_assistant.config import Settings
    from voice_assistant.llm.base import LanguageModel
    from voice_assistant.stt.base import SpeechToText
    from voice_assistant.tts.base import TextToSpeech
    from voice_assistant.wake.base import WakeWordModel


class Builder(Protocol):
    """What a factory may ask of the engines being built."""

    settings: Settings

    def model(self, key: str, name: str | None = None) -> Path:
        """The verified file of a model setting (``models.stt``; ``tasks.X.model`` with its
        name), remembered as loaded so a change on disk is noticed."""
        ...

    def vocabulary(self) -> str:
        """The names in the memories (whisper's hotwords)."""
        ...


def _faster_whisper(b: Builder) -> SpeechToText:
    from voice_assistant.stt.whisper import WhisperSTT

    s = b.settings.stt
    return WhisperSTT(
        b.model("models.stt"),
        language=s.language,
        beam_size=s.beam_size,
        threads=s.threads,
        min_window_s=s.min_window_s,
        window_margin_s=s.window_margin_s,
        hotwords=b.vocabulary if s.vocabulary else None,
    )


def _wyoming_stt(b: Builder) -> SpeechToText:
    from voice_assistant.stt.wyoming import WyomingSTT

    s = b.settings.stt
    w = s.wyoming
    return WyomingSTT(w.uri, s.language, w.connect_timeout_s, w.read_timeout_s)


def _fake_stt(_b: Builder) -> SpeechToText:
    from voice_assistant.stt.fake import FakeSTT

    return FakeSTT("", keep=False)


def _piper(b: Builder) -> TextToSpeech:
    from voice_assistant.tts.piper import PiperTTS

    return PiperTTS(b.model("models.tts"), b.settings.tts.length_scale)


def _wyoming_tts(b: Builder) -> TextToSpeech:
    from voice_assistant.tts.wyoming import WyomingTTS

    w = b.settings.tts.wyoming
    return WyomingTTS(w.uri, w.voice, w.sample_rate, w.connect_timeout_s, w.read_timeout_s)


def _fake_tts(_b: Builder) -> TextToSpeech:
    from voice_assistant.tts.fake import FakeTTS

    return FakeTTS(keep=False)


def _llama_cpp(b: Builder) -> LanguageModel:
    from voice_assistant.llm.contexts import LlamaCppContexts

    contexts = LlamaCppContexts(b.settings, b.model)
    contexts.context()  # the model loads now, as the other engines do; more contexts on use
    return contexts


def _openai(b: Builder) -> LanguageModel:
    from voice_assistant.llm.openai import OpenAICompatibleLLM

    llm = b.settings.llm
    return OpenAICompatibleLLM(llm.openai, llm.temperature, llm.seed)


def _fake_llm(_b: Builder) -> LanguageModel:
    from voice_assistant.llm.fake import TaskLLM

    return TaskLLM()


def _openwakeword(b: Builder) -> WakeWordModel:
    """openWakeWord, run only while voice activity detection hears speech (``wake.gate``)."""
    from voice_assistant.vad import StreamingSilero
    from voice_assistant.wake.gate import GatedWake
    from voice_assistant.wake.openwakeword import OpenWakeWord

    w = b.settings.wake
    model = OpenWakeWord(b.model("models.wake"), w.models)
    return GatedWake(model, StreamingSilero(), w.pre_roll_s) if w.gate else model


STT: dict[str, Callable[[Builder], SpeechToText]] = {
    "faster-whisper": _faster_whisper,
    "wyoming": _wyoming_stt,
    "fake": _fake_stt,
}
TTS: dict[str, Callable[[Builder], TextToSpeech]] = {
    "piper": _piper,
    "wyoming": _wyoming_tts,
    "fake": _fake_tts,
}
LLM: dict[str, Callable[[Builder], LanguageModel]] = {
    "llama.cpp": _llama_cpp,
    "openai": _openai,
    "fake": _fake_llm,
}
WAKE: dict[str, Callable[[Builder], WakeWordModel]] = {"openwakeword": _openwakeword}
REGISTRY: dict[str, Mapping[str, Callable[[Builder], object]]] = {
    "stt": STT,
    "tts": TTS,
    "llm": LLM,
    "wake": WAKE,
}


def names(kind: str) -> list[str]:
    """The backends registered for ``kind`` (``stt``, ``tts``, ``llm``, ``wake``)."""
    return list(REGISTRY[kind])


def uses_model_files(kind: str, name: str) -> bool:
    """Whether a backend reads model files here (a fake or a server does not: nothing to
    install or check)."""
    return name not in ("fake", "openai", "wyoming")
