"""Fakes for unit tests of pipeline logic (never used where a real engine is asked for)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from voice_assistant.assembly import Assembly, assemble
from voice_assistant.config import Settings
from voice_assistant.end_of_turn.fake import FakeEndOfTurn
from voice_assistant.engines import Engines
from voice_assistant.events import FloatAudio
from voice_assistant.llm.base import LanguageModel
from voice_assistant.llm.fake import FakeLLM
from voice_assistant.memory.conversation import Conversations
from voice_assistant.memory.sqlite import connect
from voice_assistant.memory.store import MemoryStore
from voice_assistant.pipeline.stages import Pipeline
from voice_assistant.research.base import Researcher
from voice_assistant.research.core import MemoryResearch
from voice_assistant.research.tools import Tools
from voice_assistant.stt.base import SpeechToText
from voice_assistant.stt.fake import FakeSTT
from voice_assistant.tts.base import TextToSpeech
from voice_assistant.tts.fake import FakeTTS
from voice_assistant.turn.actions import Actions
from voice_assistant.turn.runner import TurnRunner
from voice_assistant.turn.session import Session
from voice_assistant.vad import WINDOW, LoudnessVAD

if TYPE_CHECKING:
    from voice_assistant.daemon import Daemon


def tone(seconds: float, rate: int = 16_000, amplitude: float = 0.5) -> FloatAudio:
    t = np.arange(int(seconds * rate)) / rate
    return (amplitude * np.sin(2 * np.pi * 300 * t)).astype(np.float32)


def silence(seconds: float, rate: int = 16_000) -> FloatAudio:
    return np.zeros(int(seconds * rate), dtype=np.float32)


def fake_assembly(
    settings: Settings | None = None,
    stt: SpeechToText | None = None,
    llm: LanguageModel | None = None,
    tts: TextToSpeech | None = None,
    turn_runner: Researcher[Session] | None = None,
    turn_end: FakeEndOfTurn | None = None,
) -> Assembly:
    """An assembly over fake models and, unless ``turn_runner`` is given, the research core
    over an in-memory store holding one memory (the dentist): nothing is loaded. The
    end-of-turn model never calls a turn finished unless ``turn_end`` says otherwise."""
    settings = settings or scripted()
    llm = llm or FakeLLM()
    engines = Engines(
        settings,
        vad=LoudnessVAD(),
        stt=stt or FakeSTT(),
        llm=llm,
        tts=tts or FakeTTS(),
        turn_end=turn_end or FakeEndOfTurn(),
    )
    return assemble(settings, engines, turn_runner or fake_research(llm, settings))


def fake_pipeline(
    settings: Settings | None = None,
    stt: SpeechToText | None = None,
    llm: LanguageModel | None = None,
    tts: TextToSpeech | None = None,
) -> Pipeline:
    return fake_assembly(settings, stt, llm, tts).pipeline


ANSWER = '{"tool": "answer", "argument": ""}'
"""The research model's "enough, answer now"."""


def spoken(say: str, note: int = 1) -> str:
    """A spoken final answer as the model writes it: a fact citing its note."""
    return f"{say} (note {note})"


def written(answer: str, *points: tuple[int, str, str], open_: str = "") -> str:
    """A written final answer: the direct answer and (note, quote, fact) points."""
    items = [{"note": n, "quote": q, "fact": f} for n, q, f in points]
    return json.dumps({"answer": answer, "points": items, "open": open_})


DENTIST_SAID = spoken("The dentist is on Thursday.")
""""When is the dentist?" answered from the fake store's one memory."""


def scripted() -> Settings:
    """Settings for a scripted model that is asked for research every turn: code's first
    search never settles it, and a spoken turn may call (tests of those stops use the
    default settings)."""
    settings = Settings()
    settings.research.settle_on_first_search = False
    settings.research.calls_spoken = 8
    return settings


def research_over(
    llm: LanguageModel, store: MemoryStore, settings: Settings | None = None
) -> MemoryResearch:
    """The real research core over ``store``, with ``llm`` for every task."""
    settings = settings or scripted()
    profiles = settings.tasks.research_profiles()
    return MemoryResearch(
        llm, Tools(store), Conversations(store.db), settings.research, profiles, n_ctx=4096
    )


def turn_runner_over(
    llm: LanguageModel,
    store: MemoryStore,
    review: bool = True,
    acknowledge_by: Literal["code", "model"] = "model",
) -> TurnRunner:
    """The real turn runner (acts, research, review) over ``store``, with ``llm``."""
    profiles = Settings().tasks.turn_profiles()
    research = research_over(llm, store)
    return TurnRunner(
        llm, research, Actions(store), profiles, review, acknowledge_by, research.conversations
    )


def fake_research(llm: LanguageModel, settings: Settings | None = None) -> MemoryResearch:
    """The real research core over an in-memory store, with a scripted model."""
    store = MemoryStore(connect(Path(":memory:")), device="test")
    store.add("The dentist is on Thursday at 9:30.", title="Dentist", kind="note")
    return research_over(llm, store, settings)


def daemon_turn(daemon: Daemon, heard: FloatAudio) -> dict[str, Any]:
    """One microphone turn by the daemon's own path (``submit`` with its delivery), run on
    this thread as the worker would; the daemon's status after it."""
    daemon.runner.turn(heard)
    daemon.worker.run_pending()
    return daemon.commands.status()


class LoudWindows:
    """A streaming loudness 'VAD' standing in for silero: 1.0 per loud 32 ms window."""

    def __init__(self):
        self.pending = np.zeros(0, dtype=np.float32)

    def feed(self, samples):
        self.pending = np.concatenate([self.pending, samples])
        out = []
        while len(self.pending) >= WINDOW:
            window, self.pending = self.pending[:WINDOW], self.pending[WINDOW:]
            out.append(1.0 if np.sqrt(np.mean(window**2)) > 0.05 else 0.0)
        return out

    def reset(self) -> None:
        self.pending = np.zeros(0, dtype=np.float32)
