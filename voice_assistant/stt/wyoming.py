"""The ``wyoming`` STT backend: any Wyoming speech-to-text service (wyoming-faster-whisper
on a bigger machine, another assistant's ``serve``), one connection per utterance:
``transcribe``, the audio as 16 kHz 16-bit mono chunks, ``audio-stop``, then its
``transcript``."""

from __future__ import annotations

import numpy as np
from wyoming.asr import Transcribe
from wyoming.asr import Transcript as WyomingTranscript
from wyoming.audio import AudioChunk, AudioStart, AudioStop

from voice_assistant.events import SAMPLE_RATE, FloatAudio, Transcript
from voice_assistant.wyoming.client import WyomingRequest

CHUNK_SAMPLES = 4096
"""Samples per chunk sent (0.26 s): few events, none near the payload caps."""


def pcm16(samples: FloatAudio) -> bytes:
    return (np.clip(samples, -1.0, 1.0) * 32767).astype("<i2").tobytes()


class WyomingSTT:
    def __init__(
        self, uri: str, language: str, connect_timeout_s: float, read_timeout_s: float
    ) -> None:
        self.language = language
        self._request = (uri, connect_timeout_s, read_timeout_s)

    def transcribe(self, samples: FloatAudio) -> Transcript:
        audio = pcm16(samples)
        fmt = {"rate": SAMPLE_RATE, "width": 2, "channels": 1}
        step = CHUNK_SAMPLES * 2
        with WyomingRequest("stt", *self._request) as peer:
            peer.send(Transcribe(language=self.language or None).event(), AudioStart(**fmt).event())
            peer.send(
                *(
                    AudioChunk(audio=audio[i : i + step], **fmt).event()
                    for i in range(0, len(audio), step)
                )
            )
            peer.send(AudioStop().event())
            while True:
                event = peer.read()
                if WyomingTranscript.is_type(event.type):
                    heard = WyomingTranscript.from_event(event)
                    break
        return Transcript(
            text=heard.text.strip(),
            language=heard.language or self.language,
            audio_s=len(samples) / SAMPLE_RATE,
        )
