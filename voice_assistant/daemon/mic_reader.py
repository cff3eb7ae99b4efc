"""The daemon's microphone side, on the main thread: every block read goes through the
room's turn-taking (``listening.turn_taking.TurnTaking``: the wake word, barge-in,
endpointing, the windows that need no wake word, push-to-talk, the early start), and the
actions it returns become turns or jobs for the worker (``job_runner.JobRunner``). What the
worker learns (a turn's end, a ring) reaches the machine as a notice, read here between
blocks. It plays, hears, stores and loads nothing itself (whisper runs on the worker,
in turns); a reload it asks for happens here only
when the worker is idle and no window is open."""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any

from voice_assistant.audio.device import RATE
from voice_assistant.daemon.board import Board
from voice_assistant.daemon.job_runner import JobRunner
from voice_assistant.daemon.jobs import Counts, EarconJob, MicState, RingJob
from voice_assistant.daemon.microphone import AudioStream
from voice_assistant.listening.machine import GaveUp, Listening, Woke
from voice_assistant.listening.turn_taking import (
    Action,
    Drop,
    Held,
    Notice,
    Opened,
    Request,
    StartEarly,
    TurnTaking,
    Words,
)

log = logging.getLogger("voice_assistant.daemon")
RING_CHECK_S = 1.0
"""How often, while idle, the worker looks for timers that are due."""


class MicReader:
    def __init__(
        self,
        runner: JobRunner,
        listening: Listening,
        board: Board,
        counts: Counts,
        talking: threading.Event,
        stopping: threading.Event,
        reload: Callable[[], Listening | None],
    ) -> None:
        self.runner = runner
        self.board = board
        self.counts = counts
        self.talking = talking
        """Push-to-talk is held (the key, or ``ptt`` on the control socket)."""
        self.stopping = stopping
        self.reload = reload
        """Asked for by SIGHUP or a repaired model: new settings and engines, and the wake
        word and endpointing they bring (None: the running ones kept)."""
        self.reload_requested = runner.reload_requested
        self.mic_state = MicState.STARTING
        self.last_barge_in_s = 0.0
        self.clock = 0.0
        """Seconds of microphone audio read: the time the wake and listening rules see."""
        self.notices: queue.SimpleQueue[Notice] = queue.SimpleQueue()
        runner.tell = self.notices.put  # the worker's notices, read here between blocks
        self.taking = self.turn_taking(listening)

    def turn_taking(self, listening: Listening) -> TurnTaking:
        """The room's machine over ``listening`` (a new one after a reload, which happens
        only with no window open and the worker idle)."""
        silence_s = self.runner.worker.settings.endpoint.whole_command_silence_s
        return TurnTaking(listening, silence_s)

    @property
    def listening(self) -> Listening:
        return self.taking.listening

    def mic_changed(self, ok: bool) -> None:
        """The device opened (``ok``) or was lost."""
        if ok:
            self.mic_state = MicState.OK
            self.board.post("mic-ok")
            return
        self.mic_state = MicState.LOST
        self.counts.mic_losses += 1
        self.carry_out(self.taking.lost())
        self.runner.went_on()  # however it started, its confirmation can never come now
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
                self.carry_out(self.taking.held(block, stream.pre_roll))
                continue
            self.hear(block)

    def between_blocks(self, stream: AudioStream) -> None:
        self.take_notices()
        if self.runner.whole_early():  # "Set a timer for ten minutes."
            self.taking.whole_command()
        if self.reload_requested.is_set() and self.runner.idle() and self.taking.quiet:
            self.reload_requested.clear()
            listening = self.reload()
            if listening is not None:
                self.taking = self.turn_taking(listening)
                stream.drain()  # audio heard while loading is stale

    def take_notices(self) -> None:
        """What the worker told since the last block: a turn's end, a ring."""
        while True:
            try:
                notice = self.notices.get_nowait()
            except queue.Empty:
                return
            self.taking.told(notice)

    def hear(self, block: Any) -> None:
        """One block through the room's turn-taking (``clock`` already counts it)."""
        busy, idle = self.runner.busy.is_set(), self.runner.idle()
        self.carry_out(self.taking.block(block, self.clock, busy=busy, idle=idle))

    def carry_out(self, actions: list[Action]) -> None:
        for action in actions:
            if isinstance(action, Woke):
                self.counts.wakes += 1
                if action.barge_in:
                    self.runner.cut()
                    self.counts.barge_ins += 1
                    self.last_barge_in_s = time.monotonic()
                    log.info("barge-in: speech stopped")
                self.runner.queue(EarconJob())
                self.board.post("listening")
            elif isinstance(action, (Opened, Held)):
                self.board.post("listening")
            elif isinstance(action, Drop):
                self.runner.went_on()
            elif isinstance(action, StartEarly):
                self.runner.start_early(action.utterance)
            elif isinstance(action, Request):
                self.runner.turn(action.heard)
            elif isinstance(action, Words) and action.window == "stop":
                self.runner.stop_words(action.utterance)
            elif isinstance(action, Words):
                self.runner.turn(action.utterance, words=action.window)
            elif isinstance(action, GaveUp):
                self.board.post("gave-up")
