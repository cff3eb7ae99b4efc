"""A recording heard as the live daemon hears it, in-process: 80 ms blocks through the
wake word and the listening state machine (``listening.machine.Listening``: voice activity,
endpointing), each utterance to whisper.

Whisper reads an utterance the endpointer cut a little differently depending on where the
80 ms block grid falls on the speech, so a recording is heard at several alignments. A
recording the live tests play must be heard right at every one (``test_demo_recordings``);
``demo/make_questions.py`` checks each take this way when it makes one. (A take that whisper
read as "Zettic timer" at most alignments once made the live follow-up test fail on a
third of runs.)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from voice_assistant.audio.wavfile import read_wav
from voice_assistant.engines import Engines
from voice_assistant.listening.machine import Spoke, Woke, listening_for
from voice_assistant.wake.base import FRAME
from voice_assistant.wer import normalise, word_error_rate

RATE = 16_000
ALIGNMENTS = 8
"""Offsets of the block grid tried, evenly over one 80 ms block."""
LEAD_S = 1.0
TAIL_S = 2.0
"""Silence after the recording: more than the endpointer's silence timeout."""


@dataclass(frozen=True)
class Heard:
    offset_ms: float
    woke: bool
    transcripts: tuple[str, ...]


def hear_live(engines: Engines, samples: np.ndarray, wake: bool, offset: int = 0) -> Heard:
    """``samples`` (16 kHz float32) after ``LEAD_S`` + ``offset`` samples of silence, as the
    daemon hears it: waiting for the wake word (``wake``) or in an open follow-up window."""
    settings = engines.settings
    lead = np.zeros(int(LEAD_S * RATE) + offset, dtype=np.float32)
    tail = np.zeros(int(TAIL_S * RATE), dtype=np.float32)
    audio = np.concatenate([lead, samples, tail])
    pcm = (np.clip(audio, -1, 1) * 32767).astype(np.int16)
    listening = listening_for(engines.another_wake() if wake else None, settings, engines.turn_end)
    if not wake:
        listening.follow_up()
    woke, transcripts, clock = False, [], 0.0
    for start in range(0, len(pcm) - FRAME + 1, FRAME):
        clock += FRAME / RATE
        action = listening.feed(pcm[start : start + FRAME], clock, speaking=False)
        if isinstance(action, Woke):  # the machine opened its window
            woke = True
        elif isinstance(action, Spoke):
            transcripts.append(engines.stt().transcribe(action.utterance.samples).text.strip())
    return Heard(offset * 1000 / RATE, woke, tuple(transcripts))


WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
NUMBERS = {word: n for n, word in enumerate(WORDS, start=1)}


def digits(text: str) -> str:
    """Small numbers as digits: whisper writes "2 seconds" or "two seconds" from one take
    to the next, and either is the word said."""
    return " ".join(str(NUMBERS.get(w, w)) for w in normalise(text).split())


def misheard(engines: Engines, wav: Path, expected: str, wake: bool) -> list[Heard]:
    """The alignments at which ``wav`` is not heard as ``expected`` (one utterance, no word
    wrong; with ``wake``, the wake word first)."""
    samples, _ = read_wav(wav)
    wrong = []
    for i in range(ALIGNMENTS):
        heard = hear_live(engines, samples, wake, offset=i * FRAME // ALIGNMENTS)
        if not expected:  # the wake word alone: nothing to transcribe
            right = heard.transcripts == ()
        else:
            right = len(heard.transcripts) == 1 and (
                word_error_rate([digits(expected)], [digits(heard.transcripts[0])]) == 0
            )
        if not right or heard.woke != wake:
            wrong.append(heard)
    return wrong
