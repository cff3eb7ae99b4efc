"""The wake-word models run only around speech, primed with what came just before it."""

import numpy as np

from voice_assistant.wake.base import FRAME
from voice_assistant.wake.gate import FLOOR_S, HANGOVER_S, GatedWake


class CountingModel:
    """Scores a frame by its first sample; remembers every frame it ran on."""

    names: tuple[str, ...] = ("test",)

    def __init__(self):
        self.seen, self.resets = [], 0

    def score(self, frame):
        self.seen.append(int(frame[0]))
        return frame[0] / 100

    def reset(self):
        self.resets += 1


class ScriptedVAD:
    """Speech wherever a frame's first sample is at least 10."""

    def __init__(self):
        self.resets = 0

    def feed(self, samples):
        return [1.0 if samples[0] * 32768 >= 10 else 0.0]

    def reset(self):
        self.resets += 1


def frame(value):
    return np.full(FRAME, value, dtype=np.int16)


def test_silence_never_reaches_the_wake_model():
    model = CountingModel()
    gate = GatedWake(model, ScriptedVAD(), pre_roll_s=0.4)
    assert [gate.score(frame(1)) for _ in range(100)] == [0.0] * 100
    assert model.seen == [] and gate.frames_scored == 0


def test_speech_opens_the_gate_after_priming_the_model_with_the_pre_roll():
    model = CountingModel()
    gate = GatedWake(model, ScriptedVAD(), pre_roll_s=0.4)  # 5 frames
    quiet = [gate.score(frame(v)) for v in range(1, 8)]  # 1..7: quiet
    assert quiet == [0.0] * 7
    assert gate.score(frame(50)) == 0.5  # speech: scored at once
    assert model.resets == 1
    assert model.seen == [3, 4, 5, 6, 7, 50]  # the last 5 quiet frames first, then the speech


def test_the_gate_stays_open_through_the_hangover_then_closes():
    model = CountingModel()
    gate = GatedWake(model, ScriptedVAD(), pre_roll_s=0.4)
    gate.score(frame(50))
    hangover = round(HANGOVER_S / 0.08)
    after = [gate.score(frame(5)) for _ in range(hangover + 5)]
    assert all(s == 0.05 for s in after[: hangover - 1])  # quiet, but still scored
    assert after[-5:] == [0.0] * 5
    scored = gate.frames_scored
    gate.score(frame(60))  # speech again: the model is reset and primed again
    assert model.resets == 2 and gate.frames_scored == scored + 5 + 1


def test_reset_forgets_the_pre_roll_and_the_voice_activity():
    model, vad = CountingModel(), ScriptedVAD()
    gate = GatedWake(model, vad, pre_roll_s=0.4)
    for v in (1, 2, 3):
        gate.score(frame(v))
    gate.reset()
    gate.score(frame(50))
    assert vad.resets == 1 and model.seen == [50]


class CountingVAD(ScriptedVAD):
    """Speech wherever a frame's first sample is at least 60 (a hum of 40 is not speech);
    keeps the first sample of every frame it was given."""

    def __init__(self):
        super().__init__()
        self.fed = []

    def feed(self, samples):
        self.fed.append(round(float(samples[0]) * 32768))
        return [1.0 if self.fed[-1] >= 60 else 0.0]


def test_digital_silence_and_a_quiet_microphone_never_reach_the_voice_activity():
    vad = CountingVAD()
    gate = GatedWake(CountingModel(), vad, pre_roll_s=0.4)
    for value in [0] * 50 + [3, 8, 12, 15] * 10:  # all under LEAST_RMS
        gate.score(frame(value))
    assert vad.fed == []


def test_steady_noise_is_learnt_as_the_background_and_speech_above_it_is_heard():
    vad, model = CountingVAD(), CountingModel()
    gate = GatedWake(model, vad, pre_roll_s=0.4)
    noise = [gate.score(frame(v)) for v in [40, 44, 42, 45, 41] * 20]  # a steady hum
    assert noise == [0.0] * 100
    assert vad.fed == [40]  # the first frame heard: no background yet
    assert gate.score(frame(90)) == 0.9  # 90 > 2 x 40: silero runs, hears speech
    assert vad.fed == [40, 90] and vad.resets == 0  # its state carries over the skipped


def test_the_background_is_the_quietest_recent_frame_and_outlives_a_reset():
    vad = CountingVAD()
    gate = GatedWake(CountingModel(), vad, pre_roll_s=0.4)
    for _ in range(round(FLOOR_S / 0.08) + 5):  # longer than the floor's memory
        gate.score(frame(100))
    gate.reset()
    vad.fed.clear()
    gate.score(frame(180))  # not 2 x the 100 heard before the reset
    assert vad.fed == []
    gate.score(frame(210))
    assert vad.fed == [210]
