"""Live listening: microphone blocks → speech probabilities → endpointed utterances.

The same ``Endpointer`` as the batch harness decides; time is the audio itself (each
window is 32 ms), so the rules hold whatever the wall clock does. Pre-roll keeps the start
of a word that began just before the VAD noticed it.

With an end-of-turn model, a short pause it calls the end of the turn offers the utterance
so far (``Tentative``) while listening goes on, and so does any pause that reaches
``endpoint.turn_end_late_pause_s`` (the model misses some voices' endings): the silence
then confirms it (the same utterance comes as final) or the user speaks again
(``Resumed``). A turn may start its read-only work on a tentative utterance; nothing
lasting happens before the confirmation.
A turn that reads its tentative utterance as whole commands ("Set a timer for ten
minutes.") asks for a shorter confirming silence (``end_sooner``), and so does a pause the
model is sure of (``endpoint.turn_end_sure_threshold``, off by default).
"""

from __future__ import annotations

import collections
import itertools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from voice_assistant.config import EndpointConfig
from voice_assistant.end_of_turn.base import EndOfTurn
from voice_assistant.events import SAMPLE_RATE, FloatAudio, Utterance
from voice_assistant.listening.endpointer import Endpointer, turn_end_at_pause
from voice_assistant.vad import WINDOW_S, StreamingVoiceActivity


@dataclass(frozen=True)
class Tentative:
    """The utterance so far, at a pause the end-of-turn model calls the end of the turn, or
    one long enough (``endpoint.turn_end_late_pause_s``) whatever it said."""

    utterance: Utterance


@dataclass(frozen=True)
class Resumed:
    """The user spoke again after a ``Tentative``: it is not the end of the turn."""


Heard = Utterance | Tentative | Resumed
"""What a block may bring: a final utterance, a tentative one, or the user going on."""


class LiveEndpointer:
    """Push-style endpointing: ``feed`` blocks, get an ``Utterance`` when one ends."""

    def __init__(
        self,
        vad: StreamingVoiceActivity,
        config: EndpointConfig,
        turn_end: EndOfTurn | None = None,
    ) -> None:
        self.vad = vad
        self.config = config
        self.turn_end = turn_end
        self.endpointer = Endpointer(config)
        keep = config.max_utterance_s + config.pre_roll_s + config.silence_timeout_s + 1
        self.audio: collections.deque[float] = collections.deque(maxlen=int(keep * SAMPLE_RATE))
        self.taken = 0  # samples ever appended; audio[-1] is sample number taken - 1
        self.offered_end_s: float | None = None
        """Where the speech of the tentative utterance offered ended, until it is
        confirmed or the user goes on."""

    @property
    def heard_s(self) -> float:
        """Audio fed so far, in seconds."""
        return self.taken / SAMPLE_RATE

    @property
    def in_speech(self) -> bool:
        return self.endpointer.start is not None

    def feed(self, block: npt.NDArray[np.int16]) -> Heard | None:
        """One block in; a final utterance when one ended, else a tentative one or the
        user going on after one (at most one thing per block: a final one first)."""
        samples = block.astype(np.float32) / 32768.0
        self.audio.extend(samples.tolist())
        self.taken += len(samples)
        ended: Utterance | None = None
        news: Tentative | Resumed | None = None
        for probability in self.vad.feed(samples):
            ep = self.endpointer
            segment = ep.process(WINDOW_S, probability)
            if segment is not None:
                ended = ended or self._clip(
                    segment.start_s, segment.end_s, segment.speech_s, segment.end_reason
                )
                self.offered_end_s = None
            elif self.offered_end_s is not None and ep.last_speech_end > self.offered_end_s:
                news, self.offered_end_s = Resumed(), None
            elif self._finished_at_pause() or self._late_pause():
                assert ep.start is not None
                so_far = self._clip(ep.start, ep.last_speech_end, ep.speech_s, "turn-end")
                news, self.offered_end_s = Tentative(so_far), ep.last_speech_end
        return ended or news

    def _finished_at_pause(self) -> bool:
        """A pause the end-of-turn model calls the end of the turn; when it is sure of it,
        a shorter silence confirms it."""
        probability = turn_end_at_pause(self.endpointer, self.turn_end, self._since)
        cfg = self.config
        if probability is None or probability < cfg.turn_end_threshold:
            return False
        if 0 < cfg.turn_end_sure_threshold <= probability:
            self.endpointer.end_sooner(cfg.turn_end_sure_silence_s, "turn-end-sure")
        return True

    def _late_pause(self) -> bool:
        """A pause long enough to start the turn though the model did not call it the end
        (only where the model is in use: without it, turns start at the silence)."""
        return (
            self.turn_end is not None
            and self.offered_end_s is None
            and self.endpointer.late_pause()
        )

    def end_sooner(self, silence_s: float) -> None:
        """The tentative utterance offered is a whole request (code read it as whole
        commands): it is confirmed after ``silence_s`` of silence instead of the silence
        timeout, unless the user has gone on since."""
        if self.offered_end_s is not None:
            self.endpointer.end_sooner(silence_s)

    def _samples(self, lo: int, hi: int) -> FloatAudio:
        """Samples number ``lo`` to ``hi`` (those still kept), without copying the rest."""
        first = self.taken - len(self.audio)
        kept = itertools.islice(self.audio, max(0, lo - first), max(0, hi - first))
        return np.fromiter(kept, np.float32)

    def _since(self, sample: int) -> FloatAudio:
        """The audio from sample number ``sample`` to the endpointer's now."""
        return self._samples(sample, round(self.endpointer.now * SAMPLE_RATE))

    def _clip(self, start_s: float, end_s: float, speech_s: float, reason: str) -> Utterance:
        cfg = self.config
        lo = max(0, int((start_s - cfg.pre_roll_s) * SAMPLE_RATE))
        hi = int((end_s + cfg.post_roll_s) * SAMPLE_RATE)
        return Utterance(
            self._samples(lo, hi), lo / SAMPLE_RATE, hi / SAMPLE_RATE, speech_s, reason
        )


def utterances(
    blocks: Iterable[npt.NDArray[np.int16]], vad: StreamingVoiceActivity, config: EndpointConfig
) -> Iterator[Utterance]:
    """Endpointed utterances from a stream of int16 blocks (ends when the blocks do)."""
    listener = LiveEndpointer(vad, config)
    for block in blocks:
        heard = listener.feed(block)
        if isinstance(heard, Utterance):
            yield heard
