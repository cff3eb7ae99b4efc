"""The wake-word models run only while someone may be speaking.

openWakeWord's three ONNX models cost ~7 ms per 80 ms frame, silence included: most of
an idle daemon's CPU. Silero voice activity costs a fraction of that, so it listens
first: while it hears nothing, frames only go into a pre-roll buffer and score 0. When it
hears speech, the wake model is reset and primed with the pre-roll (the start of "hey"
comes before the detector is sure, and the model needs ~1.3 s of context), then scores
every frame until ``HANGOVER_S`` after the last speech. Scores of the primed frames are
not used: the word is not complete before the detector hears it.

Silero itself is most of what is left of an idle daemon's CPU, so a quieter check comes
before it: a frame no louder than the room's own background (``QuietFloor``) is not given
to silero at all while the gate is closed; silero's stream state simply carries over the
frames it did not hear (reset, it called pink noise speech and opened the gate). Steady
noise (a fan, a hum) is that background; speech rises above it.
"""

from __future__ import annotations

import collections

import numpy as np
import numpy.typing as npt

from voice_assistant.vad import StreamingVoiceActivity
from voice_assistant.wake.base import FRAME, WakeWordModel

FRAME_S = FRAME / 16_000
SPEECH = 0.1
"""A window at or above this speech probability opens the gate. Low: at 0.3 a short "Hey"
opened it late and the wake fired 160 ms after the ungated model's; an extra opening only
costs CPU."""
HANGOVER_S = 1.0
"""The gate stays open this long after the last speech (the word's end, a pause in it)."""
FLOOR_S = 5.0
"""The room's background is the quietest frame of the last this many seconds."""
ABOVE_FLOOR = 2.0
"""A frame this many times the background's RMS (6 dB) may hold speech: the loud frames of
a word rise that far above steady noise even at 0 dB SNR over the word. Pink noise's own
80 ms frames pass 1.5x their quietest one in a third of frames, 2x in a tenth."""
LEAST_RMS = 16.0
"""Frames under this RMS (int16; -66 dBFS) are never speech to wake for, whatever the
background: digital silence and a quiet microphone's own hiss."""


class QuietFloor:
    """Whether a frame is louder than the room's background, from the frames before it.
    The background outlives the gate's ``reset`` (the room is the same room); with no
    frames before it, any frame above ``LEAST_RMS`` is louder."""

    def __init__(self) -> None:
        self.recent: collections.deque[float] = collections.deque(
            maxlen=max(1, round(FLOOR_S / FRAME_S))
        )

    def louder(self, frame: npt.NDArray[np.int16]) -> bool:
        rms = float(np.sqrt(np.mean(np.square(frame, dtype=np.float64))))
        background = min(self.recent, default=0.0)
        self.recent.append(rms)
        return rms >= LEAST_RMS and rms > ABOVE_FLOOR * background


class GatedWake:
    """A ``WakeWordModel`` that runs ``model`` only around speech ``vad`` hears."""

    def __init__(
        self, model: WakeWordModel, vad: StreamingVoiceActivity, pre_roll_s: float
    ) -> None:
        self.model = model
        self.vad = vad
        self.names = model.names
        self.pre_roll: collections.deque[npt.NDArray[np.int16]] = collections.deque(
            maxlen=max(1, round(pre_roll_s / FRAME_S))
        )
        self.open_for = 0.0
        self.active = False
        self.floor = QuietFloor()
        self.frames_scored = 0
        """Frames the wake model ran on (priming included): what the gate saves is the rest."""

    def score(self, frame: npt.NDArray[np.int16]) -> float:
        if self.floor.louder(frame) or self.active:
            heard = self.vad.feed(frame.astype(np.float32) / 32768.0)
        else:
            heard = []
        if any(p >= SPEECH for p in heard):
            self.open_for = HANGOVER_S
        else:
            self.open_for -= FRAME_S
        opening = self.open_for > 0 and not self.active
        if opening:
            self.model.reset()
            for earlier in self.pre_roll:
                self.model.score(earlier)
            self.frames_scored += len(self.pre_roll)
        self.pre_roll.append(frame)
        self.active = self.open_for > 0
        if not self.active:
            return 0.0
        self.frames_scored += 1
        return self.model.score(frame)

    def reset(self) -> None:
        self.model.reset()
        self.vad.reset()
        self.pre_roll.clear()
        self.open_for = 0.0
        self.active = False
