"""The remote STT and TTS engines (``backend = "wyoming"``) against scripted peers: what
they send, what they make of the answer, and a stage error naming the service for every
way a service can fail. The real services are in tests/integration/test_remote_engines.py."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager

import numpy as np
import pytest
from wyoming.asr import Transcript
from wyoming.audio import AudioChunk, AudioStart, AudioStop
from wyoming.error import Error
from wyoming.event import Event

from bench.peers import free_port
from tests.loop_thread import loop_thread, port_of
from voice_assistant.config import Settings
from voice_assistant.errors import StageFailure
from voice_assistant.stt.wyoming import WyomingSTT
from voice_assistant.tts.wyoming import WyomingTTS
from voice_assistant.wyoming.wire import read_event, write_event

Peer = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]


@contextmanager
def scripted(peer: Peer) -> Iterator[str]:
    """A one-off Wyoming service on a free port, acting out ``peer`` per connection."""
    with loop_thread() as loop:
        server = loop.server(asyncio.start_server(peer, "127.0.0.1", 0))
        yield f"tcp://127.0.0.1:{port_of(server)}"


async def events_until(reader: asyncio.StreamReader, kind: str) -> list[Event]:
    got: list[Event] = []
    while (event := await read_event(reader)) is not None:
        got.append(event)
        if event.type == kind:
            break
    return got


def stt(uri: str, read_timeout_s: float = 10) -> WyomingSTT:
    return WyomingSTT(uri, "en", connect_timeout_s=2, read_timeout_s=read_timeout_s)


def tts(uri: str, read_timeout_s: float = 10) -> WyomingTTS:
    return WyomingTTS(uri, "joe", 22050, connect_timeout_s=2, read_timeout_s=read_timeout_s)


def test_stt_sends_the_utterance_as_16_bit_chunks_and_returns_the_transcript():
    seen: list[Event] = []

    async def service(reader, writer):
        seen.extend(await events_until(reader, "audio-stop"))
        await write_event(writer, Event("voice-started"))  # anything else is passed over
        await write_event(writer, Transcript(text=" Hello there. ", language="en").event())
        writer.close()

    samples = np.full(20_000, 0.5, dtype=np.float32)
    with scripted(service) as uri:
        heard = stt(uri).transcribe(samples)
    assert heard.text == "Hello there." and heard.language == "en"
    assert heard.audio_s == pytest.approx(20_000 / 16_000)
    assert [e.type for e in seen[:2]] == ["transcribe", "audio-start"]
    assert seen[0].data["language"] == "en"
    assert AudioStart.from_event(seen[1]).rate == 16_000
    chunks = [AudioChunk.from_event(e) for e in seen if e.type == "audio-chunk"]
    pcm = np.frombuffer(b"".join(c.audio for c in chunks), dtype="<i2")
    assert len(pcm) == 20_000 and abs(int(pcm[0]) - 16_383) <= 1
    assert seen[-1].type == "audio-stop"


def test_tts_passes_chunks_on_and_resamples_another_rate():
    asked: list[Event] = []

    async def service(reader, writer):
        asked.extend(await events_until(reader, "synthesize"))
        fmt = {"rate": 16_000, "width": 2, "channels": 1}
        await write_event(writer, AudioStart(**fmt).event())
        for _ in range(4):
            tone = (np.sin(np.arange(4000) / 5) * 8000).astype("<i2").tobytes()
            await write_event(writer, AudioChunk(audio=tone, **fmt).event())
        await write_event(writer, AudioStop().event())
        writer.close()

    with scripted(service) as uri:
        chunks = list(tts(uri).synthesize("Hello."))
    assert asked[-1].data["text"] == "Hello." and asked[-1].data["voice"]["name"] == "joe"
    assert len(chunks) >= 4 and all(c.dtype == np.int16 for c in chunks)
    total = sum(len(c) for c in chunks)
    assert total == pytest.approx(16_000 * 22_050 / 16_000, rel=0.01)  # 1 s at 22,050 Hz


def test_a_service_that_cannot_be_reached_is_named():
    port = free_port()  # nothing listens there
    with pytest.raises(StageFailure) as caught:
        stt(f"tcp://127.0.0.1:{port}").transcribe(np.zeros(1600, np.float32))
    failure = caught.value
    assert failure.stage == "stt" and failure.code == "service-unreachable"
    assert f"tcp://127.0.0.1:{port}" in failure.message


async def silent(reader, writer):
    await asyncio.sleep(5)
    writer.close()


async def answers_error(reader, writer):
    await events_until(reader, "synthesize")
    await write_event(writer, Error(text="no such voice", code="voice-not-found").event())
    writer.close()


async def hangs_up(reader, writer):
    await events_until(reader, "synthesize")
    writer.close()


async def sends_garbage(reader, writer):
    await events_until(reader, "synthesize")
    writer.write(b"this is not an event\n")
    await writer.drain()
    writer.close()


async def sends_8_bit(reader, writer):
    await events_until(reader, "synthesize")
    await write_event(writer, AudioStart(rate=22_050, width=1, channels=1).event())
    writer.close()


@pytest.mark.parametrize(
    ("peer", "code", "words"),
    [
        (silent, "service-timeout", "said nothing for 0.5 s"),
        (answers_error, "service-failed", "no such voice [voice-not-found]"),
        (hangs_up, "service-failed", "closed the connection"),
        (sends_garbage, "service-failed", "not JSON"),
        (sends_8_bit, "service-failed", "1-byte samples"),
    ],
)
def test_a_failing_service_is_a_tts_stage_error_naming_it(peer, code, words):
    with scripted(peer) as uri, pytest.raises(StageFailure) as caught:
        list(tts(uri, read_timeout_s=0.5).synthesize("Hello."))
    failure = caught.value
    assert failure.stage == "tts" and failure.code == code
    assert words in failure.message and uri in failure.message


def test_the_wyoming_backends_need_an_address_and_a_good_one():
    with pytest.raises(ValueError, match=r"stt\.wyoming\.uri"):
        Settings.model_validate({"stt": {"backend": "wyoming"}})
    with pytest.raises(ValueError, match=r"tts\.wyoming\.uri"):
        Settings.model_validate({"tts": {"backend": "wyoming"}})
    with pytest.raises(ValueError, match="not a Wyoming address"):
        Settings.model_validate({"stt": {"wyoming": {"uri": "http://box:10300"}}})
    ok = Settings.model_validate(
        {"stt": {"backend": "wyoming", "wyoming": {"uri": "tcp://box:10300"}}}
    )
    assert ok.stt.wyoming.uri == "tcp://box:10300"
