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


class LoudnessVAD:
    """The ``fake`` voice activity: a 32 ms window is speech when it is loud. Enough to
    drive the endpointer in tests and the fake soak, with no model."""

    def __init__(self, level: float = 0.05) -> None:
        self.level = level
        """RMS (of full scale 1.0) above which a window is speech."""
        self.rest = np.zeros(0, dtype=np.float32)

    def probabilities(self, samples: FloatAudio) -> npt.NDArray[np.float32]:
        pad = (-len(samples)) % WINDOW
        windows = np.pad(samples, (0, pad)).reshape(-1, WINDOW)
        rms = np.sqrt((windows**2).mean(axis=1))
        return (rms > self.level).astype(np.float32)

    def feed(self, samples: FloatAudio) -> list[float]:
        """Streaming: a probability per whole window the new samples complete."""
        stream = np.concatenate([self.rest, samples])
        whole = len(stream) - len(stream) % WINDOW
        self.rest = stream[whole:]
        return [float(p) for p in self.probabilities(stream[:whole])] if whole else []

    def reset(self) -> None:
        self.rest = np.zeros(0, dtype=np.float32)


class StreamingVoiceActivity(Protocol):
    def feed(self, samples: FloatAudio) -> list[float]:
        """Speech probabilities for every whole ``WINDOW`` the new samples complete."""
        ...

    def reset(self) -> None:
        """Forget the stream so far."""
        ...


CONTEXT = 64
"""Samples of the previous window silero sees before each new one."""


class StreamingSilero:
    """Silero for a live stream: carries the model state and context between windows."""

    def __init__(self) -> None:
        from faster_whisper.vad import get_vad_model

        self.session = get_vad_model().session
        self.reset()

    def reset(self) -> None:
        self.h = np.zeros((1, 1, 128), dtype=np.float32)
        self.c = np.zeros((1, 1, 128), dtype=np.float32)
        self.context = np.zeros(CONTEXT, dtype=np.float32)
        self.pending = np.zeros(0, dtype=np.float32)

    def feed(self, samples: FloatAudio) -> list[float]:
        """Speech probabilities for every whole ``WINDOW`` completed by ``samples``."""
        self.pending = np.concatenate([self.pending, samples.astype(np.float32)])
        out = []
        while len(self.pending) >= WINDOW:
            window, self.pending = self.pending[:WINDOW], self.pending[WINDOW:]
            batch = np.concatenate([self.context, window])[None, :]
            prob, self.h, self.c = self.session.run(
                None, {"input": batch, "h": self.h, "c": self.c}
            )
            self.context = window[-CONTEXT:]
            out.append(float(np.asarray(prob).reshape(-1)[0]))
        return out
