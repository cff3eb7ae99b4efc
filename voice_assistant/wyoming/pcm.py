"""Audio as Wyoming events: 16-bit mono PCM cut into ``audio-chunk`` events, the one way
the server, the satellites' speaker and the remote speech-to-text send it."""

from __future__ import annotations

import numpy as np
from wyoming.audio import AudioChunk
from wyoming.event import Event

from voice_assistant.events import FloatAudio


def pcm16(samples: FloatAudio) -> bytes:
    """Float audio (-1..1) as little-endian 16-bit samples."""
    return (np.clip(samples, -1.0, 1.0) * 32767).astype("<i2").tobytes()


def chunk_events(pcm: bytes, rate: int, samples_per_chunk: int) -> list[Event]:
    """``pcm`` (16-bit mono) as ``audio-chunk`` events of ``samples_per_chunk`` each."""
    step = samples_per_chunk * 2
    return [
        AudioChunk(rate=rate, width=2, channels=1, audio=pcm[at : at + step]).event()
        for at in range(0, len(pcm), step)
    ]
