"""The wake-word models run only around speech, primed with what came just before it."""

import numpy as np

from voice_assistant.wake.base import FRAME
from voice_assistant.wake.gate import HANGOVER_S, GatedWake


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
