"""Reading any WAV as 16 kHz mono float32, and writing reply WAVs.

The header is checked by hand first so a broken file gets a precise reason (empty, not a
WAV, truncated) rather than a decoder's generic message; soundfile then decodes every
PCM/float width, and soxr resamples.
"""

from __future__ import annotations

import struct
import wave
from pathlib import Path

import numpy as np
import numpy.typing as npt
import soundfile
import soxr

from voice_assistant.errors import AudioInputError
from voice_assistant.events import SAMPLE_RATE, FloatAudio

UNKNOWN_LENGTH = {0, 0xFFFFFFFF}
"""Data sizes that streaming writers leave in a header: read to the end of the file."""


def check_header(path: Path) -> None:
    """Raise AudioInputError naming what is wrong with the file's RIFF/WAVE structure."""
    try:
        size = path.stat().st_size
        with path.open("rb") as fh:
            head = fh.read(12)
            if size == 0:
                raise AudioInputError("empty-file", f"{path.name}: the file is empty (0 bytes)")
            if len(head) < 12 or head[:4] not in (b"RIFF", b"RF64") or head[8:12] != b"WAVE":
                raise AudioInputError(
                    "not-a-wav", f"{path.name}: not a WAV file (no RIFF/WAVE header)"
                )
            seen_fmt = False
            while True:
                chunk = fh.read(8)
                if len(chunk) < 8:
                    what = "audio data" if seen_fmt else "format chunk"
                    raise AudioInputError(
                        "truncated", f"{path.name}: truncated WAV, the file ends before its {what}"
                    )
                kind, length = chunk[:4], struct.unpack("<I", chunk[4:])[0]
                if kind == b"fmt ":
                    seen_fmt = True
                if kind == b"data":
                    left = size - fh.tell()
                    if length not in UNKNOWN_LENGTH and length > left:
                        raise AudioInputError(
                            "truncated",
                            f"{path.name}: truncated WAV, header promises {length} bytes of "
                            f"audio but only {left} are there",
                        )
                    return
                fh.seek(length + (length & 1), 1)
    except OSError as exc:
        raise AudioInputError("unreadable", f"{path.name}: cannot read the file: {exc}") from exc


def to_mono_16k(samples: npt.NDArray[np.float32], rate: int) -> FloatAudio:
    """Mix channels down and resample; input is (frames, channels) float32."""
    mono = samples.mean(axis=1, dtype=np.float32) if samples.ndim == 2 else samples
    if rate != SAMPLE_RATE:
        mono = soxr.resample(mono, rate, SAMPLE_RATE, quality="HQ")
    return np.ascontiguousarray(mono, dtype=np.float32)


def read_wav(path: Path) -> tuple[FloatAudio, float]:
    """The file's audio as 16 kHz mono float32, and its duration in seconds."""
    check_header(path)
    try:
        data, rate = soundfile.read(str(path), dtype="float32", always_2d=True)
    except (soundfile.LibsndfileError, RuntimeError, ValueError) as exc:
        raise AudioInputError("unreadable", f"{path.name}: cannot decode the WAV: {exc}") from exc
    if len(data) == 0:
        raise AudioInputError("empty-audio", f"{path.name}: the WAV holds no audio frames")
    return to_mono_16k(data, int(rate)), len(data) / rate


def write_wav(path: Path, samples: npt.NDArray[np.int16], rate: int) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(np.ascontiguousarray(samples, dtype="<i2").tobytes())
