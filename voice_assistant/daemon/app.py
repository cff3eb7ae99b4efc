"""``voice-assistant run``: the live assistant. The main thread reads the microphone
(``microphone.MicLoop``) and decides what it hears (``listening.Listening``); the turn
service's worker (``turns.TurnService``) runs what takes time, in order (turns, timers
ringing, ``say``), so the mic is read while a reply plays and the wake word can cut it.
Only the worker touches the database. Signals and shutdown: ``wiring``."""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal

from voice_assistant.audio.device import RATE, DeviceSink
from voice_assistant.config import Settings
from voice_assistant.daemon.jobs import (
    Counts,
    EarconJob,
    Job,
    MicState,
    Neighbour,
    RingJob,
    SayJob,
    State,
    Status,
    TurnJob,
)
from voice_assistant.daemon.microphone import AudioSource, AudioStream, microphone
from voice_assistant.daemon.models import ModelGuard
from voice_assistant.engines import Engines
from voice_assistant.errors import AssistantError
from voice_assistant.listening.machine import GaveUp, Listening, Spoke, Woke
from voice_assistant.pipeline import Delivery, Heard
from voice_assistant.progress import ALARM, FAILED, Phase, earcon, tones
from voice_assistant.speak import Speaker, speak
from voice_assistant.turn.actions import ring_text
from voice_assistant.turn.session import Session
from voice_assistant.turn_log import log_turn, summary
from voice_assistant.turns import TurnService
from voice_assistant.wake.base import WakeWordModel
from voice_assistant.wake.trigger import WakeTrigger

if TYPE_CHECKING:
    from voice_assistant.satellite.hub import Satellites

log = logging.getLogger("voice_assistant.daemon")

Mode = Literal["wake", "ptt", "both"]


