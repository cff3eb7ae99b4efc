"""Progress while a turn runs: an earcon per phase, optionally a fixed code-written cue.

Never a model's words and never an outcome: only which phase the turn is in. The daemon
plays these; the batch harness records the phases in its report.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

import numpy as np
import numpy.typing as npt

Phase = Literal["heard", "thinking", "speaking"]
PHASES: tuple[Phase, ...] = ("heard", "thinking", "speaking")
TONES: dict[Phase, tuple[float, ...]] = {
    "heard": (660.0, 880.0),  # rising: I heard you
    "thinking": (523.0,),  # one soft tone while research runs
    "speaking": (),  # the reply itself follows
}
Progress = Callable[[Phase], None]


ALARM: tuple[float, ...] = (988.0, 0.0, 988.0, 0.0, 988.0)
"""A timer's ring: three beeps, louder than progress, before code's sentence."""
FAILED: tuple[float, ...] = (440.0, 330.0)
"""Falling: the turn failed (its reply could not be spoken); the log says why."""


def earcon(phase: Phase, rate: int = 22_050, note_s: float = 0.09) -> npt.NDArray[np.int16]:
    """A short, quiet tone sequence for ``phase`` (empty for phases without one)."""
    return tones(TONES[phase], rate, note_s)


def tones(
    frequencies: tuple[float, ...], rate: int = 22_050, note_s: float = 0.09
) -> npt.NDArray[np.int16]:
    """Notes of ``note_s`` each; a frequency of 0 is a rest."""
    notes = []
    t = np.arange(int(note_s * rate)) / rate
    fade = np.minimum(1.0, np.minimum(t, note_s - t) / 0.01)  # no clicks
    for frequency in frequencies:
        notes.append(0.2 * np.sin(2 * np.pi * frequency * t) * fade)
    if not notes:
        return np.zeros(0, dtype=np.int16)
    return (np.concatenate(notes) * 32767).astype(np.int16)
