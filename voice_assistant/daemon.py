"""``voice-assistant run``: the live assistant, one process.

The main thread reads the microphone and decides (wake word, push-to-talk, endpointing,
barge-in); one worker thread runs what takes time (turns through the same pipeline as the
batch harness, timers ringing, ``say``), so the mic is read while a reply plays and the
wake word can cut it. Only the worker touches the database. Models load and warm once.

Signals: SIGTERM/SIGINT stop speech at once and end the turn in progress (it is abandoned
if it does not finish within ``ABANDON_S``: its acts commit in one transaction or not at
all) and exit 0; SIGHUP reloads the configuration when idle.
"""

from __future__ import annotations

import contextlib
import faulthandler
import logging
import os
import queue
import signal
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

import numpy as np
import numpy.typing as npt

from voice_assistant.audio.device import RATE, AudioDeviceError, DeviceSink, MicStream, rescan
from voice_assistant.config import Settings
from voice_assistant.control import ControlServer, socket_path
from voice_assistant.engines import Engines
from voice_assistant.errors import AssistantError
from voice_assistant.listen import Listener
from voice_assistant.progress import ALARM, FAILED, Phase, earcon, tones
from voice_assistant.speak import Sink, speak
from voice_assistant.turn.actions import ring_text
from voice_assistant.wake.trigger import WakeTrigger

log = logging.getLogger("voice_assistant.daemon")

Mode = Literal["wake", "ptt", "both"]
ABANDON_S = 10.0
"""On SIGTERM, how long the turn in progress may take to finish before it is abandoned."""
MODEL_CHECK_S = 10.0
"""How often, when idle, the loaded model files are checked for changes (a few stats)."""


class Speaker(Sink, Protocol):
    def stop(self) -> None:
        """Cut what is playing now (from any thread)."""
        ...


@dataclass
class Job:
    kind: Literal["turn", "ring", "say", "earcon"]
    audio: npt.NDArray[np.float32] | None = None
    text: str = ""
    done: threading.Event = field(default_factory=threading.Event)


