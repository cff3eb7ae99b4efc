"""Playback through a real (virtual) audio device: PulseAudio null sink, recorded back."""

import os
import subprocess
import time
import wave

import numpy as np
import pytest

from tests.audio_rig import pulseaudio_rig, record_speaker


@pytest.fixture(scope="module")
def rig():
    with pulseaudio_rig() as env:
        saved = {k: os.environ.get(k) for k in ("XDG_RUNTIME_DIR", "PULSE_RUNTIME_PATH")}
        os.environ.update({k: env[k] for k in saved})
        from voice_assistant.audio import device

        device.rescan()  # PortAudio lists devices once; the sound server started just now
        yield env
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        device.rescan()


def chirp(rate=16_000, seconds=1.0):
    t = np.arange(int(rate * seconds)) / rate
    return (0.5 * np.sin(2 * np.pi * (300 + 900 * t) * t) * 32767).astype(np.int16)


def best_match(heard, played):
    """Normalised cross-correlation of the played signal at its best lag in what was heard."""
    audio, ref = heard.astype(np.float64), played.astype(np.float64)
    corr = np.correlate(audio, ref, mode="valid")
    energy = np.sqrt(np.convolve(audio**2, np.ones(len(ref)), mode="valid") * np.sum(ref**2))
    return float(np.max(corr / np.maximum(energy, 1e-9)))


def test_devices_are_listed(rig):
    from voice_assistant.audio.device import find_device, list_devices

    names = [d.name for d in list_devices()]
    assert any("pulse" in n.lower() or "default" in n.lower() for n in names), names
    assert find_device("default", output=True) is not None
    with pytest.raises(Exception, match="no output device 'no-such-card'"):
        find_device("no-such-card", output=True)


def test_the_sink_plays_to_the_speaker(rig, tmp_path):
    from voice_assistant.audio.device import DeviceSink

    out = tmp_path / "heard.wav"
    recorder = record_speaker(rig, str(out))
    time.sleep(0.5)
    played = chirp()
    DeviceSink("default").play(played, 16_000)
    time.sleep(0.5)
    recorder.terminate()
    recorder.wait(timeout=10)
    with wave.open(str(out)) as wav:
        heard = np.frombuffer(wav.readframes(wav.getnframes()), dtype=np.int16)
    assert best_match(heard, played) > 0.9


def test_the_microphone_hears_what_is_played_into_it(rig, tmp_path):
    from voice_assistant.audio.device import BLOCK, MicStream
    from voice_assistant.audio.wavfile import write_wav

    played = chirp()
    wav = tmp_path / "say.wav"
    write_wav(wav, played, 16_000)
    heard = []
    with MicStream("default", pre_roll_s=0.5) as mic:
        feeder = subprocess.Popen(["paplay", "-d", "vmic_feed", str(wav)], env=rig)
        deadline = time.monotonic() + 4.0
        while time.monotonic() < deadline:
            block = mic.read(timeout=1.0)
            assert block is not None, "the microphone stopped delivering blocks"
            assert len(block) == BLOCK
            heard.append(block)
        feeder.wait(timeout=10)
        assert 1 <= len(mic.pre_roll) <= 7
    assert best_match(np.concatenate(heard), played) > 0.9


@pytest.mark.integration
def test_a_question_spoken_into_the_microphone_is_endpointed_and_transcribed(rig, real_assembly):
    """The live path up to STT: virtual mic → MicStream → streaming silero → endpointer →
    whisper. The demo question is played with silence after it, as a person would pause."""
    from tests.paths import DEMO
    from voice_assistant.audio.device import MicStream
    from voice_assistant.config import EndpointConfig
    from voice_assistant.listening.endpointing import utterances
    from voice_assistant.vad import StreamingSilero
    from voice_assistant.wer import word_error_rate

    def blocks(mic, seconds):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            block = mic.read(timeout=1.0)
            if block is not None:
                yield block

    config = EndpointConfig()
    with MicStream("default") as mic:
        feeder = subprocess.Popen(["paplay", "-d", "vmic_feed", str(DEMO / "capital.wav")], env=rig)
        heard = next(utterances(blocks(mic, 8.0), StreamingSilero(), config), None)
        feeder.wait(timeout=10)
    assert heard is not None, "no utterance was endpointed"
    assert heard.end_reason == "silence"
    assert 1.0 < heard.speech_s < 3.0
    text = real_assembly.engines.stt().transcribe(heard.samples).text
    assert word_error_rate(["What is the capital of Australia?"], [text]) <= 0.2, text
