"""Endpointing: where an utterance starts and ends, from speech probabilities over time.

``Endpointer`` is pure: it takes (window seconds, speech probability) in time order and
says when an utterance is complete, so every rule is tested with plain numbers. The live
mic loop and the batch harness feed it the same way.

A turn ends by silence (``silence_timeout_s``). Earlier, at the first ``turn_end_pause_s``
of each pause, the live listener asks the end-of-turn model whether the audio so far is a
finished turn (``turn_end_at_pause``): yes lets the turn start on it while the silence
confirms it (``listening.endpointing``), and a sure yes (``turn_end_sure_threshold``, off
by default) lets a shorter silence confirm it. A pause that reaches
``turn_end_late_pause_s`` lets the turn start whatever the model said (``late_pause``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from voice_assistant.config import EndpointConfig
from voice_assistant.end_of_turn.base import EndOfTurn
from voice_assistant.events import SAMPLE_RATE, FloatAudio, Utterance
from voice_assistant.vad import WINDOW_S, VoiceActivity

log = logging.getLogger(__name__)

HYSTERESIS = 0.15
"""Once speaking, a window stays speech down to ``threshold - HYSTERESIS`` (silero's habit)."""


@dataclass(frozen=True)
class Segment:
    start_s: float
    end_s: float
    speech_s: float
    end_reason: str


class Endpointer:
    def __init__(self, config: EndpointConfig) -> None:
        self.config = config
        self.now = 0.0
        self._reset()

    def _reset(self) -> None:
        self.start: float | None = None
        self.speech_s = 0.0
        self.last_speech_end = 0.0
        self.asked = False
        """The end-of-turn model was asked in this pause."""
        self.late = False
        """This pause reached ``turn_end_late_pause_s``."""
        self.sooner_s: float | None = None
        """This pause ends the utterance after this much silence (``end_sooner``)."""
        self.sooner_reason = "whole-command"

    def _finish(self, reason: str) -> Segment | None:
        assert self.start is not None
        segment = Segment(self.start, self.last_speech_end, self.speech_s, reason)
        self._reset()
        return segment if segment.speech_s >= self.config.min_speech_s else None

    def process(self, window_s: float, probability: float) -> Segment | None:
        """Advance by one window; returns a segment when an utterance has ended."""
        begin, self.now = self.now, self.now + window_s
        cfg = self.config
        if self.start is None:
            if probability >= cfg.threshold:
                self.start, self.speech_s, self.last_speech_end = begin, window_s, self.now
            return None
        if probability >= cfg.threshold - HYSTERESIS:
            self.speech_s += window_s
            self.last_speech_end = self.now
            self.asked, self.late, self.sooner_s = False, False, None
        if self.now - self.start >= cfg.max_utterance_s:
            self.last_speech_end = self.now
            return self._finish("max-length")
        silence_s = self.now - self.last_speech_end
        if self.sooner_s is not None and silence_s >= self.sooner_s:
            return self._finish(self.sooner_reason)
        if silence_s >= cfg.silence_timeout_s:
            return self._finish("silence")
        return None

    def end_sooner(self, silence_s: float, reason: str = "whole-command") -> None:
        """The current pause ends the utterance after ``silence_s`` of silence (at once if
        it has lasted that long); the user speaking again cancels it. The shortest asked
        for in a pause holds."""
        if self.start is not None and (self.sooner_s is None or silence_s < self.sooner_s):
            self.sooner_s, self.sooner_reason = silence_s, reason

    def pause_to_ask(self) -> bool:
        """True once per pause, when it reaches ``turn_end_pause_s`` after enough speech:
        the moment to ask the end-of-turn model whether the user is done."""
        due = not self.asked and self._pause_reached(self.config.turn_end_pause_s)
        self.asked = self.asked or due
        return due

    def late_pause(self) -> bool:
        """True once per pause, when it reaches ``turn_end_late_pause_s`` after enough
        speech: the turn may start even though the end-of-turn model did not call the
        pause the end (it misses some voices' endings; the silence still decides)."""
        due = not self.late and self._pause_reached(self.config.turn_end_late_pause_s)
        self.late = self.late or due
        return due

    def _pause_reached(self, pause_s: float) -> bool:
        """The current pause has lasted ``pause_s`` (0: never) after enough speech, and at
        least the post-roll, so the utterance so far holds it already."""
        return (
            pause_s > 0
            and self.start is not None
            and self.speech_s >= self.config.min_speech_s
            and self.now - self.last_speech_end >= max(pause_s, self.config.post_roll_s) - 1e-9
        )

    def flush(self) -> Segment | None:
        """End of input: an utterance still open ends here."""
        return self._finish("end-of-input") if self.start is not None else None


def turn_end_at_pause(
    endpointer: Endpointer, turn_end: EndOfTurn | None, heard: Callable[[int], FloatAudio]
) -> float | None:
    """At a pause due a question (``Endpointer.pause_to_ask``): the end-of-turn model's
    probability that the utterance so far is a finished turn; None when no question is
    due. ``heard(first)`` is the audio from sample ``first`` to now."""
    if turn_end is None or not endpointer.pause_to_ask():
        return None
    assert endpointer.start is not None
    cfg = endpointer.config
    first = max(0, int((endpointer.start - cfg.pre_roll_s) * SAMPLE_RATE))
    probability = turn_end.finished(heard(first))
    log.debug("end of turn at %.2f s: %.2f", endpointer.now, probability)
    return probability


def finished_at_pause(
    endpointer: Endpointer, turn_end: EndOfTurn | None, heard: Callable[[int], FloatAudio]
) -> bool:
    """At a pause due a question: does the end-of-turn model call the utterance so far a
    finished turn (``turn_end_threshold``)?"""
    probability = turn_end_at_pause(endpointer, turn_end, heard)
    return probability is not None and probability >= endpointer.config.turn_end_threshold


def first_utterance(
    samples: FloatAudio, vad: VoiceActivity, config: EndpointConfig
) -> Utterance | None:
    """The first utterance in a recording, cut with pre- and post-roll; None if no speech."""
    endpointer = Endpointer(config)
    segment = None
    for probability in vad.probabilities(samples):
        segment = endpointer.process(WINDOW_S, float(probability))
        if segment:
            break
    segment = segment or endpointer.flush()
    if segment is None:
        return None
    lo = max(0, int((segment.start_s - config.pre_roll_s) * SAMPLE_RATE))
    hi = min(len(samples), int((segment.end_s + config.post_roll_s) * SAMPLE_RATE))
    return Utterance(
        samples=np.ascontiguousarray(samples[lo:hi]),
        start_s=lo / SAMPLE_RATE,
        end_s=hi / SAMPLE_RATE,
        speech_s=segment.speech_s,
        end_reason=segment.end_reason,
    )
