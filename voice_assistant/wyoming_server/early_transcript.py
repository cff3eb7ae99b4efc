"""A Wyoming peer's words transcribed before it says they are done.

The peer of the ``asr`` program (Home Assistant's pipeline, a satellite of its own) streams
the audio and ends it itself with ``audio-stop``, at its own end of speech. Meanwhile the
stream is listened to as the microphone is (``LiveEndpointer``: silero, and the
end-of-turn model at a pause): at a pause the model calls the end, or one long enough
(``endpoint.turn_end_late_pause_s``), or at the end the silence confirms, whisper starts
on the words so far (on the worker). When nothing was said after them, ``audio-stop``
finds their transcript made or being made; otherwise the whole stream is transcribed as
before. Only what is said is read: 16 kHz 16-bit mono, the format peers send; any other
stream is transcribed whole at its end.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future

import numpy as np

from voice_assistant.events import FloatAudio, Utterance
from voice_assistant.listening.endpointing import LiveEndpointer, Resumed, Tentative

BLOCK = 1280
"""80 ms at 16 kHz, as the microphone delivers it."""


class EarlyTranscript:
    def __init__(
        self, listener: LiveEndpointer, transcribe: Callable[[FloatAudio], Future[str]]
    ) -> None:
        self.listener = listener
        self.transcribe = transcribe
        self.pending = np.zeros(0, np.int16)
        self.early: Future[str] | None = None
        """The transcript of the words so far, while nothing has been said after them."""
        self.ended = False
        """The silence ended an utterance: more speech is a second one."""
        self.gave_up = False
        """Speech came after an ended utterance: the stream is transcribed whole."""

    def feed(self, pcm: bytes) -> None:
        """More of the stream (16 kHz 16-bit mono)."""
        samples = np.frombuffer(pcm[: len(pcm) - len(pcm) % 2], "<i2")
        self.pending = np.concatenate([self.pending, samples])
        while len(self.pending) >= BLOCK:
            block, self.pending = self.pending[:BLOCK], self.pending[BLOCK:]
            heard = self.listener.feed(block)
            if self.gave_up:
                continue
            if isinstance(heard, Resumed):
                self.early = None  # the user went on: those words are not all
            elif isinstance(heard, Tentative):
                self.early = self.transcribe(heard.utterance.samples)
            elif isinstance(heard, Utterance):
                self.early = self.early or self.transcribe(heard.samples)
                self.ended = True
            elif self.ended and self.listener.in_speech:
                self.early, self.gave_up = None, True

    def made(self) -> Future[str] | None:
        """At the peer's end of the stream: the transcript of all that was said, when it
        was started early; None: transcribe the whole stream."""
        if self.gave_up or (self.listener.in_speech and self.listener.offered_end_s is None):
            return None  # words still going on, not offered
        return self.early
