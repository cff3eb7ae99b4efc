"""The ``fake`` STT backend: hears the text it is given; for tests and the fake soak."""

from __future__ import annotations

from voice_assistant.events import SAMPLE_RATE, FloatAudio, Transcript


class FakeSTT:
    def __init__(self, text: str = "what time is it", keep: bool = True) -> None:
        self.text = text
        self.keep = keep
        """Record the length of each utterance heard (a long soak keeps nothing)."""
        self.heard: list[int] = []

    def transcribe(self, samples: FloatAudio) -> Transcript:
        if self.keep:
            self.heard.append(len(samples))
        return Transcript(text=self.text, language="en", audio_s=len(samples) / SAMPLE_RATE)
