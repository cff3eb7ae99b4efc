"""The daemon's microphone side, on the main thread: every block read goes through the
listening machine (``listening.machine.Listening``: wake word, barge-in, endpointing,
follow-up windows), and what it decides becomes a turn or a job for the worker
(``runner.JobRunner``). It plays, stores and loads nothing itself; a reload it asks for
happens here only when the worker is idle and no window is open."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from voice_assistant.audio.device import RATE
from voice_assistant.daemon.board import Board
from voice_assistant.daemon.job_runner import JobRunner
from voice_assistant.daemon.jobs import Counts, EarconJob, MicState, RingJob
from voice_assistant.daemon.microphone import AudioStream
from voice_assistant.events import Utterance
from voice_assistant.listening.endpointing import Resumed, Tentative
from voice_assistant.listening.machine import GaveUp, Listening, Spoke, Woke
from voice_assistant.turn.word_windows import WordWindow, wanted

log = logging.getLogger("voice_assistant.daemon")
RING_CHECK_S = 1.0
"""How often, while idle, the worker looks for timers that are due."""


class MicReader:
    def __init__(
        self,
        runner: JobRunner,
        board: Board,
        counts: Counts,
        talking: threading.Event,
        stopping: threading.Event,
        reload: Callable[[], bool],
    ) -> None:
        self.runner = runner
        self.board = board
        self.counts = counts
        self.talking = talking
        """Push-to-talk is held (the key, or ``ptt`` on the control socket)."""
        self.stopping = stopping
        self.reload = reload
        """Asked for by SIGHUP or a repaired model: new settings and engines (False: the
        running ones kept)."""
        self.reload_requested = runner.reload_requested
        self.mic_state = MicState.STARTING
        self.last_barge_in_s = 0.0
        self.clock = 0.0
        """Seconds of microphone audio read: the time the wake and listening rules see."""
        self.words_for: WordWindow | None = None
        """The open window takes only these words (``word_windows``); None: any request."""

    def use(self, listening: Listening) -> None:
        """The wake word and endpointing blocks go through (again after a reload)."""
        self.listening = listening

    def mic_changed(self, ok: bool) -> None:
        """The device opened (``ok``) or was lost."""
        if ok:
            self.mic_state = MicState.OK
            self.board.post("mic-ok")
            return
        self.mic_state = MicState.LOST
        self.counts.mic_losses += 1
        self.runner.went_on()  # a turn started at a pause will never be confirmed now
        self.listening.close()
        self.board.post("mic-lost")

    def read(self, stream: AudioStream) -> None:
        """Blocks from an open stream until it fails or the daemon stops."""
        next_ring_check = 0.0
        while not self.stopping.is_set():
            self.between_blocks(stream)
            now = time.monotonic()
            if now >= next_ring_check and self.runner.idle():
                self.runner.queue(RingJob())
                next_ring_check = now + RING_CHECK_S
            block = stream.read(timeout=0.2)
            if block is None:
                continue
            self.clock += len(block) / RATE
            if self.talking.is_set():
                self.runner.went_on()  # push-to-talk now decides where the turn ends
                self.listening.hold(block, stream.pre_roll)
                self.board.post("listening")
                continue
            pushed = self.listening.release()
            if pushed is not None:
                self.runner.turn(pushed.audio)
                continue
            self.hear(block)

    def between_blocks(self, stream: AudioStream) -> None:
        sooner_s = self.runner.settings.endpoint.whole_command_silence_s
        if self.runner.whole_early() and sooner_s > 0:  # "Set a timer for ten minutes."
            self.listening.end_sooner(sooner_s)
        self.open_follow_up()
        self.open_word_window()
        idle = self.runner.idle() and not self.listening.listening
        if self.reload_requested.is_set() and idle:
            self.reload_requested.clear()
            if self.reload():
                stream.drain()  # audio heard while loading is stale

    def open_follow_up(self) -> None:
        """After a reply that asks, listen without the wake word once the worker is idle."""
        if self.runner.follow_up.is_set() and self.runner.idle():
            self.runner.follow_up.clear()
            self.listening.follow_up()
            self.board.post("listening")

    def open_word_window(self) -> None:
        """While something rings, listen for "stop"; after an answer, once, for "How do you
        know?". Neither needs the wake word, and neither takes anything else."""
        if self.listening.listening:
            return
        if self.runner.ringing.is_set():
            self.words_for = "stop"
        elif self.runner.answered.is_set() and self.runner.idle():
            self.runner.answered.clear()
            self.words_for = "where-from"
        else:
            return
        self.listening.follow_up()

    def heard_words(self, utterance: Utterance) -> None:
        """An utterance in a word window: whisper reads it here; only the window's words act."""
        window, self.words_for = self.words_for, None
        assert window is not None
        text = self.runner.engines.stt().transcribe(utterance.samples).text
        if not wanted(window, text):
            log.info("heard %r while listening for %s: ignored", text, window)
        elif window == "stop":
            log.info("stopped by voice: %r", text)
            self.runner.cut()
        else:
            self.runner.turn(utterance)

    def hear(self, block: Any) -> None:
        """Wake word, barge-in and endpointing for one block (``clock`` already counts it)."""
        action = self.listening.feed(block, self.clock, speaking=self.runner.busy.is_set())
        if self.words_for is not None and not isinstance(action, (Woke, Spoke, GaveUp)):
            return  # a word window starts no turn early
        if isinstance(action, Woke):
            self.words_for = None  # the wake word: a request of any kind
            self.runner.went_on()
            self.counts.wakes += 1
            if action.barge_in:
                self.runner.cut()
                self.counts.barge_ins += 1
                self.last_barge_in_s = time.monotonic()
                log.info("barge-in: speech stopped")
            self.runner.queue(EarconJob())
            self.board.post("listening")
        elif isinstance(action, Spoke) and self.words_for is not None:
            self.heard_words(action.utterance)
        elif isinstance(action, Spoke):
            self.runner.turn(action.utterance)
        elif isinstance(action, Tentative):
            self.runner.start_early(action.utterance)
        elif isinstance(action, Resumed):
            self.runner.went_on()
        elif isinstance(action, GaveUp):
            self.words_for = None
            self.board.post("gave-up")