class Daemon:
    def __init__(
        self,
        engines: Engines,
        mode: Mode = "ptt",
        mic: str | None = None,
        speaker: str | None = None,
        reload_settings: Callable[[], Settings] | None = None,
        sink: Speaker | None = None,
        source: AudioSource | None = None,
        wyoming: str | None = None,
    ) -> None:
        self.mode = mode
        self.wyoming = wyoming  # a Wyoming address served beside the mic (run --wyoming)
        self.beside: list[Neighbour] = []
        """The Wyoming server and the satellites, started by ``wiring``: they follow reloads."""
        self.satellites: Satellites | None = None
        self.reload_settings = reload_settings
        listen = engines.settings.listen
        self.mic_name = mic or listen.mic or None
        self.source = source or microphone(self.mic_name)
        """Where audio comes from: the microphone, or a test's recorded blocks."""
        self.sink: Speaker = sink or DeviceSink(speaker or listen.speaker or None)
        """The speaker; the noise benchmark passes a silent one and feeds ``hear`` itself."""
        self.hush = threading.Event()
        """Set by ``stop``, a barge-in or SIGTERM: the sentence playing is cut, no more follow."""
        self.stopping = threading.Event()
        self.talking = threading.Event()
        self.busy = threading.Event()
        """A job other than the once-a-second ring check runs: the assistant may be speaking."""
        self.follow_up = threading.Event()
        self.reload_requested = threading.Event()
        self.state = State.STARTING
        self.mic_state = MicState.STARTING
        self.last_turn: dict[str, Any] = {}
        self.counts = Counts()
        self.last_barge_in_s = 0.0
        self.clock = 0.0
        """Seconds of microphone audio read: the time the wake and listening rules see."""
        self.cue: threading.Thread | None = None
        self.session = Session(room="local")  # this microphone's conversation
        self.worker = TurnService(engines.pipeline())
        self.use(engines)

    def use(self, engines: Engines) -> None:
        """Wire the engines in (at start, and again after a SIGHUP reload)."""
        from voice_assistant.vad import StreamingSilero

        self.engines, self.settings = engines, engines.settings
        for neighbour in self.beside:
            neighbour.use(engines)
        self.worker.pipeline = engines.pipeline()
        wake = engines.wake() if self.mode in ("wake", "both") else None
        self.listening = Listening(
            wake, WakeTrigger(self.settings.wake), StreamingSilero(), self.settings.endpoint
        )
        self.models = ModelGuard(lambda: self.engines.model_watch, self.reload_requested)

    @property
    def wake(self) -> WakeWordModel | None:
        return self.listening.wake

    def preload(self) -> None:
        self.engines.preload(["stt", "llm", "tts"])
        if self.wake is not None:
            self.wake.reset()

    def snapshot(self) -> Status:
        return Status(
            state=self.state,
            mode=self.mode,
            mic=self.mic_name or "default",
            mic_state=self.mic_state,
            models=dict(self.models.problems) or "ok",
            last_turn=self.last_turn,
            counts=self.counts,
            last_barge_in_s=self.last_barge_in_s,
            satellites=self.satellites.status() if self.satellites else {},
        )

    def status(self) -> dict[str, Any]:  # the control socket's requests: status, ptt, say, stop
        return self.snapshot().as_dict()

    def ptt(self, action: str) -> dict[str, Any]:
        if self.mode == "wake":
            raise AssistantError("ptt-off", "push-to-talk is off: the daemon runs --mode wake")
        if action == "start" or (action == "toggle" and not self.talking.is_set()):
            self.talking.set()
        else:
            self.talking.clear()
        return {"listening": self.talking.is_set()}

    def say(self, text: str) -> dict[str, Any]:
        self.queue(SayJob(text))
        return {"queued": True}

    def stop(self) -> dict[str, Any]:
        self._cut()
        return {"stopped": True}

    def _cut(self) -> None:
        self.hush.set()
        self.sink.stop()

    def queue(self, job: Job) -> None:  # run in order on the turn service's worker
        self.worker.call(lambda: self._do(job))

    def _do(self, job: Job) -> Job:
        if self.stopping.is_set():  # shutting down: start nothing new
            return job
        if not isinstance(job, RingJob):  # the ring check is busy only if one is due
            self.busy.set()
            log.debug("job %s starts", type(job).__name__)
        try:
            self.run_job(job)
        except Exception:  # a failing job is logged; the daemon keeps listening
            log.exception("%s failed", type(job).__name__)
        finally:
            self.busy.clear()
            if self.state != State.LISTENING:
                self.state = State.IDLE
        return job

    def run_job(self, job: Job) -> None:
        """One job, on the worker thread (or the noise benchmark's only thread)."""
        self.hush.clear()
        if isinstance(job, TurnJob):
            self._turn(job.heard)
        elif isinstance(job, RingJob):
            if self.models.due():
                self.check_models()
            self._ring_due()
        elif isinstance(job, SayJob):
            self.state = State.SPEAKING
            speak(self.engines.tts(), job.text, self.sink, self.hush)
        else:
            self.sink.play(earcon("heard"), 22_050)

    def _progress(self, phase: Phase) -> None:
        """Progress plays beside the work, never in its way: the thinking earcon (and the
        configured cue) in their own thread while research runs; speech waits for them."""
        self.state = State.SPEAKING if phase == "speaking" else State.THINKING
        if phase == "thinking":
            self.cue = threading.Thread(target=self._thinking_cue, name="cue", daemon=True)
            self.cue.start()
        elif phase == "speaking" and self.cue is not None:
            self.cue.join()
            self.cue = None

    def _thinking_cue(self) -> None:
        with contextlib.suppress(AssistantError):  # a device lost: the reply's playback says so
            self.sink.play(earcon("thinking"), 22_050)
            if self.settings.listen.thinking_cue:  # fixed text from the config, not a model
                speak(self.engines.tts(), self.settings.listen.thinking_cue, self.sink, self.hush)

    def check_models(self) -> None:
        self.models.check()

    def _turn(self, heard: Heard) -> None:
        self.state = State.THINKING
        started = time.monotonic()
        self.check_models()
        refusal = self.models.refusal()
        if refusal:  # its weights are not the verified ones: say so with a sound
            log.error("turn refused: %s", refusal)
            self.counts.refused += 1
            self.last_turn = {"error": refusal, "stop_reason": "model-damaged"}
            with contextlib.suppress(AssistantError):
                self.sink.play(tones(FAILED), 22_050)
            return
        delivery = Delivery(sink=self.sink, cancel=self.hush, progress=self._progress)
        result = self.worker.run_turn(heard, self.session, delivery=delivery)
        speech, reply = result.speech, result.reply
        if speech is not None and speech.cut and reply is not None and reply.turn_id:
            self.engines.conversations().heard(reply.turn_id, speech.heard)
        self.counts.turns += 1
        self.last_turn = summary(result, time.monotonic() - started)
        log_turn("local", self.last_turn, result)
        if result.error is not None:  # e.g. piper failed: say so with a sound, keep going
            with contextlib.suppress(AssistantError):  # the speaker may be what failed
                self.sink.play(tones(FAILED), 22_050)
        if reply is not None and reply.follow_up and not (speech and speech.cut):
            self.follow_up.set()

    def _ring_due(self) -> None:
        actions = self.engines.actions()
        for timer in actions.due():
            self.busy.set()
            self.state = State.RINGING
            self.sink.play(tones(ALARM), 22_050)
            speak(self.engines.tts(), ring_text(timer), self.sink, self.hush)
            actions.mark_rung(timer.id)
            self.counts.timers_rung += 1
            log.info("timer %d rang", timer.id)

    # the microphone, on the main thread ---------------------------------------------
    def run(self) -> int:
        """Serve until SIGTERM: the control socket, signals, the worker, the microphone."""
        from voice_assistant.daemon.wiring import serve

        return serve(self)

    def terminate(self) -> None:
        self.stopping.set()
        self._cut()

    def mic_changed(self, ok: bool) -> None:
        """The device opened (``ok``) or was lost."""
        if ok:
            self.mic_state = MicState.OK
            if self.state in (State.STARTING, State.MIC_LOST):
                self.state = State.IDLE
            return
        self.mic_state = MicState.LOST
        self.counts.mic_losses += 1
        self.listening.close()
        if not self.busy.is_set():
            self.state = State.MIC_LOST

    def _idle(self) -> bool:
        return not self.busy.is_set() and self.worker.pending() == 0

    def read(self, stream: AudioStream) -> None:
        """Blocks from an open stream until it fails or the daemon stops."""
        next_ring_check = 0.0
        while not self.stopping.is_set():
            self._between_blocks(stream)
            now = time.monotonic()
            if now >= next_ring_check and self._idle():
                self.queue(RingJob())
                next_ring_check = now + 1.0
            block = stream.read(timeout=0.2)
            if block is None:
                continue
            self.clock += len(block) / RATE
            if self.talking.is_set():
                self.listening.hold(block, stream.pre_roll)
                self.state = State.LISTENING
                continue
            pushed = self.listening.release()
            if pushed is not None:
                self._submit(pushed.audio)
                continue
            self.hear(block)

    def _between_blocks(self, stream: AudioStream) -> None:
        self.open_follow_up()
        if self.reload_requested.is_set() and self._idle() and not self.listening.listening:
            self._reload(stream)

    def open_follow_up(self) -> None:
        """After a reply that asks, listen without the wake word once the worker is idle."""
        if self.follow_up.is_set() and self._idle():
            self.follow_up.clear()
            self._start_listening(self.settings.listen.follow_up_s)

    def hear(self, block: Any) -> None:
        """Wake word, barge-in and endpointing for one block (``clock`` already counts it)."""
        action = self.listening.feed(block, self.clock, speaking=self.busy.is_set())
        if isinstance(action, Woke):
            self.counts.wakes += 1
            if action.barge_in:
                self._cut()
                self.counts.barge_ins += 1
                self.last_barge_in_s = time.monotonic()
                log.info("barge-in: speech stopped")
            self.queue(EarconJob())
            self._start_listening(self.settings.listen.wake_timeout_s)
        elif isinstance(action, Spoke):
            self._submit(action.utterance)
        elif isinstance(action, GaveUp) and not self.busy.is_set():
            self.state = State.IDLE

    def _start_listening(self, window_s: float) -> None:
        self.listening.listen(window_s)
        self.state = State.LISTENING

    def _submit(self, heard: Heard) -> None:
        self.state = State.THINKING
        self.queue(TurnJob(heard))

    def _reload(self, stream: AudioStream) -> None:
        """SIGHUP: new settings and engines; a bad configuration keeps the running one."""
        self.reload_requested.clear()
        if self.reload_settings is None:
            return
        try:
            engines = Engines(self.reload_settings())
            engines.preload(["stt", "llm", "tts"])
            self.use(engines)
        except AssistantError as exc:
            log.error("reload failed, keeping the running configuration: %s", exc.message)
            return
        stream.drain()  # audio heard while loading is stale
        log.info("configuration reloaded")
