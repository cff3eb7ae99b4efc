"""The bad-input corpus: ``tests/data/bad/`` (its README.md says what each file is and how
it ends), the inputs too big or too system-specific to commit (made here, in tmp), and
what each must end in. Every malformed input ends in an error naming the file (or key) and
the problem; nothing crashes and nothing already stored is lost. A file added to
``tests/data/bad/<kind>/`` needs a row in its kind's table (``test_corpus`` fails until
it has one)."""

from __future__ import annotations

import errno
import os
import struct
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.fakes import tone
from tests.paths import CHECKOUT, DATA
from voice_assistant.config import Settings

BAD = DATA / "bad"


ROOT = CHECKOUT


IS_ROOT = os.geteuid() == 0


ROOT_REASON = "root reads any file whatever its mode; the monkeypatched case stands in"


def two_hour_wav(path: Path, hours: float = 2.0, rate: int = 16_000) -> Path:
    """A real 16 kHz int16 WAV of ``hours``: a 1 s tone, then silence.

    The silence is a sparse hole (``truncate``), so the 230 MB file costs no disk writes.
    """
    data_bytes = int(hours * 3600 * rate) * 2
    fmt = struct.pack("<HHIIHH", 1, 1, rate, rate * 2, 2, 16)
    header = b"RIFF" + struct.pack("<I", 36 + data_bytes) + b"WAVE"
    header += b"fmt " + struct.pack("<I", len(fmt)) + fmt + b"data" + struct.pack("<I", data_bytes)
    with path.open("wb") as fh:
        fh.write(header)
        fh.write((tone(1.0, rate) * 32767).astype("<i2").tobytes())
        fh.truncate(len(header) + data_bytes)
    return path


def self_loop(path: Path) -> Path:
    path.symlink_to(path.name)
    return path


def fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def folder(path: Path) -> Path:
    path.mkdir()
    return path


def link_to(target: str) -> Callable[[Path], Path]:
    """A maker of a symlink at its path that points at ``target``."""

    def make(path: Path) -> Path:
        path.symlink_to(target)
        return path

    return make


def deny_reading(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """Opening any path called ``name`` fails as a mode-000 file does for a non-root user."""
    real_open = Path.open

    def guarded(self: Path, *args: Any, **kwargs: Any) -> Any:
        if self.name == name:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(self))
        return real_open(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", guarded)


def finishes(work: Callable[[], Any], seconds: float = 20) -> Any:
    """Run ``work`` in a thread and fail (rather than hang) if it blocks."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = work()
        except BaseException as exc:  # handed back to the test below
            box["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still blocked after {seconds} s"
    if "error" in box:
        raise box["error"]
    return box["value"]


OK = "ok"


WAVS: dict[str, tuple[str, str]] = {
    # committed: name -> (error code, words the message holds), or (OK, "")
    "empty.wav": ("empty-file", "the file is empty (0 bytes)"),
    "text.wav": ("not-a-wav", "not a WAV file (no RIFF/WAVE header; it looks like a text file)"),
    "mp3.wav": ("not-a-wav", "it looks like an MP3"),
    "riff-avi.wav": ("not-a-wav", "it looks like a RIFF AVI file"),
    "truncated-header.wav": ("truncated", "truncated WAV, the file ends before"),
    "truncated-data.wav": ("truncated", "header promises 32000 bytes of audio but only"),
    "zero-frames.wav": ("empty-audio", "the WAV holds no audio frames"),
    "unknown-codec.wav": ("unsupported-format", "format tag 0x1234 is not PCM or float"),
    "nan.wav": ("bad-samples", "NaN or infinite samples (the first at 0.000 s)"),
    "nan-some.wav": ("bad-samples", "NaN or infinite samples (the first at 0.062 s)"),
    "pcm8.wav": (OK, ""),
    "float32.wav": (OK, ""),
    "stereo-96k.wav": (OK, ""),
}


GENERATED_WAVS: dict[str, tuple[str, str, Callable[[Path], Path]]] = {
    # made in tmp: name -> (code, words, maker)
    "two-hours.wav": (
        "too-long",
        "2:00:00 of audio (7200 s) is longer than the 600 s limit",
        two_hour_wav,
    ),
    "missing.wav": ("unreadable", "cannot read the file: No such file or directory", lambda p: p),
    "folder.wav": ("not-a-file", "not a WAV file but a folder", folder),
    "fifo.wav": ("not-a-file", "not a WAV file but a FIFO", fifo),
    "loop.wav": ("unreadable", "Too many levels of symbolic links", self_loop),
}


DENIED = ("unreadable", "cannot read the file: Permission denied")


MAX_INPUT_S = Settings().endpoint.max_input_s


CONFIGS: dict[str, tuple[str, str]] = {
    # name -> (ConfigError code, words the message holds); "use" = loads, fails at use
    "unknown-key.toml": ("invalid", "llm.n_ctxx: unknown key"),
    "unknown-section.toml": ("invalid", "colours: unknown key"),
    "wrong-type.toml": ("invalid", "llm.llama_cpp.n_ctx: Input should be a valid integer"),
    "out-of-range.toml": ("invalid", "endpoint.threshold: Input should be less than 1"),
    "section-not-table.toml": ("invalid", "llm: Input should be a valid dictionary"),
    "models-dir-missing.toml": (
        "invalid",
        "paths.models_dir: /nonexistent/voice-assistant-models is not a directory",
    ),
    "data-dir-is-a-file.toml": ("invalid", "paths.data_dir: /dev/null exists and is not a dir"),
    "unknown-model.toml": ("use", "models.stt: 'whisper-huge-v9' is neither a model name"),
    "invalid.toml": ("bad-toml", "is not valid TOML: Expected ']'"),
    "binary.toml": ("bad-toml", "is not valid TOML: it is not UTF-8 text (byte 0x89 at offset 0"),
}


SKIP, IMPORTED = "skipped", "imported"


MEMORIES: dict[str, tuple[str, str]] = {
    # committed: name -> (skipped, the reason) or (imported, the memory's title or "")
    "binary.png": (SKIP, "binary file"),
    "latin1.txt": (SKIP, "not UTF-8 text (byte 0xe9 at offset 3); save it as UTF-8"),
    "utf16.txt": (SKIP, "UTF-16 text; save it as UTF-8 to import it"),
    "bom.md": (IMPORTED, "Shopping"),
    "empty.md": (IMPORTED, ""),
}


def huge_text(path: Path) -> Path:
    line = b"A line of plain text, repeated until the file is 50 MB.\n"
    with path.open("wb") as fh:
        for _ in range(50 * 2**20 // (len(line) * 1000) + 1):
            fh.write(line * 1000)
    return path


GENERATED_MEMORIES: dict[str, tuple[str, Callable[[Path], Path]]] = {
    # made inside the notes folder: name -> (the reason it is skipped, maker)
    "huge.txt": ("too large (52,", huge_text),
    "loop.md": ("symlink loop (the link leads back to itself)", self_loop),
    "again": ("a symlink to a folder, not followed", link_to(".")),
    "broken.md": (
        "broken symlink (its target gone.md is missing)",
        link_to("gone.md"),
    ),
    "fifo.md": ("not a regular file (a FIFO)", fifo),
}


GOOD = "# Dentist\nThe dentist is on Thursday at 9:30.\n"
