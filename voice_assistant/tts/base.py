from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

import numpy as np
import numpy.typing as npt


class TextToSpeech(Protocol):
    """Speaks text as int16 mono audio at ``sample_rate``, one chunk per sentence."""

    sample_rate: int

    def synthesize(self, text: str) -> Iterator[npt.NDArray[np.int16]]: ...
