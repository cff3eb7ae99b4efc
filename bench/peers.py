"""Real Wyoming peers started on free local ports, for the tests and the benchmarks:
wyoming-faster-whisper and wyoming-piper on the project's own model files (nothing is
downloaded: ``--local-files-only``, the voice found in its data folder), and our own
``voice-assistant serve``. Each yields its ``tcp://`` address once it answers ``describe``
and is stopped afterwards."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, cast

from wyoming.event import read_event, write_event
from wyoming.info import Describe, Info

from voice_assistant.config import Settings
from voice_assistant.modelstore import resolve
from voice_assistant.tts.piper import voice_files


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def describes(port: int) -> Info | None:
    """The peer's ``info``, or None while it does not answer yet."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=2) as sock:
            file = cast(BinaryIO, sock.makefile("rwb"))
            write_event(Describe().event(), file)
            event = read_event(file)
    except OSError:
        return None
    return Info.from_event(event) if event and Info.is_type(event.type) else None


@contextmanager
def started(
    args: list[str], port: int, log: Path | None, what: str, env: dict[str, str] | None = None
) -> Iterator[str]:
    with contextlib.ExitStack() as stack:
        out = stack.enter_context(log.open("w")) if log else subprocess.DEVNULL
        process = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT, env=env)
        try:
            deadline = time.monotonic() + 180
            while describes(port) is None:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"{what} did not come up (log: {log})")
                time.sleep(0.3)
            yield f"tcp://127.0.0.1:{port}"
        finally:
            process.terminate()
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@contextmanager
def wyoming_faster_whisper(
    settings: Settings, workdir: Path, log: Path | None = None, debug: bool = False
) -> Iterator[str]:
    """wyoming-faster-whisper on our whisper model, with our decoding settings (``debug``:
    it logs each request)."""
    port = free_port()
    s = settings.stt
    args = [sys.executable, "-m", "wyoming_faster_whisper", "--uri", f"tcp://127.0.0.1:{port}"]
    args += ["--model", str(resolve(settings, "models.stt")), "--data-dir", str(workdir)]
    args += ["--local-files-only", "--language", s.language or "auto"]
    args += ["--beam-size", str(s.beam_size), "--cpu-threads", str(s.threads)]
    args += ["--compute-type", "int8", *(["--debug"] if debug else [])]
    with started(args, port, log, "wyoming-faster-whisper") as uri:
        yield uri


@contextmanager
def wyoming_piper(
    settings: Settings, workdir: Path, log: Path | None = None, debug: bool = False
) -> Iterator[str]:
    """wyoming-piper on our piper voice (linked into its data folder under its own name)."""
    onnx, config = voice_files(resolve(settings, "models.tts"))
    for file in (onnx, config):
        link = workdir / file.name
        if not link.exists():
            link.symlink_to(file)
    port = free_port()
    args = [sys.executable, "-m", "wyoming_piper", "--uri", f"tcp://127.0.0.1:{port}"]
    args += ["--voice", onnx.stem, "--data-dir", str(workdir), *(["--debug"] if debug else [])]
    if settings.tts.length_scale:
        args += ["--length-scale", str(settings.tts.length_scale)]
    with started(args, port, log, "wyoming-piper") as uri:
        yield uri


@contextmanager
def voice_assistant_serve(env: dict[str, str], log: Path | None = None) -> Iterator[str]:
    """Our own ``voice-assistant serve``, its settings from ``env`` over this environment."""
    port = free_port()
    args = [sys.executable, "-m", "voice_assistant", "serve", "--uri", f"tcp://127.0.0.1:{port}"]
    with started(args, port, log, "voice-assistant serve", {**os.environ, **env}) as uri:
        yield uri


SATELLITE_PYTHON = Path(sys.prefix + "-satellite") / "bin" / "python"
"""wyoming-satellite 1.0.0 pins an older ``wyoming``: it has an environment of its own,
beside ours (``scripts/setup.sh --tests`` makes it)."""
SATELLITE_IO = Path(__file__).with_name("satellite_io.py")


@dataclass
class Satellite:
    """A running wyoming-satellite: its address, and the folders of its mic and speaker."""

    uri: str
    mic: Path
    snd: Path
    port: int

    def say(self, wav: Path) -> Path:
        """Play ``wav`` into its microphone; returns where the mark of its end will be."""
        staged = self.mic / f".{wav.name}.part"  # not a ``*.wav`` until it is whole
        shutil.copyfile(wav, staged)
        name = f"{time.time_ns()}-{wav.name}"
        staged.rename(self.mic / name)
        return self.mic / "played" / f"{Path(name).stem}.json"


@contextmanager
def wyoming_satellite(
    workdir: Path, area: str, port: int | None = None, log: Path | None = None
) -> Iterator[Satellite]:
    """A real wyoming-satellite (no wake word of its own, zeroconf off) whose microphone
    plays what ``Satellite.say`` is given and whose speaker is recorded."""
    if not SATELLITE_PYTHON.exists():
        raise RuntimeError(
            f"no {SATELLITE_PYTHON}: run `make setup-tests` (scripts/setup.sh --tests)"
        )
    port = port or free_port()
    mic, snd = workdir / "mic", workdir / "snd"
    mic.mkdir(parents=True, exist_ok=True)
    snd.mkdir(parents=True, exist_ok=True)
    me = sys.executable
    args = [str(SATELLITE_PYTHON), "-m", "wyoming_satellite", "--uri", f"tcp://127.0.0.1:{port}"]
    args += ["--name", f"satellite {area}", "--area", area, "--no-zeroconf"]
    args += ["--mic-command", f"{me} {SATELLITE_IO} mic {mic}"]
    args += ["--snd-command", f"{me} {SATELLITE_IO} snd {snd}"]
    with started(args, port, log, "wyoming-satellite") as uri:
        yield Satellite(uri, mic, snd, port)
