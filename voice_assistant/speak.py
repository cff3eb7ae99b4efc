"""Speaking a published reply: synthesis of the next sentence overlaps playback of this one.

Only a whole, committed reply reaches ``speak`` (the pipeline calls it after the answer
stage returns). A worker thread synthesises sentences into a queue while this thread
hands each to the sink in order; the batch harness records into a WAV, the daemon plays
to the speaker. Playback is I/O, so the overlap does not compete with model stages.
"""

from __future__ import annotations

import queue
import re
import threading
import time
from collections.abc import Callable
from typing import Protocol, cast

import numpy as np
import numpy.typing as npt

from voice_assistant.events import SpeechAudio
from voice_assistant.tts.base import TextToSpeech

Chunk = npt.NDArray[np.int16]


class Sink(Protocol):
    def play(self, samples: Chunk, rate: int) -> None:
        """Play (or record) one sentence; returns when it has been played."""
        ...


class Speaker(Sink, Protocol):
    """A sink that can be cut short: the daemon's speaker."""

    def stop(self) -> None:
        """Cut what is playing now (from any thread)."""
        ...


class RecordingSink:
    """Keeps what was 'played' (batch and tests); ``speak`` returns the audio itself."""

    def __init__(self) -> None:
        self.chunks: list[Chunk] = []

    def play(self, samples: Chunk, rate: int) -> None:
        self.chunks.append(samples)

    def stop(self) -> None:
        """Nothing plays for long enough to cut."""


_DONE = object()


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def sentences_of(text: str) -> list[str]:
    """The reply in sentences: each is synthesised and played as a unit, so what a stop or
    a barge-in cut off is known by its words."""
    return [s.strip() for s in _SENTENCE_END.split(text) if s.strip()]


def complete_sentences(text: str) -> tuple[list[str], str]:
    """Text arriving in pieces: the sentences it already ends, and the rest (which may
    still grow)."""
    ends = list(_SENTENCE_END.finditer(text))
    if not ends:
        return [], text
    cut = ends[-1].end()
    return sentences_of(text[:cut]), text[cut:]


def speak(
    tts: TextToSpeech,
    text: str,
    sink: Sink,
    cancel: threading.Event | None = None,
    before: Callable[[], None] | None = None,
) -> SpeechAudio:
    """Speak ``text`` sentence by sentence; returns the audio played, the sentences heard
    and the first sentence's time. Setting ``cancel`` (a stop or barge-in) plays no further
    sentence (the sink's ``stop`` cuts the one playing). ``before`` runs once synthesis
    has started and before anything plays (a turn started early waits there for its
    confirmation, so its first sentence is ready when it comes); if it raises, nothing
    plays and the error goes on."""
    started = time.monotonic()
    ready: queue.Queue[object] = queue.Queue(maxsize=2)
    failure: list[BaseException] = []
    parts = sentences_of(text)
    abandoned = threading.Event()

    def synthesise() -> None:
        try:
            for sentence in parts:
                if abandoned.is_set() or (cancel is not None and cancel.is_set()):
                    break
                chunks = list(tts.synthesize(sentence))
                audio = np.concatenate(chunks) if chunks else np.zeros(0, dtype=np.int16)
                ready.put((sentence, audio))
        except BaseException as exc:  # handed to the speaking thread, raised there
            failure.append(exc)
        finally:
            ready.put(_DONE)

    worker = threading.Thread(target=synthesise, name="tts", daemon=True)
    worker.start()
    if before is not None:
        try:
            before()
        except BaseException:
            abandoned.set()
            while ready.get() is not _DONE:  # let the worker finish its sentence and stop
                pass
            worker.join()
            raise
    played: list[Chunk] = []
    heard: list[str] = []
    first_chunk_s = 0.0
    while (item := ready.get()) is not _DONE:
        sentence, chunk = cast(tuple[str, Chunk], item)
        if cancel is not None and cancel.is_set():
            continue  # drain the worker; what was heard is what was played
        if not played:
            first_chunk_s = time.monotonic() - started
        sink.play(chunk, tts.sample_rate)
        played.append(chunk)
        heard.append(sentence)
    worker.join()
    if failure:
        raise failure[0]
    audio = np.concatenate(played) if played else np.zeros(0, dtype=np.int16)
    cut = cancel is not None and cancel.is_set()
    return SpeechAudio(audio, tts.sample_rate, first_chunk_s, " ".join(heard), cut)
