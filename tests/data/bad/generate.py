"""Rebuilds the committed bad-input corpus: ``python tests/data/bad/generate.py``.

Every file is small (< 50 KB) and deterministic; the big or system-dependent inputs (a
2-hour WAV, a 50 MB text, symlink loops, FIFOs, unreadable files) are made by
``tests/bad_inputs/corpus.py`` at test time instead. README.md says what each file is.
"""

from __future__ import annotations

import io
import struct
import wave
from pathlib import Path

import numpy as np
import soundfile

HERE = Path(__file__).resolve().parent
RATE = 16_000


def tone(seconds: float, rate: int = RATE) -> np.ndarray:
    t = np.arange(int(seconds * rate)) / rate
    return (0.4 * np.sin(2 * np.pi * 440 * t)).astype(np.float32)


def wav_bytes(samples: np.ndarray, rate: int, subtype: str, fmt: str = "WAV") -> bytes:
    out = io.BytesIO()
    soundfile.write(out, samples, rate, subtype=subtype, format=fmt)
    return out.getvalue()


def pcm16_header_only() -> bytes:
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
    return out.getvalue()


def unknown_codec() -> bytes:
    """A well-formed RIFF/WAVE whose format tag (0x1234) no decoder knows."""
    data = bytes(1600)
    fmt = struct.pack("<HHIIHH", 0x1234, 1, RATE, RATE * 2, 2, 16)
    body = b"WAVE" + b"fmt " + struct.pack("<I", len(fmt)) + fmt
    body += b"data" + struct.pack("<I", len(data)) + data
    return b"RIFF" + struct.pack("<I", len(body)) + body


def wavs() -> dict[str, bytes]:
    good = wav_bytes(tone(1.0), RATE, "PCM_16")
    nan_some = tone(0.25)
    nan_some[1000] = np.nan
    nan_some[2000] = np.inf
    avi = b"AVI LIST" + struct.pack("<I", 4) + b"hdrl"
    return {
        "empty.wav": b"",
        "text.wav": b"This is a text file with a .wav name, not audio.\n",
        "mp3.wav": wav_bytes(tone(0.5), RATE, "MPEG_LAYER_III", fmt="MP3"),
        "riff-avi.wav": b"RIFF" + struct.pack("<I", len(avi)) + avi,
        "truncated-header.wav": good[:20],
        "truncated-data.wav": good[: len(good) // 2],
        "zero-frames.wav": pcm16_header_only(),
        "unknown-codec.wav": unknown_codec(),
        "nan.wav": wav_bytes(np.full(4000, np.nan, dtype=np.float32), RATE, "FLOAT"),
        "nan-some.wav": wav_bytes(nan_some, RATE, "FLOAT"),
        "pcm8.wav": wav_bytes(tone(0.5), RATE, "PCM_U8"),
        "float32.wav": wav_bytes(tone(0.5), RATE, "FLOAT"),
        "stereo-96k.wav": wav_bytes(np.stack([tone(0.1, 96_000)] * 2, axis=1), 96_000, "PCM_16"),
    }


def configs() -> dict[str, bytes]:
    return {
        "unknown-key.toml": b"[llm]\nn_ctxx = 2048\n",
        "unknown-section.toml": b"[colours]\nforeground = 'blue'\n",
        "wrong-type.toml": b"[llm]\nn_ctx = 'big'\n",
        "out-of-range.toml": b"[endpoint]\nthreshold = 2.0\n",
        "section-not-table.toml": b"llm = 5\n",
        "models-dir-missing.toml": b"[paths]\nmodels_dir = '/nonexistent/voice-assistant-models'\n",
        "data-dir-is-a-file.toml": b"[paths]\ndata_dir = '/dev/null'\n",
        "unknown-model.toml": b"[models]\nstt = 'whisper-huge-v9'\n",
        "invalid.toml": b"[llm\nn_ctx = 2048\n",
        "binary.toml": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe\xfd" + bytes(range(256)),
    }


def memories() -> dict[str, bytes]:
    return {
        "binary.png": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4,
        "latin1.txt": "Café crème with Zoë at 9:30, façade repainted.\n".encode("latin-1"),
        "utf16.txt": "# Shopping\nBread and milk.\n".encode("utf-16"),
        "bom.md": "\ufeff# Shopping\nBread and milk.\n".encode(),
        "empty.md": b"",
    }


def main() -> None:
    for folder, files in (("wav", wavs()), ("config", configs()), ("memory", memories())):
        target = HERE / folder
        target.mkdir(exist_ok=True)
        for name, data in files.items():
            assert len(data) < 50_000, name
            (target / name).write_bytes(data)
            print(f"{folder}/{name}: {len(data):,} bytes")


if __name__ == "__main__":
    main()
