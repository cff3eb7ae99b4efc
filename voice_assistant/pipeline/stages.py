"""One turn, stage by stage: endpoint -> STT -> answer -> TTS, entered at any of them.

A turn starts from raw audio (endpointed first: a batch WAV, push-to-talk), from an
utterance already endpointed (the daemon's listener), or from text (``ask``), and may
stop after any stage (``--until``). Each stage is timed; a failing stage becomes a
``StageError`` in the result rather than an exception, so one bad turn never stops the
others. ``rooms.service.TurnService`` runs turns on its worker; this module runs one.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

import numpy as np

from voice_assistant.config import EndpointConfig
from voice_assistant.errors import AssistantError, Dropped, Refused
from voice_assistant.events import (
    FloatAudio,
    Reply,
    SpeechAudio,
    StageError,
    StopReason,
    Transcript,
    Utterance,
)
from voice_assistant.listening.endpointer import first_utterance
from voice_assistant.pipeline.progress import Phase, Progress
from voice_assistant.pipeline.speak import RecordingSink, Sink, Synthesis, speak
from voice_assistant.research.base import Mode, Researcher
from voice_assistant.research.dialogue import GoAhead, ThisTurn, at_once
from voice_assistant.stt.base import SpeechToText
from voice_assistant.tts.base import TextToSpeech
from voice_assistant.turn.session import Session
from voice_assistant.turn.word_windows import WordWindow, wanted
from voice_assistant.vad import VoiceActivity

Stage = Literal["stt", "answer", "tts"]
STAGES: tuple[Stage, ...] = ("stt", "answer", "tts")
Heard = FloatAudio | Utterance | str
"""What a turn starts from: raw audio, an endpointed utterance, or text."""


@dataclass
class TurnResult:
    transcript: Transcript | None = None
    reply: Reply | None = None
    speech: SpeechAudio | None = None
    stop_reason: StopReason | Literal[""] = ""
    """"" until the turn stops."""
    error: StageError | None = None
    timings: dict[str, float] = field(default_factory=dict)
    speech_s: float = 0.0
    progress: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Delivery:
    """Where one turn's reply is spoken, what may cut it short and who is told how it
    goes: given with each turn (the daemon's speaker, a satellite's, a recording), never
    set on a shared pipeline."""

    sink: Sink | None = None
    """The speaker the reply plays on; None: recorded (batch, ``ask``)."""
    cancel: threading.Event | None = None
    """Set to stop speaking (``stop``, a barge-in); the turn keeps what was played."""
    progress: Progress | None = None
    """Told each phase as it starts (the daemon plays its earcon); never an outcome."""
    gate: Callable[[], Refused | None] | None = None
    """Asked on the worker as the turn starts: why it must not run now (the daemon's
    damaged model, its shutdown); None: it runs."""
    finished: Callable[[TurnResult], None] | None = None
    """Told the result on the worker once the turn has ended (run, failed or refused),
    before the next job starts: the daemon's own bookkeeping."""
    go_ahead: GoAhead | None = None
    """Called before anything lasting (``ThisTurn.go_ahead``): a turn started at a pause
    waits there until the end of the turn is confirmed, or raises ``errors.Dropped``;
    None: the turn was heard to its end."""
    words: WordWindow | None = None
    """Heard in a word window (no wake word): the turn goes on only if whisper hears the
    window's words, and otherwise stops unseen (``ignored``), so a radio starts nothing;
    "Stop" while something rings ends the turn there (``stop-said``)."""


