"""A fake STT for unit tests: returns scripted text, records what it heard."""

from __future__ import annotations

from voice_assistant.events import SAMPLE_RATE, FloatAudio, Transcript


class FakeSTT:
    def __init__(self, text: str = "what time is it") -> None:
        self.text = text
        self.heard: list[int] = []

    def transcribe(self, samples: FloatAudio) -> Transcript:
        self.heard.append(len(samples))
        return Transcript(text=self.text, language="en", audio_s=len(samples) / SAMPLE_RATE)
