"""The ``wyoming`` STT backend: any Wyoming speech-to-text service (wyoming-faster-whisper
on a bigger machine, another assistant's ``serve``), one connection per utterance:
``transcribe``, the audio as 16 kHz 16-bit mono chunks, ``audio-stop``, then its
``transcript``."""

from __future__ import annotations

from wyoming.asr import Transcribe
from wyoming.asr import Transcript as WyomingTranscript
from wyoming.audio import AudioStart, AudioStop

from voice_assistant.events import SAMPLE_RATE, FloatAudio, Transcript
from voice_assistant.wyoming.client import WyomingRequest
from voice_assistant.wyoming.pcm import chunk_events, pcm16

CHUNK_SAMPLES = 4096
"""Samples per chunk sent (0.26 s): few events, none near the payload caps."""


class WyomingSTT:
    def __init__(
        self, uri: str, language: str, connect_timeout_s: float, read_timeout_s: float
    ) -> None:
        self.language = language
        self._request = (uri, connect_timeout_s, read_timeout_s)

    def transcribe(self, samples: FloatAudio) -> Transcript:
        start = AudioStart(rate=SAMPLE_RATE, width=2, channels=1).event()
        with WyomingRequest("stt", *self._request) as peer:
            peer.send(Transcribe(language=self.language or None).event(), start)
            peer.send(*chunk_events(pcm16(samples), SAMPLE_RATE, CHUNK_SAMPLES))
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
