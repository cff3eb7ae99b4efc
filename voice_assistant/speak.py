"""Speaking a published reply: synthesis of the next sentence overlaps playback of this one.

Only a whole, committed reply reaches ``speak`` (the pipeline calls it after the answer
stage returns). A worker thread synthesises sentences into a queue while this thread
hands each to the sink in order; the batch harness records into a WAV, the daemon plays
to the speaker. Playback is I/O, so the overlap does not compete with model stages.
"""

from __future__ import annotations

import queue
import threading
import time
from typing import Protocol

import numpy as np
import numpy.typing as npt

from voice_assistant.events import SpeechAudio
from voice_assistant.tts.base import TextToSpeech

Chunk = npt.NDArray[np.int16]


class Sink(Protocol):
    def play(self, samples: Chunk, rate: int) -> None:
        """Play (or record) one sentence; returns when it has been played."""
        ...


class RecordingSink:
    """Keeps what was 'played' (batch and tests); ``speak`` returns the audio itself."""

    def __init__(self) -> None:
        self.chunks: list[Chunk] = []

    def play(self, samples: Chunk, rate: int) -> None:
        self.chunks.append(samples)


_DONE = object()


def speak(
    tts: TextToSpeech, text: str, sink: Sink, cancel: threading.Event | None = None
) -> SpeechAudio:
    """Speak ``text`` sentence by sentence; returns the audio played and the first chunk's
    time. Setting ``cancel`` (a stop or barge-in) plays no further sentence."""
    started = time.monotonic()
    sentences: queue.Queue[object] = queue.Queue(maxsize=2)
    failure: list[BaseException] = []

    def synthesise() -> None:
        try:
            for chunk in tts.synthesize(text):
                sentences.put(chunk)
        except BaseException as exc:  # handed to the speaking thread, raised there
            failure.append(exc)
        finally:
            sentences.put(_DONE)

    worker = threading.Thread(target=synthesise, name="tts", daemon=True)
    worker.start()
    played: list[Chunk] = []
    first_chunk_s = 0.0
    while (item := sentences.get()) is not _DONE:
        chunk: Chunk = item  # type: ignore[assignment]
        if cancel is not None and cancel.is_set():
            continue  # drain the worker; what was heard is what was played
        if not played:
            first_chunk_s = time.monotonic() - started
        sink.play(chunk, tts.sample_rate)
        played.append(chunk)
    worker.join()
    if failure:
        raise failure[0]
    audio = np.concatenate(played) if played else np.zeros(0, dtype=np.int16)
    return SpeechAudio(audio, tts.sample_rate, first_chunk_s)
