"""Reading any WAV as 16 kHz mono float32, and writing reply WAVs.

The header is checked by hand first so a broken file gets a precise reason (empty, not a
WAV, truncated) rather than a decoder's generic message; soundfile then decodes every
PCM/float width, and soxr resamples. The length is known from the header before any audio
is decoded, so a caller's limit refuses a 2-hour file at once; decoding goes block by block
(mixed down and resampled as it goes), so memory holds only the 16 kHz mono result.
Samples that are NaN or infinite (a float WAV can hold them) are refused: they would
poison every stage after this one.
"""

from __future__ import annotations

import os
import stat
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
BLOCK_FRAMES = 1 << 16
"""Frames decoded at a time."""
FORMAT_TAGS = {1: "PCM", 3: "IEEE float", 6: "A-law", 7: "mu-law", 0xFFFE: "extensible"}

SIGNATURES: list[tuple[bytes, str]] = [
    (b"ID3", "an MP3 file"),
    (b"fLaC", "a FLAC file"),
    (b"OggS", "an Ogg file"),
    (b"FORM", "an AIFF file"),
    (b"\x89PNG", "a PNG image"),
    (b"%PDF", "a PDF document"),
    (b"PK\x03\x04", "a ZIP archive"),
]


def _kind_of(mode: int) -> str:
    kinds = [
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
    ]
    return next((name for test, name in kinds if test(mode)), "not a regular file")


def _looks_like(head: bytes) -> str:
    """What a file that is not a WAV seems to be, for the error message."""
    for magic, name in SIGNATURES:
        if head.startswith(magic):
            return name
    if len(head) >= 2 and head[0] == 0xFF and head[1] & 0xE0 == 0xE0:
        return "an MP3 (MPEG audio) file"
    if head[:4] in (b"RIFF", b"RF64"):
        return f"a RIFF {head[8:12].decode('latin-1').strip() or 'container'} file"
    try:
        text = head.decode("utf-8")
    except UnicodeDecodeError:
        return "not a WAV file"
    printable = all(ch.isprintable() or ch in "\t\r\n" for ch in text)
    return "a text file" if printable else "not a WAV file"


def check_header(path: Path) -> int | None:
    """Raise AudioInputError naming what is wrong with the file's RIFF/WAVE structure.

    Returns the format tag of the ``fmt`` chunk (1 PCM, 3 float…), when there is one.
    """
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):  # a FIFO would block, a device never end
            raise AudioInputError(
                "not-a-file", f"{path.name}: not a WAV file but {_kind_of(info.st_mode)}"
            )
        size = info.st_size
        with path.open("rb") as fh:
            head = fh.read(12)
            if size == 0:
                raise AudioInputError("empty-file", f"{path.name}: the file is empty (0 bytes)")
            if len(head) < 12 or head[:4] not in (b"RIFF", b"RF64") or head[8:12] != b"WAVE":
                what = _looks_like(head)
                what = "" if what == "not a WAV file" else f"; it looks like {what}"
                raise AudioInputError(
                    "not-a-wav", f"{path.name}: not a WAV file (no RIFF/WAVE header{what})"
                )
            tag = None
            while True:
                chunk = fh.read(8)
                if len(chunk) < 8:
                    what = "audio data" if tag is not None else "format chunk"
                    raise AudioInputError(
                        "truncated", f"{path.name}: truncated WAV, the file ends before its {what}"
                    )
                kind, length = chunk[:4], struct.unpack("<I", chunk[4:])[0]
                if kind == b"fmt ":
                    fmt = fh.read(2)
                    tag = struct.unpack("<H", fmt)[0] if len(fmt) == 2 else 0
                    fh.seek(-len(fmt), 1)
                if kind == b"data":
                    left = size - fh.tell()
                    if length not in UNKNOWN_LENGTH and length > left:
                        raise AudioInputError(
                            "truncated",
                            f"{path.name}: truncated WAV, header promises {length} bytes of "
                            f"audio but only {left} are there",
                        )
                    return tag
                fh.seek(length + (length & 1), 1)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise AudioInputError("unreadable", f"{path.name}: cannot read the file: {reason}") from exc


def to_mono_16k(samples: npt.NDArray[np.float32], rate: int) -> FloatAudio:
    """Mix channels down and resample; input is (frames, channels) float32."""
    mono = samples.mean(axis=1, dtype=np.float32) if samples.ndim == 2 else samples
    if rate != SAMPLE_RATE:
        mono = soxr.resample(mono, rate, SAMPLE_RATE, quality="HQ")
    return np.ascontiguousarray(mono, dtype=np.float32)


def _clock(seconds: float) -> str:
    whole = round(seconds)
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


def _decode(sound: soundfile.SoundFile, name: str) -> FloatAudio:
    """Block by block: refuse non-finite samples, mix down, resample as a stream."""
    rate = int(sound.samplerate)
    stream = (
        soxr.ResampleStream(rate, SAMPLE_RATE, 1, dtype="float32", quality="HQ")
        if rate != SAMPLE_RATE
        else None
    )
    parts: list[FloatAudio] = []
    done = 0
    for block in sound.blocks(BLOCK_FRAMES, dtype="float32", always_2d=True):
        finite = np.isfinite(block).all(axis=1)
        if not finite.all():
            first = done + int(np.argmin(finite))
            raise AudioInputError(
                "bad-samples",
                f"{name}: the WAV holds NaN or infinite samples (the first at "
                f"{first / rate:.3f} s); it is not usable audio",
            )
        done += len(block)
        mono = block.mean(axis=1, dtype=np.float32)
        parts.append(stream.resample_chunk(mono, last=False) if stream else mono)
    if stream is not None:
        parts.append(stream.resample_chunk(np.zeros(0, dtype=np.float32), last=True))
    return np.ascontiguousarray(np.concatenate(parts), dtype=np.float32)


def read_wav(path: Path, max_seconds: float | None = None) -> tuple[FloatAudio, float]:
    """The file's audio as 16 kHz mono float32, and its duration in seconds.

    ``max_seconds`` refuses (code ``too-long``) a longer file from its header alone,
    before any audio is decoded.
    """
    tag = check_header(path)
    try:
        with soundfile.SoundFile(str(path)) as sound:
            rate, frames = int(sound.samplerate), int(sound.frames)
            if frames == 0:
                raise AudioInputError("empty-audio", f"{path.name}: the WAV holds no audio frames")
            seconds = frames / rate
            if max_seconds is not None and seconds > max_seconds:
                raise AudioInputError(
                    "too-long",
                    f"{path.name}: {_clock(seconds)} of audio ({seconds:.0f} s) is longer "
                    f"than the {max_seconds:g} s limit",
                )
            samples = _decode(sound, path.name)
    except (soundfile.LibsndfileError, RuntimeError, ValueError) as exc:
        if tag is not None and tag not in FORMAT_TAGS:
            raise AudioInputError(
                "unsupported-format",
                f"{path.name}: cannot decode the WAV: its format tag 0x{tag:04X} is not "
                f"PCM or float ({exc})",
            ) from exc
        raise AudioInputError("unreadable", f"{path.name}: cannot decode the WAV: {exc}") from exc
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise AudioInputError("unreadable", f"{path.name}: cannot read the file: {reason}") from exc
    return samples, seconds


def write_wav(path: Path, samples: npt.NDArray[np.int16], rate: int) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(np.ascontiguousarray(samples, dtype="<i2").tobytes())
