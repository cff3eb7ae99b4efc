"""``voice-assistant bench --suite wyoming-early``: what the Wyoming server's early start
gains Home Assistant.

Home Assistant streams the microphone to our speech-to-text as it comes and sends
``audio-stop`` once its own VAD has heard ``HA_SILENCE_S`` of silence (its default
sensitivity). Our server may transcribe at a pause the end-of-turn model calls the end
(``wyoming_server.early_transcript``), so the words can be ready when ``audio-stop``
comes. Every sixth request of the answer set's part (``--held-out``), said by piper and
espeak-ng, is streamed in real time in 64 ms chunks, then silence until ``audio-stop``,
to a server with the early start (the default) and to one without
(``endpoint.turn_end_pause_s = 0``), in turn; timed from ``audio-stop`` to the
``transcript`` event. Prints p50 / p90 each way, and how often both heard the same words.
"""

from __future__ import annotations

import asyncio
import time

import numpy as np

from bench.answers import load_requests
from bench.live import percentile
from bench.voices import voices
from tests.loop_thread import loop_thread, port_of
from voice_assistant.config import Settings
from voice_assistant.events import SAMPLE_RATE, FloatAudio

HA_SILENCE_S = 0.7
"""Home Assistant's ``VadSensitivity.DEFAULT``: the silence that ends a voice command."""
CHUNK = 1024
"""Samples a chunk: 64 ms, as a satellite streams."""
LEAD_S = 0.3
EVERY = 6


async def stream(port: int, audio: FloatAudio) -> tuple[float, str]:
    """Seconds from ``audio-stop`` to the transcript, and the transcript."""
    from wyoming.asr import Transcribe, Transcript
    from wyoming.audio import AudioChunk, AudioStart, AudioStop
    from wyoming.client import AsyncTcpClient

    lead = np.zeros(int(LEAD_S * SAMPLE_RATE), np.float32)
    tail = np.zeros(int(HA_SILENCE_S * SAMPLE_RATE), np.float32)
    said = np.concatenate([lead, audio, tail])
    pcm = (np.clip(said, -1, 1) * 32767).astype("<i2").tobytes()
    fmt = {"rate": SAMPLE_RATE, "width": 2, "channels": 1}
    async with AsyncTcpClient("127.0.0.1", port) as client:
        await client.write_event(Transcribe(language="en").event())
        await client.write_event(AudioStart(**fmt).event())
        started = time.monotonic()
        for n, at in enumerate(range(0, len(pcm), CHUNK * 2)):
            due = started + n * CHUNK / SAMPLE_RATE
            await asyncio.sleep(max(0.0, due - time.monotonic()))  # as a microphone gives it
            await client.write_event(AudioChunk(audio=pcm[at : at + CHUNK * 2], **fmt).event())
        await asyncio.sleep(max(0.0, started + len(said) / SAMPLE_RATE - time.monotonic()))
        stopped = time.monotonic()
        await client.write_event(AudioStop().event())
        while True:
            event = await asyncio.wait_for(client.read_event(), 120)
            if event is None:
                raise RuntimeError("the server closed the connection before the transcript")
            if Transcript.is_type(event.type):
                return time.monotonic() - stopped, Transcript.from_event(event).text
            if event.type == "error":
                raise RuntimeError(f"the server answered with an error: {event.data}")


def run_wyoming_early_bench(settings: Settings, part: int) -> int:
    from voice_assistant.assembly import assemble
    from voice_assistant.rooms.service import TurnService
    from voice_assistant.wyoming_server.server import WyomingServer

    late = settings.model_copy(deep=True)
    late.endpoint.turn_end_pause_s = 0.0
    clips = [
        (f"{voice.name}/{r.id}", voice.say(r.spoken, r.id))
        for voice in voices(settings)
        for r in load_requests(held_out=part)[::EVERY]
    ]
    print(
        f"# the Wyoming server's early start: {len(clips)} requests streamed in real time, "
        f"audio-stop after {HA_SILENCE_S} s of silence",
        flush=True,
    )
    services = {
        "early start": TurnService(assemble(settings)).start(),
        "no early start": TurnService(assemble(late)).start(),
    }
    times: dict[str, list[float]] = {name: [] for name in services}
    same = 0
    try:
        with loop_thread() as loop:
            ports = {
                name: port_of(loop.server(WyomingServer(service).start("127.0.0.1", 0)))
                for name, service in services.items()
            }
            for port in ports.values():  # models loaded before the first timed request
                loop.run(stream(port, clips[0][1]), timeout=300)
            for label, audio in clips:
                heard = {}
                for name, port in ports.items():
                    seconds, text = loop.run(stream(port, audio), timeout=300)
                    times[name].append(seconds)
                    heard[name] = text
                same += len(set(heard.values())) == 1
                print(
                    f"  {label:<36} "
                    + "  ".join(f"{n} {times[n][-1]:.2f}s" for n in services)
                    + f"  {heard['early start']!r}",
                    flush=True,
                )
    finally:
        for service in services.values():
            service.close(timeout=60)
    print("\naudio-stop -> transcript, p50 / p90:")
    for name, waits in times.items():
        print(f"  {name:<15} {percentile(waits, 50):.2f} / {percentile(waits, 90):.2f} s")
    print(f"the same words both ways: {same} of {len(clips)}")
    return 0
