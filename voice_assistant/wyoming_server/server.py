"""``voice-assistant serve``: the assistant as a Wyoming server on one port, with three
programs Home Assistant can add (Wyoming integration, host and port): ``asr`` (our
whisper), ``tts`` (our piper voice) and ``handle`` (a whole turn: acts, research, review;
the reply text that would be spoken).

``describe`` is answered at once; ``transcribe`` + audio -> ``transcript`` (started at a
pause in the stream, ``early_transcript``); ``synthesize``
-> audio (streamed text too, ``synthesize-start``/``-chunk``/``-stop``: each sentence is
spoken as soon as it is whole); a ``transcript`` -> one turn through the turn service ->
``handled`` (or ``not-handled`` with code's reason); ``ping`` -> ``pong``; a failure ->
``error`` with its code; unknown events are ignored. Every model call runs on the turn
service's one worker, beside the daemon's turns. A conversation id in the event's context
is a ``Session``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

import numpy as np
from wyoming.asr import Transcribe, Transcript
from wyoming.audio import AudioChunk, AudioStart, AudioStop
from wyoming.error import Error
from wyoming.event import Event
from wyoming.handle import Handled, NotHandled
from wyoming.info import (
    AsrModel,
    AsrProgram,
    Attribution,
    Describe,
    HandleModel,
    HandleProgram,
    Info,
    TtsProgram,
    TtsVoice,
)
from wyoming.ping import Ping, Pong
from wyoming.tts import (
    Synthesize,
    SynthesizeChunk,
    SynthesizeStart,
    SynthesizeStop,
    SynthesizeStopped,
)

from voice_assistant.assembly import Assembly
from voice_assistant.audio.wavfile import to_mono_16k
from voice_assistant.config import Settings
from voice_assistant.engines import Engines
from voice_assistant.errors import AssistantError
from voice_assistant.events import FloatAudio
from voice_assistant.listening.endpointing import LiveEndpointer
from voice_assistant.pipeline.speak import complete_sentences
from voice_assistant.rooms.service import TurnService
from voice_assistant.turn.session import Session
from voice_assistant.vad import StreamingSilero
from voice_assistant.wyoming.pcm import chunk_events
from voice_assistant.wyoming.uri import allowed
from voice_assistant.wyoming.wire import MAX_HEADER, WireError, read_event, write_event
from voice_assistant.wyoming_server.early_transcript import EarlyTranscript

log = logging.getLogger("voice_assistant.wyoming")
T = TypeVar("T")
CHUNK_SAMPLES = 1024
"""Samples per audio chunk sent (46 ms at piper's 22,050 Hz)."""
IDLE_S = 120.0
"""A peer that sends nothing this long is disconnected."""
ME = Attribution(name="voice-assistant", url="")


def serves(engines: Engines, kind: str) -> tuple[str, str]:
    """What really transcribes (``stt``) or speaks (``tts``) for us: its description and
    model name. A Wyoming service on another machine is named as such, with its address."""
    s = engines.settings
    backend = engines.backend(kind)
    what = "speech to text" if kind == "stt" else "voice"
    if backend == "wyoming":
        uri = getattr(s, kind).wyoming.uri
        return f"the assistant's {what} from the Wyoming service at {uri}", "remote"
    model = s.models.stt if kind == "stt" else s.models.tts
    return f"the assistant's {what} ({backend}, on this machine)", model


def describe(engines: Engines) -> Info:
    """What this server offers: the speech to text and the voice that really serve it (ours,
    or a remote one named as such), and the whole turn, which controls no home devices
    (``supports_home_control`` False, so Home Assistant keeps its own device commands)."""
    s = engines.settings
    languages = [s.stt.language or "en"]
    (heard_by, stt_model), (voiced_by, voice) = serves(engines, "stt"), serves(engines, "tts")
    return Info(
        asr=[
            AsrProgram(
                name="voice-assistant-asr",
                attribution=ME,
                installed=True,
                description=heard_by,
                version=None,
                models=[AsrModel(stt_model, ME, True, engines.backend("stt"), None, languages)],
            )
        ],
        tts=[
            TtsProgram(
                name="voice-assistant-tts",
                attribution=ME,
                installed=True,
                description=voiced_by,
                version=None,
                voices=[TtsVoice(voice, ME, True, engines.backend("tts"), None, languages)],
                supports_synthesize_streaming=True,
            )
        ],
        handle=[
            HandleProgram(
                name="voice-assistant",
                attribution=ME,
                installed=True,
                description="answers from your own notes, timers, alarms and reminders, "
                "reviewed; controls no home devices",
                version=None,
                models=[HandleModel("turns", ME, True, "the whole turn", None, languages)],
                supports_home_control=False,
            )
        ],
    )


class WyomingServer:
    def __init__(self, service: TurnService) -> None:
        self.service = service
        """Whose worker runs every model call, on the assembly in force (the daemon's,
        inside ``run --wyoming``: a reload reaches the next request)."""

    @property
    def settings(self) -> Settings:
        return self.service.settings

    def info(self) -> Event:
        """``describe``'s answer for the configuration in force (nothing is loaded)."""
        return describe(self.service.assembly.engines).event()

    def session(self, context: Any) -> Session:
        """The conversation a peer's context names: the room of the satellite or device it
        names (timers and asks stay in that room), else its conversation id, else a new one."""
        context = context if isinstance(context, dict) else {}
        device = context.get("satellite_id") or context.get("device_id")
        if isinstance(device, str) and device:
            return self.service.sessions.get(f"ha:{device}")
        key = context.get("conversation_id")
        if not isinstance(key, str) or not key:
            return Session(room="wyoming", continues_latest=False)
        return self.service.sessions.get(f"wyoming:{key}", continues_latest=False)

    async def start(self, host: str, port: int) -> asyncio.Server:
        return await asyncio.start_server(
            lambda r, w: Connection(self, r, w).run(), host, port, limit=MAX_HEADER
        )


class Connection:
    def __init__(
        self, server: WyomingServer, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        self.server = server
        self.reader = reader
        self.writer = writer
        self.transcribing = False
        self.audio = bytearray()
        self.rate, self.width, self.channels = 16_000, 2, 1
        self.text_stream: str | None = None
        """Text of a streamed synthesis not yet spoken (None: no stream open)."""
        self.early: EarlyTranscript | None = None
        """The words of the stream being transcribed, heard as they come."""

    async def run(self) -> None:
        peer = self.writer.get_extra_info("peername")
        allow = self.server.settings.wyoming.allow
        if not allowed(str(peer[0]) if peer else "", allow):
            log.warning("wyoming: refused %s (not in wyoming.allow)", peer[0] if peer else "?")
            self.writer.close()
            return
        try:
            while True:
                event = await asyncio.wait_for(read_event(self.reader), IDLE_S)
                if event is None:
                    break
                try:
                    await self.handle(event)
                except AssistantError as exc:
                    await write_event(self.writer, Error(exc.message, exc.code).event())
        except WireError as exc:  # not an event: say so and close the connection
            log.warning("wyoming peer %s: %s", peer, exc.message)
            with contextlib.suppress(ConnectionError):  # the peer may be gone already
                await write_event(self.writer, Error(exc.message, exc.code).event())
                await self.discard()
        except (TimeoutError, ConnectionError):
            pass
        finally:
            self.writer.close()

    async def discard(self, most: int = 4 * MAX_HEADER, within_s: float = 1.0) -> None:
        """Read and drop what the peer is still sending (a little, briefly): closing with
        unread input would reset the connection and lose the error event sent."""
        with contextlib.suppress(TimeoutError, ConnectionError):
            async with asyncio.timeout(within_s):
                left = most
                while left > 0 and (chunk := await self.reader.read(min(left, 65536))):
                    left -= len(chunk)

    async def on_worker(self, job: Callable[[Assembly], T]) -> T:
        """Run ``job`` on the turn service's worker (the one thread that runs models)."""
        return await asyncio.wrap_future(self.server.service.call(job))

    async def handle(self, event: Event) -> None:
        if Describe.is_type(event.type):
            await write_event(self.writer, self.server.info())
        elif Ping.is_type(event.type):
            await write_event(self.writer, Pong(text=Ping.from_event(event).text).event())
        elif Transcribe.is_type(event.type):
            self.transcribing, self.audio = True, bytearray()
            self.early = self.listen_early()
        elif AudioStart.is_type(event.type):
            start = AudioStart.from_event(event)
            self.rate, self.width, self.channels = start.rate, start.width, start.channels
            self.audio = bytearray()
            self.early = self.listen_early() if self.transcribing else None
        elif AudioChunk.is_type(event.type):
            self.take(event.payload or b"")
            if self.early is not None:
                self.early.feed(event.payload or b"")
        elif AudioStop.is_type(event.type) and self.transcribing:
            self.transcribing = False
            made = self.early.made() if self.early is not None else None
            self.early = None
            if made is not None:  # started at a pause, nothing said since
                text = await asyncio.wrap_future(made)
            else:
                text = await self.transcribe(bytes(self.audio))
            await write_event(self.writer, Transcript(text=text).event())
        elif SynthesizeStart.is_type(event.type):
            self.text_stream = ""
        elif SynthesizeChunk.is_type(event.type) and self.text_stream is not None:
            sentences, self.text_stream = complete_sentences(
                self.text_stream + SynthesizeChunk.from_event(event).text
            )
            for sentence in sentences:  # each spoken as soon as it is whole
                await self.synthesize(sentence)
        elif SynthesizeStop.is_type(event.type) and self.text_stream is not None:
            if self.text_stream.strip():
                await self.synthesize(self.text_stream.strip())
            self.text_stream = None
            await write_event(self.writer, SynthesizeStopped().event())
        elif Synthesize.is_type(event.type) and self.text_stream is None:
            # inside a stream it only repeats the text, for servers that do not stream
            await self.synthesize(Synthesize.from_event(event).text)
        elif Transcript.is_type(event.type):
            await self.turn(Transcript.from_event(event))

    def take(self, payload: bytes) -> None:
        limit_s = self.server.settings.endpoint.max_input_s
        bytes_per_s = self.rate * self.width * self.channels
        if len(self.audio) + len(payload) > limit_s * bytes_per_s:
            self.audio = bytearray()
            raise AssistantError(
                "too-long", f"the audio is longer than {limit_s:g} s (endpoint.max_input_s)"
            )
        self.audio += payload

    def listen_early(self) -> EarlyTranscript | None:
        """This stream's words transcribed at a pause the end-of-turn model calls the end
        (``early_transcript``), when that model is in use and the stream is 16 kHz 16-bit
        mono; else None."""
        engines = self.server.service.assembly.engines  # its end-of-turn model, loaded once
        endpoint = engines.settings.endpoint
        spoken = (self.rate, self.width, self.channels) == (16_000, 2, 1)
        if endpoint.turn_end_pause_s <= 0 or not spoken:
            return None
        listener = LiveEndpointer(StreamingSilero(), endpoint, engines.turn_end())
        worker = self.server.service

        def transcribe(audio: FloatAudio) -> Future[str]:
            return worker.call(lambda now: now.engines.stt().transcribe(audio).text)

        return EarlyTranscript(listener, transcribe)

    async def transcribe(self, raw: bytes) -> str:
        if self.width != 2 or self.channels < 1 or not 8_000 <= self.rate <= 48_000:
            raise AssistantError(
                "unsupported-format",
                f"audio of {self.width * 8}-bit samples, {self.channels} channel(s) at "
                f"{self.rate} Hz; send 16-bit PCM, 8-48 kHz",
            )
        frames = np.frombuffer(raw[: len(raw) - len(raw) % (2 * self.channels)], "<i2")
        samples = (frames.astype(np.float32) / 32768.0).reshape(-1, self.channels)
        audio = to_mono_16k(samples, self.rate)
        if not len(audio):
            return ""
        return (await self.on_worker(lambda now: now.engines.stt().transcribe(audio))).text

    async def synthesize(self, text: str) -> None:
        def speak(now: Assembly) -> tuple[int, list[bytes]]:
            voice = now.engines.tts()
            chunks = [c.astype("<i2").tobytes() for c in voice.synthesize(text)]
            return voice.sample_rate, chunks

        rate, chunks = await self.on_worker(speak)
        await write_event(self.writer, AudioStart(rate=rate, width=2, channels=1).event())
        for sentence in chunks:
            for piece in chunk_events(sentence, rate, CHUNK_SAMPLES):
                await write_event(self.writer, piece)
        await write_event(self.writer, AudioStop().event())

    async def turn(self, heard: Transcript) -> None:
        session = self.server.session(heard.context)
        turn = self.server.service.submit(heard.text, session, "answer", "spoken")
        result = await asyncio.wrap_future(turn)
        context = heard.context
        if result.error is not None:  # the turn's own error, with its code
            error = Error(result.error.message, result.error.code)
            await write_event(self.writer, error.event())
            return
        if result.reply is None or not result.reply.text:
            reason = f"nothing to do ({result.stop_reason})"
            await write_event(self.writer, NotHandled(text=reason, context=context).event())
            return
        await write_event(self.writer, Handled(text=result.reply.text, context=context).event())
