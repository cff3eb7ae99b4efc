"""The ``wyoming`` TTS backend: any Wyoming text-to-speech service (wyoming-piper on a
bigger machine, another assistant's ``serve``), one connection per sentence (``speak`` asks
for each): ``synthesize``, then its audio, passed on chunk by chunk as it arrives
(``speak`` plays a sentence once it is whole, while the next is synthesised).

The pipeline needs the sample rate before the first reply (``tts.wyoming.sample_rate``);
a service speaking at another rate is resampled to it.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import numpy.typing as npt
import soxr
from wyoming.audio import AudioChunk, AudioStart, AudioStop
from wyoming.tts import Synthesize, SynthesizeVoice

from voice_assistant.wyoming.client import WyomingRequest


class WyomingTTS:
    def __init__(
        self,
        uri: str,
        voice: str,
        sample_rate: int,
        connect_timeout_s: float,
        read_timeout_s: float,
    ) -> None:
        self.voice = voice
        self.sample_rate = sample_rate
        self._request = (uri, connect_timeout_s, read_timeout_s)

    def synthesize(self, text: str) -> Iterator[npt.NDArray[np.int16]]:
        voice = SynthesizeVoice(name=self.voice) if self.voice else None
        with WyomingRequest("tts", *self._request) as peer:
            peer.send(Synthesize(text=text, voice=voice).event())
            resampler: soxr.ResampleStream | None = None
            while True:
                event = peer.read()
                if AudioStart.is_type(event.type):
                    start = AudioStart.from_event(event)
                    if start.width != 2:
                        raise peer.failed(
                            f"the Wyoming tts service sends {start.width}-byte samples; "
                            "16-bit expected"
                        )
                    if start.rate != self.sample_rate:
                        resampler = soxr.ResampleStream(start.rate, self.sample_rate, 1, "int16")
                elif AudioChunk.is_type(event.type):
                    chunk = AudioChunk.from_event(event)
                    pcm = np.frombuffer(chunk.audio, dtype="<i2")[:: max(chunk.channels, 1)]
                    if resampler is not None:
                        pcm = resampler.resample_chunk(pcm)
                    if len(pcm):
                        yield pcm.astype(np.int16)
                elif AudioStop.is_type(event.type):
                    if resampler is not None:
                        tail = resampler.resample_chunk(np.zeros(0, np.int16), last=True)
                        if len(tail):
                            yield tail.astype(np.int16)
                    return
