"""A transcript too short for its audio: the short encoder window lost words.

Whisper's short window (``stt.min_window_s``) sometimes stops after the first word:
"Simultaneous call limit reached." came back as "simultaneous" (the full 30 s window reads
it right). People say four to six syllables a second while they speak; a transcript with
fewer than ``MIN_SYLLABLES_PER_S`` for each second the audio is loud enough to be speech
is decoded again in full. Pure functions over the samples and the text.
"""

from __future__ import annotations

import re

import numpy as np

from voice_assistant.events import SAMPLE_RATE, FloatAudio

FRAME = SAMPLE_RATE // 50
"""20 ms."""
MIN_SYLLABLES_PER_S = 3.0
"""Read speech in the test data: 4.4-6.3 syllables a voiced second; the cut-off
"simultaneous" for 1.6 s of speech: 2.6."""
MIN_VOICED_S = 0.8
"""Shorter speech has too few syllables to judge."""


def syllables(text: str) -> int:
    """Syllables a listener hears, roughly: vowel groups of each word (a silent final e
    left out), a digit each."""
    count = 0
    for word in re.findall(r"[a-z']+|\d+", text.lower()):
        if word.isdigit():
            count += len(word)
            continue
        groups = len(re.findall(r"[aeiouy]+", word))
        silent = word.endswith("e") and groups > 1 and not word.endswith("le")
        count += max(1, groups - silent)
    return count


def voiced_seconds(samples: FloatAudio) -> float:
    """Seconds of 20 ms frames loud enough to be speech (a tenth of the loudest frame)."""
    frames = samples[: len(samples) // FRAME * FRAME].reshape(-1, FRAME)
    if not len(frames):
        return 0.0
    rms = np.sqrt((frames.astype(np.float64) ** 2).mean(axis=1))
    return float((rms > max(0.005, 0.1 * rms.max())).sum()) * FRAME / SAMPLE_RATE


def lost_words(text: str, samples: FloatAudio) -> bool:
    """Whether ``text`` says too little for the speech in ``samples``."""
    voiced = voiced_seconds(samples)
    return voiced >= MIN_VOICED_S and syllables(text) < MIN_SYLLABLES_PER_S * voiced
