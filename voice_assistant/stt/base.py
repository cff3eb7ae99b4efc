from __future__ import annotations

from typing import Protocol

from voice_assistant.events import FloatAudio, Transcript


class SpeechToText(Protocol):
    """Turns one endpointed utterance (16 kHz mono float32) into text."""

    def transcribe(self, samples: FloatAudio) -> Transcript: ...