@dataclass
class Pipeline:
    """Engines are passed in (built lazily by ``engines.Engines``) and reused across turns."""

    vad: Callable[[], VoiceActivity]
    stt: Callable[[], SpeechToText]
    research: Callable[[], Researcher[Session]]
    """The answer stage: a whole turn (acts and questions), or the research core alone."""
    tts: Callable[[], TextToSpeech]
    endpoint: EndpointConfig
    mode: Mode = "spoken"

    def run(
        self,
        heard: Heard,
        session: Session | None = None,
        until: Stage = "tts",
        mode: Mode | None = None,
        delivery: Delivery | None = None,
    ) -> TurnResult:
        """One turn in ``session`` (a fresh, independent one when None), its reply spoken
        where ``delivery`` says (recorded when None)."""
        result = TurnResult()
        started = time.monotonic()
        session = session or Session.independent()
        delivery = delivery or Delivery()
        prepared: list[Synthesis] = []
        go_ahead = self._timed_go_ahead(delivery, result, prepared)
        try:
            self._run(
                heard, session, until, mode or self.mode, delivery, result, prepared, go_ahead
            )
        except Dropped:
            result.stop_reason = "dropped"
        except AssistantError as exc:
            result.error = StageError(exc.stage, exc.code, exc.message)
            result.stop_reason = "error"
        finally:
            for synthesis in prepared:  # dropped, or stopped before speaking: no more made
                synthesis.abandon()
        result.timings["total"] = time.monotonic() - started
        return result

    def _timed_go_ahead(
        self, delivery: Delivery, result: TurnResult, prepared: list[Synthesis]
    ) -> GoAhead:
        """A turn started early: its waits for the end of the turn add up in
        ``timings["waited"]`` (the key says the turn started early), and a reply made
        before the wait is synthesised during it (``prepared``)."""
        go_ahead = delivery.go_ahead
        if go_ahead is None:
            return at_once
        result.timings["waited"] = 0.0

        def timed(whole: bool = False, ready: bool = False, reply: str = "") -> None:
            if reply and not prepared:
                prepared.append(Synthesis(self.tts(), reply, delivery.cancel))
            since = time.monotonic()
            try:
                go_ahead(whole, ready, reply)
            finally:
                result.timings["waited"] += time.monotonic() - since

        return timed

    def _timed(self, result: TurnResult, stage: str, since: float) -> float:
        now = time.monotonic()
        result.timings[stage] = now - since
        return now

    def _run(
        self,
        heard: Heard,
        session: Session,
        until: Stage,
        mode: Mode,
        delivery: Delivery,
        result: TurnResult,
        prepared: list[Synthesis],
        go_ahead: GoAhead,
    ) -> None:
        def progress(phase: Phase) -> None:
            result.progress.append(phase)
            if delivery.progress is not None:
                delivery.progress(phase)

        t = time.monotonic()
        end_of_speech = t
        if isinstance(heard, str):  # typed: no audio stages
            result.transcript = Transcript(text=heard.strip(), language="", audio_s=0.0)
        else:
            if isinstance(heard, np.ndarray):
                found = first_utterance(heard, self.vad(), self.endpoint)
                t = self._timed(result, "endpoint", t)
                if found is None:
                    result.stop_reason = "no-speech"
                    return
                heard = found
            result.speech_s = heard.speech_s
            end_of_speech = t
            progress("heard")
            result.transcript = self.stt().transcribe(heard.samples)
            t = self._timed(result, "stt", t)
        if not result.transcript.text:
            result.stop_reason = "empty-transcript"
            return
        if delivery.words is not None and not wanted(delivery.words, result.transcript.text):
            result.stop_reason = "ignored"
            return
        if delivery.words == "stop":  # the ring ends (``delivery.finished``); nothing to say
            result.stop_reason = "stop-said"
            return
        if until == "stt":
            result.stop_reason = "until-stt"
            return

        progress("thinking")
        words = result.transcript  # this turn's words, as sure as heard
        heard_as = (words.sureness, words.least_sure_log_prob)
        turn = ThisTurn(heard_as, words.least_sure_at, go_ahead)
        result.reply = self.research().answer(words.text, mode, session, turn)
        t = self._timed(result, "answer", t)
        result.stop_reason = result.reply.stop_reason
        if until == "answer":
            return

        go_ahead(ready=True)  # nothing is said before the end of the turn is sure
        progress("speaking")
        speech_started = time.monotonic()
        sink = delivery.sink or RecordingSink()
        early = prepared[0] if prepared else None  # made while the turn waited
        result.speech = speak(self.tts(), result.reply.text, sink, delivery.cancel, early)
        result.timings["first_audio"] = speech_started - end_of_speech + result.speech.first_chunk_s
        self._timed(result, "tts", t)


def turn_record(result: TurnResult) -> dict[str, Any]:
    """A turn's result as one JSON-ready record: the batch report's row, the daemon's
    ``last_turn``, the soak's and benchmarks' rows all start from it."""
    reply, speech = result.reply, result.speech
    return {
        "transcript": result.transcript.text if result.transcript else None,
        "speech_s": round(result.speech_s, 3),
        "reply": reply.text if reply else None,
        "reply_audio_s": round(speech.seconds, 3) if speech else None,
        "heard": speech.heard if speech else None,
        "cut": bool(speech and speech.cut),
        "stop_reason": result.stop_reason,
        "notes": reply.notes if reply else None,
        "final_outcome": reply.final_outcome if reply else None,
        "review": reply.review if reply else None,
        "final_prompt_tokens": reply.final_prompt_tokens if reply else None,
        "turn_id": reply.turn_id if reply else None,
        "turn": reply.turn if reply else None,
        "follow_up": reply.follow_up if reply else False,
        "model_calls": [asdict(c) for c in reply.model_calls] if reply else [],
        "timings": {k: round(v, 3) for k, v in result.timings.items()},
        "progress": result.progress,
        "error": asdict(result.error) if result.error else None,
    }
