"""The ``fake`` TTS backend: a short tone per sentence, at piper's rate."""

from __future__ import annotations

import re
from collections.abc import Iterator

import numpy as np
import numpy.typing as npt


class FakeTTS:
    sample_rate = 22_050

    def __init__(self, keep: bool = True) -> None:
        self.keep = keep
        """Record each sentence spoken (a long soak keeps nothing)."""
        self.spoken: list[str] = []

    def synthesize(self, text: str) -> Iterator[npt.NDArray[np.int16]]:
        for sentence in filter(None, re.split(r"(?<=[.!?])\s+", text.strip())):
            if self.keep:
                self.spoken.append(sentence)
            t = np.arange(int(0.05 * len(sentence) * self.sample_rate)) / self.sample_rate
            yield (np.sin(2 * np.pi * 220 * t) * 8000).astype(np.int16)
