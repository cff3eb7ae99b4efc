"""The microphone's life: open it, read blocks, and when the device goes away, retry with
backoff (logged once) until it is back or the daemon stops.

The device is behind ``AudioSource`` (a function opening an ``AudioStream``), so a test can
feed recorded blocks where the real one reads PortAudio (``audio.device.MicStream``).
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable, Iterable
from typing import Protocol

import numpy as np
import numpy.typing as npt

from voice_assistant.audio.device import AudioDeviceError, rescan

log = logging.getLogger("voice_assistant.daemon")
Block = npt.NDArray[np.int16]


class AudioStream(Protocol):
    """An open input: 16 kHz mono int16 blocks of 80 ms."""

    @property
    def pre_roll(self) -> Iterable[Block]:
        """The last blocks read (push-to-talk keeps the word begun before the key)."""
        ...

    def read(self, timeout: float) -> Block | None:
        """The next block, or None if none came within ``timeout``; raises
        ``AudioDeviceError`` when the device is gone."""
        ...

    def drain(self) -> None:
        """Drop the blocks waiting to be read (stale after a reload)."""
        ...

    def __enter__(self) -> AudioStream: ...

    def __exit__(self, *exc: object) -> None: ...


AudioSource = Callable[[], AudioStream]


def microphone(name: str | None) -> AudioSource:
    """The real input device ``name`` (None: the system default)."""
    from voice_assistant.audio.device import MicStream

    return lambda: MicStream(name)


class MicLoop:
    """Keeps one stream open and hands each open stream to ``read`` until ``stopping``."""

    def __init__(
        self,
        source: AudioSource,
        stopping: threading.Event,
        retry_max_s: Callable[[], float],
        on_state: Callable[[bool], None],
    ) -> None:
        self.source = source
        self.stopping = stopping
        self.retry_max_s = retry_max_s
        self.on_state = on_state
        """Told True when the device opens, False when it is lost."""

    def run(self, read: Callable[[AudioStream], None]) -> None:
        backoff = 0.5
        lost = False
        while not self.stopping.is_set():
            try:
                with self.source() as stream:
                    if lost:
                        log.info("microphone is back; listening again")
                    lost, backoff = False, 0.5
                    self.on_state(True)
                    read(stream)
            except AudioDeviceError as exc:
                if self.stopping.is_set():
                    break
                self.on_state(False)
                if not lost:
                    log.warning("microphone lost (%s); retrying", exc.message)
                lost = True
                self.stopping.wait(backoff)
                backoff = min(backoff * 2, self.retry_max_s())
                with contextlib.suppress(AudioDeviceError):
                    rescan()
