from __future__ import annotations

from typing import Protocol

from voice_assistant.events import FloatAudio


class EndOfTurn(Protocol):
    """How likely it is that the speaker has finished, from the audio so far."""

    def finished(self, audio: FloatAudio) -> float:
        """The probability (0-1) that the turn in ``audio`` (16 kHz, ending now) is
        complete; the last few seconds are what count."""
        ...
