"""Voice activity: speech probability per 32 ms window, from silero VAD (ONNX).

faster-whisper ships the silero model and its runner; we use its file, so no extra
download or torch. Fakes for tests implement the same ``probabilities`` method.
"""

from __future__ import annotations

from typing import Protocol

import numpy as np
import numpy.typing as npt

from voice_assistant.events import SAMPLE_RATE, FloatAudio

WINDOW = 512
WINDOW_S = WINDOW / SAMPLE_RATE


class VoiceActivity(Protocol):
    def probabilities(self, samples: FloatAudio) -> npt.NDArray[np.float32]:
        """One speech probability per ``WINDOW`` samples (the tail is zero-padded)."""
        ...


class SileroVAD:
    def __init__(self) -> None:
        from faster_whisper.vad import get_vad_model

        self.model = get_vad_model()

    def probabilities(self, samples: FloatAudio) -> npt.NDArray[np.float32]:
        pad = (-len(samples)) % WINDOW
        padded = np.pad(samples, (0, pad)) if pad else samples
        if len(padded) == 0:
            return np.zeros(0, dtype=np.float32)
        return np.asarray(self.model(padded, num_samples=WINDOW), dtype=np.float32).reshape(-1)
