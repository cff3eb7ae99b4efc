"""The end-of-turn model's input: whisper-style log-mel features of the last 8 s."""

import numpy as np

from voice_assistant.end_of_turn.features import FRAMES, MELS, RATE, log_mel, mel_filters


def tone(hz: float, seconds: float) -> np.ndarray:
    t = np.arange(int(seconds * RATE)) / RATE
    return (0.3 * np.sin(2 * np.pi * hz * t)).astype(np.float32)


def test_a_short_clip_is_padded_in_front_and_only_the_last_8_seconds_count():
    clip = tone(440, 2.0)
    features = log_mel(clip)
    assert features.shape == (MELS, FRAMES) and features.dtype == np.float32
    silence_before = np.concatenate([np.zeros(RATE * 3, np.float32), clip])
    assert np.allclose(log_mel(silence_before), features, atol=1e-5)
    long = np.concatenate([tone(3000, 5.0), tone(440, 8.0)])
    assert np.allclose(log_mel(long), log_mel(tone(440, 8.0)), atol=1e-5)


def test_a_tone_is_loudest_in_the_mel_band_that_holds_its_frequency():
    filters = mel_filters()
    assert filters.shape == (MELS, 201) and (filters >= 0).all()
    features = log_mel(tone(1000, 8.0))
    bin_1k = round(1000 / (RATE / 2) * 200)
    assert int(np.argmax(features[:, 400])) == int(np.argmax(filters[:, bin_1k]))
    assert features.max() <= 2.0 and features.min() >= features.max() - 2.0  # 8 log10 / 4
