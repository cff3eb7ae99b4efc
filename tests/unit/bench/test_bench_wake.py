"""The wake benchmark's pure parts: the looped stream, SNR mixing, counting wakes (no models)."""

import numpy as np
import pytest

from bench.wake import (
    FRAME_S,
    babble,
    fit_peak,
    frames_of,
    mix_at_snr,
    pink_noise,
    plan_stream,
    power,
    render,
    score_frames,
    wake_times,
)
from voice_assistant.config import WakeConfig
from voice_assistant.wake.base import FRAME

RATE = 16_000


def clips():
    rng = np.random.default_rng(1)
    return [
        (rng.uniform(-0.3, 0.3, int(RATE * s))).astype(np.float32) for s in (0.5, 1.2, 2.0, 0.8)
    ]


def test_the_stream_is_the_same_for_a_seed_and_differs_for_another():
    audio = clips()
    assert plan_stream(audio, 120, seed=7) == plan_stream(audio, 120, seed=7)
    assert plan_stream(audio, 120, seed=7) != plan_stream(audio, 120, seed=8)


def test_gains_and_gaps_stay_in_range_and_every_clip_is_used():
    audio = clips()
    plan = plan_stream(audio, 300, seed=3, gain_db=(-12, 6), gap_s=(0.2, 2.0))
    assert all(-12 <= p.gain_db <= 6 for p in plan)
    assert all(0.2 <= p.gap_s <= 2.0 for p in plan)
    assert {p.clip for p in plan} == set(range(len(audio)))
    assert max(p.gain_db for p in plan) > 3  # the quiet clips (peak 0.3) may be boosted


def test_a_loud_clip_is_never_boosted_past_full_scale():
    loud = [np.full(RATE, 0.9, dtype=np.float32)]
    rendered = np.concatenate(list(render(loud, plan_stream(loud, 60, seed=5))))
    assert np.abs(rendered).max() <= 1.0


def test_the_rendered_stream_is_at_least_as_long_as_asked_and_in_whole_frames():
    audio = clips()
    plan = plan_stream(audio, 30, seed=2)
    rendered = np.concatenate(list(render(audio, plan)))
    assert len(rendered) >= 30 * RATE
    frames = list(frames_of(render(audio, plan)))
    assert all(f.shape == (FRAME,) and f.dtype == np.int16 for f in frames)
    assert len(frames) == -(-len(rendered) // FRAME)  # the last partial frame is padded
    np.testing.assert_array_equal(frames[0], np.round(rendered[:FRAME] * 32767).astype(np.int16))


def test_each_shuffled_pass_plays_every_clip_once():
    audio = clips()
    plan = plan_stream(audio, 200, seed=4)
    passes = [plan[i : i + len(audio)] for i in range(0, len(plan) - len(audio) + 1, len(audio))]
    assert all(sorted(p.clip for p in one) == list(range(len(audio))) for one in passes)


@pytest.mark.parametrize("snr", [20.0, 10.0, 5.0, 0.0, -3.0])
@pytest.mark.parametrize("kind", ["pink", "babble"])
def test_mixing_gives_the_requested_snr(snr, kind):
    rng = np.random.default_rng(11)
    speech = (0.2 * np.sin(np.arange(RATE * 2) / 7)).astype(np.float32)
    pad = RATE
    total = len(speech) + 2 * pad
    noise = pink_noise(total, rng) if kind == "pink" else babble(total, clips(), rng)
    mixed = mix_at_snr(speech, noise, snr, pad)
    assert len(mixed) == total
    added = mixed - np.pad(speech, pad)
    measured = 10 * np.log10(power(speech) / power(added[pad : pad + len(speech)]))
    assert measured == pytest.approx(snr, abs=0.1)
    loud = mixed * 5
    scaled = fit_peak(loud)  # one factor for speech and noise alike: the SNR is kept
    np.testing.assert_allclose(scaled, loud * (0.99 / np.abs(loud).max()), rtol=1e-5)
    quiet = (mixed / 100).astype(np.float32)
    assert np.array_equal(fit_peak(quiet), quiet)  # never scaled up


def test_clean_is_the_padded_speech_alone():
    speech = np.ones(100, dtype=np.float32)
    mixed = mix_at_snr(speech, np.zeros(0, dtype=np.float32), None, pad=10)
    np.testing.assert_array_equal(mixed, np.pad(speech, 10))


def test_noise_is_seeded():
    a = pink_noise(RATE, np.random.default_rng(3))
    assert np.array_equal(a, pink_noise(RATE, np.random.default_rng(3)))
    assert np.sqrt(np.mean(a**2)) == pytest.approx(1.0, rel=1e-3)
    b = babble(RATE, clips(), np.random.default_rng(3))
    assert np.array_equal(b, babble(RATE, clips(), np.random.default_rng(3)))


def test_pink_noise_has_more_power_low_than_high():
    spectrum = np.abs(np.fft.rfft(pink_noise(RATE * 4, np.random.default_rng(0)))) ** 2
    freqs = np.fft.rfftfreq(RATE * 4, 1 / RATE)
    low = spectrum[(freqs > 100) & (freqs < 200)].mean()
    high = spectrum[(freqs > 3200) & (freqs < 6400)].mean()
    assert 10 * np.log10(low / high) == pytest.approx(10 * np.log10(32), abs=1.5)


class ScriptedModel:
    """Plays back fixed scores, one per frame, and counts resets."""

    names: tuple[str, ...] = ("scripted",)

    def __init__(self, scores):
        self.scores = list(scores)
        self.seen = 0
        self.resets = 0

    def score(self, frame):
        assert frame.shape == (FRAME,)
        self.seen += 1
        return self.scores[self.seen - 1]

    def reset(self):
        self.resets += 1


def test_counting_wakes_applies_the_trigger_rule_to_the_model_scores():
    script = [0.0, 0.9, 0.1, 0.8, 0.9, 0.95, 0.9, 0.0] + [0.0] * 30 + [0.6, 0.7, 0.0]
    model = ScriptedModel(script)
    frames = frames_of([np.zeros(FRAME * len(script), dtype=np.float32)])
    scores, seconds = score_frames(model, frames)
    assert model.seen == len(script) and len(seconds) == len(script)
    config = WakeConfig(threshold=0.5, trigger_level=2, refractory_s=2.0)
    # one loud frame is not a wake; the run at frames 3-6 wakes once; frame 39 again
    assert wake_times(scores, config) == pytest.approx([4 * FRAME_S, 39 * FRAME_S])
    assert wake_times(scores, config.model_copy(update={"threshold": 0.75})) == pytest.approx(
        [4 * FRAME_S]
    )
    assert wake_times(scores, config.model_copy(update={"trigger_level": 3})) == pytest.approx(
        [5 * FRAME_S]
    )
