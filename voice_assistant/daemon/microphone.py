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


class _Watched:
    """The open stream as ``read`` sees it, noting whether it has delivered a block: a
    device counts as back when audio flows again, not when it opens (after the sound
    server restarts, a stream can open and deliver nothing for seconds)."""

    def __init__(self, stream: AudioStream, on_first: Callable[[], None]) -> None:
        self.stream = stream
        self.on_first = on_first
        self.delivered = False

    @property
    def pre_roll(self) -> Iterable[Block]:
        return self.stream.pre_roll

    def read(self, timeout: float) -> Block | None:
        block = self.stream.read(timeout)
        if block is not None and not self.delivered:
            self.delivered = True
            self.on_first()
        return block

    def drain(self) -> None:
        self.stream.drain()

    def __enter__(self) -> _Watched:
        return self

    def __exit__(self, *exc: object) -> None:
        pass


class MicLoop:
    """Keeps one stream open and hands each open stream to ``read`` until ``stopping``.

    A **loss** lasts from the first failure until audio flows again: it is logged once and
    counted once, however many reopenings fail or stall on the way back. A **stall** of a
    stream that was delivering (no block for ``MicStream.STALL_S``) reopens it at once; a
    reopened stream that stalls before its first block is part of a loss."""

    def __init__(
        self,
        source: AudioSource,
        stopping: threading.Event,
        retry_max_s: Callable[[], float],
        on_state: Callable[[bool], None],
        on_stall: Callable[[], None] = lambda: None,
    ) -> None:
        self.source = source
        self.stopping = stopping
        self.retry_max_s = retry_max_s
        self.on_state = on_state
        """Told True when audio flows (at start, and when the device is back), False once
        when it is lost."""
        self.on_stall = on_stall
        """Told of each stall, whether it began a reopening or happened during a loss."""
        self.lost = False
        self.backoff = 0.5

    def _delivering(self) -> None:
        if self.lost:
            log.info("microphone is back; listening again")
        self.lost, self.backoff = False, 0.5
        self.on_state(True)

    def run(self, read: Callable[[AudioStream], None]) -> None:
        while not self.stopping.is_set():
            watched: _Watched | None = None
            try:
                with self.source() as stream:
                    watched = _Watched(stream, self._delivering)
                    read(watched)
            except AudioDeviceError as exc:
                if self.stopping.is_set():
                    break
                stalled = exc.code == "capture-stalled"
                if stalled:
                    self.on_stall()
                if stalled and watched is not None and watched.delivered and not self.lost:
                    log.warning("microphone stalled (%s); opening it again", exc.message)
                    continue
                if not self.lost:
                    log.warning("microphone lost (%s); retrying", exc.message)
                    self.lost = True
                    self.on_state(False)
                self.stopping.wait(self.backoff)
                self.backoff = min(self.backoff * 2, self.retry_max_s())
                with contextlib.suppress(AudioDeviceError):
                    rescan()
