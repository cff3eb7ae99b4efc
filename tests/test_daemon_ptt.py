"""The live daemon, push-to-talk, end to end on the virtual mic and speaker with the real
models: ptt start, a question spoken into the mic, ptt stop, the reply played and heard."""

import json
import os
import signal
import subprocess
import sys
import time
import wave

import numpy as np
import pytest

from .audio_rig import pulseaudio_rig, record_speaker
from .conftest import DEMO

pytestmark = pytest.mark.integration


def control(env, *args):
    out = subprocess.run(
        [sys.executable, "-m", "voice_assistant", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return out


def test_push_to_talk_turn_and_clean_exit(demo_data, tmp_path):
    with pulseaudio_rig() as rig:
        env = {**rig, "VOICE_ASSISTANT__PATHS__DATA_DIR": str(demo_data)}
        daemon = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "voice_assistant",
                "run",
                "--mode",
                "ptt",
                "--mic",
                "default",
                "--speaker",
                "default",
            ],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        try:
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                status = control(env, "status")
                if status.returncode == 0 and json.loads(status.stdout)["state"] == "idle":
                    break
                assert daemon.poll() is None, daemon.stdout.read()
                time.sleep(1)
            else:
                pytest.fail("the daemon did not become idle")
            heard = tmp_path / "speaker.wav"
            recorder = record_speaker(rig, str(heard))
            assert control(env, "ptt", "start").returncode == 0
            subprocess.run(
                ["paplay", "-d", "vmic_feed", str(DEMO / "capital.wav")],
                env=rig,
                check=True,
                timeout=30,
            )
            time.sleep(1.2)  # a person lets go of the key after a short pause
            assert control(env, "ptt", "stop").returncode == 0
            turn = {}
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                reply = json.loads(control(env, "status").stdout)
                if reply["state"] == "idle" and reply["last_turn"]:
                    turn = reply["last_turn"]
                    break
                time.sleep(0.5)
            time.sleep(0.5)
            recorder.terminate()
            recorder.wait(timeout=10)
            assert "capital of australia" in (turn.get("transcript") or "").lower(), turn
            assert turn["reply"] and turn["error"] is None
            with wave.open(str(heard)) as wav:
                audio = np.frombuffer(wav.readframes(wav.getnframes()), dtype=np.int16)
            loud = np.abs(audio.astype(np.int32)) > 1000
            assert loud.sum() > 16_000 * 0.3, "the speaker played (almost) nothing"
            stopped = control(env, "stop")
            assert stopped.returncode == 0 and json.loads(stopped.stdout) == {"stopped": True}
        finally:
            daemon.send_signal(signal.SIGTERM)
            code = daemon.wait(timeout=60)
        assert code == 0, daemon.stdout.read()
        assert not os.path.exists(os.path.join(rig["XDG_RUNTIME_DIR"], "voice-assistant.sock"))
