"""One Wyoming satellite, driven as the daemon drives its own microphone: connect,
``run-satellite``, take the streamed audio into our wake word and endpointing
(``listening.machine.Listening``, one of its own), run the turn on the daemon's worker in
the satellite's own session (its room), send the reply audio, wait for ``played``, and
connect again with backoff when the satellite goes away.

The satellite's part of the conversation: ``detection`` when our wake word hears it,
``voice-stopped`` at the end of the request, the reply as ``audio-start``/``-chunk``/
``-stop`` as it is made, then ``transcript`` (what we heard), or ``error`` with the turn's
code. A satellite that wakes itself (``run-pipeline`` from the ``asr`` stage) is listened
to at once; one without a speaker (to ``handle``) is sent no audio.

What the satellite's audio means is decided by the same turn-taking as the microphone's
(``listening.turn_taking.TurnTaking``): the wake word and barge-in, a follow-up window,
"Stop" while something rings here, "How do you know?" after an answer (a turn of its own,
heard once), and the early start (``rooms.early_start.Speculation``): ``voice-stopped``
and anything lasting wait for the silence to confirm it, and the user going on drops it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from typing import Any, Literal, Protocol

import numpy as np
import numpy.typing as npt
from wyoming.asr import Transcript
from wyoming.audio import AudioChunk, AudioStart, AudioStop
from wyoming.error import Error
from wyoming.event import Event
from wyoming.info import Describe
from wyoming.ping import Ping, Pong
from wyoming.pipeline import PipelineStage, RunPipeline
from wyoming.satellite import RunSatellite
from wyoming.snd import Played
from wyoming.vad import VoiceStopped
from wyoming.wake import Detection

from voice_assistant.config import Settings
from voice_assistant.errors import AssistantError
from voice_assistant.events import SAMPLE_RATE, Utterance
from voice_assistant.listening.machine import Block, Listening, Woke
from voice_assistant.listening.turn_taking import (
    Action,
    Drop,
    Request,
    StartEarly,
    TurnTaking,
    Words,
)
from voice_assistant.pipeline.stages import Delivery, Stage
from voice_assistant.rooms.early_start import Speculation
from voice_assistant.rooms.log import ended
from voice_assistant.rooms.service import TurnService
from voice_assistant.satellite.audio_in import samples_of
from voice_assistant.satellite.describe import named
from voice_assistant.satellite.speaker import CHUNK_SAMPLES, SatelliteSpeaker
from voice_assistant.turn.session import Session
from voice_assistant.turn.word_windows import WordWindow
from voice_assistant.wyoming.pcm import chunk_events
from voice_assistant.wyoming.uri import address
from voice_assistant.wyoming.wire import MAX_HEADER, read_event, write_event

log = logging.getLogger("voice_assistant.satellite")
BLOCK = 1280
"""Samples per block fed to the wake word and endpointing (80 ms, as the microphone's)."""
CONNECT_S = 5.0
LinkState = Literal["connecting", "connected", "unreachable", "disconnected"]
"""What ``status`` says of a satellite: before the first try, connected, the last try
failed (tried again with backoff), or it went away (connected again with backoff)."""
RING_GAP_S = 0.6
"""Quiet between two rings of an alarm."""
PLAYED_MARGIN_S = 2.0
"""A satellite that never says ``played`` (wyoming-satellite 1.0.0) is taken to have
played the reply this long after its length."""


class Hub(Protocol):
    """What the links share (``hub.Satellites``): the daemon's worker, the settings in
    force, a listening machine for each stream, the timers running now."""

    worker: TurnService

    def settings(self) -> Settings: ...

    def listening(self) -> Listening: ...

    def running_timers(self) -> list[Event]: ...


class SatelliteLink:
    def __init__(self, uri: str, hub: Hub) -> None:
        self.uri = uri
        self.host, self.port = address(uri)
        self.hub = hub
        self.state: LinkState = "connecting"
        self.room = uri
        self.session: Session | None = None
        """The room's conversation, from the worker's sessions once the satellite names it."""
        self.wakes = 0
        self.writer: asyncio.StreamWriter | None = None
        self.taking: TurnTaking | None = None
        """What its audio means (a machine of its own per connection)."""
        self.pending = np.zeros(0, np.int16)
        self.clock = 0.0
        self.busy = False
        self.speaks = True
        """The satellite plays replies (its pipeline ends at ``tts``)."""
        self.hush = threading.Event()
        self.played = asyncio.Event()
        self.turn_task: asyncio.Task[None] | None = None
        self.early: Speculation | None = None
        """The turn started at the current pause, until the silence confirms it or the user
        goes on."""
        self.word_tasks: set[asyncio.Task[None]] = set()

    def status(self) -> dict[str, Any]:
        log = self.hub.worker.log
        turns = log.status(f"satellite:{self.room}") if log else {}
        return {"state": self.state, "room": self.room, **turns, "wakes": self.wakes}

    async def run(self, stopping: asyncio.Event) -> None:
        """Connected, or trying to be, until ``stopping``; waits double after each failure."""
        delay = 1.0
        while not stopping.is_set():
            try:
                reader, writer = await asyncio.wait_for(
                    asyncio.open_connection(self.host, self.port, limit=MAX_HEADER), CONNECT_S
                )
            except (OSError, TimeoutError) as exc:
                self.state = "unreachable"
                log.warning("satellite %s unreachable (%s); again in %.0f s", self.uri, exc, delay)
            else:
                delay = 1.0
                try:
                    await self.serve(reader, writer)
                    log.warning("satellite %s closed the connection", self.uri)
                except (OSError, TimeoutError, ValueError, AssistantError) as exc:
                    log.warning("satellite %s lost: %s", self.uri, exc)  # garbage: WireError
                except Exception:  # never the end of the link: log it, connect again
                    log.exception("satellite %s failed", self.uri)
                finally:
                    self.writer = None
                    writer.close()
                    self.state = "disconnected"
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stopping.wait(), delay)
            delay = min(delay * 2, self.hub.settings().wyoming.satellite_retry_max_s)

    async def send(self, events: list[Event]) -> None:
        if self.writer is None:
            raise ConnectionError("not connected")
        for event in events:
            await write_event(self.writer, event)

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        await self.send([Describe().event()])
        self.room = await named(reader) or self.uri
        self.session = self.hub.worker.sessions.get(f"satellite:{self.room}")
        silence_s = self.hub.settings().endpoint.whole_command_silence_s
        self.taking = TurnTaking(self.hub.listening(), silence_s)
        self.pending, self.busy, self.speaks = np.zeros(0, np.int16), False, True
        await self.send([RunSatellite().event(), *self.hub.running_timers()])
        self.state = "connected"
        log.info("satellite %s connected (room %s)", self.uri, self.room)
        while (event := await read_event(reader)) is not None:
            await self.on_event(event)

    async def on_event(self, event: Event) -> None:
        if AudioChunk.is_type(event.type):
            await self.hear(AudioChunk.from_event(event))
        elif Played.is_type(event.type):
            self.played.set()
        elif RunPipeline.is_type(event.type):
            run = RunPipeline.from_event(event)
            self.speaks = run.end_stage == PipelineStage.TTS
            if run.start_stage == PipelineStage.ASR and self.taking is not None:
                await self.carry_out(self.taking.woken())
        elif Ping.is_type(event.type):
            await self.send([Pong(text=Ping.from_event(event).text).event()])

    async def hear(self, chunk: AudioChunk) -> None:
        """The satellite's audio, in blocks, through our wake word and endpointing."""
        pcm = samples_of(chunk)
        if pcm is None:
            return  # not 16-bit audio: nothing we can hear
        self.pending = np.concatenate([self.pending, pcm])
        while len(self.pending) >= BLOCK:
            block, self.pending = self.pending[:BLOCK], self.pending[BLOCK:]
            self.clock += BLOCK / SAMPLE_RATE
            await self.feed(block)

    async def ring(self, sound: npt.NDArray[np.int16], rate: int, ring_for_s: float) -> str:
        """Play ``sound`` here once (``rang``), or, with ``ring_for_s``, again and again
        until "Stop" or the wake word is heard here (``stopped``) or the time runs out
        (``missed``). It waits out each ring's length itself: wyoming-satellite 1.0.0
        never says ``played``."""
        self.busy = True
        if self.taking is not None:
            self.taking.rings(True)  # "Stop" ends it, no wake word needed
        self.hush.clear()
        loop = asyncio.get_running_loop()
        ends = loop.time() + ring_for_s
        pcm = sound.astype("<i2").tobytes()
        try:
            while True:
                start = AudioStart(rate=rate, width=2, channels=1).event()
                chunks = chunk_events(pcm, rate, CHUNK_SAMPLES)
                await self.send([start, *chunks, AudioStop().event()])
                await asyncio.sleep(len(sound) / rate + RING_GAP_S)
                if not ring_for_s:
                    return "rang"
                if self.hush.is_set():
                    return "stopped"
                if loop.time() >= ends:
                    return "missed"
        finally:
            if self.taking is not None:
                self.taking.rings(False)
            self.busy = self.turn_task is not None and not self.turn_task.done()

    async def stop_if_said(self, heard: Utterance) -> None:
        """An utterance while something rings here, heard by a turn in the room's session
        like any other: "Stop" ends the ring; other words are ignored (``ignored``)."""
        delivery = Delivery(words="stop")
        turn = self.hub.worker.submit(heard, self.session, "stt", "spoken", delivery)
        if (await asyncio.wrap_future(turn)).stop_reason == "stop-said":
            self.hush.set()

    async def feed(self, block: Block) -> None:
        assert self.taking is not None
        busy = self.busy
        await self.carry_out(self.taking.block(block, self.clock, busy=busy, idle=not busy))
        if self.early is not None and self.early.take_whole():
            self.taking.whole_command()

    async def carry_out(self, actions: list[Action]) -> None:
        for action in actions:
            if isinstance(action, Woke):
                self.wakes += 1
                if action.barge_in:
                    self.hush.set()
                wake = self.taking.listening.wake if self.taking else None
                names = wake.names if wake else ()
                await self.send([Detection(name=names[0] if names else None).event()])
            elif isinstance(action, Drop) and self.early is not None:
                self.early.drop()  # the user went on, or woke it again
                self.early = None
            elif isinstance(action, StartEarly):
                self.start_early(action.utterance)
            elif isinstance(action, Words) and action.window == "stop":
                task = asyncio.create_task(self.stop_if_said(action.utterance))
                self.word_tasks.add(task)
                task.add_done_callback(self.word_tasks.discard)
            elif isinstance(action, (Request, Words)):
                heard = action.heard if isinstance(action, Request) else action.utterance
                assert isinstance(heard, Utterance)  # a satellite has no push-to-talk
                words = action.window if isinstance(action, Words) else None
                await self.request(heard, words)

    async def request(self, heard: Utterance, words: WordWindow | None) -> None:
        """The end of a request: the turn started early on these words goes ahead, or
        a turn runs on them (``words``: heard in a word window, only those act)."""
        await self.send([VoiceStopped().event()])
        self.busy = True
        early, self.early = self.early, None
        if early is not None and early.same(heard) and early.confirm():
            return  # the turn started at the pause goes ahead
        if early is not None:
            early.drop()
        self.turn_task = asyncio.create_task(self.turn(heard, self.turn_task, words=words))

    def start_early(self, utterance: Utterance) -> None:
        """The end-of-turn model called a pause the end of the turn: the turn starts on the
        utterance so far (the machine starts none while this satellite is busy)."""
        endpoint = self.hub.settings().endpoint
        self.early = Speculation(
            utterance,
            progress=lambda phase: None,  # a satellite is sent no progress sounds
            finished=lambda result: None,  # the turn's end is handled in ``turn``
            longest_s=endpoint.max_utterance_s + endpoint.silence_timeout_s + 5,
        )
        self.turn_task = asyncio.create_task(self.turn(utterance, self.turn_task, self.early))

    async def turn(
        self,
        heard: Utterance,
        previous: asyncio.Task[None] | None,
        early: Speculation | None = None,
        words: WordWindow | None = None,
    ) -> None:
        """One turn on the daemon's worker (after the one a barge-in cut short); the reply
        goes to the satellite as it is made. ``early``: started at a pause, it waits for
        the silence's confirmation before anything lasting, and says nothing if dropped."""
        if previous is not None:
            await previous
        self.hush.clear()
        self.played.clear()
        speaker = SatelliteSpeaker(self.send, asyncio.get_running_loop(), self.hush)
        until: Stage = "tts" if self.speaks else "answer"
        delivery = Delivery(sink=speaker, cancel=self.hush, words=words)
        if early is not None:
            delivery = Delivery(
                sink=speaker, cancel=self.hush, go_ahead=early.go_ahead, finished=early.finished
            )
        try:
            result = await asyncio.wrap_future(
                self.hub.worker.submit(heard, self.session, until, "spoken", delivery)
            )
            if result.stop_reason == "dropped":
                return  # the user went on: nothing was done or said
            if speaker.rate:
                await self.send([AudioStop().event()])
                # the satellite plays it now: what it hears meanwhile may be our voice
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.played.wait(), speaker.seconds + PLAYED_MARGIN_S)
            text = result.transcript.text if result.transcript else ""
            done = [Transcript(text=text).event()]
            if result.error is not None:
                done.append(Error(text=result.error.message, code=result.error.code).event())
            await self.send(done)
            # cut: a barge-in while it was sent or while the satellite played it
            cut = bool(result.speech and result.speech.cut) or self.hush.is_set()
            if result.reply is not None and self.taking is not None:
                self.taking.turn_ended(ended(result, cut))
        except (OSError, ConnectionError) as exc:
            log.warning("satellite %s: the turn's end was not delivered: %s", self.uri, exc)
        finally:
            dropped = early is not None and early.decision is False
            if self.turn_task is asyncio.current_task() and not dropped:
                self.busy = False
                wake = self.taking.listening.wake if self.taking is not None else None
                if wake is not None:
                    wake.reset()  # forget our own voice
