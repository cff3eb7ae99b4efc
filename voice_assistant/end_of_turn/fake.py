"""A fake end-of-turn model for unit tests: the same verdict every time, each call kept."""

from __future__ import annotations

from voice_assistant.events import SAMPLE_RATE, FloatAudio


class FakeEndOfTurn:
    def __init__(self, probability: float = 0.0) -> None:
        self.probability = probability
        """0.0 (the default): never finished, so silence alone ends a turn, as before."""
        self.asked_s: list[float] = []
        """The length of the audio of each question, in seconds."""

    def finished(self, audio: FloatAudio) -> float:
        self.asked_s.append(len(audio) / SAMPLE_RATE)
        return self.probability
