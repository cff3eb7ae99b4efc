"""The daemon's work on the turn service's worker, in order: its turns (through
``TurnService.submit``, with the daemon's speaker, cancel token and progress), timers,
alarms and reminders ringing (``ringing``; an alarm a ring a job, so "Stop" is heard by a
turn between two rings), ``say`` and the heard-you earcon. What a
turn leaves behind is settled here, on the worker, before the next job starts: a refused
turn's tone, a failed turn's tone, what a cut reply was heard saying, whether the
microphone listens for a follow-up. A turn may start early, at a pause
(``rooms.early_start.Speculation``): the silence confirms it or the user goes on and it is
dropped unseen."""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future

from voice_assistant.assembly import Assembly
from voice_assistant.daemon.board import Board
from voice_assistant.daemon.jobs import AlarmBeat, Counts, EarconJob, Job, RingJob, SayJob
from voice_assistant.daemon.models import ModelGuard
from voice_assistant.daemon.ringing import (
    RING_GAP_S,
    beat_outcome,
    ring_once,
    ring_timers,
    rings_here,
    rings_until_stopped,
)
from voice_assistant.errors import AssistantError, Refused
from voice_assistant.events import Utterance
from voice_assistant.listening.turn_taking import Notice, Rings
from voice_assistant.pipeline.progress import ALARM, FAILED, Phase, earcon, tones
from voice_assistant.pipeline.speak import Speaker, speak
from voice_assistant.pipeline.stages import Delivery, Heard, TurnResult
from voice_assistant.rooms.early_start import Speculation
from voice_assistant.rooms.log import ended
from voice_assistant.rooms.service import TurnService
from voice_assistant.turn.word_windows import WordWindow

log = logging.getLogger("voice_assistant.daemon")


