"""The real daemon as a subprocess on the virtual audio rig, and what the tests do to it:
control requests, sound played into the virtual mic, the virtual speaker recorded."""

from __future__ import annotations

import json
import shlex
import signal
import subprocess
import sys
import time
import wave
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from voice_assistant.cli import systemd_unit as service

from .audio_rig import record_speaker

RATE = 16_000


@dataclass
class Unit:
    """What systemd would do with our user unit: its ExecStart, Environment, ExecReload,
    KillSignal and TimeoutStopSec, read from the unit ``service install`` writes."""

    start: list[str]
    environment: dict[str, str]
    reload: list[str]
    kill_signal: signal.Signals
    timeout_stop_s: float

    @classmethod
    def rendered(cls, mode: str) -> Unit:
        text = service.render_unit(service.unit_template(), service.assistant_command(), mode)
        keys: dict[str, list[str]] = {}
        for line in text.splitlines():
            if "=" in line and not line.startswith(("#", "[")):
                key, value = line.split("=", 1)
                keys.setdefault(key.strip(), []).append(value.strip())

        def words(value: str) -> list[str]:
            return [w.replace("$$", "$").replace("%%", "%") for w in shlex.split(value)]

        environment = dict(
            word.split("=", 1) for value in keys.get("Environment", []) for word in words(value)
        )
        return cls(
            start=words(keys["ExecStart"][0]),
            environment=environment,
            reload=words(keys["ExecReload"][0]),
            kill_signal=signal.Signals[keys["KillSignal"][0]],
            timeout_stop_s=float(keys["TimeoutStopSec"][0]),
        )


class LiveDaemon:
    """The daemon started as the systemd user unit would start it."""

    def __init__(
        self, env: dict[str, str], mode: str, log: Path, extra: tuple[str, ...] = ()
    ) -> None:
        self.unit = Unit.rendered(mode)
        self.env = env
        self.log = log
        self.process = subprocess.Popen(
            [*self.unit.start, "--log-level", "debug", *extra],
            env={**env, **self.unit.environment},
            stdout=log.open("w"),
            stderr=subprocess.STDOUT,
        )

    def reload(self) -> None:
        """``systemctl reload``: the unit's ExecReload with $MAINPID filled in."""
        command = [w.replace("$MAINPID", str(self.process.pid)) for w in self.unit.reload]
        subprocess.run(command, check=True, timeout=10)

    def control(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "voice_assistant", *args],
            env=self.env,
            capture_output=True,
            text=True,
            timeout=60,
        )

    def status(self) -> dict[str, Any]:
        out = self.control("status")
        assert out.returncode == 0, out.stderr
        return dict(json.loads(out.stdout))

    def wait_for(
        self, what: str, check: Callable[[dict[str, Any]], bool], timeout: float = 120
    ) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        status: dict[str, Any] = {}
        while time.monotonic() < deadline:
            assert self.process.poll() is None, f"the daemon died:\n{self.log.read_text()}"
            out = self.control("status")
            if out.returncode == 0:
                status = json.loads(out.stdout)
                if check(status):
                    return status
            time.sleep(0.4)
        raise AssertionError(f"timed out waiting for {what}; last status {status}")

    def turns(self) -> int:
        return int(self.status()["turns"])

    def next_turn(self, after: int, timeout: float = 120) -> dict[str, Any]:
        """Wait until the turn after the first ``after`` turns is done."""
        return self.wait_for(
            f"turn {after + 1} to finish",
            lambda s: s["turns"] > after and s["state"] in ("idle", "listening"),
            timeout,
        )

    def play(self, wav: Path) -> float:
        """Play a file into the virtual mic; returns the monotonic time it ended."""
        subprocess.run(
            ["paplay", "-d", "vmic_feed", str(wav)], env=self.env, check=True, timeout=120
        )
        return time.monotonic()

    def logged(self, text: str) -> bool:
        return text in self.log.read_text()

    def terminate(self) -> int:
        """``systemctl stop``: the unit's KillSignal; systemd would SIGKILL after
        TimeoutStopSec, so taking longer is a failure here."""
        if self.process.poll() is None:
            self.process.send_signal(self.unit.kill_signal)
        return self.process.wait(timeout=self.unit.timeout_stop_s)


class Speaker:
    """Records the virtual speaker while in a ``with`` block."""

    def __init__(self, env: dict[str, str], path: Path) -> None:
        self.env = env
        self.path = path
        self.started = 0.0

    def __enter__(self) -> Speaker:
        self.recorder = record_speaker(self.env, str(self.path))
        self.started = time.monotonic()
        return self

    def __exit__(self, *_: object) -> None:
        time.sleep(0.3)
        self.recorder.terminate()
        self.recorder.wait(timeout=10)

    def audio(self) -> np.ndarray:
        with wave.open(str(self.path)) as wav:
            return np.frombuffer(wav.readframes(wav.getnframes()), dtype=np.int16)


def loud_seconds(audio: np.ndarray, level: int = 1000) -> float:
    return float((np.abs(audio.astype(np.int32)) > level).sum()) / RATE
