"""Whisper's log-mel features, in numpy: what the end-of-turn model reads.

The last ``SECONDS`` of 16 kHz audio (zeros before a shorter clip), scaled to zero mean and
unit variance, as 80 Slaney mel bands of a 400-sample periodic Hann STFT every 160 samples,
log10 with a floor, clamped to 8 below the peak and mapped by (x + 4) / 4: the input of
whisper's encoder for an 8-second window, frame for frame (80 x 800).
"""

from __future__ import annotations

from functools import cache

import numpy as np
import numpy.typing as npt

RATE = 16_000
SECONDS = 8
N_FFT = 400
HOP = 160
MELS = 80
FRAMES = SECONDS * RATE // HOP  # 800


def _hz_to_mel(hz: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Slaney's mel scale: linear below 1 kHz, logarithmic above."""
    mel = 3.0 * hz / 200.0
    above = hz >= 1000.0
    mel[above] = 15.0 + np.log(hz[above] / 1000.0) / (np.log(6.4) / 27.0)
    return mel


def _mel_to_hz(mel: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    hz = 200.0 * mel / 3.0
    above = mel >= 15.0
    hz[above] = 1000.0 * np.exp((np.log(6.4) / 27.0) * (mel[above] - 15.0))
    return hz


@cache
def mel_filters() -> npt.NDArray[np.float64]:
    """(MELS, N_FFT // 2 + 1) triangular filters, area-normalised (Slaney)."""
    bins = np.linspace(0.0, RATE / 2, N_FFT // 2 + 1)
    edges = _mel_to_hz(
        np.linspace(_hz_to_mel(np.array([0.0]))[0], _hz_to_mel(np.array([8000.0]))[0], MELS + 2)
    )
    widths = np.diff(edges)
    slopes = edges[:, None] - bins[None, :]
    down = -slopes[:-2] / widths[:-1, None]
    up = slopes[2:] / widths[1:, None]
    filters = np.maximum(0.0, np.minimum(down, up))
    return filters * (2.0 / (edges[2 : MELS + 2] - edges[:MELS]))[:, None]


def last_window(audio: npt.NDArray[np.float32]) -> npt.NDArray[np.float64]:
    """The last ``SECONDS`` of ``audio``, zero-padded in front when shorter."""
    size = SECONDS * RATE
    clip = np.asarray(audio, dtype=np.float64)[-size:]
    return np.pad(clip, (size - len(clip), 0))


def log_mel(audio: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """(MELS, FRAMES) features of the last 8 s of 16 kHz ``audio``."""
    x = last_window(audio)
    x = (x - x.mean()) / np.sqrt(x.var() + 1e-7)
    padded = np.pad(x, (N_FFT // 2, N_FFT // 2), mode="reflect")
    window = np.hanning(N_FFT + 1)[:-1]  # periodic
    frames = np.lib.stride_tricks.sliding_window_view(padded, N_FFT)[::HOP]
    power = np.abs(np.fft.rfft(frames * window, n=N_FFT)) ** 2  # (FRAMES + 1, bins)
    mel = np.maximum(1e-10, mel_filters() @ power[:-1].T)
    spec = np.log10(mel)
    spec = np.maximum(spec, spec.max() - 8.0)
    return ((spec + 4.0) / 4.0).astype(np.float32)
