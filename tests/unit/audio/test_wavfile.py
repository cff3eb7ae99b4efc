import numpy as np
import pytest
import soundfile

from voice_assistant.audio.wavfile import read_wav, write_wav
from voice_assistant.errors import AudioInputError


def sine(rate, seconds=1.0, channels=1):
    t = np.arange(int(rate * seconds)) / rate
    mono = 0.4 * np.sin(2 * np.pi * 440 * t)
    return np.stack([mono] * channels, axis=1) if channels > 1 else mono


@pytest.mark.parametrize(
    ("rate", "channels", "subtype"),
    [
        (16000, 1, "PCM_16"),
        (44100, 2, "PCM_24"),
        (8000, 1, "PCM_U8"),
        (48000, 2, "FLOAT"),
        (22050, 1, "PCM_32"),
    ],
)
def test_any_wav_becomes_16k_mono_float(tmp_path, rate, channels, subtype):
    path = tmp_path / "in.wav"
    soundfile.write(path, sine(rate, 1.5, channels), rate, subtype=subtype)
    samples, seconds = read_wav(path)
    assert samples.dtype == np.float32 and samples.ndim == 1
    assert abs(len(samples) - 24000) <= 2
    assert abs(seconds - 1.5) < 1e-3
    assert 0.25 < float(np.abs(samples).max()) < 0.45  # level kept through the conversion


def test_write_then_read_round_trip(tmp_path):
    path = tmp_path / "out.wav"
    audio = (sine(22050) * 32767).astype(np.int16)
    write_wav(path, audio, 22050)
    info = soundfile.info(path)
    assert (info.samplerate, info.channels, info.frames) == (22050, 1, 22050)


def expect(path, code):
    with pytest.raises(AudioInputError) as caught:
        read_wav(path)
    assert caught.value.code == code
    assert path.name in caught.value.message
    return caught.value.message


def test_empty_file(tmp_path):
    path = tmp_path / "empty.wav"
    path.write_bytes(b"")
    assert "empty" in expect(path, "empty-file")


def test_not_a_wav(tmp_path):
    path = tmp_path / "notes.wav"
    path.write_text("this is a text file, not audio\n")
    assert "not a WAV" in expect(path, "not-a-wav")


def test_truncated_audio_data(tmp_path):
    path = tmp_path / "cut.wav"
    soundfile.write(path, sine(16000), 16000, subtype="PCM_16")
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    assert "truncated" in expect(path, "truncated")


def test_truncated_inside_the_header(tmp_path):
    path = tmp_path / "stub.wav"
    soundfile.write(path, sine(16000), 16000, subtype="PCM_16")
    path.write_bytes(path.read_bytes()[:20])
    expect(path, "truncated")


def test_header_without_frames(tmp_path):
    path = tmp_path / "noframes.wav"
    write_wav(path, np.zeros(0, dtype=np.int16), 16000)
    expect(path, "empty-audio")


def test_missing_file(tmp_path):
    expect(tmp_path / "gone.wav", "unreadable")
