"""Speaking a published reply: synthesis of the next sentence overlaps playback of this one.

Only a whole reply reaches ``speak`` (the pipeline calls it after the answer stage
returns, once the turn may speak). A worker thread (``Synthesis``) synthesises sentences
into a queue while this thread hands each to the sink in order; the batch harness records
into a WAV, the daemon plays to the speaker. Playback is I/O, so the overlap does not
compete with model stages. A turn started early starts its ``Synthesis`` while it waits
for its confirmation: audio is made into memory, and nothing plays before it.
"""

from __future__ import annotations

import queue
import re
import threading
import time
from collections.abc import Iterator
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


class Synthesis:
    """A reply's sentences synthesised in a thread of their own, ahead of their playing: a
    turn started early starts it as soon as its reply is made, while it waits for the
    silence to confirm the end of the turn, so the first sentence is ready when it may
    play."""

    def __init__(self, tts: TextToSpeech, text: str, cancel: threading.Event | None = None) -> None:
        self.text = text
        self.ready: queue.Queue[object] = queue.Queue(maxsize=2)
        self.failure: list[BaseException] = []
        self.drained = False
        """The worker's end was taken from ``ready`` (played, or abandoned)."""
        self._tts = tts
        self._cancel = cancel
        self._abandoned = threading.Event()
        self._worker = threading.Thread(
            target=self._synthesise, args=(sentences_of(text),), name="tts", daemon=True
        )
        self._worker.start()

    def _synthesise(self, parts: list[str]) -> None:
        try:
            for sentence in parts:
                if self._abandoned.is_set() or (self._cancel is not None and self._cancel.is_set()):
                    break
                chunks = list(self._tts.synthesize(sentence))
                audio = np.concatenate(chunks) if chunks else np.zeros(0, dtype=np.int16)
                self.ready.put((sentence, audio))
        except BaseException as exc:  # handed to the speaking thread, raised there
            self.failure.append(exc)
        finally:
            self.ready.put(_DONE)

    def items(self) -> Iterator[tuple[str, Chunk]]:
        """Each sentence and its audio, in order, as they are made."""
        while (item := self.ready.get()) is not _DONE:
            yield cast(tuple[str, Chunk], item)
        self.drained = True
        self._worker.join()

    def abandon(self) -> None:
        """Nothing more of it will play (the turn was dropped, or spoke other words): stop
        after the sentence being made. Nothing happens once it has been played."""
        if self.drained:
            return
        self._abandoned.set()
        for _ in self.items():
            pass


def speak(
    tts: TextToSpeech,
    text: str,
    sink: Sink,
    cancel: threading.Event | None = None,
    synthesis: Synthesis | None = None,
) -> SpeechAudio:
    """Speak ``text`` sentence by sentence; returns the audio played, the sentences heard
    and the first sentence's time. Setting ``cancel`` (a stop or barge-in) plays no further
    sentence (the sink's ``stop`` cuts the one playing). ``synthesis``: the same words
    already being made (a turn started early), played from where it has got to."""
    started = time.monotonic()
    if synthesis is not None and synthesis.text != text:
        synthesis.abandon()
        synthesis = None
    made = synthesis or Synthesis(tts, text, cancel)
    played: list[Chunk] = []
    heard: list[str] = []
    first_chunk_s = 0.0
    for sentence, chunk in made.items():
        if cancel is not None and cancel.is_set():
            continue  # drain the worker; what was heard is what was played
        if not played:
            first_chunk_s = time.monotonic() - started
        sink.play(chunk, tts.sample_rate)
        played.append(chunk)
        heard.append(sentence)
    if made.failure:
        raise made.failure[0]
    audio = np.concatenate(played) if played else np.zeros(0, dtype=np.int16)
    cut = cancel is not None and cancel.is_set()
    return SpeechAudio(audio, tts.sample_rate, first_chunk_s, " ".join(heard), cut)