class Daemon:
    def __init__(
        self,
        engines: Engines,
        mode: Mode = "ptt",
        mic: str | None = None,
        speaker: str | None = None,
        reload_settings: Callable[[], Settings] | None = None,
        sink: Speaker | None = None,
    ) -> None:
        self.mode = mode
        self.reload_settings = reload_settings
        listen = engines.settings.listen
        self.mic_name = mic or listen.mic or None
        self.sink: Speaker = sink or DeviceSink(speaker or listen.speaker or None)
        """The speaker; the noise benchmark passes a silent one and feeds ``hear`` itself."""
        self.hush = threading.Event()
        """Set by ``stop``, a barge-in or SIGTERM: the sentence playing is cut, no more follow."""
        self.stopping = threading.Event()
        self.talking = threading.Event()
        self.busy = threading.Event()
        self.follow_up = threading.Event()
        self.reload_requested = threading.Event()
        self.jobs: queue.Queue[Job | None] = queue.Queue()
        self.state = "starting"
        self.mic_state = "starting"
        self.last_turn: dict[str, Any] = {}
        self.counts = {"wakes": 0, "barge_ins": 0, "turns": 0, "refused": 0, "timers_rung": 0}
        self.last_barge_in_s = 0.0
        self.clock = 0.0
        """Seconds of microphone audio read: the time the wake and listening rules see."""
        self.listener: Listener | None = None
        self.cue: threading.Thread | None = None
        self.listen_window_s = 0.0
        self.use(engines)

    def use(self, engines: Engines) -> None:
        """Wire the engines in (at start, and again after a SIGHUP reload)."""
        from voice_assistant.vad import StreamingSilero

        pipeline = engines.pipeline()
        pipeline.sink = lambda: self.sink
        pipeline.cancel = self.hush
        pipeline.on_progress = self._progress
        wake = engines.wake() if self.mode in ("wake", "both") else None
        self.streaming_vad = StreamingSilero()
        self.engines, self.settings, self.pipeline, self.wake = (
            engines,
            engines.settings,
            pipeline,
            wake,
        )
        self.trigger = WakeTrigger(self.settings.wake)
        self.model_problems: dict[str, str] = {}
        """Loaded models whose files changed on disk and failed their check, by setting."""
        self.damaged: set[str] = set()
        """Of those, the ones the running engine reads (the GGUF): turns wait for a repair."""
        self.next_model_check = 0.0

    def preload(self) -> None:
        self.engines.preload(["stt", "llm", "tts"])
        if self.wake is not None:
            self.wake.reset()

    # control socket ---------------------------------------------------------------
    def status(self) -> dict[str, Any]:
        return {
            "state": self.state,
            "mode": self.mode,
            "mic": self.mic_name or "default",
            "mic_state": self.mic_state,
            "models": self.model_problems or "ok",
            "last_turn": self.last_turn,
            **self.counts,
            "last_barge_in_s": round(self.last_barge_in_s, 3),
        }

    def ptt(self, action: str) -> dict[str, Any]:
        if self.mode == "wake":
            raise AssistantError("ptt-off", "push-to-talk is off: the daemon runs --mode wake")
        if action == "start" or (action == "toggle" and not self.talking.is_set()):
            self.talking.set()
        else:
            self.talking.clear()
        return {"listening": self.talking.is_set()}

    def say(self, text: str) -> dict[str, Any]:
        self.jobs.put(Job("say", text=text))
        return {"queued": True}

    def stop(self) -> dict[str, Any]:
        self._cut()
        return {"stopped": True}

    def _cut(self) -> None:
        self.hush.set()
        self.sink.stop()

    # the worker -------------------------------------------------------------------
    def _work(self) -> None:
        while (job := self.jobs.get()) is not None:
            if self.stopping.is_set():  # shutting down: start nothing new
                job.done.set()
                continue
            if job.kind != "ring":  # the ring check marks itself busy only if one is due
                self.busy.set()
                log.debug("job %s starts", job.kind)
            try:
                self.run_job(job)
            except Exception:  # a failing job is logged; the daemon keeps listening
                log.exception("%s failed", job.kind)
            finally:
                job.done.set()
                self.busy.clear()
                if self.state != "listening":
                    self.state = "idle"

    def run_job(self, job: Job) -> None:
        """One job, on the worker thread (or the noise benchmark's only thread)."""
        self.hush.clear()
        if job.kind == "turn" and job.audio is not None:
            self._turn(job.audio)
        elif job.kind == "ring":
            if time.monotonic() >= self.next_model_check:
                self.check_models()
            self._ring_due()
        elif job.kind == "say":
            self.state = "speaking"
            speak(self.engines.tts(), job.text, self.sink, self.hush)
        elif job.kind == "earcon":
            self.sink.play(earcon("heard"), 22_050)

    def _progress(self, phase: Phase) -> None:
        """Progress plays beside the work, never in its way: the thinking earcon (and the
        configured cue) in their own thread while research runs; speech waits for them."""
        self.state = {"heard": "thinking", "thinking": "thinking", "speaking": "speaking"}[phase]
        if phase == "thinking":
            self.cue = threading.Thread(target=self._thinking_cue, name="cue", daemon=True)
            self.cue.start()
        elif phase == "speaking" and self.cue is not None:
            self.cue.join()
            self.cue = None

    def _thinking_cue(self) -> None:
        self.sink.play(earcon("thinking"), 22_050)
        if self.settings.listen.thinking_cue:  # fixed text from the config, not a model
            speak(self.engines.tts(), self.settings.listen.thinking_cue, self.sink, self.hush)

    def check_models(self) -> None:
        """Notice a loaded model file changing on disk; refuse turns while the one the
        running engine reads is damaged, and reload once it verifies again."""
        self.next_model_check = time.monotonic() + MODEL_CHECK_S
        for finding in self.engines.model_watch.check():
            if finding.verdict == "fine":
                log.info(finding.message)
                self.model_problems.pop(finding.key, None)
                if finding.key in self.damaged:
                    self.damaged.discard(finding.key)
                    self.reload_requested.set()  # the repaired file replaces the mapped one
                    log.info("reloading the models to use the repaired %s", finding.value)
                continue
            if finding.verdict == "running-damaged":
                self.damaged.add(finding.key)
                log.error(finding.message)
            else:
                log.warning(finding.message)
            self.model_problems[finding.key] = finding.message

    def _turn(self, audio: npt.NDArray[np.float32]) -> None:
        self.state = "thinking"
        started = time.monotonic()
        self.check_models()
        if self.damaged:  # its weights are not the verified ones: say so with a sound
            message = "; ".join(self.model_problems[key] for key in sorted(self.damaged))
            log.error("turn refused: %s", message)
            self.counts["refused"] += 1
            self.last_turn = {"error": message, "stop_reason": "model-damaged"}
            with contextlib.suppress(AssistantError):
                self.sink.play(tones(FAILED), 22_050)
            return
        result = self.pipeline.run(audio)
        speech = result.speech
        reply = result.reply
        if speech is not None and speech.cut and reply is not None and reply.turn_id:
            self.engines.conversations().heard(reply.turn_id, speech.heard)
        self.counts["turns"] += 1
        self.last_turn = {
            "transcript": result.transcript.text if result.transcript else None,
            "reply": reply.text if reply else None,
            "heard": speech.heard if speech else None,
            "cut": bool(speech and speech.cut),
            "stop_reason": result.stop_reason,
            "error": result.error.message if result.error else None,
            "timings": {k: round(v, 3) for k, v in result.timings.items()},
            "seconds": round(time.monotonic() - started, 2),
        }
        # what was said and heard can hold memory text: INFO keeps to how the turn went
        private = ("transcript", "reply", "heard")
        log.info("turn: %s", {k: v for k, v in self.last_turn.items() if k not in private})
        log.debug("turn said: %s", {k: self.last_turn[k] for k in private})
        if result.error is not None:  # e.g. piper failed: say so with a sound, keep going
            log.warning(
                "turn failed in %s (%s): %s; the reply is kept in turn %s",
                result.error.stage,
                result.error.code,
                result.error.message,
                reply.turn_id if reply else "-",
            )
            with contextlib.suppress(AssistantError):  # the speaker may be what failed
                self.sink.play(tones(FAILED), 22_050)
        if reply is not None and reply.follow_up and not (speech and speech.cut):
            self.follow_up.set()

    def _ring_due(self) -> None:
        actions = self.engines.actions()
        for timer in actions.due():
            self.busy.set()
            self.state = "ringing"
            self.sink.play(tones(ALARM), 22_050)
            speak(self.engines.tts(), ring_text(timer), self.sink, self.hush)
            actions.mark_rung(timer.id)
            self.counts["timers_rung"] += 1
            log.info("timer %d rang", timer.id)

    # the microphone ---------------------------------------------------------------
    def run(self) -> int:
        self.preload()
        server = ControlServer(socket_path(), self).start()
        worker = threading.Thread(target=self._work, name="worker", daemon=True)
        worker.start()
        signal.signal(signal.SIGTERM, self._terminate)
        signal.signal(signal.SIGINT, self._terminate)
        signal.signal(signal.SIGHUP, lambda *_: self.reload_requested.set())
        self._watch_hotkey()
        log.info(
            "listening (%s) on %s; control socket %s",
            self.mode,
            self.mic_name or "the default microphone",
            server.path,
        )
        try:
            self._listen()
        finally:
            self.jobs.put(None)
            worker.join(timeout=ABANDON_S)
            server.close()
        if worker.is_alive():
            # the turn's acts commit in one transaction or not at all: leaving now is safe
            log.warning("abandoned the turn in progress")
            if log.isEnabledFor(logging.DEBUG):
                faulthandler.dump_traceback(all_threads=True)
            logging.shutdown()
            os._exit(0)
        log.info("stopped")
        return 0

    def _watch_hotkey(self) -> None:
        listen = self.settings.listen
        if not listen.hotkey or self.mode == "wake":
            return
        from voice_assistant.audio.hotkey import watch

        try:
            watch(listen.hotkey, listen.hotkey_device, self.ptt)
        except AssistantError as exc:  # push-to-talk over the socket still works
            log.warning("no push-to-talk key: %s", exc.message)

    def _terminate(self, *_: object) -> None:
        self.stopping.set()
        self._cut()

    def _listen(self) -> None:
        """Keep a microphone open: a lost device is retried with backoff, logged once."""
        backoff = 0.5
        lost = False
        while not self.stopping.is_set():
            try:
                with MicStream(self.mic_name) as mic:
                    if lost:
                        log.info("microphone is back; listening again")
                    lost, backoff = False, 0.5
                    self.mic_state = "ok"
                    if self.state in ("starting", "mic-lost"):
                        self.state = "idle"
                    self._read(mic)
            except AudioDeviceError as exc:
                if self.stopping.is_set():
                    break
                self.mic_state, self.listener = "lost", None
                if not self.busy.is_set():
                    self.state = "mic-lost"
                if not lost:
                    log.warning("microphone lost (%s); retrying", exc.message)
                lost = True
                self.stopping.wait(backoff)
                backoff = min(backoff * 2, self.settings.listen.device_retry_max_s)
                with contextlib.suppress(AudioDeviceError):
                    rescan()

    def _read(self, mic: MicStream) -> None:
        held: list[npt.NDArray[np.int16]] = []
        next_ring_check = 0.0
        while not self.stopping.is_set():
            self._between_blocks(mic)
            now = time.monotonic()
            if now >= next_ring_check and not self.busy.is_set() and self.jobs.empty():
                self.jobs.put(Job("ring"))
                next_ring_check = now + 1.0
            block = mic.read(timeout=0.2)
            if block is None:
                continue
            self.clock += len(block) / RATE
            if self.talking.is_set():
                held = held or list(mic.pre_roll)
                held.append(block)
                self.listener = None
                self.state = "listening"
                continue
            if held:
                self._submit(np.concatenate(held).astype(np.float32) / 32768.0)
                held = []
                continue
            self.hear(block)

    def _between_blocks(self, mic: MicStream) -> None:
        self.open_follow_up()
        idle = not self.busy.is_set() and self.jobs.empty()
        if self.reload_requested.is_set() and idle and self.listener is None:
            self._reload(mic)

    def open_follow_up(self) -> None:
        """After a reply that asks, listen without the wake word once the worker is idle."""
        if self.follow_up.is_set() and not self.busy.is_set() and self.jobs.empty():
            self.follow_up.clear()
            self._start_listening(self.settings.listen.follow_up_s)

    def hear(self, block: npt.NDArray[np.int16]) -> None:
        """Wake word, barge-in and endpointing for one block (``clock`` already counts it)."""
        if self.wake is not None:
            speaking = self.busy.is_set()
            score = self.wake.score(block)
            if score > 0.1:
                log.debug("wake score %.3f at %.2f s (speaking: %s)", score, self.clock, speaking)
            if self.trigger.update(self.clock, score, speaking=speaking):
                self.counts["wakes"] += 1
                if speaking:
                    self._cut()
                    self.counts["barge_ins"] += 1
                    self.last_barge_in_s = time.monotonic()
                    log.info("barge-in: speech stopped")
                self.jobs.put(Job("earcon"))
                self._start_listening(self.settings.listen.wake_timeout_s)
                return
        if self.listener is None:
            return
        utterance = self.listener.feed(block)
        if utterance is not None:
            self.listener = None
            self._submit(utterance.samples)
        elif not self.listener.in_speech and self.listener.heard_s > self.listen_window_s:
            self.listener = None  # nobody spoke: back to waiting for the wake word
            if not self.busy.is_set():
                self.state = "idle"

    def _start_listening(self, window_s: float) -> None:
        self.streaming_vad.reset()
        self.listener = Listener(self.streaming_vad, self.settings.endpoint)
        self.listen_window_s = window_s
        self.state = "listening"

    def _submit(self, audio: npt.NDArray[np.float32]) -> None:
        self.state = "thinking"
        self.jobs.put(Job("turn", audio=audio))

    def _reload(self, mic: MicStream) -> None:
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
        mic.drain()  # audio heard while loading is stale
        log.info("configuration reloaded")
