"""The microphone's life: a loss is logged and counted once however the way back goes, a
stall of a working stream only reopens it, and the device is back when audio flows."""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable

import numpy as np
import pytest

from voice_assistant.audio.device import AudioDeviceError
from voice_assistant.daemon import microphone
from voice_assistant.daemon.microphone import AudioStream, Block, MicLoop

BLOCK = np.zeros(1280, dtype=np.int16)
LOST = AudioDeviceError("capture-lost", "the microphone stream stopped")
STALLED = AudioDeviceError("capture-stalled", "no audio for 2.1 s")
NO_SERVER = AudioDeviceError("capture-failed", "cannot open the microphone: no server")


class ScriptedStream:
    """Hands out its blocks, then raises its ending (None: the daemon stops)."""

    def __init__(self, blocks: int, ending: AudioDeviceError | None, loop: Loop) -> None:
        self.blocks, self.ending, self.loop = blocks, ending, loop

    @property
    def pre_roll(self) -> Iterable[Block]:
        return []

    def read(self, timeout: float) -> Block | None:
        if self.blocks:
            self.blocks -= 1
            return BLOCK
        if self.ending is None:
            self.loop.stopping.set()
            return None
        raise self.ending

    def drain(self) -> None:
        pass

    def __enter__(self) -> ScriptedStream:
        return self

    def __exit__(self, *exc: object) -> None:
        pass


class InstantEvent(threading.Event):
    """``stopping``, whose backoff waits return at once (and are noted)."""

    def __init__(self) -> None:
        super().__init__()
        self.waits: list[float] = []

    def wait(self, timeout: float | None = None) -> bool:
        self.waits.append(timeout or 0.0)
        return self.is_set()


class Loop:
    """A MicLoop over a script: each item is a stream (blocks, ending) or an error on open."""

    def __init__(self, script: list[tuple[int, AudioDeviceError | None] | AudioDeviceError]):
        self.script = list(script)
        self.stopping = InstantEvent()
        self.states: list[bool] = []
        self.stalls = 0
        self.read_blocks = 0

    def source(self) -> AudioStream:
        item = self.script.pop(0)
        if isinstance(item, AudioDeviceError):
            raise item
        return ScriptedStream(*item, loop=self)

    def read(self, stream: AudioStream) -> None:
        while not self.stopping.is_set():
            if stream.read(0.2) is not None:
                self.read_blocks += 1

    def run(self) -> None:
        def stalled() -> None:
            self.stalls += 1

        mic = MicLoop(self.source, self.stopping, lambda: 8.0, self.states.append, stalled)
        mic.run(self.read)


@pytest.fixture(autouse=True)
def _no_portaudio(monkeypatch):
    monkeypatch.setattr(microphone, "rescan", lambda: None)


def test_a_loss_whose_way_back_fails_and_stalls_is_logged_and_counted_once(caplog):
    """The sound server killed and restarted: opening fails twice, then a stream opens but
    delivers nothing for a while (its keepers not yet running, a loaded machine), then audio
    flows. One loss, one return; the stall on the way back is counted, not logged as lost."""
    loop = Loop([(3, LOST), NO_SERVER, NO_SERVER, (0, STALLED), (2, None)])
    with caplog.at_level(logging.INFO, logger="voice_assistant.daemon"):
        loop.run()
    assert caplog.text.count("microphone lost") == 1
    assert caplog.text.count("microphone is back") == 1
    assert "stalled" not in caplog.text
    assert loop.states == [True, False, True]  # audio, lost once, audio again
    assert loop.stalls == 1
    assert loop.read_blocks == 5
    assert loop.stopping.waits == [0.5, 1.0, 2.0, 4.0]  # a growing backoff after each failure


def test_a_working_stream_that_stalls_is_reopened_at_once_and_is_no_loss(caplog):
    loop = Loop([(4, STALLED), (2, None)])
    with caplog.at_level(logging.INFO, logger="voice_assistant.daemon"):
        loop.run()
    assert "microphone lost" not in caplog.text
    assert caplog.text.count("microphone stalled") == 1
    assert False not in loop.states and loop.stalls == 1
    assert loop.stopping.waits == []  # no backoff: reopened at once
    assert loop.read_blocks == 6


def test_a_reopened_stream_that_never_delivers_is_a_loss():
    """Stalling again right after a reopening is not a second stall: the device is gone."""
    loop = Loop([(4, STALLED), (0, STALLED), (1, None)])
    loop.run()
    assert loop.states == [True, False, True]
    assert loop.stalls == 2


def test_the_device_is_back_only_when_audio_flows():
    """An open that delivers nothing before failing does not end the loss."""
    loop = Loop([(1, LOST), (0, LOST), (1, None)])
    loop.run()
    assert loop.states == [True, False, True]
    assert loop.stalls == 0
