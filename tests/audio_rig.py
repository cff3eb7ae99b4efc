"""A real (virtual) microphone and speaker: PulseAudio null sinks, as in
shared/notes/audio-test-rig.md. Started per test session in a private runtime folder."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager


def _pactl(env: dict[str, str], *args: str) -> None:
    subprocess.run(["pactl", *args], env=env, check=True, capture_output=True, timeout=20)


_KEEPERS: dict[str, list[subprocess.Popen[bytes]]] = {}


def start_pulseaudio(env: dict[str, str]) -> None:
    """Start the sound server with a virtual speaker and mic (also after ``stop_pulseaudio``:
    the devices vanish and come back)."""
    subprocess.run(
        [
            "pulseaudio",
            "--daemonize=yes",
            "-n",
            "--exit-idle-time=-1",
            "--disallow-exit=yes",
            "--disable-shm=yes",
            "--use-pid-file=yes",
            "--load=module-native-protocol-unix auth-anonymous=1",
            "--load=module-null-sink sink_name=vspeaker rate=16000 channels=1",
            "--load=module-null-sink sink_name=vmic_feed rate=16000 channels=1",
            "--load=module-remap-source master=vmic_feed.monitor source_name=vmic rate=16000 "
            "channels=1",
        ],
        env=env,
        check=True,
        capture_output=True,
        timeout=30,
    )
    _pactl(env, "set-default-sink", "vspeaker")
    _pactl(env, "set-default-source", "vmic")
    keepers = []
    for sink in ("vmic_feed", "vspeaker"):  # keep the null sinks ticking in small blocks
        keepers.append(
            subprocess.Popen(
                [
                    "pacat",
                    "--playback",
                    "--raw",
                    "--format=s16le",
                    "--rate=16000",
                    "--channels=1",
                    "--latency-msec=20",
                    "-d",
                    sink,
                    "/dev/zero",
                ],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        )
    _KEEPERS[env["XDG_RUNTIME_DIR"]] = keepers
    time.sleep(2.1)


def stop_pulseaudio(env: dict[str, str]) -> None:
    for keeper in _KEEPERS.pop(env["XDG_RUNTIME_DIR"], []):
        keeper.kill()
        keeper.wait()
    subprocess.run(["pulseaudio", "--kill"], env=env, capture_output=True, timeout=20)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:  # gone when the server no longer answers
        if subprocess.run(["pactl", "info"], env=env, capture_output=True).returncode != 0:
            return
        time.sleep(0.2)


@contextmanager
def pulseaudio_rig() -> Iterator[dict[str, str]]:
    runtime = tempfile.mkdtemp(prefix="va-pulse-")
    os.chmod(runtime, 0o700)
    env = {**os.environ, "XDG_RUNTIME_DIR": runtime, "PULSE_RUNTIME_PATH": f"{runtime}/pulse"}
    start_pulseaudio(env)
    try:
        yield env
    finally:
        stop_pulseaudio(env)
        shutil.rmtree(runtime, ignore_errors=True)


def record_speaker(env: dict[str, str], path: str) -> subprocess.Popen[bytes]:
    """Start recording what the virtual speaker plays into a 16 kHz WAV (terminate to stop)."""
    return subprocess.Popen(
        [
            "parecord",
            "-d",
            "vspeaker.monitor",
            "--rate=16000",
            "--channels=1",
            "--format=s16le",
            "--file-format=wav",
            path,
        ],
        env=env,
    )