class JobRunner:
    def __init__(
        self,
        worker: TurnService,
        sink: Speaker,
        board: Board,
        counts: Counts,
        stopping: threading.Event,
        reload_requested: threading.Event,
    ) -> None:
        self.worker = worker
        self.sink = sink
        self.board = board
        self.counts = counts
        self.stopping = stopping
        self.reload_requested = reload_requested
        self.busy = board.busy
        """A job other than the once-a-second ring check runs: the assistant may be speaking."""
        self.hush = threading.Event()
        """Set by ``stop``, a barge-in or SIGTERM: the sentence playing is cut, no more follow."""
        self.tell: Callable[[Notice], None] = lambda notice: None
        """Tells the microphone's turn-taking a turn's end or a ring (``MicReader``)."""
        self.elsewhere: Callable[[], frozenset[str]] = frozenset
        """The rooms whose satellites are connected now: they ring their own timers."""
        self.session = worker.sessions.get("local")  # this microphone's conversation
        self.cue: threading.Thread | None = None
        self.early: tuple[Speculation, Future[TurnResult]] | None = None
        """The turn started at the current pause, until confirmed or dropped."""
        self.alarm: AlarmBeat | None = None
        """The alarm ringing now, a ring a job (read and written on the worker only)."""
        self.ring_stopped = threading.Event()
        """Set with ``hush`` by ``cut`` ("Stop", the wake word, SIGTERM): the alarm ringing
        now ends before its next ring. Its own flag, as every other job clears ``hush``
        (the "heard you" earcon after the wake word runs between two rings)."""
        self.models = ModelGuard(lambda: worker.assembly.engines.model_watch, reload_requested)

    def idle(self) -> bool:
        return not self.busy.is_set() and self.worker.pending() == 0

    def cut(self) -> None:
        """Stop speaking now (``stop``, a barge-in, SIGTERM); a turn started early stops."""
        self.hush.set()
        self.ring_stopped.set()
        self.sink.stop()
        early = self.early
        if early is not None:
            early[0].drop()

    # turns -----------------------------------------------------------------------------
    def turn(self, heard: Heard, words: WordWindow | None = None) -> Future[TurnResult]:
        """One turn from the microphone, queued on the worker in the microphone's session;
        if one was started early on this very utterance, that one goes ahead instead.
        ``words``: heard in a word window, the turn goes on only for its words."""
        early, self.early = self.early, None
        if early is not None:
            started, future = early
            self.board.post("thinking")  # before it goes ahead (and later says "done")
            if isinstance(heard, Utterance) and started.same(heard) and started.confirm():
                log.debug("the turn started at the pause goes ahead")
                return future
            started.drop()
        self.board.post("thinking")
        delivery = Delivery(
            sink=self.sink,
            cancel=self.hush,
            progress=self._progress,
            gate=self._gate,
            finished=self._finished,
            words=words,
        )
        return self._submit(heard, delivery)

    def stop_words(self, utterance: Utterance) -> Future[TurnResult]:
        """An utterance while something rings: a turn that only listens (whisper hears it
        once, on the worker, between two rings); "Stop" ends the ring."""
        delivery = Delivery(words="stop", finished=self._stop_heard)
        return self.worker.submit(utterance, self.session, "stt", delivery=delivery)

    def _stop_heard(self, result: TurnResult) -> None:
        if result.stop_reason == "stop-said":
            self.cut()

    def start_early(self, utterance: Utterance) -> None:
        """A pause may end the turn (the end-of-turn model called it the end, or it is
        ``endpoint.turn_end_late_pause_s`` long): start the turn on the utterance so far,
        if the worker is free. Its lasting steps, sounds and bookkeeping
        wait for ``turn`` (the silence confirmed it) or ``went_on``."""
        if self.early is not None or not self.idle():
            return
        endpoint = self.worker.settings.endpoint
        started = Speculation(
            utterance,
            self._progress,
            self._finished,
            longest_s=endpoint.max_utterance_s + endpoint.silence_timeout_s + 5,
        )
        delivery = Delivery(
            sink=self.sink,
            cancel=self.hush,
            progress=started.progress,
            gate=lambda: self._gate(announce=False),  # "thinking" once it is confirmed
            finished=started.finished,
            go_ahead=started.go_ahead,
        )
        log.debug("a pause that may end the turn: the turn starts early")
        self.early = (started, self._submit(utterance, delivery))

    def went_on(self) -> None:
        """The user spoke again (or the wake word came, or the daemon stops): a turn
        started early is dropped."""
        early, self.early = self.early, None
        if early is not None:
            early[0].drop()
            log.debug("the user went on: the turn started at the pause is dropped")

    def whole_early(self) -> bool:
        """The turn started at the current pause read its words as whole commands (once):
        the microphone may confirm it after ``endpoint.whole_command_silence_s``."""
        early = self.early
        return early is not None and early[0].take_whole()

    def _submit(self, heard: Heard, delivery: Delivery) -> Future[TurnResult]:
        future = self.worker.submit(heard, self.session, delivery=delivery)
        future.add_done_callback(self._crashed)
        return future

    def _gate(self, announce: bool = True) -> Refused | None:
        """As the turn starts on the worker: a stopping daemon starts nothing new, and a
        damaged model file refuses turns until it is repaired. ``announce``: the state
        says "thinking" (not for a turn started early: the user may still be speaking)."""
        self.busy.set()
        if self.stopping.is_set():
            return Refused("stopping", "the daemon is stopping")
        self.hush.clear()
        if announce:
            self.board.post("thinking")
        self.check_models()
        refusal = self.models.refusal()
        return Refused("model-damaged", refusal) if refusal else None

    def _finished(self, result: TurnResult) -> None:
        try:
            self._settle(result)
        except Exception:  # bookkeeping failing is logged; the daemon keeps listening
            log.exception("settling the turn failed")
        finally:
            self.busy.clear()
            self.board.post("done")

    def _settle(self, result: TurnResult) -> None:
        error, reply, speech = result.error, result.reply, result.speech
        if error is not None and error.code == "stopping":
            return
        cut = bool(speech and speech.cut)
        if cut and speech is not None and reply is not None and reply.turn_id:
            self.worker.assembly.conversations.heard(reply.turn_id, speech.heard)
        if error is not None:  # refused, or e.g. piper failed: say so with a sound
            with contextlib.suppress(AssistantError):  # the speaker may be what failed
                self.sink.play(tones(FAILED), 22_050)
        if reply is not None:  # what it opens: a follow-up, or "How do you know?"
            self.tell(ended(result, cut))

    def _crashed(self, future: Future[TurnResult]) -> None:
        """A turn that raised past the pipeline (a bug): logged, and the daemon goes on."""
        exc = future.exception()
        if exc is not None:
            log.error("the turn failed", exc_info=exc)
            self.busy.clear()
            self.board.post("done")

    def _progress(self, phase: Phase) -> None:
        """Progress plays beside the work, never in its way: the thinking earcon (and the
        configured cue) in their own thread while research runs; speech waits for them."""
        self.board.post("speaking" if phase == "speaking" else "thinking")
        if phase == "thinking":
            assembly = self.worker.assembly  # on the worker: the one this turn runs on
            self.cue = threading.Thread(
                target=self._thinking_cue, args=(assembly,), name="cue", daemon=True
            )
            self.cue.start()
        elif phase == "speaking" and self.cue is not None:
            self.cue.join()
            self.cue = None

    def _thinking_cue(self, assembly: Assembly) -> None:
        cue = assembly.settings.listen.thinking_cue  # fixed text from the config, not a model
        with contextlib.suppress(AssistantError):  # a device lost: the reply's playback says so
            self.sink.play(earcon("thinking"), 22_050)
            if cue:
                speak(assembly.engines.tts(), cue, self.sink, self.hush)

    # other jobs ------------------------------------------------------------------------
    def queue(self, job: Job) -> Future[Job]:
        """Run ``job`` on the worker, after what is queued."""
        work = not isinstance(job, RingJob)  # the check each second does not put off a rest
        return self.worker.call(lambda assembly: self._do(job, assembly), work)

    def _do(self, job: Job, assembly: Assembly) -> Job:
        if self.stopping.is_set():  # shutting down: start nothing new
            return job
        if not isinstance(job, RingJob):  # the ring check is busy only if one is due
            self.busy.set()
            log.debug("job %s starts", type(job).__name__)
        try:
            self.run_job(job, assembly)
        except Exception:  # a failing job is logged; the daemon keeps listening
            log.exception("%s failed", type(job).__name__)
        finally:
            if self.alarm is None:  # an alarm stays "ringing" between its rings
                self.busy.clear()
                self.board.post("done")
        return job

    def run_job(self, job: Job, assembly: Assembly) -> None:
        """One job, on the worker thread (or the noise benchmark's only thread)."""
        if isinstance(job, AlarmBeat):
            self._beat(job, assembly)
            return
        self.hush.clear()
        if isinstance(job, RingJob):
            if self.models.due():
                self.check_models()
            self._ring_due(assembly)
        elif isinstance(job, SayJob):
            self.board.post("speaking")
            speak(assembly.engines.tts(), job.text, self.sink, self.hush)
        elif isinstance(job, EarconJob):
            self.sink.play(earcon("heard"), 22_050)

    def check_models(self) -> None:
        self.models.check()

    def _ring_due(self, assembly: Assembly) -> None:
        if self.alarm is not None:  # one rings now; the others after it
            return
        actions, elsewhere = assembly.actions, self.elsewhere()
        timers = [t for t in actions.due() if rings_here(t.room, elsewhere)]
        alarms = [a for a in actions.book.due() if rings_here(a.room, elsewhere)]
        if not (timers or alarms):
            return
        self.busy.set()
        self.board.post("ringing")
        self.tell(Rings(True))  # "Stop" ends it, no wake word needed
        try:
            tts, ring_for_s = assembly.engines.tts(), assembly.settings.alarms.ring_for_s
            self.counts.timers_rung += ring_timers(actions, timers, self.sink, tts, self.hush)
            for alarm in alarms:
                if self.stopping.is_set():
                    return  # it stays due, and rings again on start if still in time
                if rings_until_stopped(alarm) and not actions.book.too_late(alarm):
                    self.ring_stopped.clear()
                    self.alarm = AlarmBeat(alarm, time.monotonic() + ring_for_s)
                    self.queue(self.alarm)
                    return  # rung a ring a job; the alarms after it at a later look
                self.counts.alarms_rung += ring_once(actions.book, alarm, self.sink, tts, self.hush)
        finally:
            if self.alarm is None:
                self.tell(Rings(False))

    def _beat(self, beat: AlarmBeat, assembly: Assembly) -> None:
        """One ring of the alarm ringing now, then the next queued behind what came
        meanwhile; or its end, recorded."""
        state = beat_outcome(self.ring_stopped.is_set(), time.monotonic(), beat.ends_at)
        if state is None and not self.stopping.is_set():
            self.sink.play(tones(ALARM), 22_050)
            self.ring_stopped.wait(RING_GAP_S)
            self.queue(beat)
            return
        self.alarm = None
        try:
            if state is not None:  # stopping: it stays due, and rings again on start
                assembly.actions.book.finish(beat.alarm, state)
                self.counts.alarms_rung += 1
                log.info("%s %d %s", beat.alarm.kind, beat.alarm.id, state)
        finally:
            self.tell(Rings(False))
