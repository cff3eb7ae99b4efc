"""Live listening: microphone blocks → speech probabilities → endpointed utterances.

The same ``Endpointer`` as the batch harness decides; time is the audio itself (each
window is 32 ms), so the rules hold whatever the wall clock does. Pre-roll keeps the start
of a word that began just before the VAD noticed it.
"""

from __future__ import annotations

import collections
from collections.abc import Iterable, Iterator

import numpy as np
import numpy.typing as npt

from voice_assistant.config import EndpointConfig
from voice_assistant.endpoint import Endpointer
from voice_assistant.events import SAMPLE_RATE, Utterance
from voice_assistant.vad import WINDOW_S, StreamingVoiceActivity


class LiveEndpointer:
    """Push-style endpointing: ``feed`` blocks, get an ``Utterance`` when one ends."""

    def __init__(self, vad: StreamingVoiceActivity, config: EndpointConfig) -> None:
        self.vad = vad
        self.config = config
        self.endpointer = Endpointer(config)
        keep = config.max_utterance_s + config.pre_roll_s + config.silence_timeout_s + 1
        self.audio: collections.deque[float] = collections.deque(maxlen=int(keep * SAMPLE_RATE))
        self.taken = 0  # samples ever appended; audio[-1] is sample number taken - 1

    @property
    def heard_s(self) -> float:
        """Audio fed so far, in seconds."""
        return self.taken / SAMPLE_RATE

    @property
    def in_speech(self) -> bool:
        return self.endpointer.start is not None

    def feed(self, block: npt.NDArray[np.int16]) -> Utterance | None:
        samples = block.astype(np.float32) / 32768.0
        self.audio.extend(samples.tolist())
        self.taken += len(samples)
        ended = None
        for probability in self.vad.feed(samples):
            segment = self.endpointer.process(WINDOW_S, probability)
            if segment is not None and ended is None:
                ended = self._clip(
                    segment.start_s, segment.end_s, segment.speech_s, segment.end_reason
                )
        return ended

    def _clip(self, start_s: float, end_s: float, speech_s: float, reason: str) -> Utterance:
        cfg = self.config
        lo = max(0, int((start_s - cfg.pre_roll_s) * SAMPLE_RATE))
        hi = int((end_s + cfg.post_roll_s) * SAMPLE_RATE)
        first = self.taken - len(self.audio)
        clip = np.array(list(self.audio)[max(0, lo - first) : max(0, hi - first)], np.float32)
        return Utterance(clip, lo / SAMPLE_RATE, hi / SAMPLE_RATE, speech_s, reason)


def utterances(
    blocks: Iterable[npt.NDArray[np.int16]], vad: StreamingVoiceActivity, config: EndpointConfig
) -> Iterator[Utterance]:
    """Endpointed utterances from a stream of int16 blocks (ends when the blocks do)."""
    listener = LiveEndpointer(vad, config)
    for block in blocks:
        utterance = listener.feed(block)
        if utterance is not None:
            yield utterance
