"""The interface a wake-word backend offers: a score per 80 ms frame of 16 kHz int16 audio."""

from __future__ import annotations

from typing import Protocol

import numpy as np
import numpy.typing as npt

FRAME = 1280
"""Samples per frame (80 ms at 16 kHz): openWakeWord's step, and the mic's block size."""


class WakeWordModel(Protocol):
    names: tuple[str, ...]

    def score(self, frame: npt.NDArray[np.int16]) -> float:
        """The highest score of any configured wake word for this frame (0..1)."""
        ...

    def reset(self) -> None:
        """Forget the audio heard so far (after our own speech, or a wake)."""
        ...
