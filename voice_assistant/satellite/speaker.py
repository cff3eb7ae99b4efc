"""A satellite as the turn's speaker: the pipeline's ``play`` (on the turn worker) sends
the sentence to the satellite as audio events and returns; the satellite plays it.

``play`` does not wait for the sentence to be heard, so the worker is free for the next
turn (another room's) while this one plays; the link waits for the satellite's
``played`` instead. A connection that is gone loses the audio, never the turn."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable, Coroutine
from typing import Any

import numpy as np
import numpy.typing as npt
from wyoming.audio import AudioStart
from wyoming.event import Event

from voice_assistant.wyoming.pcm import chunk_events

log = logging.getLogger("voice_assistant.satellite")
CHUNK_SAMPLES = 1024
SEND_TIMEOUT_S = 10.0


class SatelliteSpeaker:
    def __init__(
        self,
        send: Callable[[list[Event]], Coroutine[Any, Any, None]],
        loop: asyncio.AbstractEventLoop,
        hush: threading.Event,
    ) -> None:
        self.send = send
        self.loop = loop
        self.hush = hush
        self.rate = 0
        """The rate of the audio sent (0: nothing sent yet, no ``audio-start``)."""
        self.seconds = 0.0
        self.lost = False

    def play(self, samples: npt.NDArray[np.int16], rate: int) -> None:
        if self.lost or self.hush.is_set():
            return
        events = []
        if not self.rate:
            self.rate = rate
            events.append(AudioStart(rate=rate, width=2, channels=1).event())
        events += chunk_events(samples.astype("<i2").tobytes(), rate, CHUNK_SAMPLES)
        try:
            asyncio.run_coroutine_threadsafe(self.send(events), self.loop).result(SEND_TIMEOUT_S)
        except Exception as exc:  # the satellite went away: the turn goes on without it
            self.lost = True
            log.warning("satellite: reply audio not delivered: %s", exc)
            return
        self.seconds += len(samples) / rate

    def stop(self) -> None:
        """A barge-in: no further sentence is sent (what was sent plays out there)."""
        self.hush.set()
