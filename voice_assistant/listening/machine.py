"""What the microphone's audio means, decided block by block: the listening state machine.

Blocks of audio and the time in, actions out: the wake word (``Woke``, a barge-in when the
assistant is speaking), an endpointed utterance (``Spoke``), a listening window that closed
with nobody speaking (``GaveUp``), push-to-talk audio released (``Pushed``). It plays,
queues and stores nothing. Time is the audio read (``now_s``), so the rules hold whatever
the wall clock does. The wake word opens a window of ``listen.wake_timeout_s``; heard
while the assistant speaks, it is a barge-in. Which windows open without the wake word,
and what a room does with each action, is ``turn_taking.TurnTaking``'s.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from voice_assistant.config import EndpointConfig, ListenConfig, Settings
from voice_assistant.end_of_turn.base import EndOfTurn
from voice_assistant.events import FloatAudio, Utterance
from voice_assistant.listening.endpointing import LiveEndpointer, Resumed, Tentative
from voice_assistant.vad import StreamingSilero, StreamingVoiceActivity
from voice_assistant.wake.base import WakeWordModel
from voice_assistant.wake.trigger import WakeTrigger

log = logging.getLogger("voice_assistant.daemon")
Block = npt.NDArray[np.int16]


@dataclass(frozen=True)
class Woke:
    barge_in: bool
    """The assistant was speaking: what it says must stop."""


@dataclass(frozen=True)
class Spoke:
    utterance: Utterance


@dataclass(frozen=True)
class GaveUp:
    """A listening window closed with nobody speaking."""


@dataclass(frozen=True)
class Pushed:
    audio: FloatAudio
    """Everything heard while push-to-talk was held (endpointed by the turn)."""


Action = Woke | Spoke | GaveUp | Pushed | Tentative | Resumed
"""``Tentative``: the utterance so far at a pause the end-of-turn model calls the end (the
window stays open: a ``Spoke`` of the same utterance confirms it, ``Resumed`` says the
user went on)."""


class Listening:
    def __init__(
        self,
        wake: WakeWordModel | None,
        trigger: WakeTrigger,
        vad: StreamingVoiceActivity,
        endpoint: EndpointConfig,
        windows: ListenConfig | None = None,
        turn_end: EndOfTurn | None = None,
    ) -> None:
        self.wake = wake
        """None: push-to-talk only."""
        self.trigger = trigger
        self.vad = vad
        self.endpoint = endpoint
        self.windows = windows or ListenConfig()
        self.turn_end = turn_end
        """Asked at a short pause whether the user is done; None: silence alone ends it."""
        self.listener: LiveEndpointer | None = None
        self.window_s = 0.0
        self.held: list[Block] = []

    @property
    def listening(self) -> bool:
        """A window is open: speech now is a request, with no wake word needed."""
        return self.listener is not None

    def listen(self, window_s: float) -> None:
        """Open a window: speech within ``window_s`` is endpointed into an utterance."""
        self.vad.reset()
        self.listener = LiveEndpointer(self.vad, self.endpoint, self.turn_end)
        self.window_s = window_s

    def woken(self) -> None:
        """The device heard its own wake word (a satellite's ``run-pipeline``)."""
        self.listen(self.windows.wake_timeout_s)

    def follow_up(self) -> None:
        """After a reply that ``follows``: the user may answer without the wake word."""
        self.listen(self.windows.follow_up_s)

    def close(self) -> None:
        self.listener = None

    def end_sooner(self, silence_s: float) -> None:
        """The utterance offered at this pause is a whole request: a shorter silence
        confirms it (``LiveEndpointer.end_sooner``)."""
        if self.listener is not None:
            self.listener.end_sooner(silence_s)

    def hold(self, block: Block, pre_roll: Iterable[Block]) -> None:
        """Push-to-talk is held: keep the audio (starting with the device's pre-roll)."""
        if not self.held:
            self.held = list(pre_roll)
        self.held.append(block)
        self.listener = None

    def release(self) -> Pushed | None:
        """Push-to-talk let go: what was held, as one request."""
        if not self.held:
            return None
        audio = np.concatenate(self.held).astype(np.float32) / 32768.0
        self.held = []
        return Pushed(audio)

    def feed(self, block: Block, now_s: float, speaking: bool) -> Action | None:
        """One block, ``now_s`` seconds of audio into the stream; ``speaking``: the
        assistant is busy (its reply may be playing), so the wake word needs more."""
        if self.wake is not None:
            score = self.wake.score(block)
            if score > 0.1:
                log.debug("wake score %.3f at %.2f s (speaking: %s)", score, now_s, speaking)
            if self.trigger.update(now_s, score, speaking=speaking):
                self.listen(self.windows.wake_timeout_s)
                return Woke(barge_in=speaking)
        if self.listener is None:
            return None
        heard = self.listener.feed(block)
        if isinstance(heard, Utterance):
            self.listener = None
            return Spoke(heard)
        if heard is not None:
            return heard
        if not self.listener.in_speech and self.listener.heard_s > self.window_s:
            self.listener = None  # nobody spoke: back to waiting for the wake word
            return GaveUp()
        return None


def listening_for(
    wake: WakeWordModel | None, settings: Settings, turn_end: Callable[[], EndOfTurn]
) -> Listening:
    """A microphone's or a satellite's own machine: its wake word (None: push-to-talk
    only), trigger, voice activity and windows, from ``settings``; the end-of-turn model
    (``Engines.turn_end``: loaded only if ``endpoint.turn_end_pause_s`` asks for it,
    stateless, so shared) ends an utterance at a pause it calls the end of the turn."""
    return Listening(
        wake,
        WakeTrigger(settings.wake),
        StreamingSilero(),
        settings.endpoint,
        settings.listen,
        turn_end() if settings.endpoint.turn_end_pause_s > 0 else None,
    )
