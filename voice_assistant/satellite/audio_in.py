"""What a satellite streams, as the samples our wake word and endpointing take."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from wyoming.audio import AudioChunk

from voice_assistant.audio.wavfile import to_mono_16k
from voice_assistant.events import SAMPLE_RATE
from voice_assistant.wyoming.pcm import pcm16


def samples_of(chunk: AudioChunk) -> npt.NDArray[np.int16] | None:
    """16 kHz mono 16-bit samples of ``chunk`` (converted when it is another rate or has
    more channels); None for audio of another sample width, which we cannot hear."""
    if chunk.width != 2:
        return None
    if chunk.rate == SAMPLE_RATE and chunk.channels == 1:
        return np.frombuffer(chunk.audio, dtype="<i2")
    frames = np.frombuffer(chunk.audio, dtype="<i2").reshape(-1, chunk.channels)
    mono = to_mono_16k(frames.astype(np.float32) / 32768.0, chunk.rate)
    return np.frombuffer(pcm16(mono), dtype="<i2")
