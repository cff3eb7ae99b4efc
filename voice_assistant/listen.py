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


def utterances(
    blocks: Iterable[npt.NDArray[np.int16]], vad: StreamingVoiceActivity, config: EndpointConfig
) -> Iterator[Utterance]:
    """Endpointed utterances from a stream of int16 blocks (ends when the blocks do)."""
    endpointer = Endpointer(config)
    keep = int(
        (config.max_utterance_s + config.pre_roll_s + config.silence_timeout_s + 1) * SAMPLE_RATE
    )
    audio: collections.deque[float] = collections.deque(maxlen=keep)
    taken = 0  # samples ever appended; audio[-1] is sample number taken - 1
    for block in blocks:
        samples = block.astype(np.float32) / 32768.0
        audio.extend(samples.tolist())
        taken += len(samples)
        for probability in vad.feed(samples):
            segment = endpointer.process(WINDOW_S, probability)
            if segment is None:
                continue
            lo = max(0, int((segment.start_s - config.pre_roll_s) * SAMPLE_RATE))
            hi = int((segment.end_s + config.post_roll_s) * SAMPLE_RATE)
            first = taken - len(audio)
            clip = np.array(list(audio)[max(0, lo - first) : max(0, hi - first)], np.float32)
            yield Utterance(
                clip, lo / SAMPLE_RATE, hi / SAMPLE_RATE, segment.speech_s, segment.end_reason
            )
