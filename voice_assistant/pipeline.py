"""One turn, stage by stage: endpoint -> STT -> research -> TTS.

The live daemon and the batch harness both call ``Pipeline.run`` from the endpointing
stage on. Each stage is timed; a failing stage becomes a ``StageError`` in the result
rather than an exception, so one bad turn never stops the others.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from voice_assistant.config import EndpointConfig
from voice_assistant.endpoint import first_utterance
from voice_assistant.errors import AssistantError
from voice_assistant.events import FloatAudio, Reply, SpeechAudio, StageError, Transcript
from voice_assistant.progress import Phase, Progress
from voice_assistant.research.base import Mode, Researcher
from voice_assistant.speak import RecordingSink, Sink, speak
from voice_assistant.stt.base import SpeechToText
from voice_assistant.tts.base import TextToSpeech
from voice_assistant.vad import VoiceActivity

Stage = Literal["stt", "answer", "tts"]
STAGES: tuple[Stage, ...] = ("stt", "answer", "tts")


@dataclass
class TurnResult:
    transcript: Transcript | None = None
    reply: Reply | None = None
    speech: SpeechAudio | None = None
    stop_reason: str = ""
    error: StageError | None = None
    timings: dict[str, float] = field(default_factory=dict)
    speech_s: float = 0.0
    progress: list[str] = field(default_factory=list)


@dataclass
class Pipeline:
    """Engines are passed in (built lazily by ``engines.Engines``) and reused across turns."""

    vad: Callable[[], VoiceActivity]
    stt: Callable[[], SpeechToText]
    research: Callable[[], Researcher]
    """The answer stage: a whole turn (acts and questions), or the research core alone."""
    tts: Callable[[], TextToSpeech]
    endpoint: EndpointConfig
    mode: Mode = "spoken"
    sink: Callable[[], Sink] = RecordingSink
    """Where the reply is spoken: recorded (batch) or the speaker (the daemon)."""
    cancel: threading.Event | None = None
    """Set to stop speaking (the daemon's ``stop``); the turn keeps what was played."""
    on_progress: Progress | None = None
    """Told each phase as it starts (the daemon plays its earcon); never an outcome."""

    def _progress(self, phase: Phase, result: TurnResult) -> None:
        result.progress.append(phase)
        if self.on_progress is not None:
            self.on_progress(phase)

    def run(
        self, samples: FloatAudio, until: Stage = "tts", new_conversation: bool = False
    ) -> TurnResult:
        """One turn; ``new_conversation`` makes it independent of earlier turns (batch files)."""
        result = TurnResult()
        started = time.monotonic()
        try:
            self._run(samples, until, result, new_conversation)
        except AssistantError as exc:
            result.error = StageError(exc.stage, exc.code, exc.message)
            result.stop_reason = "error"
        result.timings["total"] = time.monotonic() - started
        return result

    def _timed(self, result: TurnResult, stage: str, since: float) -> float:
        now = time.monotonic()
        result.timings[stage] = now - since
        return now

    def _run(
        self, samples: FloatAudio, until: Stage, result: TurnResult, new_conversation: bool
    ) -> None:
        t = time.monotonic()
        utterance = first_utterance(samples, self.vad(), self.endpoint)
        t = self._timed(result, "endpoint", t)
        if utterance is None:
            result.stop_reason = "no-speech"
            return
        result.speech_s = utterance.speech_s
        end_of_speech = t
        self._progress("heard", result)

        result.transcript = self.stt().transcribe(utterance.samples)
        t = self._timed(result, "stt", t)
        if not result.transcript.text:
            result.stop_reason = "empty-transcript"
            return
        if until == "stt":
            result.stop_reason = "until-stt"
            return

        self._progress("thinking", result)
        research = self.research()
        if new_conversation:
            research.new_conversation()
        result.reply = research.answer(result.transcript.text, self.mode)
        t = self._timed(result, "answer", t)
        result.stop_reason = result.reply.stop_reason
        if until == "answer":
            return

        self._progress("speaking", result)
        speech_started = time.monotonic()
        result.speech = speak(self.tts(), result.reply.text, self.sink(), self.cancel)
        result.timings["first_audio"] = speech_started - end_of_speech + result.speech.first_chunk_s
        self._timed(result, "tts", t)
